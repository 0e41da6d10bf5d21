// What one pass cannot write where it stands: keys sharing a key-path prefix
// encoded apart, a key written twice, a nested container asked for twice.
// JoltEncoder merges the repeats when the object closes (EncodingCore+Merge.swift);
// the output must be what Foundation writes (compared with `.sortedKeys`,
// Foundation's order being its dictionary's otherwise), whatever the
// formatting, also in streams, and each `encode(to:)` runs once.

import XCTest
import Foundation
@testable import Jolt

/// A value that encodes nothing (Foundation writes `{}` for it).
private struct Nothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

/// A scripted `encode(to:)`: keys repeat, nested containers are asked for again.
private indirect enum Op {
    case scalar(String, Int)
    case text(String, String)
    case nested(String, [Op])
    case value(String, Script)
    case array(String, [Int])
    case nothing(String)
}

/// Counts the runs of `Script.encode(to:)` of one encode (in `userInfo`).
private final class Runs: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "runs")!
    var count = 0
}

private struct Script: Encodable {
    var ops: [Op]

    func encode(to encoder: any Encoder) throws {
        (encoder.userInfo[Runs.key] as? Runs)?.count += 1
        var container = encoder.container(keyedBy: AnyKey.self)
        try Script.apply(ops, to: &container)
    }

    static func apply(_ ops: [Op], to container: inout KeyedEncodingContainer<AnyKey>) throws {
        for op in ops {
            switch op {
            case .scalar(let key, let value): try container.encode(value, forKey: AnyKey(key))
            case .text(let key, let value): try container.encode(value, forKey: AnyKey(key))
            case .nested(let key, let inner):
                var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key))
                try apply(inner, to: &nested)
            case .value(let key, let script): try container.encode(script, forKey: AnyKey(key))
            case .array(let key, let values):
                var nested = container.nestedUnkeyedContainer(forKey: AnyKey(key))
                for value in values { try nested.encode(value) }
            case .nothing(let key): try container.encode(Nothing(), forKey: AnyKey(key))
            }
        }
    }

    /// A random script. Keys are kept to one kind of use each ("a", "b", "s/é":
    /// scalars; "c", "d": objects; "e": arrays; "f": empty values), because
    /// Foundation traps when a nested container of another kind is asked for
    /// over an existing key.
    static func random(_ rng: inout some RandomNumberGenerator, depth: Int = 0) -> Script {
        var ops: [Op] = []
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...2: ops.append(.scalar(["a", "b"].randomElement(using: &rng)!, Int.random(in: -5...5, using: &rng)))
            case 3: ops.append(.text("s/é", ["x", "a\"b", "\u{1}"].randomElement(using: &rng)!))
            case 4...5 where depth < 3:
                ops.append(.nested(["c", "d"].randomElement(using: &rng)!, random(&rng, depth: depth + 1).ops))
            case 6 where depth < 3:
                ops.append(.value(["c", "d"].randomElement(using: &rng)!, random(&rng, depth: depth + 1)))
            case 7: ops.append(.array("e", (0..<Int.random(in: 0...3, using: &rng)).map { $0 }))
            case 8: ops.append(.nothing("f"))
            default: ops.append(.scalar("a", 0))
            }
        }
        return Script(ops: ops)
    }

    /// How many scripts the value holds, this one included.
    var scripts: Int {
        ops.reduce(1) { total, op in
            switch op {
            case .value(_, let script): return total + script.scripts
            case .nested(_, let inner): return total + Script(ops: inner).scripts - 1
            default: return total
            }
        }
    }

    /// Whether a key is written twice into one object, here or deeper.
    var repeatsKeys: Bool {
        var keys = Set<String>()
        for op in ops {
            let key: String
            switch op {
            case .scalar(let k, _), .text(let k, _), .array(let k, _), .nothing(let k): key = k
            case .nested(let k, let inner):
                key = k
                if Script(ops: inner).repeatsKeys { return true }
            case .value(let k, let script):
                key = k
                if script.repeatsKeys { return true }
            }
            if !keys.insert(key).inserted { return true }
        }
        return false
    }
}

private struct Order: Codable, Equatable {
    var city: String
    var id: Int
    var zip: String
    var lat: Double
    var note: String
    var street: String
    enum CodingKeys: String, CodingKey {
        case city = "shipping.address.city"
        case id
        case zip = "shipping.address.zip"
        case lat = "shipping.geo.lat"
        case note
        case street = "shipping.address.street"
    }
}

private struct Contact: Codable, Equatable {
    var name: String
    var age: Int
    var city: String
}

final class EncoderMergeTests: XCTestCase {
    private let order = Order(city: "Oslo", id: 7, zip: "0150", lat: 59.9, note: "ring", street: "Storgata 1")

    private func string(_ encoder: JoltEncoder, _ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Prefix keys interleaved with others at two levels: one object per prefix,
    /// in the place of its first key, members in encode order; sorted and pretty
    /// output as the one-pass writer formats any value; the decoder reads it back.
    func testInterleavedKeyPathsAreOneObjectPerPrefix() throws {
        let encoder = JoltEncoder()
        encoder.keyPathSeparator = "."
        XCTAssertEqual(try string(encoder, order),
                       #"{"shipping":{"address":{"city":"Oslo","zip":"0150","street":"Storgata 1"},"geo":{"lat":59.9}},"id":7,"note":"ring"}"#)
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let pretty = try string(encoder, order)
        XCTAssertEqual(pretty, """
            {
              "id" : 7,
              "note" : "ring",
              "shipping" : {
                "address" : {
                  "city" : "Oslo",
                  "street" : "Storgata 1",
                  "zip" : "0150"
                },
                "geo" : {
                  "lat" : 59.9
                }
              }
            }
            """)
        let decoder = JoltDecoder()
        decoder.keyPathSeparator = "."
        XCTAssertEqual(try decoder.decode(Order.self, from: pretty), order)
        // Inside an array and a dictionary, with the other values written in one pass.
        encoder.outputFormatting = .sortedKeys
        let nested = try string(encoder, ["orders": [order, order]])
        let single = try string(encoder, order)
        XCTAssertEqual(nested, #"{"orders":["# + single + "," + single + "]}")
        XCTAssertEqual(try decoder.decode([String: [Order]].self, from: nested), ["orders": [order, order]])
    }

    /// Key mappings write the first alternative: paths sharing a prefix apart
    /// are merged too.
    func testKeyMappingsSharingAPrefixAreMerged() throws {
        let mappings = KeyMappings().for(Contact.self, ["name": ["profile.name"], "city": ["profile.city"]])
        let encoder = JoltEncoder()
        encoder.keyMappings = mappings
        let contact = Contact(name: "Ann", age: 3, city: "Oslo")
        let json = try string(encoder, contact)
        XCTAssertEqual(json, #"{"profile":{"name":"Ann","city":"Oslo"},"age":3}"#)
        let decoder = JoltDecoder()
        decoder.keyMappings = mappings
        XCTAssertEqual(try decoder.decode(Contact.self, from: json), contact)
    }

    /// A literal key and a path through the same key: one member, the object
    /// (a container replaces a scalar, and merges into an object).
    func testALiteralKeyAndAPathThroughItAreOneMember() throws {
        struct Mixed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: AnyKey.self)
                try c.encode("flat", forKey: AnyKey("geo"))
                try c.encode(1, forKey: AnyKey("geo.lat"))
                try c.encode(["lon": 2], forKey: AnyKey("pos"))
                try c.encode(3, forKey: AnyKey("pos.alt"))
            }
        }
        let encoder = JoltEncoder()
        encoder.keyPathSeparator = "."
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(try string(encoder, Mixed()), #"{"geo":{"lat":1},"pos":{"alt":3,"lon":2}}"#)
    }

    /// Random encodes with repeated keys and containers asked for again: with
    /// the default options and with a Jolt-only option that changes nothing
    /// here, the same bytes as Foundation with `.sortedKeys`, compact and
    /// pretty, alone and as stream elements, each script's `encode(to:)` run once.
    func testRandomRepeatsMatchFoundation() throws {
        var rng = SplitMix64(seed: 0x5EED)
        var merged = 0
        for formatting in [JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted]] {
            let foundation = JSONEncoder()
            foundation.outputFormatting = formatting
            let jolt = JoltEncoder()
            jolt.nilEncodingStrategy = .writeNull
            jolt.outputFormatting = formatting.contains(.prettyPrinted) ? [.sortedKeys, .prettyPrinted] : .sortedKeys
            let plain = JoltEncoder()
            plain.outputFormatting = jolt.outputFormatting
            var scripts: [Script] = []
            for round in 0..<400 {
                let script = Script.random(&rng)
                scripts.append(script)
                let expected = String(decoding: try foundation.encode(script), as: UTF8.self)
                let runs = Runs()
                jolt.userInfo = [Runs.key: runs]
                let actual = String(decoding: try jolt.encode(script), as: UTF8.self)
                XCTAssertEqual(actual, expected, "round \(round): \(script.ops)")
                if actual != expected { return }
                XCTAssertEqual(runs.count, script.scripts, "round \(round): encode(to:) runs")
                XCTAssertEqual(String(decoding: try plain.encode(script), as: UTF8.self), expected, "round \(round), default options")
                if script.repeatsKeys { merged += 1 }
            }
            let runs = Runs()
            jolt.userInfo = [Runs.key: runs]
            let stream = JoltStreamEncoder<Script>(encoder: jolt, format: .jsonArray, flushThreshold: 256)
            var bytes: [UInt8] = []
            for script in scripts { try stream.append(script) { bytes += $0 } }
            try stream.finish { bytes += $0 }
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: try foundation.encode(scripts), as: UTF8.self))
            XCTAssertEqual(runs.count, scripts.reduce(0) { $0 + $1.scripts }, "encode(to:) runs in a stream")
        }
        // Most scripts repeat a key.
        XCTAssertGreaterThan(merged, 300)
    }

    /// Objects with many members (looked up through an index once past 16)
    /// merge their repeats as small ones do.
    func testLargeObjectsMergeTheirRepeats() throws {
        var ops: [Op] = (0..<40).map { .scalar("k\($0)", $0) }
        ops += (0..<40).reversed().map { .scalar("k\($0 * 2)", -$0) }
        ops.append(.nested("c", (0..<30).map { .scalar("n\($0 % 20)", $0) }))
        ops.append(.nested("c", [.scalar("n3", 99)]))
        let script = Script(ops: ops)
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let jolt = JoltEncoder()
        jolt.nilEncodingStrategy = .writeNull
        jolt.outputFormatting = .sortedKeys
        XCTAssertEqual(try string(jolt, script), String(decoding: try foundation.encode(script), as: UTF8.self))
        let unsorted = JoltEncoder()
        unsorted.nilEncodingStrategy = .writeNull
        let object = try JSONDecoder().decode([String: JSONValue].self, from: try unsorted.encode(script))
        XCTAssertEqual(object.count, 40 + 20 + 1)
        XCTAssertEqual(object["k10"], -5)
        XCTAssertEqual(object["c"]?["n3"], 99)
    }

    /// An object merged when it closes copies the members it does not merge
    /// as they stand. A nested container's key inside such a copy (`b`, in the
    /// second `t`, merged for its `z`) keeps its meaning for the merge of an
    /// object around it: the second `t` merges into the first down to `b`, as
    /// in Foundation.
    func testContainerKeysInsideACopiedMemberSurviveAnOuterMerge() throws {
        let script = Script(ops: [
            .nested("t", [.nested("a", [.nested("b", [.scalar("x", 1)])])]),
            .scalar("k", 0),
            .nested("t", [
                .nested("a", [.nested("b", [.scalar("y", 2)])]),
                .scalar("z", 0),
                .scalar("z", 1),
            ]),
        ])
        for pretty in [false, true] {
            let foundation = JSONEncoder()
            foundation.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : .sortedKeys
            let jolt = JoltEncoder()
            jolt.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : .sortedKeys
            XCTAssertEqual(try string(jolt, script), String(decoding: try foundation.encode(script), as: UTF8.self), "pretty: \(pretty)")
        }
        let jolt = JoltEncoder()
        jolt.outputFormatting = .sortedKeys
        XCTAssertEqual(try string(jolt, script), #"{"k":0,"t":{"a":{"b":{"x":1,"y":2}},"z":1}}"#)
    }

    /// Streams merge per element: arrays (pretty) and lines, elements before and
    /// after a merged one untouched.
    func testStreamsMergeEachElement() throws {
        let encoder = JoltEncoder()
        encoder.keyPathSeparator = "."
        encoder.outputFormatting = .prettyPrinted
        let plain = Contact(name: "Ann", age: 3, city: "Oslo")
        let values: [AnyEncodable] = [AnyEncodable(plain), AnyEncodable(order), AnyEncodable(plain)]
        for format in [JoltEncoder.StreamFormat.jsonArray, .jsonLines] {
            let stream = JoltStreamEncoder<AnyEncodable>(encoder: encoder, format: format, flushThreshold: 16)
            var bytes: [UInt8] = []
            for value in values { try stream.append(value) { bytes += $0 } }
            try stream.finish { bytes += $0 }
            let expected: String
            switch format {
            case .jsonArray:
                expected = try string(encoder, values)
            case .jsonLines:
                let lines = JoltEncoder()
                lines.keyPathSeparator = "."
                expected = try values.map { try string(lines, $0) + "\n" }.joined()
            }
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
            XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains(#""street""#))
        }
    }

    /// A container used after its parent went on, with key paths: merge mode
    /// opens it again where it stands, inside the key path's object.
    func testContainersUsedLateWithKeyPaths() throws {
        struct Late: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: AnyKey.self)
                try c.encode(1, forKey: AnyKey("x.a"))
                try c.encode(2, forKey: AnyKey("b"))
                var nested = c.nestedUnkeyedContainer(forKey: AnyKey("x.list"))
                try nested.encode(1)
                try c.encode(3, forKey: AnyKey("c"))
                try nested.encode(2)
                var inner = nested.nestedContainer(keyedBy: AnyKey.self)
                try c.encode(4, forKey: AnyKey("x.d"))
                try inner.encode(5, forKey: AnyKey("y.z"))
            }
        }
        let encoder = JoltEncoder()
        encoder.keyPathSeparator = "."
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(try string(encoder, Late()), #"{"b":2,"c":3,"x":{"a":1,"d":4,"list":[1,2,{"y":{"z":5}}]}}"#)
        encoder.outputFormatting = []
        XCTAssertEqual(try string(encoder, Late()), #"{"x":{"a":1,"list":[1,2,{"y":{"z":5}}],"d":4},"b":2,"c":3}"#)
    }
}

private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
