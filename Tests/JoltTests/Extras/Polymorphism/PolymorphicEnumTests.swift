import Foundation
import XCTest
@testable import Jolt

/// Enums whose cases carry registered types (``PolymorphicEnum``).
final class PolymorphicEnumTests: XCTestCase {
    enum Block: PolymorphicEnum, Codable, Equatable {
        case image(ImageItem)
        case text(label: TextItem)
        case unknown(UnknownItem)

        static let polymorphicRegistry = PolymorphicRegistry<Block> {
            $0.register(ImageItem.self, as: "image", Block.image)
            $0.register(TextItem.self, as: "text", Block.text)
            $0.fallback(UnknownItem.self, Block.unknown)
        }
    }

    /// No fallback, payload under a key.
    enum Strict: PolymorphicEnum, Codable, Equatable {
        case image(ImageItem)
        case text(TextItem)

        static let polymorphicRegistry = PolymorphicRegistry<Strict>(discriminator: "kind", payloadKey: "value") {
            $0.register(ImageItem.self, as: "image", Strict.image)
            $0.register(TextItem.self, as: "text", Strict.text)
        }
    }

    struct Page: Codable, Equatable {
        var blocks: [Block]
        var strict: Strict?
    }

    let json = #"""
    {"blocks": [{"type": "image", "url": "u", "width": 1}, {"type": "text", "text": "T"}, {"type": "map"}],
     "strict": {"kind": "text", "value": {"text": "S"}}}
    """#

    func testDecodesCasesAndFallbackWithEveryDecoder() throws {
        let expected = Page(blocks: [.image(ImageItem(url: "u", width: 1)), .text(label: TextItem(text: "T")),
                                     .unknown(UnknownItem(type: "map"))],
                            strict: .text(TextItem(text: "S")))
        // The enum brings its own registry: no configuration needed.
        XCTAssertEqual(try JSONDecoder().decode(Page.self, from: Data(json.utf8)), expected)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(try decoder.decode(Page.self, from: json), expected, "\(backend)")
            let report = try decoder.decodeWithReport(Page.self, from: json).1
            XCTAssertEqual(report.issues.map(\.kind), [.unknownDiscriminator])
            XCTAssertEqual(report.issues.map(\.codingPath), [[.key("blocks"), .index(2)]])
        }
    }

    func testUnknownValueWithoutFallback() throws {
        let error = decodingErrorEverywhere(Page.self, #"{"blocks": [], "strict": {"kind": "gif", "value": {}}}"#, PolymorphicRegistries())
        XCTAssertEqual(error?.kind, "dataCorrupted")
        XCTAssertEqual(error?.path, "strict.kind")
        XCTAssertEqual(error?.message, #"Unknown value "gif" for discriminator "kind" of Strict; known values: "image", "text"."#)
    }

    func testRoundTripsThroughJSONEncoder() throws {
        let page = try JoltDecoder().decode(Page.self, from: json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = String(decoding: try encoder.encode(page), as: UTF8.self)
        XCTAssertEqual(encoded, #"{"blocks":[{"type":"image","url":"u","width":1},{"text":"T","type":"text"},{"type":"map"}],"#
                       + #""strict":{"kind":"text","value":{"text":"S"}}}"#)
        XCTAssertEqual(try JoltDecoder().decode(Page.self, from: encoded), page)
        XCTAssertEqual(try JSONDecoder().decode(Page.self, from: Data(encoded.utf8)), page)
        XCTAssertEqual(Block.polymorphicRegistry.identifier(for: .text(label: TextItem(text: ""))), "text")
        XCTAssertNil(Block.polymorphicRegistry.identifier(for: .unknown(UnknownItem(type: ""))))
    }

    func testADecoderRegistryReplacesTheEnumsOwn() throws {
        let renamed = PolymorphicRegistry<Block>(discriminator: "t") {
            $0.register(TextItem.self, as: "txt", Block.text)
        }
        let decoder = JoltDecoder()
        decoder.register(renamed)
        XCTAssertEqual(try decoder.decode(Block.self, from: #"{"t": "txt", "text": "x"}"#), .text(label: TextItem(text: "x")))
        let foundation = JSONDecoder()
        foundation.userInfo[PolymorphicRegistries.userInfoKey] = PolymorphicRegistries(renamed)
        XCTAssertEqual(try foundation.decode(Block.self, from: Data(#"{"t": "txt", "text": "x"}"#.utf8)), .text(label: TextItem(text: "x")))
        XCTAssertThrowsError(try decoder.decode(Block.self, from: #"{"type": "text", "text": "x"}"#))
        XCTAssertEqual(try JoltDecoder().decode(Block.self, from: #"{"type": "text", "text": "x"}"#), .text(label: TextItem(text: "x")))
        // A JoltDecoder's userInfo too, on every backend, and the decoder's own registry before it.
        for backend in JoltBackend.allCases {
            let viaUserInfo = JoltDecoder()
            viaUserInfo.backend = backend
            viaUserInfo.userInfo[PolymorphicRegistries.userInfoKey] = PolymorphicRegistries(renamed)
            XCTAssertEqual(try viaUserInfo.decode(Block.self, from: #"{"t": "txt", "text": "x"}"#), .text(label: TextItem(text: "x")))
            XCTAssertThrowsError(try viaUserInfo.decode(Block.self, from: #"{"type": "text", "text": "x"}"#))
            viaUserInfo.register(Block.polymorphicRegistry)
            XCTAssertEqual(try viaUserInfo.decode(Block.self, from: #"{"type": "text", "text": "x"}"#), .text(label: TextItem(text: "x")))
        }
    }

    func testEnumsInPolymorphicWrappers() throws {
        struct Feed: Decodable {
            @LossyPolymorphicArray var blocks: [Strict]
        }
        let feed = try JoltDecoder().decode(Feed.self, from: #"{"blocks": [{"kind": "gif"}, {"kind": "image", "value": {"url": "u", "width": 1}}]}"#)
        XCTAssertEqual(feed.blocks, [.image(ImageItem(url: "u", width: 1))])
    }
}
