// Learning tests: every encoding behaviour that swift-foundation's
// Tests/FoundationEssentialsTests/JSONEncoderTests.swift and
// swift-corelibs-foundation's Tests/Foundation/TestJSONEncoder.swift exercise,
// run with Foundation's JSONEncoder and with JoltEncoder on the same value.
//
// Each case checks, where the suites do:
// - Foundation's own expectation (the suite's expected JSON) against
//   Foundation's output, then Jolt's output against Foundation's in the four
//   layouts (EncoderParityHarness: bytes with `.sortedKeys`, layout and
//   members without), or the same EncodingError case and coding path;
// - round trips across the implementations: Jolt's bytes decoded by
//   Foundation's JSONDecoder and by JoltDecoder, Foundation's bytes decoded by
//   JoltDecoder, each equal to the value.
//
// Super encoders (test_superEncoders, testRedundantKeys, the encoder-state
// tests, the coding-path tests) are in SuperEncoderParityTests, the
// configuration test (testEncodingTopLevelWithConfiguration) in
// EncodeConfigurationTests, the snake-case key lists in SnakeCaseParityTests.
// The suites' decoding-only tests (JSON5, malformed input, number parsing) are
// the decoder's.

import XCTest
import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import Jolt

// MARK: - The suites' types

/// The types both suites share (swift-foundation's CoderTestUtilities.swift,
/// corelibs' copies), kept apart from the rest of this target's fixtures.
private enum FS {
    struct EmptyStruct: Codable, Equatable {}

    final class EmptyClass: Codable, Equatable {
        static func == (_: EmptyClass, _: EmptyClass) -> Bool { true }
    }

    enum Switch: Codable, Equatable {
        case off, on
        init(from decoder: any Decoder) throws {
            self = try decoder.singleValueContainer().decode(Bool.self) ? .on : .off
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(self == .on)
        }
    }

    struct Timestamp: Codable, Equatable {
        let value: Double
        init(_ value: Double) { self.value = value }
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(value)
        }
    }

    final class Counter: Codable, Equatable {
        var count = 0
        init() {}
        init(from decoder: any Decoder) throws { count = try decoder.singleValueContainer().decode(Int.self) }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(count)
        }
        static func == (lhs: Counter, rhs: Counter) -> Bool { lhs === rhs || lhs.count == rhs.count }
    }

    struct Address: Codable, Equatable {
        let street: String, city: String, state: String
        let zipCode: Int
        let country: String
        static var testValue: Address {
            Address(street: "1 Infinite Loop", city: "Cupertino", state: "CA", zipCode: 95014, country: "United States")
        }
    }

    class Person: Codable, Equatable {
        let name: String
        let email: String
        let website: URL?
        init(name: String, email: String, website: URL? = nil) {
            self.name = name
            self.email = email
            self.website = website
        }
        func isEqual(_ other: Person) -> Bool { name == other.name && email == other.email && website == other.website }
        static func == (lhs: Person, rhs: Person) -> Bool { lhs.isEqual(rhs) }
        class var testValue: Person { Person(name: "Johnny Appleseed", email: "appleseed@apple.com") }
    }

    /// Shares its encoder with its superclass.
    final class Employee: Person {
        let id: Int
        init(name: String, email: String, website: URL? = nil, id: Int) {
            self.id = id
            super.init(name: name, email: email, website: website)
        }
        enum CodingKeys: String, CodingKey { case id }
        required init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
            try super.init(from: decoder)
        }
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try super.encode(to: encoder)
        }
        override func isEqual(_ other: Person) -> Bool {
            if let employee = other as? Employee, employee.id != id { return false }
            return super.isEqual(other)
        }
        override class var testValue: Employee { Employee(name: "Johnny Appleseed", email: "appleseed@apple.com", id: 42) }
    }

    struct Company: Codable, Equatable {
        let address: Address
        var employees: [Employee]
        static var testValue: Company { Company(address: .testValue, employees: [.testValue]) }
    }

    enum EnhancedBool: Codable, Equatable {
        case `true`, `false`, fileNotFound
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            self = c.decodeNil() ? .fileNotFound : (try c.decode(Bool.self) ? .true : .false)
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .true: try c.encode(true)
            case .false: try c.encode(false)
            case .fileNotFound: try c.encodeNil()
            }
        }
    }

    /// Encodes as an array through a single value container.
    struct Numbers: Codable, Equatable {
        var values = [4, 8, 15, 16, 23, 42]
        init() {}
        init(from decoder: any Decoder) throws { values = try decoder.singleValueContainer().decode([Int].self) }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(values)
        }
    }

    /// Encodes as a dictionary through a single value container.
    final class Mapping<Value: Codable & Equatable>: Codable, Equatable {
        let values: [String: Value]
        init(values: [String: Value]) { self.values = values }
        init(from decoder: any Decoder) throws { values = try decoder.singleValueContainer().decode([String: Value].self) }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(values)
        }
        static func == (lhs: Mapping, rhs: Mapping) -> Bool { lhs === rhs || lhs.values == rhs.values }
    }

    /// corelibs' wrapper for values that were not allowed at the top level.
    struct TopLevelArrayWrapper<T: Codable & Equatable>: Codable, Equatable {
        let value: T
        init(_ value: T) { self.value = value }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(value)
        }
        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            value = try c.decode(T.self)
        }
    }

    struct TopLevelObjectWrapper<T: Codable & Equatable>: Codable, Equatable {
        var value: T
        init(_ value: T) { self.value = value }
    }

    struct FloatNaNPlaceholder: Codable, Equatable {
        init() {}
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(Float.nan)
        }
        init(from decoder: any Decoder) throws {
            guard try decoder.singleValueContainer().decode(Float.self).isNaN else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Couldn't decode NaN."))
            }
        }
    }

    struct DoubleNaNPlaceholder: Codable, Equatable {
        init() {}
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(Double.nan)
        }
        init(from decoder: any Decoder) throws {
            guard try decoder.singleValueContainer().decode(Double.self).isNaN else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Couldn't decode NaN."))
            }
        }
    }

    struct TestKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    struct EncodeMe: Encodable {
        var keyName: String
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: TestKey.self)
            try c.encode("test", forKey: TestKey(stringValue: keyName)!)
        }
    }

    struct EncodeNested: Encodable { let nestedValue: EncodeMe }
    struct EncodeNestedNested: Encodable { let outerValue: EncodeNested }
    struct EncodeFailure: Encodable { var someValue: Double }
    struct EncodeFailureNested: Encodable { var nestedValue: EncodeFailure }

    struct DecodeMe3: Codable, Equatable { var thisIsCamelCase: String }

    struct DecodeMe4: Codable, Equatable {
        var thisIsCamelCase: String
        var thisIsCamelCaseToo: String
        enum CodingKeys: String, CodingKey {
            case thisIsCamelCase = "fooBar"
            case thisIsCamelCaseToo
        }
    }

    /// testKeyStrategyDuplicateKeys: every key converted to the same one.
    struct DecodeMe5: Encodable {
        enum CodingKeys: String, CodingKey { case oneTwo, oneTwoThree }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode("test", forKey: .oneTwo)
            try c.encode("test2", forKey: .oneTwoThree)
        }
    }

    /// test_106506794.
    struct Level1: Codable, Equatable {
        struct Level2: Codable, Equatable { let name: String }
        let level2: Level2
        enum CodingKeys: String, CodingKey { case level2 }
        init(level2: Level2) { self.level2 = level2 }
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: CodingKeys.self)
            var nested = keyed.nestedUnkeyedContainer(forKey: .level2)
            try nested.encode(level2)
        }
        init(from decoder: any Decoder) throws {
            var nested = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .level2)
            level2 = try nested.decode(Level2.self)
        }
    }

    /// testEncodingMultipleNestedContainersWithTheSameTopLevelKey.
    struct SharedTopKey: Codable, Equatable {
        let first: String
        let second: String
        enum TopLevelCodingKeys: String, CodingKey { case top }
        enum FirstNestedCodingKeys: String, CodingKey { case first }
        enum SecondNestedCodingKeys: String, CodingKey { case second }
        init(first: String, second: String) {
            self.first = first
            self.second = second
        }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: TopLevelCodingKeys.self)
            first = try c.nestedContainer(keyedBy: FirstNestedCodingKeys.self, forKey: .top).decode(String.self, forKey: .first)
            second = try c.nestedContainer(keyedBy: SecondNestedCodingKeys.self, forKey: .top).decode(String.self, forKey: .second)
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: TopLevelCodingKeys.self)
            var first = c.nestedContainer(keyedBy: FirstNestedCodingKeys.self, forKey: .top)
            try first.encode(self.first, forKey: .first)
            var second = c.nestedContainer(keyedBy: SecondNestedCodingKeys.self, forKey: .top)
            try second.encode(self.second, forKey: .second)
        }
    }

    /// test_redundantKeyedContainer.
    struct EncodesTwice: Encodable {
        enum CodingKeys: String, CodingKey { case container, somethingElse }
        struct Nested: Encodable { var foo = "Test" }
        func encode(to encoder: any Encoder) throws {
            var top = encoder.container(keyedBy: CodingKeys.self)
            try top.encode("Foo", forKey: .somethingElse)
            try top.encode(Nested(), forKey: .container)
            var again = top.nestedContainer(keyedBy: CodingKeys.self, forKey: .container)
            try again.encode("SecondAgain", forKey: .somethingElse)
        }
    }

    /// test_singleValueDictionaryAmendedByContainer.
    struct AmendedDictionary: Encodable {
        enum CodingKeys: String, CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var svc = encoder.singleValueContainer()
            try svc.encode(["a": "b", "other": "foo"])
            var keyed = encoder.container(keyedBy: CodingKeys.self)
            try keyed.encode("c", forKey: .a)
        }
    }

    struct EncodesNothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    /// JSONPass.Test9.SpecialCases (pass1.json): keys and strings that need escaping.
    struct SpecialCases: Codable, Hashable {
        let integer: UInt64
        let real: Double
        let e: Double
        let E: Double
        let empty_key: Double
        let zero: UInt8
        let one: UInt8
        let space, quote, backslash, controls, slash, alpha, ALPHA, digit, _0123456789, special, hex: String
        let `true`: Bool
        let `false`: Bool
        let null: Bool?
        let array: [String]
        let object: [String: String]
        let address: String
        let url: URL
        let comment: String
        let special_sequences_key: String
        let spaced: [Int]
        let compact: [Int]
        let jsontext: String
        let quotes: String
        let escapedKey: String

        enum CodingKeys: String, CodingKey {
            case integer, real, e, E
            case empty_key = ""
            case zero, one, space, quote, backslash, controls, slash, alpha, ALPHA, digit
            case _0123456789 = "0123456789"
            case special, hex, `true`, `false`, null, array, object, address, url, comment
            case special_sequences_key = "# -- --> */"
            case spaced = " s p a c e d "
            case compact, jsontext, quotes
            case escapedKey = "/\\\"\u{CAFE}\u{BABE}\u{AB98}\u{FCDE}\u{bcda}\u{ef4A}\u{08}\u{0C}\n\r\t`1~!@#$%^&*()_+-=[]{}|;:',./<>?"
        }

        static let testValue = SpecialCases(
            integer: 1_234_567_890, real: -9876.543210, e: 0.123456789e-12, E: 1.234567890E+34, empty_key: 23456789012E66,
            zero: 0, one: 1, space: " ", quote: "\"", backslash: "\\", controls: "\u{08}\u{0C}\n\r\t", slash: "/ & /",
            alpha: "abcdefghijklmnopqrstuvwyz", ALPHA: "ABCDEFGHIJKLMNOPQRSTUVWYZ", digit: "0123456789", _0123456789: "digit",
            special: "`1~!@#$%^&*()_+-={':[,]}|;.</>?", hex: "\u{0123}\u{4567}\u{89AB}\u{CDEF}\u{abcd}\u{ef4A}",
            true: true, false: false, null: nil, array: [], object: [:], address: "50 St. James Street",
            url: URL(string: "http://www.JSON.org/")!, comment: "// /* <!-- --", special_sequences_key: " ",
            spaced: [1, 2, 3, 4, 5, 6, 7], compact: [1, 2, 3, 4, 5, 6, 7],
            jsontext: "{\"object with 1 member\":[\"array with 1 element\"]}", quotes: "&#34; \" %22 0x22 034 &#x22;",
            escapedKey: "A key can be any string")
    }

    /// corelibs' test_encodingOutputFormattingPrettyPrinted value.
    struct DataType: Encodable {
        let array = [1, 2, 3]
        let dictionary: [String: Int] = [:]
        let emptyAray: [Int] = []
        let secondArray: [Int] = [4, 5, 6]
        let secondDictionary: [String: Int] = ["one": 1, "two": 2, "three": 3]
        let singleElement: [Int] = [1]
        let subArray: [String: [Int]] = ["array": []]
        let subDictionary: [String: [String: Int]] = ["dictionary": [:]]
    }

    /// test_roundTrippingExtremeValues.
    struct ExtremeNumbers: Codable, Equatable {
        let floats: [Float]
        let doubles: [Double]
    }

    /// test_roundTrippingDoubleValues.
    struct DoubleAndDecimalMaps: Codable, Equatable {
        let doubles: [String: Double]
        let decimals: [String: Decimal]
    }

    /// testInterceptLargeDecimal.
    struct TestBigDecimal: Codable, Equatable {
        // The suite builds the two outer values from their mantissas, which
        // only its @testable import can; these are the same numbers.
        var uint64Max = Decimal(UInt64.max)
        var unit64MaxPlus1 = Decimal(string: "18446744073709551616")!
        var int64Min = Decimal(Int64.min)
        var int64MinMinus1 = Decimal(string: "-9223372036854775809")!
    }

    /// corelibs' test_codingOfUIntMinMax.
    struct MinMax: Codable, Equatable {
        var int64Min = Int64.min
        var int64Max = Int64.max
        var uint64Min = UInt64.min
        var uint64Max = UInt64.max
    }

    /// corelibs' test_encodeDecodeNumericTypesBaseline.
    struct NumericTypesStruct: Codable, Equatable {
        var int8Value: Int8 = -12
        var uint8Value: UInt8 = 34
        var int16Value: Int16 = -5678
        var uint16Value: UInt16 = 9011
        var int32Value: Int32 = -12_141_516
        var uint32Value: UInt32 = 17_181_920
        var int64Value: Int64 = -21_222_324_252_627
        var intValue = -2_829_303_132
        var uintValue: UInt = 33_343_536
        var uint64Value: UInt64 = 373_839_404_142
        var floatValue: Float = 1.234
        var doubleValue = 5.101520
        var decimalValue = Decimal(10)
    }

    /// corelibs' test_snake_case_encoding.
    struct MyTestData: Codable, Equatable {
        var thisIsAString = "Hello"
        var thisIsABool = true
        var thisIsAnInt = 1
        var thisIsAnInt8: Int8 = 2
        var thisIsAnInt16: Int16 = 3
        var thisIsAnInt32: Int32 = 4
        var thisIsAnInt64: Int64 = 5
        var thisIsAUint: UInt = 6
        var thisIsAUint8: UInt8 = 7
        var thisIsAUint16: UInt16 = 8
        var thisIsAUint32: UInt32 = 9
        var thisIsAUint64: UInt64 = 10
        var thisIsAFloat: Float = 11
        var thisIsADouble: Double = 12
        var thisIsADate = Date(timeIntervalSince1970: 0)
        var thisIsAnArray = [1, 2, 3]
        var thisIsADictionary = ["trueValue": true, "falseValue": false]
    }

    /// corelibs' test_SR17581_codingEmptyDictionaryWithNonstringKeyDoesRoundtrip.
    struct Something: Codable, Equatable {
        struct Key: Codable, Hashable { var x: String }
        var dict: [Key: String]
    }
}

/// Records what a custom key strategy is called with (from any thread).
private final class FSRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [[String]] = []
    func add(_ path: [any CodingKey]) {
        lock.lock()
        paths.append(path.map(\.stringValue))
        lock.unlock()
    }
    var recorded: [[String]] {
        lock.lock()
        defer { lock.unlock() }
        return paths
    }
}

/// The same configuration for the four coders of a round trip.
private struct FSCoders {
    var formatting: JoltEncoder.OutputFormatting = []
    var foundationEncoder: (JSONEncoder) -> Void = { _ in }
    var joltEncoder: (JoltEncoder) -> Void = { _ in }
    var foundationDecoder: (JSONDecoder) -> Void = { _ in }
    var joltDecoder: (JoltDecoder) -> Void = { _ in }

    static func dates(_ encoding: JSONEncoder.DateEncodingStrategy, _ joltEncoding: JoltEncoder.DateEncodingStrategy,
                      _ decoding: JSONDecoder.DateDecodingStrategy, _ joltDecoding: JoltDecoder.DateDecodingStrategy) -> FSCoders {
        FSCoders(foundationEncoder: { $0.dateEncodingStrategy = encoding }, joltEncoder: { $0.dateEncodingStrategy = joltEncoding },
                 foundationDecoder: { $0.dateDecodingStrategy = decoding }, joltDecoder: { $0.dateDecodingStrategy = joltDecoding })
    }

    static func data(_ encoding: JSONEncoder.DataEncodingStrategy, _ joltEncoding: JoltEncoder.DataEncodingStrategy,
                     _ decoding: JSONDecoder.DataDecodingStrategy, _ joltDecoding: JoltDecoder.DataDecodingStrategy) -> FSCoders {
        FSCoders(foundationEncoder: { $0.dataEncodingStrategy = encoding }, joltEncoder: { $0.dataEncodingStrategy = joltEncoding },
                 foundationDecoder: { $0.dataDecodingStrategy = decoding }, joltDecoder: { $0.dataDecodingStrategy = joltDecoding })
    }

    static var nonConformingStrings: FSCoders {
        FSCoders(foundationEncoder: { $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN") },
                 joltEncoder: { $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN") },
                 foundationDecoder: { $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN") },
                 joltDecoder: { $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN") })
    }

    static var snakeCase: FSCoders {
        FSCoders(foundationEncoder: { $0.keyEncodingStrategy = .convertToSnakeCase }, joltEncoder: { $0.keyEncodingStrategy = .convertToSnakeCase },
                 foundationDecoder: { $0.keyDecodingStrategy = .convertFromSnakeCase }, joltDecoder: { $0.keyDecodingStrategy = .convertFromSnakeCase })
    }
}

final class FoundationSuiteEncodingTests: XCTestCase {
    /// The suites' `_testRoundTrip`, run on both implementations.
    ///
    /// - Foundation's output with `coders.formatting` is `expectedJSON`
    ///   (as bytes where the suite compares bytes, `sameMembers` for
    ///   corelibs' comparison through JSONSerialization), and so is Jolt's;
    /// - Jolt's output equals Foundation's in all four layouts;
    /// - Jolt's bytes decode to `value` with Foundation's decoder and with
    ///   JoltDecoder, and Foundation's bytes with JoltDecoder.
    private func roundTrip<T: Codable & Equatable>(_ value: T, _ label: String, expectedJSON: String? = nil, sameMembers: Bool = false,
                                                   coders: FSCoders = FSCoders(), file: StaticString = #filePath, line: UInt = #line) {
        // The four layouts cover `.prettyPrinted` and `.sortedKeys`; the harness
        // adds the rest of `coders.formatting` to each.
        assertEncodeParity(value, label, extraFormatting: coders.formatting.subtracting([.prettyPrinted, .sortedKeys]),
                           foundation: coders.foundationEncoder, jolt: coders.joltEncoder, file: file, line: line)
        let foundationEncoder = JSONEncoder()
        foundationEncoder.outputFormatting = JSONEncoder.OutputFormatting(rawValue: coders.formatting.rawValue)
        coders.foundationEncoder(foundationEncoder)
        let joltEncoder = JoltEncoder()
        joltEncoder.outputFormatting = coders.formatting
        coders.joltEncoder(joltEncoder)
        let foundationDecoder = JSONDecoder()
        coders.foundationDecoder(foundationDecoder)
        let joltDecoder = JoltDecoder()
        coders.joltDecoder(joltDecoder)
        do {
            let foundationData = try foundationEncoder.encode(value)
            let joltData = try joltEncoder.encode(value)
            if let expectedJSON {
                if sameMembers {
                    assertSameMembers(foundationData, expectedJSON, "\(label): Foundation", file: file, line: line)
                    assertSameMembers(joltData, expectedJSON, "\(label): Jolt", file: file, line: line)
                } else {
                    XCTAssertEqual(String(decoding: foundationData, as: UTF8.self), expectedJSON, "\(label): Foundation", file: file, line: line)
                    XCTAssertEqual(String(decoding: joltData, as: UTF8.self), expectedJSON, "\(label): Jolt", file: file, line: line)
                }
            }
            XCTAssertEqual(try foundationDecoder.decode(T.self, from: joltData), value, "\(label): Jolt -> Foundation", file: file, line: line)
            XCTAssertEqual(try joltDecoder.decode(T.self, from: joltData), value, "\(label): Jolt -> Jolt", file: file, line: line)
            XCTAssertEqual(try joltDecoder.decode(T.self, from: foundationData), value, "\(label): Foundation -> Jolt", file: file, line: line)
        } catch {
            XCTFail("\(label): \(error)", file: file, line: line)
        }
    }

    /// The same JSON up to the order of object members (corelibs' `JSON`
    /// comparison through JSONSerialization, here on the written text).
    private func assertSameMembers(_ data: Data, _ expected: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let actual = JSONLayout.parse([UInt8](data)), let wanted = JSONLayout.parse(Array(expected.utf8)) else {
            return XCTFail("\(context): unparsable", file: file, line: line)
        }
        XCTAssertEqual(String(decoding: actual.keyOrdered.emit(pretty: false), as: UTF8.self),
                       String(decoding: wanted.keyOrdered.emit(pretty: false), as: UTF8.self), context, file: file, line: line)
    }

    /// Both encoders throw an EncodingError of the same case and coding path
    /// (the suites' `_testEncodeFailure`), which is returned.
    @discardableResult
    private func encodeFailure<T: Encodable>(_ value: T, _ label: String, foundation: @escaping (JSONEncoder) -> Void = { _ in },
                                             jolt: @escaping (JoltEncoder) -> Void = { _ in },
                                             file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let outcomes = assertEncodeParity(value, label, foundation: foundation, jolt: jolt, file: file, line: line)
        guard case .error(_, let path) = outcomes.first else {
            XCTFail("\(label): Foundation did not throw", file: file, line: line)
            return []
        }
        return path
    }

    // MARK: Top-level values

    func testEncodingTopLevelEmptyTypes() {
        roundTrip(FS.EmptyStruct(), "empty struct", expectedJSON: "{}")
        roundTrip(FS.EmptyClass(), "empty class", expectedJSON: "{}")
    }

    func testEncodingTopLevelSingleValueTypes() {
        roundTrip(FS.Switch.off, "Switch.off", expectedJSON: "false")
        roundTrip(FS.Switch.on, "Switch.on", expectedJSON: "true")
        roundTrip(FS.TopLevelArrayWrapper(FS.Switch.on), "wrapped Switch.on", expectedJSON: "[true]")
        roundTrip(FS.Timestamp(3_141_592_653), "Timestamp", expectedJSON: "3141592653")
        roundTrip(FS.TopLevelArrayWrapper(FS.Timestamp(3_141_592_653)), "wrapped Timestamp", expectedJSON: "[3141592653]")
        roundTrip(FS.Counter(), "Counter", expectedJSON: "0")
        roundTrip(FS.TopLevelArrayWrapper(FS.Counter()), "wrapped Counter", expectedJSON: "[0]")
        roundTrip(FS.EnhancedBool.true, "EnhancedBool.true", expectedJSON: "true")
        roundTrip(FS.EnhancedBool.false, "EnhancedBool.false", expectedJSON: "false")
        roundTrip(FS.EnhancedBool.fileNotFound, "EnhancedBool.fileNotFound", expectedJSON: "null")
        roundTrip([1, 2, 3], "[Int]", expectedJSON: "[1,2,3]")
        roundTrip([Int](), "empty [Int]", expectedJSON: "[]")
    }

    /// corelibs' test_encodingTopLevelFragments.
    func testEncodingTopLevelFragments() {
        roundTrip(2, "Int", expectedJSON: "2")
        roundTrip(false, "false", expectedJSON: "false")
        roundTrip(true, "true", expectedJSON: "true")
        roundTrip(Float(1), "Float 1", expectedJSON: "1")
        roundTrip(Double(2), "Double 2", expectedJSON: "2")
        roundTrip(Decimal(Double(Float.leastNormalMagnitude)), "Decimal",
                  expectedJSON: "0.000000000000000000000000000000000000011754943508222875648")
        roundTrip("test", "String", expectedJSON: "\"test\"")
        roundTrip(Int?.none, "nil", expectedJSON: "null")
    }

    func testEncodingTopLevelStructuredTypes() {
        roundTrip(FS.Address.testValue, "Address")
        roundTrip(FS.Numbers(), "Numbers", expectedJSON: "[4,8,15,16,23,42]")
        roundTrip(FS.Mapping(values: ["Apple": 42, "localhost": 127]), "Mapping", expectedJSON: #"{"Apple":42,"localhost":127}"#, sameMembers: true)
        roundTrip(FS.Mapping(values: ["Apple": URL(string: "http://apple.com")!, "localhost": URL(string: "http://127.0.0.1")!]),
                  "Mapping of URLs", expectedJSON: #"{"Apple":"http:\/\/apple.com","localhost":"http:\/\/127.0.0.1"}"#, sameMembers: true)
        roundTrip(FS.Company.testValue, "Company")
        roundTrip(FS.Employee.testValue, "Employee sharing its superclass's encoder",
                  expectedJSON: #"{"id":42,"name":"Johnny Appleseed","email":"appleseed@apple.com"}"#, sameMembers: true)
        roundTrip(FS.Person.testValue, "Person", expectedJSON: #"{"name":"Johnny Appleseed","email":"appleseed@apple.com"}"#, sameMembers: true)
        roundTrip(FS.Person(name: "A", email: "b", website: URL(string: "https://example.org/x?y=1")), "Person with website")
    }

    // MARK: Output formatting

    func testOutputFormatting() {
        let person = FS.Person.testValue
        // Jolt writes members in the order they are encoded; Foundation in its
        // dictionary's order, so the suites' unsorted expectations hold for Jolt
        // byte for byte and for Foundation only up to member order.
        roundTrip(person, "default", expectedJSON: #"{"name":"Johnny Appleseed","email":"appleseed@apple.com"}"#, sameMembers: true)
        XCTAssertEqual(String(decoding: try JoltEncoder().encode(person), as: UTF8.self),
                       #"{"name":"Johnny Appleseed","email":"appleseed@apple.com"}"#)
        let pretty = JoltEncoder()
        pretty.outputFormatting = .prettyPrinted
        XCTAssertEqual(String(decoding: try pretty.encode(person), as: UTF8.self),
                       "{\n  \"name\" : \"Johnny Appleseed\",\n  \"email\" : \"appleseed@apple.com\"\n}")
        roundTrip(person, "sorted", expectedJSON: #"{"email":"appleseed@apple.com","name":"Johnny Appleseed"}"#,
                  coders: FSCoders(formatting: .sortedKeys))
        roundTrip(person, "pretty sorted", expectedJSON: "{\n  \"email\" : \"appleseed@apple.com\",\n  \"name\" : \"Johnny Appleseed\"\n}",
                  coders: FSCoders(formatting: [.prettyPrinted, .sortedKeys]))
        roundTrip(["2": "2", "25": "25", "7": "7"], "sorted numeric keys", expectedJSON: #"{"2":"2","25":"25","7":"7"}"#,
                  coders: FSCoders(formatting: .sortedKeys))
        roundTrip(["2": "2", "25": "25", "7": "7"], "pretty sorted numeric keys",
                  expectedJSON: "{\n  \"2\" : \"2\",\n  \"25\" : \"25\",\n  \"7\" : \"7\"\n}", coders: FSCoders(formatting: [.prettyPrinted, .sortedKeys]))
        roundTrip([Int](), "pretty empty array", expectedJSON: "[\n\n]", coders: FSCoders(formatting: [.prettyPrinted, .sortedKeys]))
        roundTrip([String: Int](), "pretty empty dictionary", expectedJSON: "{\n\n}", coders: FSCoders(formatting: [.prettyPrinted, .sortedKeys]))
        XCTAssertEqual(JoltEncoder.OutputFormatting.prettyPrinted.rawValue, JSONEncoder.OutputFormatting.prettyPrinted.rawValue)
        XCTAssertEqual(JoltEncoder.OutputFormatting.sortedKeys.rawValue, 2)
        XCTAssertEqual(JoltEncoder.OutputFormatting.withoutEscapingSlashes.rawValue, 8)
    }

    /// corelibs' pretty-printed DataType pair, byte for byte.
    func testPrettyPrintedNestedEmptyContainers() throws {
        let entry = """
          {
            "array" : [
              1,
              2,
              3
            ],
            "dictionary" : {

            },
            "emptyAray" : [

            ],
            "secondArray" : [
              4,
              5,
              6
            ],
            "secondDictionary" : {
              "one" : 1,
              "three" : 3,
              "two" : 2
            },
            "singleElement" : [
              1
            ],
            "subArray" : {
              "array" : [

              ]
            },
            "subDictionary" : {
              "dictionary" : {

              }
            }
          }
        """
        let expected = "[\n" + entry + ",\n" + entry + "\n]"
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
        XCTAssertEqual(String(decoding: try foundation.encode([FS.DataType(), FS.DataType()]), as: UTF8.self), expected)
        let jolt = JoltEncoder()
        jolt.outputFormatting = [.prettyPrinted, .sortedKeys]
        XCTAssertEqual(String(decoding: try jolt.encode([FS.DataType(), FS.DataType()]), as: UTF8.self), expected)
        assertEncodeParity([FS.DataType(), FS.DataType()], "DataType pair")
    }

    /// testEncodingSortedKeys and testEncodingSortedKeysStableOrdering: sorted
    /// by the keys' bytes, stable whatever the dictionary's order.
    func testSortedKeys() {
        let dict = ["Foo": 1, "FOO": 2, "foo": 3, "foo1": 4, "Foo2": 5, "foo3": 6, "foo12": 7, "Foo11": 8, "føo": 9, "bar": 10]
        roundTrip(dict, "sorted keys", expectedJSON: #"{"FOO":2,"Foo":1,"Foo11":8,"Foo2":5,"bar":10,"foo":3,"foo1":4,"foo12":7,"foo3":6,"føo":9}"#,
                  coders: FSCoders(formatting: .sortedKeys))
        var stable = ["AAA": 1, "AAAAAAB": 2]
        roundTrip(stable, "stable ordering", expectedJSON: #"{"AAA":1,"AAAAAAB":2}"#, coders: FSCoders(formatting: .sortedKeys))
        var rng = SplitMix64(seed: 256)
        for n in Array(0..<256).shuffled(using: &rng) { stable["key\(n)"] = n }
        let expected = #"{"AAA":1,"AAAAAAB":2"# + (0..<256).map { "\($0)" }.sorted().map { #","key\#($0)":\#($0)"# }.joined() + "}"
        roundTrip(stable, "stable ordering, 258 keys", expectedJSON: expected, coders: FSCoders(formatting: .sortedKeys))
    }

    // MARK: Dates

    func testDateStrategies() {
        let seconds = Date(timeIntervalSince1970: 1000)
        roundTrip(seconds, "secondsSince1970", expectedJSON: "1000",
                  coders: .dates(.secondsSince1970, .secondsSince1970, .secondsSince1970, .secondsSince1970))
        roundTrip(Optional(seconds), "optional secondsSince1970", expectedJSON: "1000",
                  coders: .dates(.secondsSince1970, .secondsSince1970, .secondsSince1970, .secondsSince1970))
        roundTrip(FS.TopLevelArrayWrapper(seconds), "wrapped secondsSince1970", expectedJSON: "[1000]",
                  coders: .dates(.secondsSince1970, .secondsSince1970, .secondsSince1970, .secondsSince1970))
        roundTrip(seconds, "millisecondsSince1970", expectedJSON: "1000000",
                  coders: .dates(.millisecondsSince1970, .millisecondsSince1970, .millisecondsSince1970, .millisecondsSince1970))
        roundTrip(FS.TopLevelArrayWrapper(seconds), "wrapped millisecondsSince1970", expectedJSON: "[1000000]",
                  coders: .dates(.millisecondsSince1970, .millisecondsSince1970, .millisecondsSince1970, .millisecondsSince1970))
        roundTrip(seconds, "iso8601", expectedJSON: "\"\(seconds.formatted(.iso8601))\"", coders: .dates(.iso8601, .iso8601, .iso8601, .iso8601))
        roundTrip(FS.TopLevelArrayWrapper(seconds), "wrapped iso8601", expectedJSON: #"["1970-01-01T00:16:40Z"]"#,
                  coders: .dates(.iso8601, .iso8601, .iso8601, .iso8601))
        roundTrip(FS.TopLevelArrayWrapper(Date(timeIntervalSinceReferenceDate: 12.5)), "deferredToDate", expectedJSON: "[12.5]")
        let now = Date(timeIntervalSinceReferenceDate: 123_456_789.25)
        let custom: @Sendable (Date, any Encoder) throws -> Void = { _, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(42)
        }
        roundTrip(now, "custom", expectedJSON: "42", coders: .dates(.custom(custom), .custom(custom), .custom({ _ in now }), .custom({ _ in now })))
        roundTrip(Optional(now), "optional custom", expectedJSON: "42",
                  coders: .dates(.custom(custom), .custom(custom), .custom({ _ in now }), .custom({ _ in now })))
        let empty: @Sendable (Date, any Encoder) throws -> Void = { _, _ in }
        roundTrip(now, "custom encoding nothing", expectedJSON: "{}",
                  coders: .dates(.custom(empty), .custom(empty), .custom({ _ in now }), .custom({ _ in now })))
        roundTrip(FS.TopLevelArrayWrapper(now), "wrapped custom encoding nothing", expectedJSON: "[{}]",
                  coders: .dates(.custom(empty), .custom(empty), .custom({ _ in now }), .custom({ _ in now })))
        #if FullFoundation
        // corelibs' test_encodingDateFormatted (the framework-only swift-foundation test).
        let formatter = DateFormatter()
        formatter.dateStyle = .full
        formatter.timeStyle = .full
        roundTrip(FS.TopLevelArrayWrapper(seconds), "formatted", expectedJSON: "[\"\(formatter.string(from: seconds))\"]",
                  coders: .dates(.formatted(formatter), .formatted(formatter), .formatted(formatter), .formatted(formatter)))
        #endif
    }

    /// test_infiniteDate: the same error for each strategy that writes a number.
    func testInfiniteDate() {
        let date = Date(timeIntervalSince1970: .infinity)
        let strategies: [(JSONEncoder.DateEncodingStrategy, JoltEncoder.DateEncodingStrategy)] = [
            (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970), (.millisecondsSince1970, .millisecondsSince1970),
        ]
        for (f, j) in strategies {
            XCTAssertEqual(encodeFailure([date], "infinite date \(f)", foundation: { $0.dateEncodingStrategy = f }, jolt: { $0.dateEncodingStrategy = j }),
                           ["Index 0/0"])
        }
    }

    // MARK: Data

    func testDataStrategies() {
        let data = Data([0xDE, 0xAD, 0xBE, 0xEF])
        roundTrip(data, "deferredToData", expectedJSON: "[222,173,190,239]", coders: .data(.deferredToData, .deferredToData, .deferredToData, .deferredToData))
        roundTrip(Optional(data), "optional deferredToData", expectedJSON: "[222,173,190,239]",
                  coders: .data(.deferredToData, .deferredToData, .deferredToData, .deferredToData))
        roundTrip(data, "base64", expectedJSON: "\"3q2+7w==\"")
        roundTrip(Optional(data), "optional base64", expectedJSON: "\"3q2+7w==\"")
        roundTrip(FS.TopLevelArrayWrapper(data), "wrapped base64", expectedJSON: "[\"3q2+7w==\"]")
        let custom: @Sendable (Data, any Encoder) throws -> Void = { _, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(42)
        }
        roundTrip(Data(), "custom", expectedJSON: "42", coders: .data(.custom(custom), .custom(custom), .custom({ _ in Data() }), .custom({ _ in Data() })))
        roundTrip(FS.TopLevelArrayWrapper(Data()), "wrapped custom", expectedJSON: "[42]",
                  coders: .data(.custom(custom), .custom(custom), .custom({ _ in Data() }), .custom({ _ in Data() })))
        let empty: @Sendable (Data, any Encoder) throws -> Void = { _, _ in }
        roundTrip(Data(), "custom encoding nothing", expectedJSON: "{}",
                  coders: .data(.custom(empty), .custom(empty), .custom({ _ in Data() }), .custom({ _ in Data() })))
        roundTrip(Optional(Data()), "optional custom encoding nothing", expectedJSON: "{}",
                  coders: .data(.custom(empty), .custom(empty), .custom({ _ in Data() }), .custom({ _ in Data() })))
    }

    // MARK: Non-conforming floats

    func testNonConformingFloats() {
        for value in [Float.infinity, -Float.infinity, Float.nan] {
            XCTAssertEqual(encodeFailure(value, "Float \(value)"), [])
            XCTAssertEqual(encodeFailure(Optional(value), "optional Float \(value)"), [])
            XCTAssertEqual(encodeFailure(FS.TopLevelArrayWrapper(value), "wrapped Float \(value)"), ["Index 0/0"])
        }
        for value in [Double.infinity, -Double.infinity, Double.nan] {
            XCTAssertEqual(encodeFailure(value, "Double \(value)"), [])
            XCTAssertEqual(encodeFailure(Optional(value), "optional Double \(value)"), [])
            XCTAssertEqual(encodeFailure(FS.TopLevelArrayWrapper(value), "wrapped Double \(value)"), ["Index 0/0"])
        }
        roundTrip(Float.infinity, "Float +inf", expectedJSON: "\"INF\"", coders: .nonConformingStrings)
        roundTrip(-Float.infinity, "Float -inf", expectedJSON: "\"-INF\"", coders: .nonConformingStrings)
        roundTrip(FS.FloatNaNPlaceholder(), "Float NaN", expectedJSON: "\"NaN\"", coders: .nonConformingStrings)
        roundTrip(Double.infinity, "Double +inf", expectedJSON: "\"INF\"", coders: .nonConformingStrings)
        roundTrip(-Double.infinity, "Double -inf", expectedJSON: "\"-INF\"", coders: .nonConformingStrings)
        roundTrip(FS.DoubleNaNPlaceholder(), "Double NaN", expectedJSON: "\"NaN\"", coders: .nonConformingStrings)
        roundTrip(Optional(Float.infinity), "optional Float +inf", expectedJSON: "\"INF\"", coders: .nonConformingStrings)
        roundTrip(Optional(-Double.infinity), "optional Double -inf", expectedJSON: "\"-INF\"", coders: .nonConformingStrings)
        roundTrip(FS.TopLevelArrayWrapper(FS.DoubleNaNPlaceholder()), "wrapped Double NaN", expectedJSON: "[\"NaN\"]", coders: .nonConformingStrings)
        roundTrip(FS.TopLevelArrayWrapper(-Float.infinity), "wrapped Float -inf", expectedJSON: "[\"-INF\"]", coders: .nonConformingStrings)
    }

    // MARK: Key strategies

    func testKeyStrategyCustom() throws {
        let qqq: @Sendable ([any CodingKey]) -> any CodingKey = { path in FS.TestKey(stringValue: "QQQ" + path.last!.stringValue)! }
        assertEncodeParity(FS.EncodeMe(keyName: "hello"), "custom key", foundation: { $0.keyEncodingStrategy = .custom(qqq) },
                           jolt: { $0.keyEncodingStrategy = .custom(qqq) })
        let jolt = JoltEncoder()
        jolt.keyEncodingStrategy = .custom(qqq)
        XCTAssertEqual(String(decoding: try jolt.encode(FS.EncodeMe(keyName: "hello")), as: UTF8.self), #"{"QQQhello":"test"}"#)
    }

    /// testEncodingKeyStrategyPath: the converter is called once per key, with
    /// the path of Swift keys (not converted ones), as in Foundation. The order
    /// of the calls differs (documented): Foundation converts a member's key
    /// after encoding its value, so the innermost key comes first; Jolt writes
    /// the key before the value, so it converts the outermost first.
    func testKeyStrategyPath() throws {
        let value = FS.EncodeNestedNested(outerValue: FS.EncodeNested(nestedValue: FS.EncodeMe(keyName: "helloWorld")))
        let foundationCalls = FSRecorder(), joltCalls = FSRecorder()
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .custom { path in
            foundationCalls.add(path)
            return FS.TestKey(stringValue: "QQQ" + path.last!.stringValue)!
        }
        let jolt = JoltEncoder()
        jolt.keyEncodingStrategy = .custom { path in
            joltCalls.add(path)
            return FS.TestKey(stringValue: "QQQ" + path.last!.stringValue)!
        }
        let expected = #"{"QQQouterValue":{"QQQnestedValue":{"QQQhelloWorld":"test"}}}"#
        XCTAssertEqual(String(decoding: try foundation.encode(value), as: UTF8.self), expected)
        XCTAssertEqual(String(decoding: try jolt.encode(value), as: UTF8.self), expected)
        let preOrder = [["outerValue"], ["outerValue", "nestedValue"], ["outerValue", "nestedValue", "helloWorld"]]
        XCTAssertEqual(foundationCalls.recorded, preOrder.reversed())
        XCTAssertEqual(joltCalls.recorded, preOrder)
    }

    /// testKeyStrategyDuplicateKeys: all keys converted to one; the last value wins.
    func testKeyStrategyDuplicateKeys() throws {
        let same: @Sendable ([any CodingKey]) -> any CodingKey = { _ in FS.TestKey(stringValue: "oneTwo")! }
        assertEncodeParity(FS.DecodeMe5(), "duplicate keys", foundation: { $0.keyEncodingStrategy = .custom(same) },
                           jolt: { $0.keyEncodingStrategy = .custom(same) })
        let jolt = JoltEncoder()
        jolt.keyEncodingStrategy = .custom(same)
        XCTAssertEqual(String(decoding: try jolt.encode(FS.DecodeMe5()), as: UTF8.self), #"{"oneTwo":"test2"}"#)
    }

    /// The suites' snake-case encoding tests (the key lists are in SnakeCaseParityTests).
    func testSnakeCase() throws {
        roundTrip(["leaveMeAlone": "test"], "dictionary keys untouched", expectedJSON: #"{"leaveMeAlone":"test"}"#, coders: .snakeCase)
        roundTrip(["camelCaseKey": ["nested_dictionary": 1]], "nested dictionary keys untouched",
                  expectedJSON: #"{"camelCaseKey":{"nested_dictionary":1}}"#, coders: .snakeCase)
        roundTrip(FS.DecodeMe3(thisIsCamelCase: "test"), "generated keys", expectedJSON: #"{"this_is_camel_case":"test"}"#, coders: .snakeCase)
        roundTrip(FS.DecodeMe4(thisIsCamelCase: "test", thisIsCamelCaseToo: "test2"), "custom and generated keys",
                  expectedJSON: #"{"foo_bar":"test","this_is_camel_case_too":"test2"}"#, sameMembers: true, coders: .snakeCase)
        var coders = FSCoders.snakeCase
        coders.foundationEncoder = { $0.keyEncodingStrategy = .convertToSnakeCase; $0.dateEncodingStrategy = .iso8601 }
        coders.joltEncoder = { $0.keyEncodingStrategy = .convertToSnakeCase; $0.dateEncodingStrategy = .iso8601 }
        coders.foundationDecoder = { $0.keyDecodingStrategy = .convertFromSnakeCase; $0.dateDecodingStrategy = .iso8601 }
        coders.joltDecoder = { $0.keyDecodingStrategy = .convertFromSnakeCase; $0.dateDecodingStrategy = .iso8601 }
        roundTrip(FS.MyTestData(), "corelibs test_snake_case_encoding", expectedJSON: """
            {"this_is_a_string":"Hello","this_is_a_bool":true,"this_is_an_int":1,"this_is_an_int8":2,"this_is_an_int16":3,\
            "this_is_an_int32":4,"this_is_an_int64":5,"this_is_a_uint":6,"this_is_a_uint8":7,"this_is_a_uint16":8,"this_is_a_uint32":9,\
            "this_is_a_uint64":10,"this_is_a_float":11,"this_is_a_double":12,"this_is_a_date":"1970-01-01T00:00:00Z",\
            "this_is_an_array":[1,2,3],"this_is_a_dictionary":{"trueValue":true,"falseValue":false}}
            """, sameMembers: true, coders: coders)
    }

    /// testEncodingDictionaryFailureKeyPath(Nested): the coding path of the
    /// error holds the Swift keys and the dictionary keys, unconverted.
    func testSnakeCaseErrorPaths() {
        let snake: (JSONEncoder) -> Void = { $0.keyEncodingStrategy = .convertToSnakeCase }
        let joltSnake: (JoltEncoder) -> Void = { $0.keyEncodingStrategy = .convertToSnakeCase }
        XCTAssertEqual(encodeFailure(["key": FS.EncodeFailure(someValue: .nan)], "dictionary failure path", foundation: snake, jolt: joltSnake),
                       ["key/-", "someValue/-"])
        let nested = ["key": ["sub_key": FS.EncodeFailureNested(nestedValue: FS.EncodeFailure(someValue: .nan))]]
        XCTAssertEqual(encodeFailure(nested, "nested dictionary failure path", foundation: snake, jolt: joltSnake),
                       ["key/-", "sub_key/-", "nestedValue/-", "someValue/-"])
    }

    // MARK: Containers

    func testNestedContainers() throws {
        roundTrip(FS.Level1(level2: .init(name: "level2")), "test_106506794", expectedJSON: #"{"level2":[{"name":"level2"}]}"#)
        roundTrip(FS.SharedTopKey(first: "Johnny Appleseed", second: "appleseed@apple.com"), "two nested containers for one key",
                  expectedJSON: #"{"top":{"first":"Johnny Appleseed","second":"appleseed@apple.com"}}"#, coders: FSCoders(formatting: .sortedKeys))
        let sorted = JoltEncoder()
        sorted.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try sorted.encode(FS.EncodesTwice()), as: UTF8.self),
                       #"{"container":{"foo":"Test","somethingElse":"SecondAgain"},"somethingElse":"Foo"}"#)
        assertEncodeParity(FS.EncodesTwice(), "test_redundantKeyedContainer")
        XCTAssertEqual(String(decoding: try sorted.encode(FS.AmendedDictionary()), as: UTF8.self), #"{"a":"c","other":"foo"}"#)
        assertEncodeParity(FS.AmendedDictionary(), "test_singleValueDictionaryAmendedByContainer")
    }

    /// test_typeEncodesNothing: an error at the top level, `{}` below it.
    func testTypeEncodesNothing() throws {
        XCTAssertEqual(encodeFailure(FS.EncodesNothing(), "top level"), [])
        XCTAssertEqual(String(decoding: try JoltEncoder().encode([FS.EncodesNothing()]), as: UTF8.self), "[{}]")
        XCTAssertEqual(String(decoding: try JoltEncoder().encode(["test": FS.EncodesNothing()]), as: UTF8.self), #"{"test":{}}"#)
        assertEncodeParity([FS.EncodesNothing()], "in an array")
        assertEncodeParity(["test": FS.EncodesNothing()], "in a dictionary")
    }

    /// corelibs' test_SR17581: an empty dictionary with non-String keys.
    func testEmptyDictionaryWithNonStringKeys() {
        roundTrip(FS.Something(dict: [:]), "empty [Key: String]", expectedJSON: #"{"dict":[]}"#)
        roundTrip(FS.Something(dict: [.init(x: "a"): "b"]), "[Key: String]")
    }

    // MARK: Strings

    func testStringsAndEscaping() {
        let string = "abc\u{0000}def"
        roundTrip([string], "NUL in an array", expectedJSON: #"["abc\u0000def"]"#)
        roundTrip([string: string], "NUL in a key and a value", expectedJSON: #"{"abc\u0000def":"abc\u0000def"}"#)
        roundTrip(FS.TopLevelObjectWrapper(string), "NUL in a member", expectedJSON: #"{"value":"abc\u0000def"}"#)
        roundTrip(["/": 1], "escaped slash key", expectedJSON: #"{"\/":1}"#)
        roundTrip(["/": 1], "unescaped slash key", expectedJSON: #"{"/":1}"#, coders: FSCoders(formatting: .withoutEscapingSlashes))
        roundTrip(["閆崬밺뀫颒"], "CJK", expectedJSON: #"["閆崬밺뀫颒"]"#)
        roundTrip(["本日", "é≥", "42é42≥42", "𝄞", "👍🏻"], "non-ASCII", expectedJSON: #"["本日","é≥","42é42≥42","𝄞","👍🏻"]"#)
        roundTrip(["caf\u{e9}", "cafe\u{301}"], "equivalent sequences kept apart", expectedJSON: "[\"caf\u{e9}\",\"cafe\u{301}\"]")
        roundTrip((0...0x20).map { String(Character(Unicode.Scalar(UInt8($0)))) }, "control characters",
                  expectedJSON: #"["\u0000","\u0001","\u0002","\u0003","\u0004","\u0005","\u0006","\u0007","\b","\t","\n","\u000b","\f","\r","\u000e","\u000f","\u0010","\u0011","\u0012","\u0013","\u0014","\u0015","\u0016","\u0017","\u0018","\u0019","\u001a","\u001b","\u001c","\u001d","\u001e","\u001f"," "]"#)
        roundTrip(FS.SpecialCases.testValue, "pass1 special cases", coders: FSCoders(formatting: .sortedKeys))
        roundTrip(FS.SpecialCases.testValue, "pass1 special cases, unescaped slashes", coders: FSCoders(formatting: .withoutEscapingSlashes))
        roundTrip(["\\/test\\/path", "/test/path"], "slashes and backslashes", expectedJSON: #"["\\\/test\\\/path","\/test\/path"]"#)
    }

    func testURLs() {
        let url = URL(string: "http://swift.org")!
        roundTrip(url, "URL", expectedJSON: #""http:\/\/swift.org""#)
        roundTrip(Optional(url), "optional URL", expectedJSON: #""http:\/\/swift.org""#)
        roundTrip(url, "URL without escaping slashes", expectedJSON: #""http://swift.org""#, coders: FSCoders(formatting: .withoutEscapingSlashes))
        roundTrip(Optional(url), "optional URL without escaping slashes", expectedJSON: #""http://swift.org""#,
                  coders: FSCoders(formatting: .withoutEscapingSlashes))
        roundTrip(FS.TopLevelObjectWrapper(URL(string: "https://swift.org")!), "corelibs test_codingOfURL",
                  expectedJSON: #"{"value":"https:\/\/swift.org"}"#)
    }

    // MARK: Numbers

    /// corelibs' test_codingOf* cases: each value wrapped in an object and in an array.
    func testCodingOfBuiltInTypes() {
        func check<T: Codable & Equatable>(_ value: T, _ json: String, file: StaticString = #filePath, line: UInt = #line) {
            roundTrip(FS.TopLevelObjectWrapper(value), "\(T.self) in an object", expectedJSON: "{\"value\":\(json)}", file: file, line: line)
            roundTrip(FS.TopLevelArrayWrapper(value), "\(T.self) in an array", expectedJSON: "[\(json)]", file: file, line: line)
        }
        check(true, "true")
        check(false, "false")
        check(Int?.none, "null")
        check(Int8(-42), "-42")
        check(UInt8(42), "42")
        check(Int16(-30042), "-30042")
        check(UInt16(30042), "30042")
        check(Int32(-2_000_000_042), "-2000000042")
        check(UInt32(2_000_000_042), "2000000042")
        check(Int64(-9_000_000_000_000_000_042), "-9000000000000000042")
        check(UInt64(9_000_000_000_000_000_042), "9000000000000000042")
        check(Int(-9_000_000_000_000_000_042), "-9000000000000000042")
        check(UInt(9_000_000_000_000_000_042), "9000000000000000042")
        check(Float(1.5), "1.5")
        check(Double(1.5), "1.5")
        check(Decimal.pi, "3.14159265358979323846264338327950288419")
        check("Hello, world!", "\"Hello, world!\"")
    }

    func testNumbers() throws {
        roundTrip([["magic_number": 7.45673334164903e-115]], "small float", expectedJSON: #"[{"magic_number":7.45673334164903e-115}]"#)
        roundTrip(FS.ExtremeNumbers(floats: [.greatestFiniteMagnitude, .leastNormalMagnitude], doubles: [.greatestFiniteMagnitude, .leastNormalMagnitude]),
                  "extreme values", expectedJSON: #"{"floats":[3.4028235e+38,1.1754944e-38],"doubles":[1.7976931348623157e+308,2.2250738585072014e-308]}"#,
                  sameMembers: true)
        roundTrip(Double.greatestFiniteMagnitude, "Double.greatestFiniteMagnitude", expectedJSON: "1.7976931348623157e+308")
        roundTrip(FS.MinMax(), "Int64/UInt64 limits",
                  expectedJSON: #"{"uint64Min":0,"uint64Max":18446744073709551615,"int64Min":-9223372036854775808,"int64Max":9223372036854775807}"#,
                  sameMembers: true)
        roundTrip(FS.NumericTypesStruct(), "numeric types baseline")
        roundTrip(FS.DoubleAndDecimalMaps(
            doubles: ["-55.66": -55.66, "-9.81": -9.81, "-0.284": -0.284, "-3.4028234663852886e+38": Double(-Float.greatestFiniteMagnitude),
                      "-1.1754943508222875e-38": Double(-Float.leastNormalMagnitude), "-1.7976931348623157e+308": -.greatestFiniteMagnitude,
                      "-2.2250738585072014e-308": -.leastNormalMagnitude, "0.000001": 0.000001],
            decimals: ["1.234567891011121314": Decimal(string: "1.234567891011121314")!, "-1.234567891011121314": Decimal(string: "-1.234567891011121314")!,
                       "0.1234567891011121314": Decimal(string: "0.1234567891011121314")!, "-0.1234567891011121314": Decimal(string: "-0.1234567891011121314")!,
                       "123.4567891011121314e-100": Decimal(string: "123.4567891011121314e-100")!,
                       "-123.4567891011121314e-100": Decimal(string: "-123.4567891011121314e-100")!,
                       "11234567891011121314e-100": Decimal(string: "1234567891011121314e-100")!,
                       "-1234567891011121314e-100": Decimal(string: "-1234567891011121314e-100")!,
                       "0.1234567891011121314e-100": Decimal(string: "0.1234567891011121314e-100")!,
                       "-0.1234567891011121314e-100": Decimal(string: "-0.1234567891011121314e-100")!,
                       "3.14159265358979323846264338327950288419": Decimal(string: "3.14159265358979323846264338327950288419")!,
                       "2.71828182845904523536028747135266249775": Decimal(string: "2.71828182845904523536028747135266249775")!,
                       "440474310512876335.18692524723746578303827301433673643795":
                        Decimal(string: "440474310512876335.18692524723746578303827301433673643795")!]),
                  "double and decimal maps")
        let bigDecimal = Decimal(sign: .plus, exponent: 127, significand: Decimal(1))
        roundTrip(bigDecimal, "Decimal 1e127", expectedJSON: "1" + String(repeating: "0", count: 127))
        roundTrip(Optional(bigDecimal), "optional Decimal 1e127", expectedJSON: "1" + String(repeating: "0", count: 127))
        roundTrip(FS.TestBigDecimal(), "large decimals")
    }

    /// test_roundTrippingInt128 and test_roundTrippingUInt128, top level and in
    /// containers.
    func testInt128AndUInt128() {
        let signed: [Int128] = [.min, .min + 1, -0x1_0000_0000_0000_0000, 0x0_8000_0000_0000_0000, -1, 0, 0x7fff_ffff_ffff_ffff,
                                0x8000_0000_0000_0000, 0xffff_ffff_ffff_ffff, 0x1_0000_0000_0000_0000, .max]
        for value in signed { roundTrip(value, "Int128 \(value)", expectedJSON: "\(value)") }
        let unsigned: [UInt128] = [.zero, 1, 0x7fff_ffff_ffff_ffff, 0x8000_0000_0000_0000, 0xffff_ffff_ffff_ffff, 0x1_0000_0000_0000_0000,
                                   0x7fff_ffff_ffff_ffff_ffff_ffff_ffff_ffff, 0x8000_0000_0000_0000_0000_0000_0000_0000, .max]
        for value in unsigned { roundTrip(value, "UInt128 \(value)", expectedJSON: "\(value)") }
        roundTrip(signed, "[Int128]")
        roundTrip(unsigned, "[UInt128]")
        roundTrip(["min": Int128.min, "max": .max], "[String: Int128]")
        roundTrip(FS.TopLevelObjectWrapper(UInt128.max), "UInt128 member", expectedJSON: "{\"value\":\(UInt128.max)}")
        roundTrip(FS.TopLevelArrayWrapper(Int128.min), "Int128 element", expectedJSON: "[\(Int128.min)]")
    }

    /// test_localeDecimalPolicyIndependence: numbers are written with `.`
    /// whatever the C locale.
    func testLocaleIndependence() throws {
        let previous = setlocale(LC_ALL, nil).map { String(cString: $0) }
        defer { _ = previous.map { setlocale(LC_ALL, $0) } }
        _ = setlocale(LC_ALL, "fr_FR")
        let value = ["decimalValue": 1.1]
        let jolt = try JoltEncoder().encode(value)
        let foundation = try JSONEncoder().encode(value)
        _ = setlocale(LC_ALL, "en_US_POSIX")
        XCTAssertEqual(String(decoding: jolt, as: UTF8.self), #"{"decimalValue":1.1}"#)
        XCTAssertEqual(jolt, foundation)
        XCTAssertEqual(try JSONDecoder().decode([String: Double].self, from: jolt), value)
    }

    // MARK: Coding paths

    /// What is encoded inside a nested container gets Foundation's path: the
    /// path of the encoder that made the outermost container, then its own key
    /// (the nested containers' keys are left out), for the value's encoder, for
    /// the errors of non-conforming floats and dates, and for what a custom key
    /// strategy sees.
    func testCodingPathsInsideNestedContainers() throws {
        enum K: String, CodingKey { case a, b, c }
        struct Leaf: Encodable {
            let log: FSRecorder
            func encode(to encoder: any Encoder) throws {
                log.add(encoder.codingPath)
                var c = encoder.container(keyedBy: K.self)
                try c.encode(1, forKey: .c)
            }
        }
        struct Tree: Encodable {
            let log: FSRecorder
            let fail: Int
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: K.self)
                var n = c.nestedContainer(keyedBy: K.self, forKey: .a)
                try n.encode(Leaf(log: log), forKey: .b)
                var u = n.nestedUnkeyedContainer(forKey: .c)
                try u.encode(Leaf(log: log))
                var deeper = u.nestedContainer(keyedBy: K.self)
                try deeper.encode([Leaf(log: log)], forKey: .a)
                switch fail {
                case 1: try u.encode(Double.nan)
                case 2: try n.encode(Float.infinity, forKey: .a)
                case 3: try n.encode([1.0, .nan], forKey: .a)
                case 4: try u.encode(Date(timeIntervalSince1970: .infinity))
                case 5: try deeper.encode(Double.infinity, forKey: .b)
                default: break
                }
            }
        }
        let foundationLog = FSRecorder(), joltLog = FSRecorder()
        _ = try JSONEncoder().encode(Tree(log: foundationLog, fail: 0))
        _ = try JoltEncoder().encode(Tree(log: joltLog, fail: 0))
        XCTAssertEqual(foundationLog.recorded, [["b"], ["Index 0"], ["a", "Index 0"]])
        XCTAssertEqual(joltLog.recorded, foundationLog.recorded)
        let secondsSince1970: (JSONEncoder) -> Void = { $0.dateEncodingStrategy = .secondsSince1970 }
        let joltSecondsSince1970: (JoltEncoder) -> Void = { $0.dateEncodingStrategy = .secondsSince1970 }
        let expected = [1: ["Index 2/2"], 2: ["a/-"], 3: ["a/-", "Index 1/1"], 4: ["Index 2/2"], 5: ["b/-"]]
        for fail in 1...5 {
            XCTAssertEqual(encodeFailure(Tree(log: FSRecorder(), fail: fail), "failure \(fail)", foundation: secondsSince1970,
                                         jolt: joltSecondsSince1970), expected[fail])
        }
        let custom: @Sendable ([any CodingKey]) -> any CodingKey = { path in AnyKey(path.map(\.stringValue).joined(separator: ".")) }
        assertEncodeParity(Tree(log: FSRecorder(), fail: 0), "custom key strategy below nested containers",
                           foundation: { $0.keyEncodingStrategy = .custom(custom) }, jolt: { $0.keyEncodingStrategy = .custom(custom) })
    }
}
