import Foundation
import XCTest
@testable import Jolt

/// ``KeyedContainerCache`` hands a keyed container out again once nothing but
/// the cache holds it: a container still in use (a parent of the same type,
/// one kept in a property, one asked for twice) must never be written over,
/// and the cache must not keep a decode's state alive after it.
final class KeyedContainerCacheTests: XCTestCase {
    /// Keeps its container and reads it only after the whole array is decoded.
    final class Keeper: Decodable, @unchecked Sendable {
        enum CodingKeys: String, CodingKey { case id, name }
        let container: KeyedDecodingContainer<CodingKeys>
        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: CodingKeys.self)
        }
        func values() throws -> String {
            "\(try container.decode(Int.self, forKey: .id)) \(try container.decode(String.self, forKey: .name))"
        }
    }

    func testContainersKeptByTheirValuesAreNeverReused() throws {
        // Many objects of one key type, each asking for a container.
        let count = 48
        let json = "[" + (1...count).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ", ") + "]"
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let keepers = try decoder.decode([Keeper].self, from: json)
            XCTAssertEqual(try keepers.map { try $0.values() }, (1...count).map { "\($0) n\($0)" }, "\(backend)")
        }
    }

    /// Records which box its container is, and lets go of the container.
    struct BoxRecorder: Decodable {
        enum CodingKeys: String, CodingKey { case id }
        let id: Int
        let box: ObjectIdentifier
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            box = ObjectIdentifier(unsafeBitCast(container, to: AnyObject.self))
        }
    }

    func testAContainerLetGoOfIsHandedOutAgain() throws {
        // The first object of a key type only records the type, the second's box
        // is cached, and every later one gets that box again: a container handed
        // out with one retain too many (or too few) would never be reused (or
        // would be freed while in use).
        let json = "[" + (0..<64).map { #"{"id": \#($0)}"# }.joined(separator: ", ") + "]"
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            for _ in 0..<3 {
                let values = try decoder.decode([BoxRecorder].self, from: json)
                XCTAssertEqual(values.map(\.id), Array(0..<64), "\(backend)")
                XCTAssertEqual(Set(values.dropFirst(2).map(\.box)).count, 1, "\(backend)")
            }
        }
    }

    /// Records its container's box, for one key type per `Tag`.
    struct TaggedRecorder<Tag>: Decodable {
        enum CodingKeys: String, CodingKey { case id }
        let box: ObjectIdentifier
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            _ = try container.decode(Int.self, forKey: .id)
            box = ObjectIdentifier(unsafeBitCast(container, to: AnyObject.self))
        }
    }
    enum FirstTag {}
    enum NextTag<Tag> {}

    /// Decodes its array round after round, each round one object with each of
    /// ``typeCount`` key types (`TaggedRecorder<FirstTag>.CodingKeys`,
    /// `TaggedRecorder<NextTag<FirstTag>>.CodingKeys`, ...).
    struct ManyKeyTypes: Decodable {
        static var typeCount: Int { 100 }
        static var rounds: Int { 4 }
        /// The boxes of each round, by key type.
        var boxes: [[ObjectIdentifier]] = []
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            for _ in 0..<Self.rounds {
                var round: [ObjectIdentifier] = []
                try Self.decodeRound(FirstTag.self, Self.typeCount, &container, into: &round)
                boxes.append(round)
            }
        }
        static func decodeRound<Tag>(_: Tag.Type, _ remaining: Int, _ container: inout any UnkeyedDecodingContainer,
                                     into boxes: inout [ObjectIdentifier]) throws {
            guard remaining > 0 else { return }
            boxes.append(try container.decode(TaggedRecorder<Tag>.self).box)
            try decodeRound(NextTag<Tag>.self, remaining - 1, &container, into: &boxes)
        }
    }

    func testManyKeyTypesNeverEvictEachOther() throws {
        // A hundred key types met in turn: each keeps its own box, whatever the
        // addresses of their metadata (two slots per type, chosen by those
        // addresses, let types evict each other).
        let count = ManyKeyTypes.typeCount * ManyKeyTypes.rounds
        let json = "[" + (0..<count).map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]"
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let first = try decoder.decode(ManyKeyTypes.self, from: json).boxes
            // Round 0 meets the types, round 1 caches a box for each, later rounds reuse them.
            XCTAssertEqual(Set(first[1]).count, ManyKeyTypes.typeCount, "\(backend)")
            for round in first.dropFirst(2) {
                XCTAssertEqual(zip(round, first[1]).filter { $0 != $1 }.count, 0, "types given a new box (\(backend))")
            }
            // The next decode with the same decoder finds them all again.
            let second = try decoder.decode(ManyKeyTypes.self, from: json).boxes
            for round in second {
                XCTAssertEqual(zip(round, first[1]).filter { $0 != $1 }.count, 0, "types given a new box (\(backend))")
            }
        }
    }

    /// A tree whose `init(from:)` reads its own name only after its children,
    /// each of the same type, were decoded through containers of the same key
    /// type, and which asks for a second container while the first is in use.
    struct Node: Decodable, Equatable {
        enum CodingKeys: String, CodingKey { case children, name, size }
        var children: [Node]
        var name: String
        var size: Int?
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // The same key type asked for again while the first is still in use.
            let again = try decoder.container(keyedBy: CodingKeys.self)
            size = try again.decodeIfPresent(Int.self, forKey: .size)
            children = try container.decode([Node].self, forKey: .children)
            name = try container.decode(String.self, forKey: .name)
        }
    }

    func testParentsOfTheSameTypeKeepTheirContainers() throws {
        // Leaves first, so that the cache holds a container of the key type
        // when the nested parents come.
        let leaves = (0..<16).map { #"{"name": "l\#($0)", "children": []}"# }
        let json = #"""
        {"name": "a", "size": 1, "children": [
            \#(leaves.joined(separator: ", ")),
            {"name": "b", "children": []},
            {"children": [{"name": "d", "size": 4, "children": [{"name": "e", "children": []}]}], "name": "c"},
            {"name": "f", "size": 6, "children": []}]}
        """#
        let tree = try decodeWithAllDecoders(Node.self, json)
        XCTAssertEqual(tree.name, "a")
        XCTAssertEqual(tree.children.suffix(3).map(\.name), ["b", "c", "f"])
        XCTAssertEqual(tree.children.suffix(2).first?.children[0].children[0].name, "e")
        XCTAssertEqual(tree.children.last?.size, 6)
        // Errors inside reused containers carry their own paths.
        let broken = json.replacingOccurrences(of: #""name": "e""#, with: #""name": 5"#)
        let errors = decodingErrors(Node.self, broken)
        XCTAssertEqual(Set(errors).count, 1, "\(errors)")
        XCTAssertEqual(errors.first, "typeMismatch at children.Index \(leaves.count + 1).children.Index 0.children.Index 0.name")
    }

    /// Keeps its decoder and asks it for containers after the decode returned.
    final class LateReader: Decodable, @unchecked Sendable {
        enum CodingKeys: String, CodingKey { case id }
        let decoder: any Decoder
        init(from decoder: any Decoder) throws {
            self.decoder = decoder
        }
        func id() throws -> Int {
            try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
        }
    }

    func testTheCacheReleasesTheDecodeWhenItEnds() throws {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            weak var context: DecodingContext?
            do {
                let reader = try decoder.decode(LateReader.self, from: #"{"id": 7}"#)
                context = (reader.decoder as? TapeDecoder)?.context
                XCTAssertNotNil(context)
                // Containers asked for after the decode: right values, and not cached
                // (a cached one would hold the context through its decoder).
                XCTAssertEqual(try reader.id(), 7, "\(backend)")
                XCTAssertEqual(try reader.id(), 7, "\(backend)")
            }
            XCTAssertNil(context, "the decode's context outlived every value holding it (\(backend))")

            // A decode whose values keep nothing leaves nothing behind either.
            weak var plainContext: DecodingContext?
            do {
                struct Item: Decodable { var id: Int }
                final class Spy: Decodable, @unchecked Sendable {
                    weak var context: DecodingContext?
                    var items: [Item]
                    init(from decoder: any Decoder) throws {
                        context = (decoder as? TapeDecoder)?.context
                        items = try decoder.singleValueContainer().decode([Item].self)
                    }
                }
                let count = 48
                let spy = try decoder.decode(Spy.self, from: "[" + (1...count).map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]")
                XCTAssertEqual(spy.items.map(\.id), Array(1...count))
                plainContext = spy.context
            }
            XCTAssertNil(plainContext, "the cache kept the decode's context alive (\(backend))")
        }
    }

    /// A stream shares one cache between its elements' decodes: containers are
    /// pointed away from each decode at its end, and ones an element kept are
    /// let go of, not reused.
    func testStreamElementsShareTheCacheSafely() throws {
        let keepers = (1...6).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",\n")
        let trees = #"{"name": "a", "children": [{"name": "b", "children": []}]}"# + "\n"
            + #"{"name": "c", "size": 3, "children": [{"name": "d", "children": [{"name": "e", "children": []}]}]}"#
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let stream = JoltElementDecoder(Keeper.self, decoder: decoder, format: .array)
            var kept = try stream.feed(Array("[\(keepers)]".utf8))
            kept += try stream.finish()
            XCTAssertEqual(try kept.map { try $0.values() }, (1...6).map { "\($0) n\($0)" }, "\(backend)")

            let nodes = JoltElementDecoder(Node.self, decoder: decoder, format: .jsonLines)
            var decoded: [Node] = []
            for byte in Array(trees.utf8) { decoded += try nodes.feed([byte]) }
            decoded += try nodes.finish()
            let expected = try trees.split(separator: "\n").map { try JSONDecoder().decode(Node.self, from: Data($0.utf8)) }
            XCTAssertEqual(decoded, expected, "\(backend)")

            // Decoders kept by elements make their containers after the stream has
            // moved on, outside the stream's cache.
            let count = 32
            let readers = JoltElementDecoder(LateReader.self, decoder: decoder, format: .jsonLines)
            var late = try readers.feed(Array((1...count).map { #"{"id": \#($0)}"# + "\n" }.joined().utf8))
            late += try readers.finish()
            XCTAssertEqual(try late.map { try $0.id() }, Array(1...count), "\(backend)")
            XCTAssertEqual(try late.map { try $0.id() }, Array(1...count), "\(backend)")
        }
    }
}
