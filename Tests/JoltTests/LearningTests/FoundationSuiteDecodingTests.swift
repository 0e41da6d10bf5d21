// Every decoding behaviour swift-foundation's own suite exercises
// (Tests/FoundationEssentialsTests/JSONEncoderTests.swift), as a learning test of Jolt's: the same
// input goes through Foundation's JSONDecoder and JoltDecoder on every backend, and the outcomes
// must match, or differ exactly as the README's "Differences from Foundation" says (the case
// names the difference). Each test names the suite test(s) it covers. Round trips encode with
// Foundation's JSONEncoder and decode with both. Not here: the encoder-only tests (output bytes,
// key encoding, encoder state), JSON5 and `assumesTopLevelDictionary` (not offered by Jolt), the
// int128/uint128 tests (FoundationParityInt128Tests), `decodingConcreteTypeParameter`
// (FoundationParityDynamicTypeTests) and `encodingTopLevelWithConfiguration`
// (FoundationParityConfigurationTests).

import XCTest
import Foundation
@testable import Jolt

final class FoundationSuiteDecodingTests: XCTestCase {

    // MARK: - Top-level types (encodingTopLevel*, encodingClassWhichSharesEncoderWithSuper)

    func testTopLevelTypes() {
        assertSuiteRoundTrip(SuiteEmptyStruct(), expectedJSON: "{}")
        assertSuiteRoundTrip(SuiteEmptyClass(), expectedJSON: "{}")
        assertSuiteRoundTrip(SuiteSwitch.off)
        assertSuiteRoundTrip(SuiteSwitch.on)
        assertSuiteRoundTrip(SuiteTimestamp(3141592653))
        assertSuiteRoundTrip(SuiteCounter())
        assertSuiteRoundTrip(SuiteAddress.testValue)
        assertSuiteRoundTrip(SuiteNumbers())
        assertSuiteRoundTrip(SuiteMapping.testValue)
        assertSuiteRoundTrip(SuiteCompany.testValue)
        assertSuiteRoundTrip(ParityEmployee(name: "Johnny Appleseed", email: "appleseed@apple.com", id: 42))
        assertSuiteRoundTrip(ParityPerson(name: "Johnny Appleseed", email: "appleseed@apple.com", website: URL(string: "https://swift.org")))
        assertSuiteRoundTrip(SuiteEnhancedBool.true, expectedJSON: "true")
        assertSuiteRoundTrip(SuiteEnhancedBool.false, expectedJSON: "false")
        assertSuiteRoundTrip(SuiteEnhancedBool.fileNotFound, expectedJSON: "null")
        assertSuiteRoundTrip([1, 2, 3], expectedJSON: "[1,2,3]")
        assertSuiteRoundTrip([Int](), expectedJSON: "[]")
        // A single-value container on the wrong kind of value.
        assertParity(SuiteNumbers.self, "[4, 8, 15]", expect: .failureAt(.dataCorrupted, []))
        assertParity(SuiteSwitch.self, "1", expect: .failureOf(.typeMismatch, Bool.self, at: []))
    }

    // MARK: - Date and Data strategies (encodingDate*, encodingData*)

    func testDateStrategies() {
        var seconds = ParityOptions.dates(.secondsSince1970)
        assertSuiteRoundTrip(Date(timeIntervalSince1970: 1000), seconds, expectedJSON: "1000") { $0.dateEncodingStrategy = .secondsSince1970 }
        assertSuiteRoundTrip(Optional(Date(timeIntervalSince1970: 1000)), seconds, expectedJSON: "1000") { $0.dateEncodingStrategy = .secondsSince1970 }
        seconds.dates = .millisecondsSince1970
        assertSuiteRoundTrip(Date(timeIntervalSince1970: 1000), seconds, expectedJSON: "1000000") { $0.dateEncodingStrategy = .millisecondsSince1970 }
        assertSuiteRoundTrip(Optional(Date(timeIntervalSince1970: 1000)), seconds, expectedJSON: "1000000") { $0.dateEncodingStrategy = .millisecondsSince1970 }
        assertSuiteRoundTrip(Date(timeIntervalSince1970: 1000), .dates(.iso8601), expectedJSON: #""1970-01-01T00:16:40Z""#) {
            $0.dateEncodingStrategy = .iso8601
        }
        assertSuiteRoundTrip(Optional(Date(timeIntervalSince1970: 1000)), .dates(.iso8601)) { $0.dateEncodingStrategy = .iso8601 }
        // The default, deferredToDate, with the full precision of a current date.
        assertSuiteRoundTrip(Date(timeIntervalSinceReferenceDate: 803_561_234.567_891_2))
        assertSuiteRoundTrip(Date(timeIntervalSinceReferenceDate: 0.002_141_327_623_126_338_4))
    }

    func testCustomDateStrategies() {
        let timestamp = Date(timeIntervalSince1970: 1_700_000_000.25)
        let custom = ParityOptions.dates(.custom({ _ in timestamp }))
        // The closure reads nothing: a number, an empty object, an array wrapper.
        assertParity(Date.self, "42", custom, expect: .value(timestamp))
        assertParity(Date?.self, "42", custom, expect: .value(timestamp))
        assertParity(Date.self, "{}", custom, expect: .value(timestamp))
        assertParity(Date?.self, "{}", custom, expect: .value(timestamp))
        assertParity(SuiteArrayWrapper<Date>.self, "[42]", custom, expect: .value(SuiteArrayWrapper(timestamp)))
        // decoderStateThrowOnDecodeCustomDate: a closure that throws, then another type.
        struct CustomError: Error {}
        let throwing = ParityOptions.dates(.custom({ _ in throw CustomError() }))
        assertParity(SuiteEither<Date, Int>.self, "1", throwing, expect: .value(.u(1)))
        assertParity(Date.self, "1", throwing, expect: .failure(.notADecodingError))
    }

    func testDataStrategies() {
        let bytes = Data([0xDE, 0xAD, 0xBE, 0xEF])
        assertSuiteRoundTrip(bytes, .data(.deferredToData), expectedJSON: "[222,173,190,239]") { $0.dataEncodingStrategy = .deferredToData }
        assertSuiteRoundTrip(Optional(bytes), .data(.deferredToData), expectedJSON: "[222,173,190,239]") { $0.dataEncodingStrategy = .deferredToData }
        assertSuiteRoundTrip(bytes, expectedJSON: #""3q2+7w==""#)
        assertSuiteRoundTrip(Optional(bytes), expectedJSON: #""3q2+7w==""#)
        let custom = ParityOptions.data(.custom({ _ in Data() }))
        assertParity(Data.self, "42", custom, expect: .value(Data()))
        assertParity(Data?.self, "42", custom, expect: .value(Data()))
        assertParity(Data.self, "{}", custom, expect: .value(Data()))
        assertParity(Data?.self, "{}", custom, expect: .value(Data()))
        // decoderStateThrowOnDecodeCustomData.
        struct CustomError: Error {}
        let throwing = ParityOptions.data(.custom({ _ in throw CustomError() }))
        assertParity(SuiteEither<Data, Int>.self, "1", throwing, expect: .value(.u(1)))
    }

    // MARK: - Non-conforming floats (encodingNonConformingFloatStrings, directlyEncodedArrays)

    func testNonConformingFloatStrings() {
        let strings = ParityOptions.floats(.convertFromString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN"))
        let encode: (JSONEncoder) -> Void = {
            $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        }
        assertSuiteRoundTrip(Float.infinity, strings, expectedJSON: #""INF""#, encoder: encode)
        assertSuiteRoundTrip(-Float.infinity, strings, expectedJSON: #""-INF""#, encoder: encode)
        assertSuiteRoundTrip(SuiteFloatNaN(), strings, expectedJSON: #""NaN""#, encoder: encode)
        assertSuiteRoundTrip(Double.infinity, strings, expectedJSON: #""INF""#, encoder: encode)
        assertSuiteRoundTrip(-Double.infinity, strings, expectedJSON: #""-INF""#, encoder: encode)
        assertSuiteRoundTrip(SuiteDoubleNaN(), strings, expectedJSON: #""NaN""#, encoder: encode)
        assertSuiteRoundTrip(Optional(Float.infinity), strings, encoder: encode)
        assertSuiteRoundTrip(Optional(-Float.infinity), strings, encoder: encode)
        assertSuiteRoundTrip(Optional(Double.infinity), strings, encoder: encode)
        assertSuiteRoundTrip(Optional(-Double.infinity), strings, encoder: encode)
        // directlyEncodedArrays, compact and pretty.
        let arrays = SuiteArrays(integers: [.min, 0, 42, .max], doubles: [42.0, 3.14, .infinity, -.infinity],
                                 strings: ["Hello", "World", "true", "0\n1", "\u{0008}"])
        assertSuiteRoundTrip(arrays, strings, encoder: encode)
        assertSuiteRoundTrip(arrays, strings) {
            encode($0)
            $0.outputFormatting = .prettyPrinted
        }
        // Without the strategy, the strings are a type mismatch (encodingNonConformingFloats).
        assertParity(Double.self, #""INF""#, expect: .failureOf(.typeMismatch, Double.self, at: []))
    }

    // MARK: - Key strategies

    /// decodingKeyStrategyCustom, decodingDictionaryStringKeyConversionUntouched,
    /// decodingDictionaryFailureKeyPath, keyStrategyDuplicateKeys.
    func testKeyStrategies() {
        let dropFour = ParityOptions.keys(.custom({ path in
            let string = path.last!.stringValue
            guard string.count > 4 else { return path.last! }
            return ParityKey(String(string.dropFirst(4)))
        }))
        assertParity(SuiteDecodeMe2.self, #"{"----hello":"test"}"#, dropFour, expect: .value(SuiteDecodeMe2(hello: "test")))
        assertParity([String: String].self, #"{"leave_me_alone":"test"}"#, .keys(.convertFromSnakeCase),
                     expect: .value(["leave_me_alone": "test"]))
        assertParity([String: Int].self, #"{"leave_me_alone":"test"}"#, .keys(.convertFromSnakeCase),
                     expect: .failureOf(.typeMismatch, Int.self, at: ["leave_me_alone"]))
        // All keys convert to the same one: one key, the first value.
        let allSame = ParityOptions.keys(.custom({ _ in ParityKey("oneTwo") }))
        assertParity(SuiteDecodeMe5.self, #"{"unused key 1":"test1","unused key 2":"test2"}"#, allSame,
                     expect: .value(SuiteDecodeMe5(oneTwo: "test1", numberOfKeys: 1)))
    }

    /// decodingDictionaryCodingKeyRepresentableKeyConversionUntouched: the suite expects the key
    /// of a `CodingKeyRepresentable`-keyed dictionary to stay unconverted, but Foundation on Linux
    /// (Swift 6.3.1) converts it, so that suite test fails on Foundation itself. Jolt does what
    /// Foundation does.
    func testCodingKeyRepresentableDictionaryUnderSnakeCase() {
        assertParity([ParityRawKey: String].self, #"{"leave_me_alone":"test"}"#, .keys(.convertFromSnakeCase),
                     expect: .value([ParityRawKey(rawValue: "leaveMeAlone"): "test"]))
        assertParity([ParityRawKey: String].self, #"{"leave_me_alone":"test"}"#, expect: .value([ParityRawKey(rawValue: "leave_me_alone"): "test"]))
    }

    /// decodingKeyStrategyCamel: the JSON names the camel-case key the snake-case one must match.
    func testConvertFromSnakeCaseTable() {
        let cases = [
            ("", ""), ("a", "a"), ("ALLCAPS", "ALLCAPS"), ("ALL_CAPS", "allCaps"), ("single", "single"),
            ("snake_case", "snakeCase"), ("one_two_three", "oneTwoThree"), ("one_2_three", "one2Three"),
            ("one2_three", "one2Three"), ("snake_Ćase", "snakeĆase"), ("snake_ćase", "snakeĆase"),
            ("alreadyCamelCase", "alreadyCamelCase"), ("__this_and_that", "__thisAndThat"), ("_this_and_that", "_thisAndThat"),
            ("this__and__that", "thisAndThat"), ("this_and_that__", "thisAndThat__"), ("this_aNd_that", "thisAndThat"),
            ("_one_two_three", "_oneTwoThree"), ("one_two_three_", "oneTwoThree_"), ("__one_two_three", "__oneTwoThree"),
            ("one_two_three__", "oneTwoThree__"), ("_one_two_three_", "_oneTwoThree_"), ("__one_two_three__", "__oneTwoThree__"),
            ("_test", "_test"), ("_test_", "_test_"), ("__test", "__test"), ("test__", "test__"), ("_", "_"), ("__", "__"),
            ("___", "___"), ("m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ", "m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ"), ("🐧_🐟", "🐧🐟"),
        ]
        for (snake, camel) in cases {
            assertParity(SuiteDecodeMe.self, #"{"camelCaseKey":"\#(camel)","\#(snake)":true}"#, .keys(.convertFromSnakeCase),
                         expect: .value(SuiteDecodeMe(found: true)))
        }
    }

    /// keyStrategySnakeGeneratedAndCustom, encodingKeyStrategySnakeGenerated (decoding halves),
    /// decodingDictionaryFailureKeyPathNested, decodingStringExpectedType.
    func testSnakeCaseWithGeneratedKeys() {
        assertParity(SuiteDecodeMe4.self, #"{"foo_bar":"test","this_is_camel_case_too":"test2"}"#, .keys(.convertFromSnakeCase),
                     expect: .value(SuiteDecodeMe4(thisIsCamelCase: "test", thisIsCamelCaseToo: "test2")))
        assertParity(SuiteDecodeMe3.self, #"{"this_is_camel_case":"test"}"#, .keys(.convertFromSnakeCase),
                     expect: .value(SuiteDecodeMe3(thisIsCamelCase: "test")))
        assertParity([String: [String: SuiteDecodeFailureNested]].self,
                     #"{"top_level": {"sub_level": {"nested_value": {"int_value": "not_an_int"}}}}"#, .keys(.convertFromSnakeCase),
                     expect: .failureOf(.typeMismatch, Int.self, at: ["top_level", "sub_level", "nestedValue", "intValue"]))
        assertParity(SuiteDecodeMe3.self, #"{"thisIsCamelCase": null}"#, expect: .failureOf(.valueNotFound, String.self, at: ["thisIsCamelCase"]))
    }

    // MARK: - Type coercion (typeCoercion)

    func testTypeCoercion() {
        func fails<T: Decodable & Equatable>(_ type: T.Type, _ json: String, _ reported: Any.Type, file: StaticString = #filePath, line: UInt = #line) {
            assertParity(T.self, json, expect: .failureOf(.typeMismatch, reported, at: [0]), file: file, line: line)
        }
        fails([Int].self, "[false,true]", Int.self)
        fails([Int8].self, "[false,true]", Int8.self)
        fails([Int16].self, "[false,true]", Int16.self)
        fails([Int32].self, "[false,true]", Int32.self)
        fails([Int64].self, "[false,true]", Int64.self)
        fails([UInt].self, "[false,true]", UInt.self)
        fails([UInt8].self, "[false,true]", UInt8.self)
        fails([UInt16].self, "[false,true]", UInt16.self)
        fails([UInt32].self, "[false,true]", UInt32.self)
        fails([UInt64].self, "[false,true]", UInt64.self)
        fails([Float].self, "[false,true]", Float.self)
        fails([Double].self, "[false,true]", Double.self)
        fails([Bool].self, "[0,1]", Bool.self)
        fails([Bool].self, "[0.0,1.0]", Bool.self)
    }

    // MARK: - Containers and decoder state

    /// issue106506794: a nested unkeyed container inside a keyed one.
    func testNestedUnkeyedInKeyed() {
        assertSuiteRoundTrip(SuiteLevel1(level2: .init(name: "level2")), expectedJSON: #"{"level2":[{"name":"level2"}]}"#)
    }

    /// decoderStateThrowOnDecode: a failed decode leaves the decoder where it was.
    func testDecoderStateAfterAFailedDecode() {
        assertParity(SuiteEither<[String], [Int]>.self, "[1,2,3]", expect: .value(.u([1, 2, 3])))
        assertParity(SuiteEither<[String: Int], [Int]>.self, "[1,2,3]", expect: .value(.u([1, 2, 3])))
        assertParity(SuiteEither<SuiteAddress, [String: String]>.self, #"{"street": "x"}"#, expect: .value(.u(["street": "x"])))
    }

    /// decodingFailure, decodingFailureThrowInInitKeyedContainer, ...SingleContainer, invalidFragment.
    func testDecodingFailures() {
        assertParity(SuiteInvalid.self, #"{"invalid": json}"#, expect: .failureAt(.dataCorrupted, []))
        assertParity(SuiteCheckedKeyed.self, #"{ "checkedString" : "baz" }"#, expect: .failure(.notADecodingError))
        assertParity(SuiteCheckedKeyed.self, #"{ "checkedString" : "foo" }"#, expect: .value(SuiteCheckedKeyed(checkedString: "foo")))
        assertParity(SuiteCheckedSingle.self, #"{ "checkedString" : "baz" }"#, expect: .failureOf(.typeMismatch, String.self, at: []))
        assertParity(SuiteCheckedSingle.self, #""baz""#, expect: .failure(.notADecodingError))
        assertParity(SuiteInvalid.self, #""foo"#, expect: .failureAt(.dataCorrupted, []))
    }

    /// repeatedFailedNilChecks: decodeNil on a non-null value does not advance.
    func testRepeatedFailedNilChecks() {
        assertParity(SuiteRepeatNilCheck.self, "[1, 2, 3]", expect: .success, equal: { _, _ in true })
        assertParity(SuiteRepeatNilCheck.self, "[1, null, 3]", expect: .failure(.notADecodingError), equal: { _, _ in true })
    }

    /// delayedDecoding: a container, or the top-level decoder, used after the decode returned.
    func testDelayedDecoding() throws {
        let data = try JSONEncoder().encode(SuiteDelayedContainer(42))
        XCTAssertEqual(try JSONDecoder().decode(SuiteDelayedContainer.self, from: data).i, 42)
        XCTAssertEqual(try JSONDecoder().decode(SuiteDelayedDecoder.self, from: data).i, 42)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(try decoder.decode(SuiteDelayedContainer.self, from: data).i, 42, "\(backend)")
            XCTAssertEqual(try decoder.decode(SuiteDelayedDecoder.self, from: data).i, 42, "\(backend)")
        }
    }

    /// valueNotFoundError: `superDecoder(forKey:)` for a missing key stands on null.
    func testSuperDecoderForAMissingKey() {
        assertParity(SuiteValueNotFound.self, #"{"a":true}"#, expect: .value(SuiteValueNotFound(a: true, nope: nil)))
        assertParity(SuiteValueNotFound.self, #"{"a":true,"nope":"yes"}"#, expect: .value(SuiteValueNotFound(a: true, nope: "yes")))
        assertParity(SuiteValueNotFound.self, #"{"a":true,"nope":1}"#, expect: .failureOf(.typeMismatch, String.self, at: ["nope"]))
    }

    /// SR17581_codingEmptyDictionaryWithNonstringKeyDoesRoundtrip.
    func testEmptyDictionaryWithNonStringKey() {
        assertSuiteRoundTrip(SuiteSomething(dict: [:]), expectedJSON: #"{"dict":[]}"#)
        assertSuiteRoundTrip(SuiteSomething(dict: [.init(x: "k"): "v"]))
    }

    /// encodingMultipleNestedContainersWithTheSameTopLevelKey (decoding half): two keyed
    /// containers nested under one key.
    func testTwoNestedContainersForOneKey() {
        assertParity(SuiteModel.self, #"{"top":{"first":"Johnny Appleseed","second":"appleseed@apple.com"}}"#,
                     expect: .value(SuiteModel(first: "Johnny Appleseed", second: "appleseed@apple.com")))
    }

    /// decodeIfPresent: every type, keyed and unkeyed, absent, null and present.
    func testDecodeIfPresentAllTypes() throws {
        let encoder = JSONEncoder()
        assertParity(SuiteIfPresent<SuiteKeyed>.self, bytes: Array(try encoder.encode(SuiteIfPresent<SuiteKeyedWithoutNulls>.allNils)),
                     expect: .value(.allNils))
        assertParity(SuiteIfPresent<SuiteKeyed>.self, bytes: Array(try encoder.encode(SuiteIfPresent<SuiteKeyed>.allNils)),
                     expect: .value(.allNils))
        assertParity(SuiteIfPresent<SuiteKeyed>.self, bytes: Array(try encoder.encode(SuiteIfPresent<SuiteKeyed>.allOnes)),
                     expect: .value(.allOnes))
        assertParity(SuiteIfPresent<SuiteUnkeyed>.self, bytes: Array(try encoder.encode(SuiteIfPresent<SuiteUnkeyedWithoutNulls>.allNils)),
                     expect: .value(.allNils))
        assertParity(SuiteIfPresent<SuiteUnkeyed>.self, bytes: Array(try encoder.encode(SuiteIfPresent<SuiteUnkeyed>.allNils)),
                     expect: .value(.allNils))
        assertParity(SuiteIfPresent<SuiteUnkeyed>.self, bytes: Array(try encoder.encode(SuiteIfPresent<SuiteUnkeyed>.allOnes)),
                     expect: .value(.allOnes))
    }

    // MARK: - Strings

    /// jsonEscapedSlashes, jsonUnicodeCharacters, jsonUnicodeEscapes, jsonControlCharacters,
    /// encodingJSONHexUnicodeEscapes (each in UTF-8; the suite also tries UTF-16 and UTF-32,
    /// which Jolt does not take: see testUTF16AndUTF32Input).
    func testStrings() {
        assertParity(String.self, #""\/test\/path""#, expect: .value("/test/path"))
        assertParity(String.self, #""\\/test\\/path""#, expect: .value(#"\/test\/path"#))
        assertSuiteRoundTrip(["/": 1], expectedJSON: #"{"\/":1}"#)
        assertParity([String].self, #"["閆崬밺뀫颒"]"#, expect: .value(["閆崬밺뀫颒"]))
        assertParity([String].self, #"["本日"]"#, expect: .value(["本日"]))
        assertParity(String.self, #""\u00e9\u2265""#, expect: .value("é≥"))
        assertParity(String.self, #""42\u00e942\u226542""#, expect: .value("42é42≥42"))
        assertParity(String.self, #""\u00E9""#, expect: .value("é"))
        assertParity(String.self, #""\uD834\uDD1E""#, expect: .value("𝄞"))
        let escapes = [#"\u0000"#, #"\u0001"#, #"\u0002"#, #"\u0003"#, #"\u0004"#, #"\u0005"#, #"\u0006"#, #"\u0007"#, #"\b"#, #"\t"#,
                       #"\n"#, #"\u000b"#, #"\f"#, #"\r"#, #"\u000e"#, #"\u000f"#, #"\u0010"#, #"\u0011"#, #"\u0012"#, #"\u0013"#,
                       #"\u0014"#, #"\u0015"#, #"\u0016"#, #"\u0017"#, #"\u0018"#, #"\u0019"#, #"\u001a"#, #"\u001b"#, #"\u001c"#,
                       #"\u001d"#, #"\u001e"#, #"\u001f"#, " "]
        for (scalar, escape) in zip(0...0x20, escapes) {
            assertParity(String.self, "\"\(escape)\"", expect: .value(String(Character(Unicode.Scalar(scalar)!))))
        }
        assertSuiteRoundTrip("\u{0001}\u{0002}\u{0003}", expectedJSON: #""\u0001\u0002\u0003""#)
        assertSuiteRoundTrip("\u{0010}\u{0018}\u{001f}", expectedJSON: #""\u0010\u0018\u001f""#)
    }

    /// jsonBadUnicodeEscapes, superfluouslyEscapedCharacters, invalidKeyUTF8: all fail.
    func testBadStrings() {
        for text in [#"\uD834"#, #"\uD834hello"#, #"hello\uD834"#, #"\uD834\u1221"#, #"\uD8"#, #"\uD834x\uDD1E"#] {
            assertParity(String.self, text, expect: .failureAt(.dataCorrupted, []))
            assertParity(String.self, "\"\(text)\"", expect: .failureAt(.dataCorrupted, []))
        }
        assertParity([String].self, #"["\h\e\l\l\o"]"#, expect: .failureAt(.dataCorrupted, []))
        assertParity(SuiteKeyOnly.self, bytes: [123, 34, 107, 101, 121, 255, 34, 58, 34, 118, 97, 108, 117, 101, 34, 125],
                     expect: .failureAt(.dataCorrupted, []))
    }

    /// nullByte, equivalentUTF8Sequences.
    func testNullByteAndCanonicalEquivalence() {
        let string = "abc\u{0000}def"
        assertSuiteRoundTrip([string])
        assertSuiteRoundTrip([string: string])
        assertSuiteRoundTrip(SuiteContainer(s: string))
        // "café" and "cafe\u{301}" are one Swift String: one dictionary key.
        let reference = assertParity([String: Bool].self, #"{"caf\u00e9" : true, "cafe\u0301" : false}"#)
        if case .value(let dictionary) = reference { XCTAssertEqual(dictionary.count, 1) }
    }

    // MARK: - Numbers

    /// jsonNumberFragments, invalidJSONNumbersFailAsExpected, topLevelNumberFragmentsWithJunkDigitCharacters.
    func testNumberFragments() {
        let fragments = ["0 ", "1.0 ", "0.1 ", "1e3 ", "-2.01e-3 ", "0", "1.0", "1e3", "-2.01e-3", "0e-10"]
        let values = [0, 1.0, 0.1, 1000, -0.00201, 0, 1.0, 1000, -0.00201, 0]
        for (json, value) in zip(fragments, values) {
            assertParity(Double.self, json, expect: .value(value), equal: sameFloat)
        }
        for json in ["0.", "1e ", "-2.01e- ", "+", "2.01e-1234", "+2.0q", "2s", "NaN", "nan", "Infinity", "inf", "-", "0x42", "1.e2"] {
            assertParity(Float.self, json, expect: .failureAt(.dataCorrupted, []), equal: sameFloat)
        }
        // A slice of a larger Data: only its bytes are the document.
        let full = Data("3.141596".utf8)
        assertParityOf("Data slice 0..<4", expect: .value(3.14), foundation: { try $0.decode(Double.self, from: full[0..<4]) },
                       jolt: { try $0.decode(Double.self, from: full[0..<4]) })
        let offset = Data("x3.141596".utf8)
        assertParityOf("Data slice 1..<5", expect: .value(3.14), foundation: { try $0.decode(Double.self, from: offset[1..<5]) },
                       jolt: { try $0.decode(Double.self, from: offset[1..<5]) })
    }

    /// smallFloatNumber, largeIntegerNumber, roundTrippingExtremeValues, roundTrippingDoubleValues,
    /// decodeLargeDoubleAsInteger.
    func testNumberRoundTrips() throws {
        assertSuiteRoundTrip([["magic_number": 7.45673334164903e-115]])
        assertParity([String: UInt64].self, #"{"a":6032314514195021674}"#, expect: .value(["a": 6_032_314_514_195_021_674]))
        assertSuiteRoundTrip(SuiteExtremes(floats: [.greatestFiniteMagnitude, .leastNormalMagnitude],
                                           doubles: [.greatestFiniteMagnitude, .leastNormalMagnitude]))
        assertSuiteRoundTrip(SuiteDoublesAndDecimals.testValue)
        let largest = try JSONEncoder().encode(Double.greatestFiniteMagnitude)
        assertParity(UInt64.self, bytes: Array(largest), expect: .failureAt(.dataCorrupted, []))
    }

    /// largeIntegerNumberIsNotRoundedToNearestDoubleWhenDecodingAsAnInteger.
    func testLargeIntegersAreNotRoundedThroughDouble() {
        let int64s: [(String, Int64?)] = [
            ("-9223372036854776833", nil), ("-9223372036854776832", nil), ("-9223372036854775809", nil),
            ("-9223372036854775808", .min), ("9223372036854775807", .max), ("9223372036854775808", nil),
            ("9223372036854776832", nil), ("9223372036854776833", nil),
        ]
        let uint64s: [(String, UInt64?)] = [
            ("9223372036854775807", 1 << 63 - 1), ("9223372036854775808", 1 << 63), ("9223372036854776832", 1 << 63 + 1024),
            ("9223372036854776833", 1 << 63 + 1025), ("18446744073709551615", .max), ("18446744073709551616", nil),
            ("18446744073709553664", nil), ("18446744073709553665", nil),
        ]
        for (json, value) in int64s {
            assertParity(Int64.self, json, expect: value.map { .value($0) } ?? .failureAt(.dataCorrupted, []))
        }
        for (json, value) in uint64s {
            assertParity(UInt64.self, json, expect: value.map { .value($0) } ?? .failureAt(.dataCorrupted, []))
        }
    }

    /// interceptDecimal, hugeNumbers, interceptLargeDecimal, overlargeDecimal.
    func testDecimals() {
        let decimal = Decimal(sign: .plus, exponent: 127, significand: Decimal(1))
        assertSuiteRoundTrip(decimal, expectedJSON: "1" + String(repeating: "0", count: 127))
        assertSuiteRoundTrip(Optional(decimal))
        let huge = "23456789012000000000000000000000000000000000000000000000000000000000000000000 "
        assertParity(Decimal.self, huge, expect: .value(Decimal(string: huge)!))
        assertSuiteRoundTrip(SuiteBigDecimals())
        assertParity(Decimal.self, "100e200", expect: .failureAt(.dataCorrupted, []))
    }

    /// localeDecimalPolicyIndependence: the C locale does not change how numbers read.
    func testLocaleIndependence() throws {
        let saved = setlocale(LC_ALL, nil).map { String(cString: $0) }
        defer { _ = setlocale(LC_ALL, saved) }
        _ = setlocale(LC_ALL, "fr_FR")
        let data = try JSONEncoder().encode(["decimalValue": 1.1])
        _ = setlocale(LC_ALL, "de_DE.UTF-8")
        assertParity([String: Double].self, bytes: Array(data), expect: .value(["decimalValue": 1.1]))
        assertParity([String: Decimal].self, bytes: Array(data), expect: .value(["decimalValue": Decimal(string: "1.1")!]))
    }

    // MARK: - Syntax

    /// topLevelFragmentsWithGarbage, whitespaceOnlyData, whitespace, depthTraversal,
    /// jsonPermitsTrailingCommas (a documented difference).
    func testSyntax() {
        assertParity(Bool.self, "tru_", expect: .failureAt(.dataCorrupted, []))
        assertParity(Bool.self, "fals_", expect: .failureAt(.dataCorrupted, []))
        assertParity(Bool?.self, "nul_", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int.self, " ", expect: .failureAt(.dataCorrupted, []))
        for json in ["{\"v\"\n : true}", "{\"v\"\r\n : true}", "{\"v\"\r : true}"] {
            assertParity([String: Bool].self, json, expect: .value(["v": true]))
        }
        assertParity(SuiteNested.self, String(repeating: "[", count: 256) + String(repeating: "]", count: 256), expect: .success,
                     equal: { _, _ in true })
        assertParity(SuiteNested.self, String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
                     expect: .failureAt(.dataCorrupted, []), equal: { _, _ in true })
        assertParity([String: [Bool]].self, #"{"key" : [ true, ],}"#, expect: .value(["key": [true]]), jolt: .rejectsTrailingComma)
    }

    /// bomPrefixes, twoByteUTF16Inputs, and the suite's `_test(JSONString:to:)` helper, which
    /// decodes each string in UTF-8, UTF-16 and UTF-32: Jolt takes UTF-8 (with or without its
    /// byte order mark) only, a documented difference.
    func testUTF16AndUTF32Input() {
        let json = "\"👍🏻\""
        assertParity(String.self, bytes: [0xEF, 0xBB, 0xBF] + Array(json.utf8), expect: .value("👍🏻"))
        assertParity(String.self, bytes: [0xFE, 0xFF] + bytes(json, .utf16BigEndian), expect: .value("👍🏻"), jolt: .rejectsNonUTF8)
        assertParity(String.self, bytes: [0xFF, 0xFE] + bytes(json, .utf16LittleEndian), expect: .value("👍🏻"), jolt: .rejectsNonUTF8)
        assertParity(String.self, bytes: [0, 0, 0xFE, 0xFF] + bytes(json, .utf32BigEndian), expect: .value("👍🏻"), jolt: .rejectsNonUTF8)
        assertParity(String.self, bytes: [0xFE, 0xFF, 0, 0] + bytes(json, .utf32LittleEndian), expect: .value("👍🏻"), jolt: .rejectsNonUTF8)
        // Mismatched byte order marks fail in both.
        assertParity(String.self, bytes: [0xFE, 0xFF, 0, 0] + bytes(json, .utf32BigEndian), expect: .failureAt(.dataCorrupted, []))
        assertParity(String.self, bytes: [0xFE, 0xFF] + bytes(json, .utf32LittleEndian), expect: .failureAt(.dataCorrupted, []))
        assertParity(String.self, bytes: [0xEF, 0xBB, 0xBF] + bytes(json, .utf16BigEndian), expect: .failureAt(.dataCorrupted, []))
        assertParity(Int.self, bytes: bytes("7", .utf16BigEndian), expect: .value(7), jolt: .rejectsNonUTF8)
        assertParity(Int.self, bytes: bytes("7", .utf16LittleEndian), expect: .value(7), jolt: .rejectsNonUTF8)
        assertParity([String].self, bytes: bytes(#"["本日"]"#, .utf16BigEndian), expect: .value(["本日"]), jolt: .rejectsNonUTF8)
    }

    /// json5Spec, its cases for the plain decoder: the `.json` files decode, the `.json5`, `.js`
    /// and malformed ones fail (their contents as the JSON5 test suite names them).
    func testJSON5SpecCasesForThePlainDecoder() {
        func decodes<T: Decodable & Equatable>(_ type: T.Type, _ json: String, file: StaticString = #filePath, line: UInt = #line) {
            assertParity(T.self, json, expect: .success, file: file, line: line)
        }
        func fails<T: Decodable & Equatable>(_ type: T.Type, _ json: String, file: StaticString = #filePath, line: UInt = #line) {
            assertParity(T.self, json, expect: .failure(.dataCorrupted), file: file, line: line)
        }
        decodes([Bool].self, "[]")
        decodes([Bool?].self, "[\n    true,\n    false,\n    null\n]")
        decodes(String.self, #""This /* block comment */ isn't really a block comment.""#)
        decodes(String.self, #""This inline comment // isn't really an inline comment.""#)
        decodes(Double.self, "0.5")
        decodes(Double.self, "1.2e3")
        decodes(Double.self, "1.2")
        decodes(Double.self, "2e23")
        decodes(Double.self, "2e-23")
        decodes(Int.self, "5e-0")
        decodes(Int.self, "1e+2")
        decodes(Int.self, "5e+0")
        decodes(Int.self, "5e0")
        decodes(Int.self, "15")
        decodes(Double.self, "-0.5")
        decodes(Double.self, "-1.2")
        decodes(Int.self, "-15")
        decodes(Int.self, "-0")
        decodes(Double.self, "0.0")
        decodes(Int.self, "0e23")
        decodes(Int.self, "0")
        decodes([String: Bool].self, #"{"a": true, "a": false}"#)
        decodes([String: Bool].self, "{}")
        // Permissive in Foundation only (trailing commas).
        assertParity([SuiteNullReader].self, "[\n    null,\n]", expect: .success, jolt: .rejectsTrailingComma)
        assertParity([String: String].self, #"{"foo": "bar",}"#, expect: .success, jolt: .rejectsTrailingComma)
        // JSON5 only, JavaScript only, or malformed: every decoder here fails.
        fails([Bool].self, "[\n    true, /* comment */\n    false\n]")
        fails(SuiteNullReader.self, "null /* comment */")
        fails(SuiteNullReader.self, "// comment\nnull")
        fails(Bool.self, "/* comment */")
        fails(UInt.self, "0xC8")
        fails(Double.self, ".5")
        fails(Double.self, "5.")
        fails(Double.self, "Infinity")
        fails(Double.self, "NaN")
        fails(Int.self, "+1")
        fails(Int.self, "-0x0")
        fails([String: String].self, "{'a': 'b'}")
        fails([String: Bool].self, "{while: true}")
        fails(String.self, "'single'")
        fails(String.self, "\"multi\\\nline\"")
        fails([Bool].self, "[,null]")
        fails([Bool].self, "[,]")
        fails([Bool].self, "[\n    true\n    false\n]")
        fails(Bool.self, "")
        fails(UInt.self, "0x")
        fails(Double.self, "1e2.3")
        fails(Double.self, "1e0x4")
        fails(Int.self, "-098")
        fails(Int.self, "080")
        fails(Int.self, "-0123")
        fails(Int.self, "0123")
        fails(Int.self, "00")
        fails([String: String].self, "{10twenty: \"ten twenty\"}")
        fails([String: String].self, "{multi-word: \"multi-word\"}")
        fails([String: String].self, "{,\"foo\": \"bar\"}")
        fails([String: String].self, "{,}")
        fails([String: String].self, "{\"foo\": \"bar\" \"hello\": \"world\"}")
        fails(String.self, "\"this\nstring\"")
    }

    /// jsonPassTests and jsonFailTests, with the suite's resource files that are at hand (pass5,
    /// pass7, pass11, pass12, pass13, fail35, fail36, fail38, fail39, verbatim), the json.org
    /// glossary that pass1 holds, and the JSON_checker failures that are invalid for every
    /// decoder (the suite decodes its pass files with JSON5 enabled and its fail files with
    /// `assumesTopLevelDictionary`, neither of which Jolt offers; these inputs do not need them).
    func testJSONPassAndFailFiles() {
        assertParity(SuitePass5.self, """
               {
                  "Image": {
                      "Width":  800,
                      "Height": 600,
                      "Title":  "View from 15th Floor",
                      "Thumbnail": {
                          "Url":    "http://www.example.com/image/481989943",
                          "Height": 125,
                          "Width":  "100"
                      },
                      "IDs": [116, 943, 234, 38793]
                    }
               }

            """, expect: .success)
        let items = [("Open", nil), ("OpenNew", "Open New"), ("ZoomIn", "Zoom In"), ("ZoomOut", "Zoom Out"),
                     ("OriginalView", "Original View"), ("Quality", nil), ("Pause", nil), ("Mute", nil), ("Find", "Find..."),
                     ("FindAgain", "Find Again"), ("Copy", nil), ("CopyAgain", "Copy Again"), ("CopySVG", "Copy SVG"),
                     ("ViewSVG", "View SVG"), ("ViewSource", "View Source"), ("SaveAs", "Save As"), ("Help", nil),
                     ("About", "About Adobe CVG Viewer...")]
        let pass7 = "{\"menu\": {\n    \"header\": \"SVG Viewer\",\n    \"items\": [\n"
            + items.map { id, label in "        {\"id\": \"\(id)\"" + (label.map { ", \"label\": \"\($0)\"" } ?? "") + "}" }.joined(separator: ",\n")
            + "\n    ]\n}}\n"
        assertParity(SuitePass7.self, pass7, expect: .value(SuitePass7(menu: .init(header: "SVG Viewer", items: items.map { .init(id: $0.0, label: $0.1) }))))
        assertParity([String: String].self, #"{"$t":"\"1\""}"# + "\n", expect: .value(["$t": #""1""#]))
        assertParity(SuitePass12.self, #"{"query":{"pages":{"80348":{"pageid":80348,"ns":0,"title":"\u866b","langlinks":[{"lang":"oc","*":"V\u00e8rm"}]}}}}"#,
                     expect: .success)
        assertParity([String: Int].self, #"{"a":1, "a":1}"# + "\n", expect: .value(["a": 1]))
        assertParity(SuiteGlossary.self, """
            {
                "glossary": {
                    "title": "example glossary",
                    "GlossDiv": {
                        "title": "S",
                        "GlossList": {
                            "GlossEntry": {
                                "ID": "SGML", "SortAs": "SGML", "GlossTerm": "Standard Generalized Markup Language",
                                "Acronym": "SGML", "Abbrev": "ISO 8879:1986",
                                "GlossDef": {
                                    "para": "A meta-markup language, used to create markup languages such as DocBook.",
                                    "GlossSeeAlso": ["GML", "XML"]
                                },
                                "GlossSee": "markup"
                            }
                        }
                    }
                }
            }
            """, expect: .success)
        // The fail files.
        assertParity([String: String].self, #"{"end of string" : "hello"#, expect: .failureAt(.dataCorrupted, []))
        assertParity([String: Int].self, "{\"minus but no digits\": -}\n\n", expect: .failureAt(.dataCorrupted, []))
        assertParity([String: Float].self, "{\"malformed number\":3.}\n\n", expect: .failureAt(.dataCorrupted, []), equal: ==)
        assertParity([String: String].self, #"{"early escape end": "42\u3", "foo": "bar"}"# + "\n", expect: .failureAt(.dataCorrupted, []))
        let tooDeep = String(repeating: #"{"nestedArray": ["#, count: 300) + String(repeating: "]}", count: 300)
        assertParity(SuiteDeepArrays.self, tooDeep, expect: .failureAt(.dataCorrupted, []))
        for json in [#"["Unclosed array""#, #"{unquoted_key: "keys must be quoted"}"#, #"["double extra comma",,]"#,
                     #"[   , "<-- missing value"]"#, #"["Comma after the close"],"#, #"["Extra close"]]"#,
                     #"{"Extra value after close": true} "misplaced quoted value""#, #"{"Illegal expression": 1 + 2}"#,
                     #"{"Illegal invocation": alert()}"#, #"{"Numbers cannot be hex": 0x14}"#, #"[\naked]"#,
                     #"{"Missing colon" null}"#, #"{"Comma instead of colon", null}"#, #"["Colon instead of comma": false]"#,
                     #"["Bad value", truth]"#, "['single quote']", #"{"Comma instead if closing brace": true,"#, #"["mismatch"}"#] {
            assertParity(SuiteAnything.self, json, expect: .failureAt(.dataCorrupted, []))
        }
    }

    /// The JSON_checker failures whose fault is inside one number or string: Foundation checks
    /// that text only when the value is decoded, so a model that never reads it decodes; Jolt
    /// rejects the document (a documented difference). Read, they fail in both.
    func testMalformedValuesTheModelDoesNotRead() {
        let strings = [#"["Illegal backslash escape: \x15"]"#, #"["Illegal backslash escape: \017"]"#,
                       "[\"\ttab\tcharacter\tin\tstring\t\"]", #"["tab\   character\   in\  string\  "]"#,
                       "[\"line\nbreak\"]", "[\"line\\\nbreak\"]"]
        for json in strings {
            assertParity(SuiteAnything.self, json, expect: .success, jolt: .rejectsUnreadInvalidValue)
            assertParity([String].self, json, expect: .failureAt(.dataCorrupted, []))
        }
        for json in ["[0e]", "[0e+]", "[0e+-1]", "[013]", "[-]", "[1.]"] {
            assertParity(SuiteAnything.self, json, expect: .success, jolt: .rejectsUnreadInvalidValue)
            assertParity([Double].self, json, expect: .failureAt(.dataCorrupted, []), equal: sameFloats)
        }
        assertParity(SuiteAnything.self, #"{"Numbers cannot have leading zeroes": 013}"#, expect: .success, jolt: .rejectsUnreadInvalidValue)
        assertParity([String: Int].self, #"{"Numbers cannot have leading zeroes": 013}"#, expect: .failureAt(.dataCorrupted, []))
        // A member the model skips, among members it reads.
        assertParity(SuiteDecodeMe3.self, #"{"thisIsCamelCase": "x", "other": "\x15"}"#, expect: .value(SuiteDecodeMe3(thisIsCamelCase: "x")),
                     jolt: .rejectsUnreadInvalidValue)
        assertParity(SuiteDecodeMe3.self, #"{"thisIsCamelCase": "x", "other": 1.}"#, expect: .value(SuiteDecodeMe3(thisIsCamelCase: "x")),
                     jolt: .rejectsUnreadInvalidValue)
        // Nor does Foundation check an unread string's UTF-8 or its surrogate escapes (learned).
        let invalidUTF8 = Array(#"["a"#.utf8) + [0xFF] + Array(#""]"#.utf8)
        assertParity(SuiteAnything.self, bytes: invalidUTF8, .standard, expect: .success, equal: ==, jolt: .rejectsUnreadInvalidValue,
                     file: #filePath, line: #line)
        assertParity([String].self, bytes: invalidUTF8, expect: .failureAt(.dataCorrupted, []))
        assertParity(SuiteAnything.self, #"["\ud800"]"#, expect: .success, jolt: .rejectsUnreadInvalidValue)
        assertParity([String].self, #"["\ud800"]"#, expect: .failureAt(.dataCorrupted, []))
        // A \u escape without four hex digits is a scanning error in both.
        assertParity(SuiteAnything.self, #"["\u12"]"#, expect: .failureAt(.dataCorrupted, []))
    }

    // MARK: - URL (interceptURL, interceptURLWithoutEscapingOption)

    func testURLs() {
        let url = URL(string: "http://swift.org")!
        assertSuiteRoundTrip(url, expectedJSON: #""http:\/\/swift.org""#)
        assertSuiteRoundTrip(Optional(url), expectedJSON: #""http:\/\/swift.org""#)
        assertSuiteRoundTrip(url, expectedJSON: #""http://swift.org""#) { $0.outputFormatting = .withoutEscapingSlashes }
    }

    // MARK: - Sorted keys (the decoding halves of the .sortedKeys round trips)

    func testSortedKeyRoundTrips() {
        let sorted: (JSONEncoder) -> Void = { $0.outputFormatting = .sortedKeys }
        assertSuiteRoundTrip(ParityPerson(name: "Johnny Appleseed", email: "appleseed@apple.com"),
                             expectedJSON: #"{"email":"appleseed@apple.com","name":"Johnny Appleseed"}"#, encoder: sorted)
        assertSuiteRoundTrip(["Foo": 1, "FOO": 2, "foo": 3, "foo1": 4, "Foo2": 5, "foo3": 6, "foo12": 7, "Foo11": 8, "føo": 9, "bar": 10],
                             encoder: sorted)
        var many = ["AAA": 1, "AAAAAAB": 2]
        for n in 0..<256 { many["key\(n)"] = n }
        assertSuiteRoundTrip(many, encoder: sorted)
        assertSuiteRoundTrip(many) { $0.outputFormatting = [.sortedKeys, .prettyPrinted] }
    }

    private func bytes(_ string: String, _ encoding: String.Encoding) -> [UInt8] {
        Array(string.data(using: encoding)!)
    }
}

// MARK: - The round-trip helper

/// Encodes `value` with Foundation's JSONEncoder (set up by `encoder`), checks the bytes if
/// `expectedJSON` is given, and decodes them with both decoders (set up from `options`),
/// expecting `value` back.
func assertSuiteRoundTrip<T: Codable & Equatable>(
    _ value: T, _ options: ParityOptions = .standard, expectedJSON: String? = nil,
    jolt difference: JoltDifference? = nil, file: StaticString = #filePath, line: UInt = #line,
    encoder configure: (JSONEncoder) -> Void = { _ in }
) {
    let encoder = JSONEncoder()
    configure(encoder)
    let payload: Data
    do { payload = try encoder.encode(value) } catch {
        XCTFail("Foundation could not encode \(value): \(error)", file: file, line: line)
        return
    }
    if let expectedJSON {
        XCTAssertEqual(String(decoding: payload, as: UTF8.self), expectedJSON, "Foundation's encoding", file: file, line: line)
    }
    assertParity(T.self, bytes: Array(payload), options, expect: .value(value), jolt: difference, file: file, line: line)
}

// MARK: - The suite's types

private struct SuiteEmptyStruct: Codable, Equatable {}

private final class SuiteEmptyClass: Codable, Equatable {
    static func == (lhs: SuiteEmptyClass, rhs: SuiteEmptyClass) -> Bool { true }
}

private enum SuiteSwitch: Codable, Equatable {
    case off, on
    init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decode(Bool.self) ? .on : .off
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self == .on)
    }
}

private struct SuiteTimestamp: Codable, Equatable {
    let value: Double
    init(_ value: Double) { self.value = value }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

private final class SuiteCounter: Codable, Equatable {
    var count = 0
    init() {}
    init(from decoder: any Decoder) throws { count = try decoder.singleValueContainer().decode(Int.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(count)
    }
    static func == (lhs: SuiteCounter, rhs: SuiteCounter) -> Bool { lhs.count == rhs.count }
}

private struct SuiteAddress: Codable, Equatable {
    let street: String, city: String, state: String, zipCode: Int, country: String
    static var testValue: SuiteAddress {
        SuiteAddress(street: "1 Infinite Loop", city: "Cupertino", state: "CA", zipCode: 95014, country: "United States")
    }
}

/// Encodes as an array through a single-value container; decoding checks the values.
private struct SuiteNumbers: Codable, Equatable {
    let values = [4, 8, 15, 16, 23, 42]
    init() {}
    init(from decoder: any Decoder) throws {
        guard try decoder.singleValueContainer().decode([Int].self) == values else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "The Numbers are wrong!"))
        }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}

/// Encodes as a dictionary through a single-value container.
private final class SuiteMapping: Codable, Equatable {
    let values: [String: Int]
    init(values: [String: Int]) { self.values = values }
    init(from decoder: any Decoder) throws { values = try decoder.singleValueContainer().decode([String: Int].self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
    static func == (lhs: SuiteMapping, rhs: SuiteMapping) -> Bool { lhs.values == rhs.values }
    static var testValue: SuiteMapping { SuiteMapping(values: ["Apple": 42, "localhost": 127]) }
}

private struct SuiteCompany: Codable, Equatable {
    let address: SuiteAddress
    var employees: [ParityEmployee]
    static var testValue: SuiteCompany {
        SuiteCompany(address: .testValue, employees: [ParityEmployee(name: "Johnny Appleseed", email: "appleseed@apple.com", id: 42)])
    }
}

private enum SuiteEnhancedBool: Codable, Equatable {
    case `true`, `false`, fileNotFound
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .fileNotFound } else { self = try container.decode(Bool.self) ? .true : .false }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .true: try container.encode(true)
        case .false: try container.encode(false)
        case .fileNotFound: try container.encodeNil()
        }
    }
}

private struct SuiteArrayWrapper<T: Codable & Equatable>: Codable, Equatable {
    let value: T
    init(_ value: T) { self.value = value }
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        value = try container.decode(T.self)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(value)
    }
}

/// Encodes Float.nan; decodes anything but NaN as an error.
private struct SuiteFloatNaN: Codable, Equatable {
    init() {}
    init(from decoder: any Decoder) throws {
        guard try decoder.singleValueContainer().decode(Float.self).isNaN else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Couldn't decode NaN."))
        }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Float.nan)
    }
}

private struct SuiteDoubleNaN: Codable, Equatable {
    init() {}
    init(from decoder: any Decoder) throws {
        guard try decoder.singleValueContainer().decode(Double.self).isNaN else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Couldn't decode NaN."))
        }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Double.nan)
    }
}

private struct SuiteArrays: Codable, Equatable {
    let integers: [Int]
    let doubles: [Double]
    let strings: [String]
}

/// Reads the camel-case key named by `camelCaseKey`; the decoder converts the JSON's keys.
private struct SuiteDecodeMe: Decodable, Equatable {
    let found: Bool
    init(found: Bool) { self.found = found }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ParityKey.self)
        let camelCaseKey = try container.decode(String.self, forKey: ParityKey("camelCaseKey"))
        found = try container.decode(Bool.self, forKey: ParityKey(camelCaseKey))
    }
}

private struct SuiteDecodeMe2: Decodable, Equatable { var hello: String }
private struct SuiteDecodeMe3: Codable, Equatable { var thisIsCamelCase: String }

private struct SuiteDecodeMe4: Codable, Equatable {
    var thisIsCamelCase: String
    var thisIsCamelCaseToo: String
    private enum CodingKeys: String, CodingKey {
        case thisIsCamelCase = "fooBar"
        case thisIsCamelCaseToo
    }
}

private struct SuiteDecodeMe5: Decodable, Equatable {
    var oneTwo: String
    var numberOfKeys: Int
    enum CodingKeys: String, CodingKey { case oneTwo, oneTwoThree }
    init(oneTwo: String, numberOfKeys: Int) { self.oneTwo = oneTwo; self.numberOfKeys = numberOfKeys }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        oneTwo = try container.decode(String.self, forKey: .oneTwo)
        numberOfKeys = container.allKeys.count
    }
}

private struct SuiteDecodeFailure: Decodable, Equatable { var intValue: Int }
private struct SuiteDecodeFailureNested: Decodable, Equatable { var nestedValue: SuiteDecodeFailure }

private struct SuiteLevel1: Codable, Equatable {
    struct Level2: Codable, Equatable { let name: String }
    let level2: Level2
    enum CodingKeys: String, CodingKey { case level2 }
    init(level2: Level2) { self.level2 = level2 }
    init(from decoder: any Decoder) throws {
        var nested = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .level2)
        level2 = try nested.decode(Level2.self)
    }
    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        var nested = keyed.nestedUnkeyedContainer(forKey: .level2)
        try nested.encode(level2)
    }
}

/// The first type that decodes from a single-value container, else the second.
private enum SuiteEither<T: Decodable & Equatable, U: Decodable & Equatable>: Decodable, Equatable {
    case t(T), u(U)
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do { self = .t(try container.decode(T.self)) } catch { self = .u(try container.decode(U.self)) }
    }
}

private struct SuiteInvalid: Decodable, Equatable { var invalid: String }

private struct SuiteCheckedKeyed: Decodable, Equatable {
    struct NotFoo: Error {}
    var checkedString: String
    init(checkedString: String) { self.checkedString = checkedString }
    init(from decoder: any Decoder) throws {
        let string = try decoder.container(keyedBy: ParityKey.self).decode(String.self, forKey: ParityKey("checkedString"))
        guard string == "foo" else { throw NotFoo() }
        checkedString = string
    }
}

private struct SuiteCheckedSingle: Decodable, Equatable {
    struct NotFoo: Error {}
    var checkedString: String
    init(from decoder: any Decoder) throws {
        let string = try decoder.singleValueContainer().decode(String.self)
        guard string == "foo" else { throw NotFoo() }
        checkedString = string
    }
}

/// decodeNil twice before each value: a non-null value does not advance the container.
private struct SuiteRepeatNilCheck: Decodable {
    enum Failure: Error { case badNil, badValue(Int) }
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        for expected in 1...3 {
            guard try !container.decodeNil(), try !container.decodeNil() else { throw Failure.badNil }
            let value = try container.decode(Int.self)
            guard value == expected else { throw Failure.badValue(value) }
        }
    }
}

/// Keeps its unkeyed container and decodes from it after `init(from:)` returned.
private struct SuiteDelayedContainer: Codable {
    var stored: Int?
    var container: (any UnkeyedDecodingContainer)?
    init(_ i: Int) { stored = i }
    init(from decoder: any Decoder) throws { container = try decoder.unkeyedContainer() }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(stored!)
    }
    var i: Int {
        get throws {
            if let stored { return stored }
            var copy = container!
            return try copy.decode(Int.self)
        }
    }
}

/// Keeps the top-level decoder and asks it for a container after `init(from:)` returned.
private struct SuiteDelayedDecoder: Decodable {
    var decoder: any Decoder
    init(from decoder: any Decoder) throws { self.decoder = decoder }
    var i: Int {
        get throws {
            var container = try decoder.unkeyedContainer()
            return try container.decode(Int.self)
        }
    }
}

private struct SuiteValueNotFound: Decodable, Equatable {
    let a: Bool
    let nope: String?
    enum CodingKeys: String, CodingKey { case a, nope }
    init(a: Bool, nope: String?) { self.a = a; self.nope = nope }
    init(from decoder: any Decoder) throws {
        let keyed = try decoder.container(keyedBy: CodingKeys.self)
        a = try keyed.decode(Bool.self, forKey: .a)
        do {
            nope = try keyed.superDecoder(forKey: .nope).singleValueContainer().decode(String.self)
        } catch DecodingError.valueNotFound {
            nope = nil
        }
    }
}

private struct SuiteSomething: Codable, Equatable {
    struct Key: Codable, Hashable { var x: String }
    var dict: [Key: String]
}

private struct SuiteModel: Decodable, Equatable {
    let first: String
    let second: String
    enum TopLevelCodingKeys: String, CodingKey { case top }
    enum FirstNestedCodingKeys: String, CodingKey { case first }
    enum SecondNestedCodingKeys: String, CodingKey { case second }
    init(first: String, second: String) { self.first = first; self.second = second }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TopLevelCodingKeys.self)
        first = try container.nestedContainer(keyedBy: FirstNestedCodingKeys.self, forKey: .top).decode(String.self, forKey: .first)
        second = try container.nestedContainer(keyedBy: SecondNestedCodingKeys.self, forKey: .top).decode(String.self, forKey: .second)
    }
}

private struct SuiteKeyOnly: Decodable, Equatable { let key: String }
private struct SuiteContainer: Codable, Equatable { let s: String }

private struct SuiteExtremes: Codable, Equatable {
    let floats: [Float]
    let doubles: [Double]
}

private struct SuiteDoublesAndDecimals: Codable, Equatable {
    let doubles: [String: Double]
    let decimals: [String: Decimal]
    static var testValue: SuiteDoublesAndDecimals {
        let decimals = ["1.234567891011121314", "-1.234567891011121314", "0.1234567891011121314", "-0.1234567891011121314",
                        "123.4567891011121314e-100", "-123.4567891011121314e-100", "1234567891011121314e-100",
                        "-1234567891011121314e-100", "0.1234567891011121314e-100", "-0.1234567891011121314e-100",
                        "3.14159265358979323846264338327950288419", "2.71828182845904523536028747135266249775",
                        "440474310512876335.18692524723746578303827301433673643795"]
        return SuiteDoublesAndDecimals(
            doubles: ["-55.66": -55.66, "-9.81": -9.81, "-0.284": -0.284, "-3.4028234663852886e+38": Double(-Float.greatestFiniteMagnitude),
                      "-1.1754943508222875e-38": Double(-Float.leastNormalMagnitude), "-1.7976931348623157e+308": -.greatestFiniteMagnitude,
                      "-2.2250738585072014e-308": -.leastNormalMagnitude, "0.000001": 0.000001],
            decimals: Dictionary(uniqueKeysWithValues: decimals.map { ($0, Decimal(string: $0)!) }))
    }
}

private struct SuiteBigDecimals: Codable, Equatable {
    var uint64Max = Decimal(UInt64.max)
    var uint64MaxPlus1 = Decimal(UInt64.max) + Decimal(1)
    var int64Min = Decimal(Int64.min)
    var int64MinMinus1 = Decimal(Int64.min) - Decimal(1)
}

/// Unkeyed containers nested as deep as the array goes.
private struct SuiteNested: Decodable {
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while container.count! > 0 {
            container = try container.nestedUnkeyedContainer()
        }
    }
}

private struct SuiteNullReader: Decodable, Equatable {
    struct ExpectedNull: Error {}
    init(from decoder: any Decoder) throws {
        guard try decoder.singleValueContainer().decodeNil() else { throw ExpectedNull() }
    }
}

/// The suite's `JSONPass.Test5`.
private struct SuitePass5: Decodable, Equatable {
    let image: Image
    enum CodingKeys: String, CodingKey { case image = "Image" }
    struct Image: Decodable, Equatable {
        let width, height: Int
        let title: String
        let thumbnail: Thumbnail
        let ids: [Int]
        enum CodingKeys: String, CodingKey { case width = "Width", height = "Height", title = "Title", thumbnail = "Thumbnail", ids = "IDs" }
    }
    struct Thumbnail: Decodable, Equatable {
        let url: String
        let height: Int
        let width: String
        enum CodingKeys: String, CodingKey { case url = "Url", height = "Height", width = "Width" }
    }
}

/// The suite's `JSONPass.Test7`.
private struct SuitePass7: Decodable, Equatable {
    struct Menu: Decodable, Equatable { let header: String; let items: [Item] }
    struct Item: Decodable, Equatable { let id: String; let label: String? }
    let menu: Menu
}

/// The suite's `JSONPass.Test12`.
private struct SuitePass12: Decodable, Equatable {
    struct Query: Decodable, Equatable { let pages: Pages }
    struct Pages: Decodable, Equatable {
        let the80348: Page
        enum CodingKeys: String, CodingKey { case the80348 = "80348" }
    }
    struct Page: Decodable, Equatable { let pageid, ns: Int; let title: String; let langlinks: [Langlink] }
    struct Langlink: Decodable, Equatable {
        let lang, asterisk: String
        enum CodingKeys: String, CodingKey { case lang, asterisk = "*" }
    }
    let query: Query
}

/// The suite's `JSONPass.Test1` (json.org's glossary).
private struct SuiteGlossary: Decodable, Equatable {
    struct Glossary: Decodable, Equatable {
        let title: String
        let glossDiv: GlossDiv
        enum CodingKeys: String, CodingKey { case title, glossDiv = "GlossDiv" }
    }
    struct GlossDiv: Decodable, Equatable {
        let title: String
        let glossList: GlossList
        enum CodingKeys: String, CodingKey { case title, glossList = "GlossList" }
    }
    struct GlossList: Decodable, Equatable {
        let glossEntry: GlossEntry
        enum CodingKeys: String, CodingKey { case glossEntry = "GlossEntry" }
    }
    struct GlossEntry: Decodable, Equatable {
        let id, sortAs, glossTerm, acronym, abbrev, glossSee: String
        let glossDef: GlossDef
        enum CodingKeys: String, CodingKey {
            case id = "ID", sortAs = "SortAs", glossTerm = "GlossTerm", acronym = "Acronym", abbrev = "Abbrev"
            case glossDef = "GlossDef", glossSee = "GlossSee"
        }
    }
    struct GlossDef: Decodable, Equatable {
        let para: String
        let glossSeeAlso: [String]
        enum CodingKeys: String, CodingKey { case para, glossSeeAlso = "GlossSeeAlso" }
    }
    let glossary: Glossary
}

/// fail42's shape: objects holding arrays holding objects.
private struct SuiteDeepArrays: Decodable, Equatable {
    let nestedArray: [SuiteDeepArrays]
}

/// Accepts any JSON value (for inputs that must fail to parse).
private struct SuiteAnything: Decodable, Equatable {
    init(from decoder: any Decoder) throws {}
}

// decodeIfPresent's configurations: keyed or unkeyed, nulls written or left out.
private protocol SuiteIfPresentLayout { static var keyed: Bool { get }; static var nulls: Bool { get } }
private enum SuiteKeyed: SuiteIfPresentLayout { static var keyed: Bool { true }; static var nulls: Bool { true } }
private enum SuiteUnkeyed: SuiteIfPresentLayout { static var keyed: Bool { false }; static var nulls: Bool { true } }
private enum SuiteKeyedWithoutNulls: SuiteIfPresentLayout { static var keyed: Bool { true }; static var nulls: Bool { false } }
private enum SuiteUnkeyedWithoutNulls: SuiteIfPresentLayout { static var keyed: Bool { false }; static var nulls: Bool { false } }

/// swift-foundation's `DecodeIfPresentAllTypes`: every primitive through `decodeIfPresent`.
private struct SuiteIfPresent<Layout: SuiteIfPresentLayout>: Codable, Equatable {
    var bool: Bool?, string: String?, i: Int?, i8: Int8?, i16: Int16?, i32: Int32?, i64: Int64?
    var u: UInt?, u8: UInt8?, u16: UInt16?, u32: UInt32?, u64: UInt64?, float: Float?, double: Double?, other: [Int]?

    enum CodingKeys: String, CodingKey { case bool, string, i, i8, i16, i32, i64, u, u8, u16, u32, u64, float, double, other }

    static var allOnes: Self {
        Self(bool: true, string: "1", i: 1, i8: 1, i16: 1, i32: 1, i64: 1, u: 1, u8: 1, u16: 1, u32: 1, u64: 1, float: 1, double: 1, other: [1])
    }
    static var allNils: Self { Self() }

    init(bool: Bool? = nil, string: String? = nil, i: Int? = nil, i8: Int8? = nil, i16: Int16? = nil, i32: Int32? = nil, i64: Int64? = nil,
         u: UInt? = nil, u8: UInt8? = nil, u16: UInt16? = nil, u32: UInt32? = nil, u64: UInt64? = nil, float: Float? = nil,
         double: Double? = nil, other: [Int]? = nil) {
        self.bool = bool; self.string = string; self.i = i; self.i8 = i8; self.i16 = i16; self.i32 = i32; self.i64 = i64
        self.u = u; self.u8 = u8; self.u16 = u16; self.u32 = u32; self.u64 = u64; self.float = float; self.double = double; self.other = other
    }

    func encode(to encoder: any Encoder) throws {
        if Layout.keyed {
            var c = encoder.container(keyedBy: CodingKeys.self)
            if Layout.nulls {
                try c.encode(bool, forKey: .bool); try c.encode(string, forKey: .string); try c.encode(i, forKey: .i)
                try c.encode(i8, forKey: .i8); try c.encode(i16, forKey: .i16); try c.encode(i32, forKey: .i32); try c.encode(i64, forKey: .i64)
                try c.encode(u, forKey: .u); try c.encode(u8, forKey: .u8); try c.encode(u16, forKey: .u16); try c.encode(u32, forKey: .u32)
                try c.encode(u64, forKey: .u64); try c.encode(float, forKey: .float); try c.encode(double, forKey: .double)
                try c.encode(other, forKey: .other)
            } else {
                try c.encodeIfPresent(bool, forKey: .bool); try c.encodeIfPresent(string, forKey: .string); try c.encodeIfPresent(i, forKey: .i)
                try c.encodeIfPresent(i8, forKey: .i8); try c.encodeIfPresent(i16, forKey: .i16); try c.encodeIfPresent(i32, forKey: .i32)
                try c.encodeIfPresent(i64, forKey: .i64); try c.encodeIfPresent(u, forKey: .u); try c.encodeIfPresent(u8, forKey: .u8)
                try c.encodeIfPresent(u16, forKey: .u16); try c.encodeIfPresent(u32, forKey: .u32); try c.encodeIfPresent(u64, forKey: .u64)
                try c.encodeIfPresent(float, forKey: .float); try c.encodeIfPresent(double, forKey: .double)
                try c.encodeIfPresent(other, forKey: .other)
            }
        } else {
            var c = encoder.unkeyedContainer()
            func put<V: Encodable>(_ value: V?) throws {
                if let value { try c.encode(value) } else if Layout.nulls { try c.encodeNil() }
            }
            try put(bool); try put(string); try put(i); try put(i8); try put(i16); try put(i32); try put(i64)
            try put(u); try put(u8); try put(u16); try put(u32); try put(u64); try put(float); try put(double); try put(other)
        }
    }

    init(from decoder: any Decoder) throws {
        if Layout.keyed {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            bool = try c.decodeIfPresent(Bool.self, forKey: .bool); string = try c.decodeIfPresent(String.self, forKey: .string)
            i = try c.decodeIfPresent(Int.self, forKey: .i); i8 = try c.decodeIfPresent(Int8.self, forKey: .i8)
            i16 = try c.decodeIfPresent(Int16.self, forKey: .i16); i32 = try c.decodeIfPresent(Int32.self, forKey: .i32)
            i64 = try c.decodeIfPresent(Int64.self, forKey: .i64); u = try c.decodeIfPresent(UInt.self, forKey: .u)
            u8 = try c.decodeIfPresent(UInt8.self, forKey: .u8); u16 = try c.decodeIfPresent(UInt16.self, forKey: .u16)
            u32 = try c.decodeIfPresent(UInt32.self, forKey: .u32); u64 = try c.decodeIfPresent(UInt64.self, forKey: .u64)
            float = try c.decodeIfPresent(Float.self, forKey: .float); double = try c.decodeIfPresent(Double.self, forKey: .double)
            other = try c.decodeIfPresent([Int].self, forKey: .other)
        } else {
            var c = try decoder.unkeyedContainer()
            bool = try c.decodeIfPresent(Bool.self); string = try c.decodeIfPresent(String.self); i = try c.decodeIfPresent(Int.self)
            i8 = try c.decodeIfPresent(Int8.self); i16 = try c.decodeIfPresent(Int16.self); i32 = try c.decodeIfPresent(Int32.self)
            i64 = try c.decodeIfPresent(Int64.self); u = try c.decodeIfPresent(UInt.self); u8 = try c.decodeIfPresent(UInt8.self)
            u16 = try c.decodeIfPresent(UInt16.self); u32 = try c.decodeIfPresent(UInt32.self); u64 = try c.decodeIfPresent(UInt64.self)
            float = try c.decodeIfPresent(Float.self); double = try c.decodeIfPresent(Double.self); other = try c.decodeIfPresent([Int].self)
        }
    }
}
