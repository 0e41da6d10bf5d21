// Every decoding behaviour swift-corelibs-foundation's suite exercises
// (Tests/Foundation/TestJSONEncoder.swift), as a learning test of Jolt's: the same input through
// Foundation's JSONDecoder and JoltDecoder on every backend, with the same outcome or a
// documented difference. Each test names the suite test(s) it covers; round trips encode with
// Foundation's JSONEncoder (`assertSuiteRoundTrip`). `test_childTypeDecoder` is in
// FoundationParityDynamicTypeTests; the encoder-only tests are not here.

import XCTest
import Foundation
@testable import Jolt

final class FoundationCorelibsSuiteDecodingTests: XCTestCase {

    /// test_encodingTopLevelFragments.
    func testTopLevelFragments() {
        assertSuiteRoundTrip(2, expectedJSON: "2")
        assertSuiteRoundTrip(false, expectedJSON: "false")
        assertSuiteRoundTrip(true, expectedJSON: "true")
        assertSuiteRoundTrip(Float(1), expectedJSON: "1")
        assertSuiteRoundTrip(Double(2), expectedJSON: "2")
        assertSuiteRoundTrip(Decimal(Double(Float.leastNormalMagnitude)),
                             expectedJSON: "0.000000000000000000000000000000000000011754943508222875648")
        assertSuiteRoundTrip("test", expectedJSON: #""test""#)
        assertSuiteRoundTrip(Int?.none, expectedJSON: "null")
    }

    /// test_encodingTopLevelSingleValue*, test_encodingTopLevelStructured*, the output formatting
    /// tests (their decoding halves: compact, pretty and sorted output reads back).
    func testTopLevelValues() {
        assertSuiteRoundTrip(CorelibsArrayWrapper(true))
        assertSuiteRoundTrip(CorelibsArrayWrapper(3141592653.0))
        assertSuiteRoundTrip(CorelibsObjectWrapper(0))
        let person = ParityPerson(name: "Johnny Appleseed", email: "appleseed@apple.com")
        assertSuiteRoundTrip(person)   // member order is the encoder's business
        assertSuiteRoundTrip(person) { $0.outputFormatting = .prettyPrinted }
        assertSuiteRoundTrip(CorelibsMapping(values: ["Apple": URL(string: "http://apple.com")!, "localhost": URL(string: "http://127.0.0.1")!]))
        let layouts: [JSONEncoder.OutputFormatting] = [[], .prettyPrinted, .sortedKeys, [.prettyPrinted, .sortedKeys]]
        for layout in layouts {
            assertSuiteRoundTrip([CorelibsDataType(), CorelibsDataType()]) { $0.outputFormatting = layout }
            assertSuiteRoundTrip([Int]()) { $0.outputFormatting = layout }
            assertSuiteRoundTrip([String: Int]()) { $0.outputFormatting = layout }
            assertSuiteRoundTrip(["2": "2", "25": "25", "7": "7"]) { $0.outputFormatting = layout }
        }
    }

    /// test_encodingDate*, in an array wrapper as the suite writes them.
    func testDates() {
        assertSuiteRoundTrip(CorelibsArrayWrapper(Date(timeIntervalSinceReferenceDate: 803_561_234.567_891_2)))
        assertSuiteRoundTrip(CorelibsArrayWrapper(Date(timeIntervalSince1970: 1000)), .dates(.secondsSince1970), expectedJSON: "[1000]") {
            $0.dateEncodingStrategy = .secondsSince1970
        }
        assertSuiteRoundTrip(CorelibsArrayWrapper(Date(timeIntervalSince1970: 1000)), .dates(.millisecondsSince1970), expectedJSON: "[1000000]") {
            $0.dateEncodingStrategy = .millisecondsSince1970
        }
        assertSuiteRoundTrip(CorelibsArrayWrapper(Date(timeIntervalSince1970: 1000)), .dates(.iso8601), expectedJSON: #"["1970-01-01T00:16:40Z"]"#) {
            $0.dateEncodingStrategy = .iso8601
        }
        #if FullFoundation
        let formatter = DateFormatter()
        formatter.dateStyle = .full
        formatter.timeStyle = .full
        assertSuiteRoundTrip(CorelibsArrayWrapper(Date(timeIntervalSince1970: 1000)), .dates(.formatted(formatter))) {
            $0.dateEncodingStrategy = .formatted(formatter)
        }
        #endif
        let timestamp = Date(timeIntervalSince1970: 1_700_000_000.5)
        assertParity(CorelibsArrayWrapper<Date>.self, "[42]", .dates(.custom({ _ in timestamp })), expect: .value(CorelibsArrayWrapper(timestamp)))
        assertParity(CorelibsArrayWrapper<Date>.self, "[{}]", .dates(.custom({ _ in timestamp })), expect: .value(CorelibsArrayWrapper(timestamp)))
    }

    /// test_encodingBase64Data, test_encodingCustomData, test_encodingCustomDataEmpty.
    func testData() {
        assertSuiteRoundTrip(CorelibsArrayWrapper(Data([0xDE, 0xAD, 0xBE, 0xEF])), expectedJSON: #"["3q2+7w=="]"#)
        assertParity(CorelibsArrayWrapper<Data>.self, "[42]", .data(.custom({ _ in Data() })), expect: .value(CorelibsArrayWrapper(Data())))
        assertParity(CorelibsArrayWrapper<Data>.self, "[{}]", .data(.custom({ _ in Data() })), expect: .value(CorelibsArrayWrapper(Data())))
    }

    /// test_encodingNonConformingFloatStrings, in an array wrapper.
    func testNonConformingFloats() {
        let strings = ParityOptions.floats(.convertFromString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN"))
        assertParity(CorelibsArrayWrapper<Float>.self, #"["INF"]"#, strings, expect: .value(CorelibsArrayWrapper(.infinity)))
        assertParity(CorelibsArrayWrapper<Float>.self, #"["-INF"]"#, strings, expect: .value(CorelibsArrayWrapper(-.infinity)))
        assertParity(CorelibsArrayWrapper<Double>.self, #"["INF"]"#, strings, expect: .value(CorelibsArrayWrapper(.infinity)))
        assertParity(CorelibsArrayWrapper<Double>.self, #"["-INF"]"#, strings, expect: .value(CorelibsArrayWrapper(-.infinity)))
        assertParity(CorelibsArrayWrapper<Double>.self, #"["NaN"]"#, strings, expect: .success, equal: { $0.value.isNaN && $1.value.isNaN })
        assertParity(CorelibsArrayWrapper<Float>.self, #"["NaN"]"#, strings, expect: .success, equal: { $0.value.isNaN && $1.value.isNaN })
        assertParity(CorelibsArrayWrapper<Double>.self, #"["nan"]"#, strings, expect: .failureOf(.typeMismatch, Double.self, at: [0]))
    }

    /// test_notFoundSuperDecoder: `superDecoder(forKey:)` for a missing key does not throw.
    func testSuperDecoderForAMissingKey() {
        assertParity(CorelibsNotFoundSuperDecoder.self, "{}", expect: .value(CorelibsNotFoundSuperDecoder(isNull: true, path: ["super"])))
        assertParity(CorelibsNotFoundSuperDecoder.self, #"{"super": 1}"#, expect: .value(CorelibsNotFoundSuperDecoder(isNull: false, path: ["super"])))
    }

    /// test_codingOfBool: no number is a Bool, no Bool is a number.
    func testCodingOfBool() {
        assertSuiteRoundTrip(CorelibsObjectWrapper(true), expectedJSON: #"{"value":true}"#)
        assertSuiteRoundTrip(CorelibsArrayWrapper(false), expectedJSON: "[false]")
        assertParity([Bool].self, "[1]", expect: .failureOf(.typeMismatch, Bool.self, at: [0]))
        let members: [(String, Any.Type)] = [
            ("intValue", Int.self), ("int8Value", Int8.self), ("int16Value", Int16.self), ("int32Value", Int32.self),
            ("int64Value", Int64.self), ("uintValue", UInt.self), ("uint8Value", UInt8.self), ("uint16Value", UInt16.self),
            ("uint32Value", UInt32.self), ("uint64Value", UInt64.self), ("floatValue", Float.self), ("doubleValue", Double.self),
            ("decimalValue", Decimal.self),
        ]
        for (name, type) in members {
            for literal in ["false", "true"] {
                assertParity(CorelibsFoo.self, "{ \"\(name)\": \(literal) }", expect: .failureOf(.typeMismatch, type, at: [ParityPathKey(stringLiteral: name)]))
            }
        }
        assertParity(CorelibsFoo.self, #"{ "boolValue": false }"#, expect: .value(CorelibsFoo(boolValue: false)))
        assertParity(CorelibsFoo.self, #"{ "boolValue": true }"#, expect: .value(CorelibsFoo(boolValue: true)))
    }

    /// test_codingOfNil, test_codingOfInt8 ... test_codingOfUInt, test_codingOfFloat,
    /// test_codingOfDouble, test_codingOfDecimal, test_codingOfString, test_codingOfURL.
    func testCodingOfEachType() {
        codingOf(Int?.none, "null")
        codingOf(Int8(-42), "-42")
        codingOf(UInt8(42), "42")
        codingOf(Int16(-30042), "-30042")
        codingOf(UInt16(30042), "30042")
        codingOf(Int32(-2000000042), "-2000000042")
        codingOf(UInt32(2000000042), "2000000042")
        codingOf(Int64(-9000000000000000042), "-9000000000000000042")
        codingOf(UInt64(9000000000000000042), "9000000000000000042")
        codingOf(Int(-9000000000000000042), "-9000000000000000042")
        codingOf(UInt(9000000000000000042), "9000000000000000042")
        codingOf(Float(1.5), "1.5")
        codingOf(Double(1.5), "1.5")
        codingOf(Decimal.pi, "3.14159265358979323846264338327950288419")
        codingOf("Hello, world!", #""Hello, world!""#)
        codingOf(URL(string: "https://swift.org")!, #""https:\/\/swift.org""#)
        assertParity(Float.self, "1e100", expect: .failureAt(.dataCorrupted, []), equal: sameFloat)
        assertParity(Double.self, "100e323", expect: .failureAt(.dataCorrupted, []), equal: sameFloat)
        assertParity(Decimal.self, "100e200", expect: .failureAt(.dataCorrupted, []))
    }

    /// test_codingOfUIntMinMax (the decoding half).
    func testIntegerExtremes() {
        assertParity(CorelibsMinMax.self, #"{"uint64Min":0,"uint64Max":18446744073709551615,"int64Min":-9223372036854775808,"int64Max":9223372036854775807}"#,
                     expect: .value(CorelibsMinMax()))
    }

    /// test_encodeDecodeNumericTypesBaseline: every integer width from an integer written as a float.
    func testNumericTypesBaseline() {
        let source = CorelibsNumericTypes(int8Value: -12, uint8Value: 34, int16Value: -5678, uint16Value: 9011, int32Value: -12141516,
                                          uint32Value: 17181920, int64Value: -21222324252627, intValue: -2829303132, uintValue: 33343536,
                                          uint64Value: 373839404142, floatValue: 1.234, doubleValue: 5.101520, decimalValue: Decimal(10))
        assertSuiteRoundTrip(source)
        let json = """
            {
                "int8Value": -12.0,
                "uint8Value": 34.0,
                "int16Value": -5678.0,
                "uint16Value": 9011.0,
                "int32Value": -12141516.0,
                "uint32Value": 17181920.0,
                "int64Value": -21222324252627.0,
                "intValue": -2829303132.0,
                "uintValue": 33343536.0,
                "uint64Value": 373839404142.0,
                "floatValue": 1.234,
                "doubleValue": 5.101520,
                "decimalValue": 10.0
            }
            """
        assertParity(CorelibsNumericTypes.self, json, expect: .value(source))
    }

    /// test_numericLimits: the good values decode, the bad ones fail (out of range: Foundation
    /// at the container's path, Jolt at the member's, the documented difference), the invalid
    /// numbers are syntax errors in both.
    func testNumericLimits() {
        let good = [
            ("Int8", "0"), ("Int8", "1"), ("Int8", "-1"), ("Int8", "-128"), ("Int8", "127"),
            ("UInt8", "0"), ("UInt8", "1"), ("UInt8", "255"), ("UInt8", "-0"),
            ("Int16", "0"), ("Int16", "1"), ("Int16", "-1"), ("Int16", "-32768"), ("Int16", "32767"),
            ("UInt16", "0"), ("UInt16", "1"), ("UInt16", "65535"), ("UInt16", "34.0"),
            ("Int32", "0"), ("Int32", "1"), ("Int32", "-1"), ("Int32", "-2147483648"), ("Int32", "2147483647"),
            ("UInt32", "0"), ("UInt32", "1"), ("UInt32", "4294967295"),
            ("Int64", "0"), ("Int64", "1"), ("Int64", "-1"), ("Int64", "-9223372036854775808"), ("Int64", "9223372036854775807"),
            ("UInt64", "0"), ("UInt64", "1"), ("UInt64", "18446744073709551615"),
            ("Double", "0"), ("Double", "1"), ("Double", "-1"), ("Double", "2.2250738585072014e-308"), ("Double", "1.7976931348623157e+308"),
            ("Double", "5e-324"), ("Double", "3.141592653589793"),
            ("Decimal", "1.2"), ("Decimal", "3.14159265358979323846264338327950288419"),
            ("Int", "0"), ("Int", "1"), ("Int", "-1"), ("Int", "-9223372036854775808"), ("Int", "9223372036854775807"),
            ("UInt", "0"), ("UInt", "1"), ("UInt", "18446744073709551615"),
        ]
        for (type, value) in good {
            let key = type.lowercased() + "Value"
            assertParity(CorelibsLimits.self, "{ \"\(key)\": \(value) }", expect: .success)
        }
        // Decimals beyond Decimal's range: whatever Foundation does, Jolt does.
        let huge = "3402823669209384634633746074317682114550000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        assertParity(CorelibsLimits.self, #"{ "decimalValue": \#(huge) }"#)
        assertParity(CorelibsLimits.self, #"{ "decimalValue": -\#(huge) }"#)
        let bad = [
            ("Int8", "-129"), ("Int8", "128"), ("Int8", "1.2"), ("UInt8", "-1"), ("UInt8", "256"),
            ("Int16", "-32769"), ("Int16", "32768"), ("UInt16", "-1"), ("UInt16", "65536"),
            ("Int32", "-2147483649"), ("Int32", "2147483648"), ("UInt32", "-1"), ("UInt32", "4294967296"),
            ("Int64", "9223372036854775808"), ("Int64", "-100000000000000000000"),
            ("UInt64", "-1"), ("UInt64", "18446744073709600000"), ("Int64", "10000000000000000000000000000000000000"),
        ]
        for (type, value) in bad {
            let key = type.lowercased() + "Value"
            assertParity(CorelibsLimits.self, "{ \"\(key)\": \(value) }", expect: .failureAt(.dataCorrupted, []),
                         jolt: .pathOfValue([ParityPathKey(stringLiteral: key)]))
        }
        for (type, value) in [("Int8", "0000000000000000000000000000001"), ("Double", "-.1"), ("Int32", "+1"), ("Int", ".012")] {
            let key = type.lowercased() + "Value"
            assertParity(CorelibsLimits.self, "{ \"\(key)\": \(value) }", expect: .failureAt(.dataCorrupted, []))
        }
    }

    /// test_snake_case_encoding (the decoding half), test_dictionary_snake_case_decoding.
    func testSnakeCase() {
        let value = CorelibsSnakeData(thisIsAString: "Hello", thisIsABool: true, thisIsAnInt: 1, thisIsAnInt8: 2, thisIsAnInt16: 3,
                                      thisIsAnInt32: 4, thisIsAnInt64: 5, thisIsAUint: 6, thisIsAUint8: 7, thisIsAUint16: 8,
                                      thisIsAUint32: 9, thisIsAUint64: 10, thisIsAFloat: 11, thisIsADouble: 12,
                                      thisIsADate: Date(timeIntervalSince1970: 0), thisIsAnArray: [1, 2, 3],
                                      thisIsADictionary: ["trueValue": true, "falseValue": false])
        var options = ParityOptions.keys(.convertFromSnakeCase)
        options.dates = .iso8601
        assertSuiteRoundTrip(value, options) {
            $0.keyEncodingStrategy = .convertToSnakeCase
            $0.dateEncodingStrategy = .iso8601
        }
        assertParity([String: [String: Int]].self, #"{"snake_case_key": {"nested_dictionary": 1}}"#, .keys(.convertFromSnakeCase),
                     expect: .value(["snake_case_key": ["nested_dictionary": 1]]))
    }

    private func codingOf<T: Codable & Equatable>(_ value: T, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        assertSuiteRoundTrip(CorelibsObjectWrapper(value), expectedJSON: "{\"value\":\(text)}", file: file, line: line)
        assertSuiteRoundTrip(CorelibsArrayWrapper(value), expectedJSON: "[\(text)]", file: file, line: line)
    }
}

// MARK: - The suite's types

/// `TopLevelObjectWrapper`: `{"value": T}`.
private struct CorelibsObjectWrapper<T: Codable & Equatable>: Codable, Equatable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// `TopLevelArrayWrapper`: `[T]`, through an unkeyed container.
private struct CorelibsArrayWrapper<T: Codable & Equatable>: Codable, Equatable {
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

/// `Mapping`: a dictionary of URLs through a single-value container.
private struct CorelibsMapping: Codable, Equatable {
    let values: [String: URL]
    init(values: [String: URL]) { self.values = values }
    init(from decoder: any Decoder) throws { values = try decoder.singleValueContainer().decode([String: URL].self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}

/// test_encodingOutputFormattingPrettyPrinted's `DataType`, made decodable.
private struct CorelibsDataType: Codable, Equatable {
    var array = [1, 2, 3]
    var dictionary: [String: Int] = [:]
    var emptyAray: [Int] = []
    var secondArray: [Int] = [4, 5, 6]
    var secondDictionary: [String: Int] = ["one": 1, "two": 2, "three": 3]
    var singleElement: [Int] = [1]
    var subArray: [String: [Int]] = ["array": []]
    var subDictionary: [String: [String: Int]] = ["dictionary": [:]]
}

private struct CorelibsNotFoundSuperDecoder: Decodable, Equatable {
    var isNull: Bool
    var path: [String]
    private enum CodingKeys: String, CodingKey { case superDecoder = "super" }
    init(isNull: Bool, path: [String]) { self.isNull = isNull; self.path = path }
    init(from decoder: any Decoder) throws {
        let sup = try decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .superDecoder)
        isNull = try sup.singleValueContainer().decodeNil()
        path = sup.codingPath.map(\.stringValue)
    }
}

/// test_codingOfBool's `Foo`.
private struct CorelibsFoo: Decodable, Equatable {
    var intValue: Int?, int8Value: Int8?, int16Value: Int16?, int32Value: Int32?, int64Value: Int64?
    var uintValue: UInt?, uint8Value: UInt8?, uint16Value: UInt16?, uint32Value: UInt32?, uint64Value: UInt64?
    var floatValue: Float?, doubleValue: Double?, decimalValue: Decimal?
    let boolValue: Bool
    init(boolValue: Bool) { self.boolValue = boolValue }
}

private struct CorelibsMinMax: Codable, Equatable {
    var int64Min = Int64.min
    var int64Max = Int64.max
    var uint64Min = UInt64.min
    var uint64Max = UInt64.max
}

private struct CorelibsNumericTypes: Codable, Equatable {
    let int8Value: Int8, uint8Value: UInt8, int16Value: Int16, uint16Value: UInt16, int32Value: Int32, uint32Value: UInt32
    let int64Value: Int64, intValue: Int, uintValue: UInt, uint64Value: UInt64, floatValue: Float, doubleValue: Double
    let decimalValue: Decimal
}

/// test_numericLimits's `DataStruct`.
private struct CorelibsLimits: Codable, Equatable {
    let int8Value: Int8?, uint8Value: UInt8?, int16Value: Int16?, uint16Value: UInt16?, int32Value: Int32?, uint32Value: UInt32?
    let int64Value: Int64?, intValue: Int?, uintValue: UInt?, uint64Value: UInt64?, floatValue: Float?, doubleValue: Double?
    let decimalValue: Decimal?
}

/// test_snake_case_encoding's `MyTestData`.
private struct CorelibsSnakeData: Codable, Equatable {
    let thisIsAString: String
    let thisIsABool: Bool
    let thisIsAnInt: Int
    let thisIsAnInt8: Int8
    let thisIsAnInt16: Int16
    let thisIsAnInt32: Int32
    let thisIsAnInt64: Int64
    let thisIsAUint: UInt
    let thisIsAUint8: UInt8
    let thisIsAUint16: UInt16
    let thisIsAUint32: UInt32
    let thisIsAUint64: UInt64
    let thisIsAFloat: Float
    let thisIsADouble: Double
    let thisIsADate: Date
    let thisIsAnArray: [Int]
    let thisIsADictionary: [String: Bool]
}
