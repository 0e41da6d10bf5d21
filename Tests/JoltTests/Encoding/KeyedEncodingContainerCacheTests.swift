import Foundation
import XCTest
@testable import Jolt

/// ``KeyedEncodingContainerCache`` hands a keyed encoding container out again
/// once nothing but the cache holds it: a container still in use (a parent of
/// the same type, a second one asked for from the same encoder) must never be
/// written over, and the cache must let go of the encode when it ends.
final class KeyedEncodingContainerCacheTests: XCTestCase {
    /// Records which box its container is.
    final class BoxLog: @unchecked Sendable {
        var boxes: [ObjectIdentifier] = []
    }

    /// Records its container's box; one key type per `Tag`.
    struct TaggedRecorded<Tag>: Encodable {
        enum CodingKeys: String, CodingKey { case id }
        let id: Int
        let log: BoxLog
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            log.boxes.append(ObjectIdentifier(unsafeBitCast(container, to: AnyObject.self)))
        }
    }
    typealias Recorded = TaggedRecorded<Never>

    func testAContainerLetGoOfIsHandedOutAgain() throws {
        // The first object of a key type only records the type, the second's box
        // is cached, and every later one gets that box again.
        let log = BoxLog()
        let values = (0..<64).map { Recorded(id: $0, log: log) }
        let data = try JoltEncoder().encode(values)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[" + (0..<64).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]")
        XCTAssertEqual(log.boxes.count, 64)
        XCTAssertEqual(Set(log.boxes.dropFirst(2)).count, 1)
    }

    enum FirstTag {}
    enum NextTag<Tag> {}

    /// Encodes round after round, each round one object with each of
    /// ``typeCount`` key types.
    struct ManyKeyTypes: Encodable {
        static var typeCount: Int { 100 }
        static var rounds: Int { 4 }
        let log: BoxLog
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for round in 0..<Self.rounds {
                try encodeRound(FirstTag.self, round * Self.typeCount, Self.typeCount, &container)
            }
        }
        func encodeRound<Tag>(_: Tag.Type, _ id: Int, _ remaining: Int, _ container: inout any UnkeyedEncodingContainer) throws {
            guard remaining > 0 else { return }
            try container.encode(TaggedRecorded<Tag>(id: id, log: log))
            try encodeRound(NextTag<Tag>.self, id + 1, remaining - 1, &container)
        }
    }

    func testManyKeyTypesNeverEvictEachOther() throws {
        // A hundred key types met in turn: each keeps its own box.
        let log = BoxLog()
        let data = try JoltEncoder().encode(ManyKeyTypes(log: log))
        let count = ManyKeyTypes.typeCount * ManyKeyTypes.rounds
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[" + (0..<count).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]")
        let rounds = (0..<ManyKeyTypes.rounds).map { Array(log.boxes[$0 * ManyKeyTypes.typeCount..<($0 + 1) * ManyKeyTypes.typeCount]) }
        // Round 0 meets the types, round 1 caches a box for each, later rounds reuse them.
        XCTAssertEqual(Set(rounds[1]).count, ManyKeyTypes.typeCount)
        for round in rounds.dropFirst(2) {
            XCTAssertEqual(zip(round, rounds[1]).filter { $0 != $1 }.count, 0, "types given a new box")
        }
    }

    /// A tree that writes its own name only after its children, each of the
    /// same type, were encoded through containers of the same key type, and
    /// which asks its encoder for a second container while the first is in use.
    struct Node: Codable, Equatable {
        enum CodingKeys: String, CodingKey { case name, size, children }
        var name: String
        var size: Int?
        var children: [Node]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var again = encoder.container(keyedBy: CodingKeys.self)
            try again.encodeIfPresent(size, forKey: .size)
            try container.encode(children, forKey: .children)
            var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .name)
            try nested.encode(name, forKey: .name)
        }
    }

    func testParentsOfTheSameTypeKeepTheirContainers() throws {
        // Leaves first, so that the cache holds a container of the key type
        // when the nested parents come.
        let leaves = (0..<16).map { Node(name: "l\($0)", size: $0 % 3 == 0 ? $0 : nil, children: []) }
        let tree = leaves + [Node(name: "a", size: 1, children: leaves + [
            Node(name: "b", children: [Node(name: "c", size: 3, children: [Node(name: "d", children: [])])]),
            Node(name: "e", children: []),
        ])]
        // Sorted: Foundation's encoder writes the members of an object in no fixed order.
        let formattings: [(JSONEncoder.OutputFormatting, JoltEncoder.OutputFormatting)] = [
            (.sortedKeys, .sortedKeys), ([.prettyPrinted, .sortedKeys], [.prettyPrinted, .sortedKeys]),
        ]
        for (foundationFormatting, joltFormatting) in formattings {
            let foundation = JSONEncoder()
            foundation.outputFormatting = foundationFormatting
            let jolt = JoltEncoder()
            jolt.outputFormatting = joltFormatting
            // Written in one pass: a container written over would be a use out of
            // order, which merge mode would write instead.
            let core = EncodingCore(options: jolt.options)
            try core.encodeTopLevel(tree)
            XCTAssertFalse(core.needsSecondPass, "a container was used out of order")
            core.releaseReferences()
            XCTAssertEqual(String(decoding: try jolt.encode(tree), as: UTF8.self),
                           String(decoding: try foundation.encode(tree), as: UTF8.self), "\(foundationFormatting)")
        }
    }

    /// Keeps its container past the encode.
    final class Keeper: Encodable, @unchecked Sendable {
        enum CodingKeys: String, CodingKey { case id }
        let id: Int
        var kept: KeyedEncodingContainer<CodingKeys>?
        init(id: Int) { self.id = id }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            kept = container
        }
    }

    func testTheCacheLetsGoOfTheEncodeWhenItEnds() throws {
        /// One encode's core, once the encode has ended.
        func core() throws -> EncodingCore? {
            let values = (0..<8).map { Recorded(id: $0, log: BoxLog()) }
            return try JoltEncoder().encodeCore(values, options: EncoderOptions())
        }
        weak let weakCore = try core()
        XCTAssertNil(weakCore, "the cached containers kept the encode's core")

        // Containers kept past the encode are never handed out again: each is its own.
        let keepers = (0..<8).map(Keeper.init)
        let data = try JoltEncoder().encode(keepers)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[" + (0..<8).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]")
        let boxes = keepers.map { ObjectIdentifier(unsafeBitCast($0.kept!, to: AnyObject.self)) }
        XCTAssertEqual(Set(boxes).count, 8)
    }

    func testStreamsShareTheCacheBetweenElements() throws {
        let log = BoxLog()
        for format in [JoltEncoder.StreamFormat.jsonArray, .jsonLines] {
            let stream = JoltStreamEncoder<Recorded>(encoder: JoltEncoder(), format: format, flushThreshold: 64)
            var bytes: [UInt8] = []
            for i in 0..<32 { try stream.append(Recorded(id: i, log: log)) { bytes += $0 } }
            try stream.finish { bytes += $0 }
            let expected = (0..<32).map { #"{"id":\#($0)}"# }
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self),
                           format == .jsonArray ? "[" + expected.joined(separator: ",") + "]" : expected.joined(separator: "\n") + "\n")
        }
        XCTAssertEqual(Set(log.boxes.dropFirst(2).prefix(30)).count, 1)
    }
}
