import Foundation
import XCTest
@testable import Jolt

/// The property wrappers and the decoder's top-level entry points.
final class PolymorphicWrapperTests: XCTestCase {
    struct Card: Codable {
        @Polymorphic var main: any ViewItem
        @OptionalPolymorphic var badge: (any ViewItem)?
        @OptionalPolymorphic var footer: (any ViewItem)?
        @PolymorphicDictionary var slots: [String: any ViewItem]
    }

    struct Feed: Codable {
        @LossyPolymorphicArray var items: [any ViewItem]
    }

    let registries = PolymorphicRegistries(Registries.inline)

    /// A card described with its slots in key order.
    static func comparable(_ card: Card) -> String {
        describe((card.main, card.badge, card.footer, card.slots.sorted { $0.key < $1.key }.map { ($0.key, describe($0.value)) }))
    }

    func testPolymorphicOptionalAndDictionary() throws {
        let json = #"""
        {"main": {"type": "text", "text": "M"}, "badge": null,
         "slots": {"top": {"type": "image", "url": "u", "width": 1}, "bottom": {"type": "text", "text": "B"}}}
        """#
        let card = try decodeEverywhere(Card.self, json, registries, comparable: Self.comparable)
        XCTAssertEqual(card.main as? TextItem, TextItem(text: "M"))
        XCTAssertNil(card.badge)
        XCTAssertNil(card.footer)
        XCTAssertEqual(card.slots.count, 2)
        XCTAssertEqual(card.slots["top"] as? ImageItem, ImageItem(url: "u", width: 1))
        XCTAssertEqual(card.slots["bottom"] as? TextItem, TextItem(text: "B"))

        let present = try decodeEverywhere(Card.self, #"{"main": {"type": "text", "text": "M"}, "badge": {"type": "text", "text": "new"}, "slots": {}}"#, registries)
        XCTAssertEqual(present.badge as? TextItem, TextItem(text: "new"))

        // Errors carry the path of the wrapped property or member.
        let badSlot = decodingErrorEverywhere(Card.self, #"{"main": {"type": "text", "text": "M"}, "slots": {"x": {"type": "gif"}}}"#, registries)
        XCTAssertEqual(badSlot?.kind, "dataCorrupted")
        XCTAssertEqual(badSlot?.path, "slots.x.type")
        let badBadge = decodingErrorEverywhere(Card.self, #"{"main": {"type": "text", "text": "M"}, "badge": {"text": "b"}, "slots": {}}"#, registries)
        XCTAssertEqual(badBadge?.kind, "keyNotFound(type)")
        XCTAssertEqual(badBadge?.path, "badge")
        let missingMain = decodingErrorEverywhere(Card.self, #"{"slots": {}}"#, registries)
        XCTAssertEqual(missingMain?.kind, "keyNotFound(main)")
    }

    func testWrappersRoundTrip() throws {
        let json = #"{"main": {"type": "image", "url": "u", "width": 2}, "slots": {"a": {"type": "text", "text": "A"}}}"#
        let card = try decodeEverywhere(Card.self, json, registries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.userInfo[PolymorphicRegistries.userInfoKey] = registries
        let encoded = String(decoding: try encoder.encode(card), as: UTF8.self)
        // A nil optional is left out, as for a plain optional property.
        XCTAssertEqual(encoded, #"{"main":{"type":"image","url":"u","width":2},"slots":{"a":{"text":"A","type":"text"}}}"#)
        let again = try decodeEverywhere(Card.self, encoded, registries)
        XCTAssertEqual(describe(again), describe(card))

        let feed = try decodeEverywhere(Feed.self, #"{"items": [{"type": "text", "text": "A"}, {"type": "gif"}]}"#, registries)
        XCTAssertEqual(String(decoding: try encoder.encode(feed), as: UTF8.self), #"{"items":[{"text":"A","type":"text"}]}"#)
    }

    /// JoltEncoder writes the discriminator back exactly as JSONEncoder does
    /// (the inline form merges the value's own members with the discriminator).
    func testJoltEncoderWritesWhatJSONEncoderWrites() throws {
        let json = #"{"main": {"type": "image", "url": "u", "width": 2}, "slots": {"a": {"type": "text", "text": "A"}}}"#
        let card = try decodeEverywhere(Card.self, json, registries)
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        foundation.userInfo[PolymorphicRegistries.userInfoKey] = registries
        let jolt = JoltEncoder()
        jolt.outputFormatting = .sortedKeys
        jolt.userInfo[PolymorphicRegistries.userInfoKey] = registries
        XCTAssertEqual(String(decoding: try jolt.encode(card), as: UTF8.self),
                       String(decoding: try foundation.encode(card), as: UTF8.self))
        let feed = try decodeEverywhere(Feed.self, #"{"items": [{"type": "text", "text": "A"}, {"type": "image", "url": "v", "width": 1}]}"#, registries)
        let encoded = try jolt.encode(feed)
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), String(decoding: try foundation.encode(feed), as: UTF8.self))
        XCTAssertEqual(describe(try decodeEverywhere(Feed.self, String(decoding: encoded, as: UTF8.self), registries)), describe(feed))
    }

    func testLossyArrayDropsBadElementsIntoTheReport() throws {
        let json = #"""
        {"items": [{"type": "text", "text": "A"}, {"type": "video", "length": 1}, {"text": "no type"},
                   null, 7, {"type": "image", "url": "u"}, {"type": "image", "url": "u", "width": 5}]}
        """#
        let feed = try decodeEverywhere(Feed.self, json, registries)
        XCTAssertEqual(feed.items.count, 2)
        XCTAssertEqual(feed.items[0] as? TextItem, TextItem(text: "A"))
        XCTAssertEqual(feed.items[1] as? ImageItem, ImageItem(url: "u", width: 5))

        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.register(Registries.inline)
            let (decoded, report) = try decoder.decodeWithReport(Feed.self, from: json)
            XCTAssertEqual(decoded.items.count, 2)
            XCTAssertEqual(report.issues.map(\.kind), Array(repeating: .droppedElement, count: 5), "\(backend)")
            XCTAssertEqual(report.issues.map(\.codingPath), [1, 2, 3, 4, 5].map { [.key("items"), .index($0)] }, "\(backend)")
            XCTAssertEqual(report.issues[0].reason,
                           #"element 1 dropped: Unknown value "video" for discriminator "type" of ViewItem; known values: "image", "text"."#)
            XCTAssertEqual(report.issues[1].reason, #"element 2 dropped: missing key "type""#)
            XCTAssertEqual(report.issues[4].reason, #"element 5 dropped: missing key "width""#)
            // Each issue's offset is its element's first byte.
            let bytes = Array(json.utf8)
            XCTAssertEqual(report.issues.compactMap { $0.offset.map { bytes[$0] } },
                           [UInt8(ascii: "{"), UInt8(ascii: "{"), UInt8(ascii: "n"), UInt8(ascii: "7"), UInt8(ascii: "{")], "\(backend)")
        }

        // Not an array, or no registry: still errors.
        XCTAssertEqual(decodingErrorEverywhere(Feed.self, #"{"items": {}}"#, registries)?.kind, "typeMismatch")
        XCTAssertEqual(decodingErrorEverywhere(Feed.self, #"{"items": [{"type": "text", "text": "A"}]}"#,
                                               PolymorphicRegistries())?.kind, "dataCorrupted")
    }

    func testLossyArrayWithFallbackKeepsUnknownKinds() throws {
        let json = #"{"items": [{"type": "video", "length": 1}, {"type": "text"}]}"#
        let feed = try decodeEverywhere(Feed.self, json, PolymorphicRegistries(Registries.inlineWithFallback))
        XCTAssertEqual(feed.items.count, 1)
        XCTAssertEqual(feed.items[0] as? UnknownItem, UnknownItem(type: "video"))
        let decoder = JoltDecoder()
        decoder.register(Registries.inlineWithFallback)
        let report = try decoder.decodeWithReport(Feed.self, from: json).1
        XCTAssertEqual(report.issues.map(\.kind), [.unknownDiscriminator, .droppedElement])
        XCTAssertEqual(report.issues.map(\.codingPath), [[.key("items"), .index(0)], [.key("items"), .index(1)]])
    }

    func testTopLevelEntryPoints() throws {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.register(Registries.inline)
            let one = try decoder.decode(polymorphic: (any ViewItem).self, from: Data(#"{"type": "image", "url": "u", "width": 1}"#.utf8))
            XCTAssertEqual(one as? ImageItem, ImageItem(url: "u", width: 1))

            let array = #"[{"type": "text", "text": "a"}, {"type": "gif"}, {"type": "text", "text": "b"}]"#
            XCTAssertThrowsError(try decoder.decodeArray(polymorphic: (any ViewItem).self, from: array)) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(JoltPathComponent.init), [.index(1), .key("type")])
            }
            let lossy = try decoder.decodeArray(polymorphic: (any ViewItem).self, from: Array(array.utf8), lossy: true)
            XCTAssertEqual(lossy.compactMap { ($0 as? TextItem)?.text }, ["a", "b"])
            let strict = try decoder.decodeArray(polymorphic: (any ViewItem).self, from: #"[{"type": "text", "text": "a"}]"#)
            XCTAssertEqual(strict.count, 1)

            XCTAssertThrowsError(try decoder.decode(polymorphic: (any Shape).self, from: #"{"shape": "circle", "radius": 1}"#))
            let report = try decoder.decodeWithReport(LossyPolymorphicArray<any ViewItem>.self, from: array).1
            XCTAssertEqual(report.issues.map(\.codingPath), [[.index(1)]])
        }
    }

    func testRegistryInAHandWrittenInitFromDecoder() throws {
        /// A type that keeps its item under a key it chooses, with the registry it chooses.
        struct Envelope: Decodable {
            var item: any ViewItem
            var items: [any ViewItem]
            enum CodingKeys: String, CodingKey { case item, items }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                item = try Registries.otherNames.decode(from: container, forKey: .item)
                items = try Registries.otherNames.decodeArray(from: container.superDecoder(forKey: .items), lossy: true)
            }
        }
        let json = #"{"item": {"kind": "txt", "text": "x"}, "items": [{"kind": "img", "url": "u", "width": 1}, {"kind": "?"}]}"#
        let envelope = try decodeEverywhere(Envelope.self, json, PolymorphicRegistries())
        XCTAssertEqual(envelope.item as? TextItem, TextItem(text: "x"))
        XCTAssertEqual(envelope.items.count, 1)
        let missing = decodingErrorEverywhere(Envelope.self, #"{"items": []}"#, PolymorphicRegistries())
        XCTAssertEqual(missing?.kind, "keyNotFound(item)")
    }
}
