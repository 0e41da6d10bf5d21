// Learning tests: JoltEncoder against Foundation's JSONEncoder on this platform,
// byte for byte (see EncoderParityHarness), each case in four layouts.

import XCTest
import Foundation
@testable import Jolt

/// One parity case: a value and the same configuration applied to both encoders.
struct EncoderParityCase {
    let label: String
    let value: any Encodable
    var foundation: (JSONEncoder) -> Void = { _ in }
    var jolt: (JoltEncoder) -> Void = { _ in }
}

enum EncoderParityCases {
    static var scalars: [EncoderParityCase] {
        [
            .init(label: "Int 0", value: 0),
            .init(label: "Int -1", value: -1),
            .init(label: "Int.max", value: Int.max),
            .init(label: "Int.min", value: Int.min),
            .init(label: "Int8.min", value: Int8.min),
            .init(label: "Int16.max", value: Int16.max),
            .init(label: "Int32.min", value: Int32.min),
            .init(label: "UInt64.max", value: UInt64.max),
            .init(label: "UInt8", value: UInt8(200)),
            .init(label: "true", value: true),
            .init(label: "false", value: false),
            .init(label: "nil", value: Int?.none),
            .init(label: "Optional some", value: Int?.some(5)),
            .init(label: "empty string", value: ""),
            .init(label: "Decimal 12.3400", value: Decimal(string: "12.3400")!),
            .init(label: "Decimal tiny", value: Decimal(string: "-0.000001")!),
            .init(label: "Decimal huge", value: Decimal(string: "1e30")!),
            .init(label: "Decimal array", value: [Decimal(1), Decimal(string: "3.14159")!, Decimal(string: "-2")!]),
            .init(label: "URL", value: URL(string: "https://example.com/a/b?c=d&e=%20#frag")!),
            .init(label: "relative URL", value: URL(string: "path/file", relativeTo: URL(string: "https://h.org/base/"))!),
            .init(label: "Int128", value: [Int128.max, Int128.min]),
            .init(label: "UInt128", value: UInt128.max),
            .init(label: "enum raw", value: [Color.red, .green]),
        ]
    }

    static var strings: [EncoderParityCase] {
        let controls = String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) })
        return [
            .init(label: "slashes", value: "a/b//c"),
            .init(label: "slashes unescaped", value: "a/b//c", foundation: { $0.outputFormatting.insert(.withoutEscapingSlashes) },
                  jolt: { $0.outputFormatting.insert(.withoutEscapingSlashes) }),
            .init(label: "quotes and backslashes", value: #"say "hi" \ bye \\"#),
            .init(label: "control characters", value: controls),
            .init(label: "DEL and C1", value: "\u{7F}\u{80}\u{9F}"),
            .init(label: "line separators", value: "a\u{2028}b\u{2029}c"),
            .init(label: "non-ASCII", value: "héllo wörld 名前 Ελληνικά"),
            .init(label: "emoji", value: "👍🏽👨‍👩‍👧 🇳🇴"),
            .init(label: "combining", value: "e\u{301} n\u{303}"),
            .init(label: "BOM and NUL", value: "\u{FEFF}x\u{0}y"),
            .init(label: "long plain", value: String(repeating: "abcdefghij", count: 200)),
            .init(label: "long escaped", value: String(repeating: "ab\"c/\n", count: 100)),
            .init(label: "string array", value: ["", "a", "/", "\t", "é"]),
            .init(label: "escape-heavy keys", value: ["a\"b": 1, "a/b": 2, "line\nbreak": 3, "tab\t": 4, "\u{1}": 5, "é": 6, "": 7]),
            .init(label: "keys ordered by bytes", value: ["b": 1, "a": 2, "B": 3, "_": 4, "aa": 5, "é": 6, "Z": 7, "10": 8, "9": 9, "a ": 10, "~": 11]),
            .init(label: "keys sorting across escapes", value: ["a\"": 1, "a!": 2, "a#": 3, "a\\": 4, "a[": 5, "a]": 6, "a/": 7, "a.": 8, "a0": 9]),
            .init(label: "control keys sorting", value: ["\u{1f}": 1, "\u{1}": 2, " ": 3, "\n": 4, "\t": 5]),
        ]
    }

    static var numbers: [EncoderParityCase] {
        let doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.5, 100, 1e15, 1e16, 1e17, 1e20, 1e21, 1e22, 1e100, 1.5e300,
            1e-5, 1e-4, 0.001, 1e-7, .leastNonzeroMagnitude, 2.2250738585072014e-308, 1.7976931348623157e308,
            // Integers past 2^53, rounded to the nearest Double as a literal would be.
            Double(123_456_789_012_345_678 as Int), Double(9_007_199_254_740_993 as Int), 0.1 + 0.2, 1 / 3.0, -2.5e-10, 12345.678, 4.35, 2.675,
            -65.61361694335938, 3.4028234663852886e38,
        ]
        let floats: [Float] = [0, -0.0, 3.14, 1e20, 1e-5, 100, 16_777_216, 0.1, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 1.0e7, 123456.7]
        var cases: [EncoderParityCase] = doubles.map { .init(label: "Double \($0)", value: $0) }
        cases += floats.map { .init(label: "Float \($0)", value: $0) }
        cases += [
            .init(label: "Double array", value: doubles),
            .init(label: "Float array", value: floats),
            .init(label: "Floats struct", value: Floats(d: 1e-9, f: 7.5, ds: [1e300, -0.0])),
            .init(label: "Float16", value: Float16(1.5)),
        ]
        return cases
    }

    static var nonConforming: [EncoderParityCase] {
        let convert: (JSONEncoder) -> Void = { $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+∞", negativeInfinity: "-inf", nan: "NaN/x") }
        let joltConvert: (JoltEncoder) -> Void = { $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+∞", negativeInfinity: "-inf", nan: "NaN/x") }
        let values: [any Encodable] = [
            Double.nan, Double.infinity, -Double.infinity, Float.nan, -Float.infinity,
            [1.0, .infinity], ["k": [Double.nan]], Floats(d: 1, f: .nan, ds: []), Floats(d: 1, f: 1, ds: [2, -.infinity]),
            [["a": Floats(d: .infinity, f: 0, ds: [])]],
        ]
        return values.enumerated().map { .init(label: "non-conforming throw \($0.offset)", value: $0.element) }
            + values.enumerated().map { .init(label: "non-conforming converted \($0.offset)", value: $0.element, foundation: convert, jolt: joltConvert) }
    }

    static var containers: [EncoderParityCase] {
        [
            .init(label: "empty array", value: [Int]()),
            .init(label: "empty dictionary", value: [String: Int]()),
            .init(label: "nested empty arrays", value: [[Int](), [], [1]]),
            .init(label: "nested empty objects", value: ["a": [String: [String: Int]](), "b": ["c": [:]]] as [String: [String: [String: Int]]]),
            .init(label: "empty containers", value: EmptyContainers()),
            .init(label: "all scalars", value: AllScalars()),
            .init(label: "optionals", value: Optionals()),
            .init(label: "nested optionals", value: Optionals(nested: [Optionals(present: nil)])),
            .init(label: "value encoding nothing, nested", value: HasEmpty()),
            .init(label: "value encoding nothing, top level", value: EmptyEncoding()),
            .init(label: "value encoding nothing in array", value: [EmptyEncoding()]),
            .init(label: "superEncoder", value: Dog()),
            .init(label: "shared container subclass", value: Cat()),
            .init(label: "superEncoder(forKey:)", value: SuperForKey()),
            .init(label: "unused superEncoder", value: UnusedSuperEncoder()),
            .init(label: "unkeyed superEncoder", value: UnkeyedSuper()),
            .init(label: "nested containers", value: NestedContainers()),
            .init(label: "single value wrapper", value: SingleValueWrapper(inner: AllScalars())),
            .init(label: "enum with payloads", value: [EncodedShape.circle(radius: 2), .rect(w: 1, h: 2), .none]),
            .init(label: "dictionary many keys", value: Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", $0) })),
            .init(label: "Int-keyed dictionary", value: [1: "a", 20: "b", 3: "c"]),
            .init(label: "enum-keyed dictionary", value: [DictKey.firstKey: 1, .secondKey: 2]),
            .init(label: "array of dictionaries", value: [["a": 1, "b": 2], [:], ["c": 3]]),
            .init(label: "dictionary of arrays", value: ["x": [1, 2], "y": [], "z": [3]]),
            .init(label: "tuple-like arrays", value: [[1, 2], [3, 4]]),
            .init(label: "deep nesting", value: Deep(level: 40)),
            .init(label: "coding paths", value: PathReporter()),
            
            .init(label: "runtime keys", value: KeyedBag(members: [("z", 1), ("a", 2), ("m", 3), ("A", 4)])),
            .init(label: "array of structs", value: [AllScalars(), AllScalars(b: false, s: "/")]),
            .init(label: "Set of one", value: Set([1])),
            .init(label: "bool array", value: [true, false]),
            .init(label: "nil array", value: [Int?.none, nil]),
            .init(label: "nested optionals array", value: [[Int?.none], [1]]),
        ]
    }

    static var strategies: [EncoderParityCase] {
        func date(_ f: JSONEncoder.DateEncodingStrategy, _ j: JoltEncoder.DateEncodingStrategy, _ label: String) -> EncoderParityCase {
            .init(label: "date \(label)", value: DatesAndData(), foundation: { $0.dateEncodingStrategy = f }, jolt: { $0.dateEncodingStrategy = j })
        }
        func data(_ f: JSONEncoder.DataEncodingStrategy, _ j: JoltEncoder.DataEncodingStrategy, _ label: String) -> EncoderParityCase {
            .init(label: "data \(label)", value: DatesAndData(), foundation: { $0.dataEncodingStrategy = f }, jolt: { $0.dataEncodingStrategy = j })
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd HH:mm:ss.SSS"
        let customKey: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            AnyKey(stringValue: "\(path.count)_" + path.last!.stringValue.uppercased())!
        }
        let userInfo: [CodingUserInfoKey: any Sendable] = [CodingUserInfoKey(rawValue: "flag")!: "set"]
        var cases: [EncoderParityCase] = [
            .init(label: "key default", value: Camel()),
            .init(label: "key snake", value: Camel(), foundation: { $0.keyEncodingStrategy = .convertToSnakeCase }, jolt: { $0.keyEncodingStrategy = .convertToSnakeCase }),
            .init(label: "key snake, tricky keys",
                  value: KeyedBag(members: [("URL", 1), ("myURLKey", 2), ("_oneTwo_", 3), ("a", 4), ("ABCdef", 5), ("aBC", 6),
                                            ("snake_Case", 7), ("ÜberCool", 8), ("x1Y2", 9), ("__", 10), ("", 11), ("aǅb", 12)]),
                  foundation: { $0.keyEncodingStrategy = .convertToSnakeCase }, jolt: { $0.keyEncodingStrategy = .convertToSnakeCase }),
            .init(label: "key snake, enum-keyed dictionary", value: [DictKey.firstKey: 1],
                  foundation: { $0.keyEncodingStrategy = .convertToSnakeCase }, jolt: { $0.keyEncodingStrategy = .convertToSnakeCase }),
            .init(label: "key snake, superEncoder", value: Dog(), foundation: { $0.keyEncodingStrategy = .convertToSnakeCase }, jolt: { $0.keyEncodingStrategy = .convertToSnakeCase }),
            .init(label: "key custom", value: Camel(), foundation: { $0.keyEncodingStrategy = .custom(customKey) }, jolt: { $0.keyEncodingStrategy = .custom(customKey) }),
            .init(label: "key custom, nested containers", value: NestedContainers(), foundation: { $0.keyEncodingStrategy = .custom(customKey) },
                  jolt: { $0.keyEncodingStrategy = .custom(customKey) }),
            .init(label: "key custom, dictionary", value: ["someKey": ["innerKey": 1]], foundation: { $0.keyEncodingStrategy = .custom(customKey) },
                  jolt: { $0.keyEncodingStrategy = .custom(customKey) }),
            date(.deferredToDate, .deferredToDate, "deferred"),
            date(.secondsSince1970, .secondsSince1970, "seconds"),
            date(.millisecondsSince1970, .millisecondsSince1970, "milliseconds"),
            date(.iso8601, .iso8601, "iso8601"),
            date(.custom({ d, e in var c = e.singleValueContainer(); try c.encode("d\(Int(d.timeIntervalSince1970))") }),
                 .custom({ d, e in var c = e.singleValueContainer(); try c.encode("d\(Int(d.timeIntervalSince1970))") }), "custom"),
            date(.custom({ _, _ in }), .custom({ _, _ in }), "custom encoding nothing"),
            date(.custom({ d, e in var c = e.unkeyedContainer(); try c.encode(1); try c.encode(d.timeIntervalSince1970) }),
                 .custom({ d, e in var c = e.unkeyedContainer(); try c.encode(1); try c.encode(d.timeIntervalSince1970) }), "custom array"),
            .init(label: "top-level date iso8601", value: Date(timeIntervalSince1970: 0), foundation: { $0.dateEncodingStrategy = .iso8601 }, jolt: { $0.dateEncodingStrategy = .iso8601 }),
            .init(label: "top-level date custom nothing", value: Date(timeIntervalSince1970: 0), foundation: { $0.dateEncodingStrategy = .custom({ _, _ in }) },
                  jolt: { $0.dateEncodingStrategy = .custom({ _, _ in }) }),
            .init(label: "top-level date deferred", value: Date(timeIntervalSinceReferenceDate: 12.5)),
            data(.deferredToData, .deferredToData, "deferred"),
            data(.base64, .base64, "base64"),
            data(.custom({ d, e in var c = e.singleValueContainer(); try c.encode(d.count) }), .custom({ d, e in var c = e.singleValueContainer(); try c.encode(d.count) }), "custom"),
            data(.custom({ _, _ in }), .custom({ _, _ in }), "custom encoding nothing"),
            .init(label: "base64 lengths", value: (0..<8).map { Data((0..<$0).map { UInt8(250 - $0) }) }),
            .init(label: "base64 slashes unescaped", value: Data([0xFF, 0xFF, 0xFF]), foundation: { $0.outputFormatting.insert(.withoutEscapingSlashes) },
                  jolt: { $0.outputFormatting.insert(.withoutEscapingSlashes) }),
            .init(label: "userInfo", value: EncUserInfoReader(), foundation: { $0.userInfo = userInfo }, jolt: { $0.userInfo = userInfo }),
            .init(label: "userInfo absent", value: EncUserInfoReader()),
        ]
        #if FullFoundation
        cases.append(date(.formatted(formatter), .formatted(formatter), "formatted"))
        #endif
        return cases
    }

    static var all: [EncoderParityCase] {
        scalars + strings + numbers + nonConforming + containers + strategies
    }
}

final class EncoderParityTests: XCTestCase {
    func run(_ cases: [EncoderParityCase], file: StaticString = #filePath, line: UInt = #line) {
        for c in cases {
            func check<T: Encodable>(_ value: T) {
                assertEncodeParity(value, c.label, foundation: c.foundation, jolt: c.jolt, file: file, line: line)
            }
            check(c.value)
        }
    }

    func testCaseCount() {
        // Each case is compared in four layouts (plain, pretty, sorted, both).
        XCTAssertGreaterThanOrEqual(EncoderParityCases.all.count, 100)
        print("EncoderParityTests: \(EncoderParityCases.all.count) cases, each in four layouts")
    }

    func testScalars() { run(EncoderParityCases.scalars) }
    func testStrings() { run(EncoderParityCases.strings) }
    func testNumbers() { run(EncoderParityCases.numbers) }
    func testNonConformingFloats() { run(EncoderParityCases.nonConforming) }
    func testContainers() { run(EncoderParityCases.containers) }
    func testStrategies() { run(EncoderParityCases.strategies) }

    /// Random bit patterns: every finite Double and Float spelled as Foundation spells it.
    func testRandomFloatingPoint() {
        var generator = SystemRandomNumberGenerator()
        var doubles: [Double] = []
        var floats: [Float] = []
        while doubles.count < 20_000 {
            let d = Double(bitPattern: generator.next())
            if d.isFinite { doubles.append(d) }
            let f = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            if f.isFinite { floats.append(f) }
        }
        doubles += (0..<2000).map { _ in Double.random(in: -1000...1000) }
        doubles += (0..<2000).map { _ in Double(Int.random(in: -1_000_000...1_000_000)) / 100 }
        assertEncodeParity(doubles, "random doubles", formattings: [[]])
        assertEncodeParity(floats, "random floats", formattings: [[]])
    }

    /// A key encoded twice into one object: Foundation keeps the last value, and
    /// so does Jolt (merged when the object closes).
    func testDuplicateKeysSorted() throws {
        assertEncodeParity(DuplicateKeys(), "duplicate keys", formattings: [[.sortedKeys], [.sortedKeys, .prettyPrinted]])
        let members = try JSONDecoder().decode([String: Int].self, from: try JoltEncoder().encode(DuplicateKeys()))
        XCTAssertEqual(members, ["a": 2, "b": 3])
        XCTAssertEqual(try JoltEncoder().encodeToBytes(DuplicateKeys()).count, #"{"a":2,"b":3}"#.utf8.count)
    }

    func testEncodeIntoBuffer() throws {
        let encoder = JoltEncoder()
        var buffer: [UInt8] = Array("prefix:".utf8)
        try encoder.encode(["a": 1], into: &buffer)
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), #"prefix:{"a":1}"#)
        XCTAssertEqual(try encoder.encodeToBytes([1, 2]), Array("[1,2]".utf8))
        // An error leaves the buffer as it was.
        XCTAssertThrowsError(try encoder.encode(Double.nan, into: &buffer))
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), #"prefix:{"a":1}"#)
    }

    func testErrorMessages() {
        let encoder = JoltEncoder()
        XCTAssertThrowsError(try encoder.encode(["k": [1.0, .nan]])) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.debugDescription, "Unable to encode Double.nan directly in JSON.")
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["k", "Index 1"])
        }
        XCTAssertThrowsError(try encoder.encode(EmptyEncoding())) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.debugDescription, "Top-level EmptyEncoding did not encode any values.")
        }
    }
}
