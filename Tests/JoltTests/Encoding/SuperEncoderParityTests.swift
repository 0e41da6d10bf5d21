// Super encoders against Foundation's JSONEncoder, byte for byte (see
// EncoderParityHarness): used at once, used after their container went on
// (Foundation writes a super encoder's value when the encoder is released),
// unused, with key strategies, and their coding paths.
//
// Jolt writes in one pass, so a super encoder used late makes the value be
// encoded again in merge mode, which writes the late value in the super
// encoder's place: Foundation's bytes, with Jolt-only options too.

import XCTest
import Foundation
@testable import Jolt

/// swift-foundation's `test_superEncoders`: two keyed super encoders made
/// before either is used, and two unkeyed ones made before the array goes on.
private struct SuperEncoding: Encodable {
    enum CodingKeys: String, CodingKey { case firstSuper, secondSuper, unkeyed }
    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        let keyedSuper1 = keyed.superEncoder(forKey: .firstSuper)
        let keyedSuper2 = keyed.superEncoder(forKey: .secondSuper)
        var keyedSVC1 = keyedSuper1.singleValueContainer()
        var keyedSVC2 = keyedSuper2.singleValueContainer()
        try keyedSVC1.encode("First")
        try keyedSVC2.encode("Second")

        var unkeyed = keyed.nestedUnkeyedContainer(forKey: .unkeyed)
        try unkeyed.encode(0)
        let unkeyedSuper1 = unkeyed.superEncoder()
        let unkeyedSuper2 = unkeyed.superEncoder()
        try unkeyed.encode(42)
        var unkeyedSVC1 = unkeyedSuper1.singleValueContainer()
        var unkeyedSVC2 = unkeyedSuper2.singleValueContainer()
        try unkeyedSVC1.encode("First")
        try unkeyedSVC2.encode("Second")
    }
}

/// What a late super encoder receives.
private enum LateUse: CaseIterable {
    case string, int, double, date, data, url, nested, keyedContainer, unkeyedContainer, nothing
}

private func writeLate(_ use: LateUse, into encoder: any Encoder) throws {
    switch use {
    case .string:
        var c = encoder.singleValueContainer()
        try c.encode("late")
    case .int:
        var c = encoder.singleValueContainer()
        try c.encode(7)
    case .double:
        var c = encoder.singleValueContainer()
        try c.encode(2.5)
    case .date:
        var c = encoder.singleValueContainer()
        try c.encode(Date(timeIntervalSince1970: 1000))
    case .data:
        var c = encoder.singleValueContainer()
        try c.encode(Data([1, 2, 255]))
    case .url:
        var c = encoder.singleValueContainer()
        try c.encode(URL(string: "https://example.com/a")!)
    case .nested:
        var c = encoder.singleValueContainer()
        try c.encode(Address())
    case .keyedContainer:
        var c = encoder.container(keyedBy: SuperKeys.self)
        try c.encode(1, forKey: .innerValue)
    case .unkeyedContainer:
        var c = encoder.unkeyedContainer()
        try c.encode(1)
        try c.encode("two")
    case .nothing:
        break
    }
}

private enum SuperKeys: String, CodingKey { case first, camelCaseKey, innerValue, after, list }

private struct Address: Codable, Equatable {
    var streetName = "Main St"
    var zipCode = 12345
}

/// `superEncoder(forKey:)`, then another member, then the super encoder.
private struct KeyedLate: Encodable {
    let use: LateUse
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SuperKeys.self)
        let sup = c.superEncoder(forKey: .camelCaseKey)
        try c.encode(1, forKey: .after)
        try writeLate(use, into: sup)
    }
}

/// `superEncoder()` (the key "super"), then another member, then the super encoder.
private struct KeyedDefaultLate: Encodable {
    let use: LateUse
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SuperKeys.self)
        let sup = c.superEncoder()
        try c.encode("x", forKey: .first)
        try writeLate(use, into: sup)
    }
}

/// An unkeyed `superEncoder()`, then another element, then the super encoder:
/// Foundation inserts its value where the array stood when it was made.
private struct UnkeyedLate: Encodable {
    let use: LateUse
    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(0)
        let sup = c.superEncoder()
        try c.encode(42)
        try writeLate(use, into: sup)
    }
}

/// Two super encoders used in the reverse order of their making.
private struct ReversedSupers: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SuperKeys.self)
        let first = c.superEncoder(forKey: .first)
        let second = c.superEncoder(forKey: .after)
        var s2 = second.singleValueContainer()
        try s2.encode(2)
        var s1 = first.singleValueContainer()
        try s1.encode(1)
    }
}

/// A super encoder used late, deep inside other values.
private struct DeepLate: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SuperKeys.self)
        var list = c.nestedUnkeyedContainer(forKey: .list)
        for i in 0..<3 {
            try list.encode(KeyedLate(use: i == 1 ? .string : .nothing))
        }
        try c.encode(UnkeyedLate(use: .int), forKey: .after)
    }
}

/// A super encoder made last and never used, at the top level and nested.
private struct TrailingUnusedSuper: Encodable {
    let keyed: Bool
    func encode(to encoder: any Encoder) throws {
        if keyed {
            var c = encoder.container(keyedBy: SuperKeys.self)
            try c.encode(1, forKey: .first)
            _ = c.superEncoder(forKey: .after)
        } else {
            var c = encoder.unkeyedContainer()
            try c.encode(1)
            _ = c.superEncoder()
        }
    }
}

/// swift-foundation's `testRedundantKeys`: the last value for a key wins,
/// written through a super encoder or not.
private struct RedundantEncoding: Encodable {
    enum ReplacedType: CaseIterable { case value, keyedContainer, unkeyedContainer }
    let replacedType: ReplacedType
    let useSuperEncoder: Bool
    enum CodingKeys: String, CodingKey { case key }
    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        switch replacedType {
        case .value: try keyed.encode(0, forKey: .key)
        case .keyedContainer: _ = keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
        case .unkeyedContainer: _ = keyed.nestedUnkeyedContainer(forKey: .key)
        }
        if useSuperEncoder {
            var svc = keyed.superEncoder(forKey: .key).singleValueContainer()
            try svc.encode(42)
        } else {
            try keyed.encode(42, forKey: .key)
        }
    }
}

/// swift-foundation's `testEncoderStateThrowOnEncode` family: a super encoder
/// with a container on it, whose value throws.
private struct ReferencingEncoderWrapper<T: Encodable>: Encodable {
    let value: T
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        let superEncoder = container.superEncoder()
        var nestedContainer = superEncoder.unkeyedContainer()
        try nestedContainer.encode(value)
    }
}

private enum CustomError: Error { case foo }

/// The coding paths every encoder and container reports, in order: swift-
/// foundation's `NestedContainersTestType`, recorded instead of asserted so
/// that Foundation's and Jolt's can be compared.
private final class PathLog: @unchecked Sendable {
    var entries: [String] = []
    func add(_ label: String, _ path: [any CodingKey]) {
        entries.append(label + ": " + path.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }.joined(separator: ","))
    }
}

private struct NestedContainersPaths: Encodable {
    let testSuperEncoder: Bool
    let log: PathLog
    enum TopLevelCodingKeys: Int, CodingKey { case a, b, c }
    enum IntermediateCodingKeys: Int, CodingKey { case one, two }

    func encode(to encoder: any Encoder) throws {
        if testSuperEncoder {
            var top = encoder.container(keyedBy: TopLevelCodingKeys.self)
            log.add("encoder", encoder.codingPath)
            log.add("top", top.codingPath)
            let sup = top.superEncoder(forKey: .a)
            log.add("encoder", encoder.codingPath)
            log.add("top", top.codingPath)
            log.add("super", sup.codingPath)
            nested(in: sup)
        } else {
            nested(in: encoder)
        }
    }

    func nested(in encoder: any Encoder) {
        var first = encoder.container(keyedBy: TopLevelCodingKeys.self)
        log.add("first", first.codingPath)
        do {
            var second = first.nestedContainer(keyedBy: IntermediateCodingKeys.self, forKey: .a)
            log.add("second", second.codingPath)
            let thirdKeyed = second.nestedContainer(keyedBy: IntermediateCodingKeys.self, forKey: .one)
            log.add("thirdKeyed", thirdKeyed.codingPath)
            let thirdUnkeyed = second.nestedUnkeyedContainer(forKey: .two)
            log.add("thirdUnkeyed", thirdUnkeyed.codingPath)
            log.add("encoder", encoder.codingPath)
            log.add("first", first.codingPath)
            log.add("second", second.codingPath)
        }
        do {
            var second = first.nestedUnkeyedContainer(forKey: .b)
            log.add("secondUnkeyed", second.codingPath)
            let thirdKeyed = second.nestedContainer(keyedBy: IntermediateCodingKeys.self)
            log.add("thirdKeyed", thirdKeyed.codingPath)
            let thirdUnkeyed = second.nestedUnkeyedContainer()
            log.add("thirdUnkeyed", thirdUnkeyed.codingPath)
            log.add("secondUnkeyed", second.codingPath)
            let sup = second.superEncoder()
            log.add("unkeyedSuper", sup.codingPath)
        }
    }
}

final class SuperEncoderParityTests: XCTestCase {
    /// swift-foundation's test_superEncoders: Foundation's bytes (and its
    /// documented element order, which follows the super encoders' release).
    func testFoundationSuperEncodersTest() throws {
        assertEncodeParity(SuperEncoding(), "test_superEncoders")
        let string = String(decoding: try JoltEncoder().encode(SuperEncoding()), as: UTF8.self)
        XCTAssertTrue(string.contains("\"firstSuper\":\"First\""), string)
        XCTAssertTrue(string.contains("\"secondSuper\":\"Second\""), string)
        XCTAssertTrue(string.contains("[0,\"First\",\"Second\",42]"), string)
    }

    /// A keyed super encoder (`forKey:` and the default "super" key) and an
    /// unkeyed one, used after their container went on, with every kind of
    /// value: Foundation's bytes in every layout.
    func testSuperEncoderUsedLate() {
        for use in LateUse.allCases {
            assertEncodeParity(KeyedLate(use: use), "keyed late \(use)")
            assertEncodeParity(KeyedDefaultLate(use: use), "keyed default late \(use)")
            assertEncodeParity(UnkeyedLate(use: use), "unkeyed late \(use)")
            assertEncodeParity([KeyedLate(use: use)], "keyed late \(use) in an array")
            assertEncodeParity(["k": UnkeyedLate(use: use)], "unkeyed late \(use) in a dictionary")
        }
        assertEncodeParity(ReversedSupers(), "reversed super encoders")
        assertEncodeParity(DeepLate(), "late super encoders deep inside")
    }

    /// Late super encoders with the key strategies (the super encoder's key is
    /// converted as Foundation converts it) and the other strategies.
    func testSuperEncoderUsedLateWithStrategies() {
        let custom: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            AnyKey("\(path.count):" + path.last!.stringValue)
        }
        for use in [LateUse.string, .date, .data, .nested, .keyedContainer] {
            for value in [KeyedLate(use: use), KeyedDefaultLate(use: use)] as [any Encodable] {
                func check<T: Encodable>(_ value: T) {
                    assertEncodeParity(value, "snake \(use)", foundation: { $0.keyEncodingStrategy = .convertToSnakeCase },
                                       jolt: { $0.keyEncodingStrategy = .convertToSnakeCase })
                    assertEncodeParity(value, "custom keys \(use)", foundation: { $0.keyEncodingStrategy = .custom(custom) },
                                       jolt: { $0.keyEncodingStrategy = .custom(custom) })
                    assertEncodeParity(value, "dates and data \(use)", extraFormatting: .withoutEscapingSlashes,
                                       foundation: { $0.dateEncodingStrategy = .iso8601; $0.dataEncodingStrategy = .deferredToData },
                                       jolt: { $0.dateEncodingStrategy = .iso8601; $0.dataEncodingStrategy = .deferredToData })
                }
                check(value)
            }
        }
    }

    /// Streamed elements that use a super encoder late are written with
    /// Foundation's bytes too (each such element is encoded again), and the
    /// stream equals the array encoded at once.
    func testSuperEncoderUsedLateInAStream() throws {
        let values = (0..<20).map { KeyedLate(use: $0 % 3 == 0 ? .string : .nothing) }
        for formatting: JoltEncoder.OutputFormatting in [[.sortedKeys], [.prettyPrinted, .sortedKeys]] {
            let encoder = JoltEncoder()
            encoder.outputFormatting = formatting
            var streamed: [UInt8] = []
            try encoder.encode(values, as: .jsonArray, flushThreshold: 64) { streamed += $0 }
            let foundation = JSONEncoder()
            foundation.outputFormatting = JSONEncoder.OutputFormatting(rawValue: formatting.rawValue)
            XCTAssertEqual(String(decoding: streamed, as: UTF8.self), String(decoding: try foundation.encode(values), as: UTF8.self))
        }
    }

    /// Super encoders used at once (the superclass pattern), unused, and made
    /// last: written in one pass, Foundation's bytes.
    func testSuperEncoderUsedInOrderOrNever() throws {
        assertEncodeParity(TrailingUnusedSuper(keyed: true), "trailing unused keyed super encoder")
        assertEncodeParity(TrailingUnusedSuper(keyed: false), "trailing unused unkeyed super encoder")
        assertEncodeParity([TrailingUnusedSuper(keyed: true), TrailingUnusedSuper(keyed: false)], "trailing unused, nested")
        for use in LateUse.allCases {
            struct AtOnce: Encodable {
                let use: LateUse
                func encode(to encoder: any Encoder) throws {
                    var c = encoder.container(keyedBy: SuperKeys.self)
                    try writeLate(use, into: c.superEncoder(forKey: .first))
                    try writeLate(use, into: c.superEncoder())
                    var list = c.nestedUnkeyedContainer(forKey: .list)
                    try writeLate(use, into: list.superEncoder())
                    try list.encode(9)
                }
            }
            assertEncodeParity(AtOnce(use: use), "super encoders used at once, \(use)")
        }
        // Written in one pass: no second pass was needed.
        let core = EncodingCore(options: EncoderOptions())
        try core.encodeTopLevel(TrailingUnusedSuper(keyed: true))
        XCTAssertFalse(core.usedContainersOutOfOrder)
    }

    /// swift-foundation's testRedundantKeys: `{"key":42}` in every case.
    func testRedundantKeys() throws {
        for replaced in RedundantEncoding.ReplacedType.allCases {
            for useSuper in [false, true] {
                let value = RedundantEncoding(replacedType: replaced, useSuperEncoder: useSuper)
                XCTAssertEqual(String(decoding: try JoltEncoder().encode(value), as: UTF8.self), #"{"key":42}"#, "\(replaced) \(useSuper)")
                assertEncodeParity(value, "redundant \(replaced) super \(useSuper)")
            }
        }
    }

    /// swift-foundation's testEncoderStateThrowOnEncode and its custom Date and
    /// Data variants: the same error (case and coding path) as Foundation.
    func testEncoderStateThrowOnEncode() {
        assertEncodeParity(ReferencingEncoderWrapper(value: [Float.infinity]), "throw under a super encoder")
        let throwing: @Sendable (Date, any Encoder) throws -> Void = { _, encoder in
            _ = encoder.unkeyedContainer()
            throw CustomError.foo
        }
        assertEncodeParity(ReferencingEncoderWrapper(value: Date()), "custom date throws under a super encoder",
                           foundation: { $0.dateEncodingStrategy = .custom(throwing) }, jolt: { $0.dateEncodingStrategy = .custom(throwing) })
        let throwingData: @Sendable (Data, any Encoder) throws -> Void = { _, encoder in
            _ = encoder.unkeyedContainer()
            throw CustomError.foo
        }
        assertEncodeParity(ReferencingEncoderWrapper(value: Data()), "custom data throws under a super encoder",
                           foundation: { $0.dataEncodingStrategy = .custom(throwingData) }, jolt: { $0.dataEncodingStrategy = .custom(throwingData) })
        XCTAssertThrowsError(try JoltEncoder().encode(ReferencingEncoderWrapper(value: [Float.infinity]))) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["Index 0", "Index 0", "Index 0"])
        }
    }

    /// swift-foundation's testNestedContainerCodingPaths and
    /// testSuperEncoderCodingPaths: every coding path the same as Foundation's.
    /// That includes Foundation's rule for what is encoded *inside* a nested
    /// container (a value's encoder, a super encoder, the error for a
    /// non-conforming float): its path is the path of the encoder that made the
    /// outermost container plus its own key, without the keys of the nested
    /// containers in between: `["Index 2"]`, not `["b", "Index 2"]`, for the
    /// super encoder of the array at key "b".
    func testCodingPaths() throws {
        for superEncoder in [false, true] {
            let foundationLog = PathLog(), joltLog = PathLog()
            _ = try JSONEncoder().encode(NestedContainersPaths(testSuperEncoder: superEncoder, log: foundationLog))
            _ = try JoltEncoder().encode(NestedContainersPaths(testSuperEncoder: superEncoder, log: joltLog))
            XCTAssertEqual(joltLog.entries, foundationLog.entries, "super encoder: \(superEncoder)")
            XCTAssertGreaterThan(joltLog.entries.count, 10)
            let base = superEncoder ? "a/0," : ""
            XCTAssertEqual(joltLog.entries.filter { $0.hasPrefix("unkeyedSuper:") }, ["unkeyedSuper: \(base)Index 2/2"])
        }
    }

    /// Late super encoders with Jolt-only options: Foundation's bytes with the
    /// Foundation options that write the same (a custom key strategy for the
    /// kebab-case keys and the key mapping; the key path separator and
    /// `.writeNull` change nothing here).
    func testLateSuperEncoderWithJoltOnlyOptions() {
        @Sendable func kebab(_ key: String) -> String {
            key.reduce(into: "") { out, c in
                if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
            }
        }
        let configurations: [(String, (JSONEncoder) -> Void, (JoltEncoder) -> Void)] = [
            ("keyPathSeparator", { _ in }, { $0.keyPathSeparator = "." }),
            ("nilEncodingStrategy", { _ in }, { $0.nilEncodingStrategy = .writeNull }),
            ("kebab keys", { $0.keyEncodingStrategy = .custom { AnyKey(kebab($0.last!.stringValue)) } },
             { $0.keyEncodingStrategy = .convertToKebabCase }),
            ("key mappings", { $0.keyEncodingStrategy = .custom { $0.last!.stringValue == "zipCode" ? AnyKey("zip") : $0.last! } },
             { $0.keyMappings = KeyMappings().for(Address.self, ["zipCode": ["zip"]]) }),
        ]
        for (label, foundation, jolt) in configurations {
            for use in LateUse.allCases {
                assertEncodeParity(KeyedLate(use: use), "\(label): keyed late \(use)", foundation: foundation, jolt: jolt)
                assertEncodeParity(KeyedDefaultLate(use: use), "\(label): keyed default late \(use)", foundation: foundation, jolt: jolt)
                assertEncodeParity(UnkeyedLate(use: use), "\(label): unkeyed late \(use)", foundation: foundation, jolt: jolt)
            }
            assertEncodeParity(SuperEncoding(), "\(label): test_superEncoders", foundation: foundation, jolt: jolt)
            assertEncodeParity(ReversedSupers(), "\(label): reversed super encoders", foundation: foundation, jolt: jolt)
            assertEncodeParity(DeepLate(), "\(label): late super encoders deep inside", foundation: foundation, jolt: jolt)
            assertEncodeParity(TrailingUnusedSuper(keyed: true), "\(label): trailing unused", foundation: foundation, jolt: jolt)
        }
    }

    /// A super encoder given two values: Foundation stops the process
    /// (precondition); Jolt throws EncodingError.invalidValue.
    func testSecondValueThroughOneSuperEncoderThrows() {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: SuperKeys.self)
                var single = c.superEncoder(forKey: .first).singleValueContainer()
                try single.encode(1)
                try single.encode(2)
            }
        }
        XCTAssertThrowsError(try JoltEncoder().encode(Twice())) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["first"])
        }
    }
}
