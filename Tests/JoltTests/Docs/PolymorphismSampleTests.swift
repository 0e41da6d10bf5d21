import Foundation
import Jolt
import XCTest

// The article's registration without closures (an extension cannot be nested in a type).
protocol Widget: Sendable {}
struct ClockWidget: Widget, Codable { var zone: String }
struct NewsWidget: Widget, Codable { var feed: String }

extension PolymorphicRegistry.Builder where Base == any Widget {
    mutating func register<T: Widget & PolymorphicDecodable>(_ type: T.Type, as identifier: String) {
        register(type, as: identifier) { $0 }
    }
}

let widgets = PolymorphicRegistry<any Widget>(discriminator: "kind", payloadKey: "data") {
    $0.register(ClockWidget.self, as: "clock")
    $0.register(NewsWidget.self, as: "news")
}

/// The samples of the article "Polymorphism" (Sources/Jolt/Jolt.docc/Polymorphism.md),
/// as written there, compiled and run.
final class PolymorphismSampleTests: XCTestCase {
    private var printed: [String] = []
    private func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    protocol ViewItem: Sendable {}
    struct ImageItem: ViewItem, Codable { var url: String }
    struct TextItem: ViewItem, Codable { var text: String }
    struct UnknownItem: ViewItem, Codable { var type: String }

    // Built once (in code or from configuration); immutable and Sendable.
    let viewItems = PolymorphicRegistry<any ViewItem>(discriminator: "type") {   // or "meta.kind"; payloadKey: "data"
        $0.register(ImageItem.self, as: "image") { $0 }   // `{ $0 }` compiles only if ImageItem is a ViewItem
        $0.register(TextItem.self, as: "text") { $0 }
        $0.fallback(UnknownItem.self) { $0 }             // optional: unknown kinds instead of an error
    }

    struct Screen: Codable {
        @Polymorphic var header: any ViewItem
        @OptionalPolymorphic var badge: (any ViewItem)?
        @PolymorphicArray var items: [any ViewItem]          // also LossyPolymorphicArray, PolymorphicDictionary
    }

    func testDecodeAndEncode() throws {
        let data = Data(#"""
            {"header": {"type": "text", "text": "News"},
             "items": [{"type": "image", "url": "a.png"}, {"type": "video", "length": 3}, {"type": "text", "text": "Hi"}]}
            """#.utf8)
        let itemsData = Data(#"[{"type": "image", "url": "b.png"}, {"type": "text", "text": "Bye"}]"#.utf8)

        let decoder = JoltDecoder()
        decoder.register(viewItems)
        let screen = try decoder.decode(Screen.self, from: data)
        let items = try decoder.decodeArray(polymorphic: (any ViewItem).self, from: itemsData)

        // Foundation, both ways: the same registries through userInfo.
        let jsonDecoder = JSONDecoder()
        jsonDecoder.userInfo[PolymorphicRegistries.userInfoKey] = PolymorphicRegistries(viewItems)
        let jsonEncoder = JSONEncoder()
        jsonEncoder.userInfo[PolymorphicRegistries.userInfoKey] = PolymorphicRegistries(viewItems)

        XCTAssertEqual((screen.header as? TextItem)?.text, "News")
        XCTAssertNil(screen.badge)
        XCTAssertEqual(screen.items.count, 3)
        XCTAssertEqual((screen.items[0] as? ImageItem)?.url, "a.png")
        XCTAssertEqual((screen.items[1] as? UnknownItem)?.type, "video", "the fallback")
        XCTAssertEqual((screen.items[2] as? TextItem)?.text, "Hi")
        XCTAssertEqual((items[0] as? ImageItem)?.url, "b.png")
        XCTAssertEqual((items[1] as? TextItem)?.text, "Bye")

        // Foundation decodes the same; encoding writes the identifiers back, and the result reads back.
        let foundation = try jsonDecoder.decode(Screen.self, from: data)
        XCTAssertEqual((foundation.items[1] as? UnknownItem)?.type, "video")
        jsonEncoder.outputFormatting = .sortedKeys
        let written = try jsonEncoder.encode(screen)
        XCTAssertEqual(String(decoding: written, as: UTF8.self),
                       #"{"header":{"text":"News","type":"text"},"items":[{"type":"image","url":"a.png"},{"type":"video"},{"text":"Hi","type":"text"}]}"#)
        XCTAssertEqual((try decoder.decode(Screen.self, from: written).items[2] as? TextItem)?.text, "Hi")

        // The fallback is in the report.
        let (_, report) = try decoder.decodeWithReport(Screen.self, from: data)
        XCTAssertEqual(report.issues.map(\.kind), [.unknownDiscriminator])

        // Without a fallback: dataCorrupted at the discriminator's path, naming the value.
        let strictDecoder = JoltDecoder()
        strictDecoder.register(PolymorphicRegistry<any ViewItem> { $0.register(TextItem.self, as: "text") { $0 } })
        XCTAssertThrowsError(try strictDecoder.decode(Screen.self, from: data)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["items", "Index 0", "type"])
            XCTAssertTrue(context.debugDescription.contains("image"), context.debugDescription)
        }
        // A missing discriminator: keyNotFound.
        XCTAssertThrowsError(try decoder.decode(Screen.self, from: #"{"header": {"text": "x"}, "items": []}"#)) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "type")
        }
    }

    func testLossyArrays() throws {
        struct Timeline: Codable {
            @LossyPolymorphicArray var items: [any ViewItem]
        }
        let strict = PolymorphicRegistry<any ViewItem> {
            $0.register(ImageItem.self, as: "image") { $0 }
            $0.register(TextItem.self, as: "text") { $0 }
        }
        let timelineDecoder = JoltDecoder()
        timelineDecoder.register(strict)
        let (timeline, report) = try timelineDecoder.decodeWithReport(Timeline.self, from: #"""
            {"items": [{"type": "text", "text": "Hi"}, {"type": "video"}, {"type": "image"}]}
            """#)
        print(timeline.items.count, report.issues.count)   // 1 2: the video, and the image without a url

        XCTAssertEqual(printed, ["1 2"])
        XCTAssertEqual(report.issues.map(\.kind), [.droppedElement, .droppedElement])
        XCTAssertEqual((timeline.items.first as? TextItem)?.text, "Hi")
        XCTAssertEqual(report.issues.map { $0.codingPath.map(\.description) }, [["items", "[1]"], ["items", "[2]"]])
    }

    func testWithoutTheConversionClosure() throws {
        let decoder = JoltDecoder()
        decoder.register(widgets)
        let decoded = try decoder.decodeArray(polymorphic: (any Widget).self, from: #"""
            [{"kind": "clock", "data": {"zone": "UTC"}}, {"kind": "news", "data": {"feed": "tech"}}]
            """#)
        XCTAssertEqual((decoded[0] as? ClockWidget)?.zone, "UTC")
        XCTAssertEqual((decoded[1] as? NewsWidget)?.feed, "tech")
        XCTAssertEqual(widgets.identifiers, ["clock", "news"])
        XCTAssertEqual(widgets.payloadKey, "data")
    }

    enum Block: PolymorphicEnum, Codable {
        case image(ImageItem)
        case text(TextItem)
        case unknown(UnknownItem)   // the fallback

        static let polymorphicRegistry = PolymorphicRegistry<Block> {
            $0.register(ImageItem.self, as: "image", Block.image)
            $0.register(TextItem.self, as: "text", Block.text)
            $0.fallback(UnknownItem.self, Block.unknown)
        }
    }

    func testEnums() throws {
        let data = #"[{"type": "image", "url": "a.png"}, {"type": "quote", "by": "Ada"}, {"type": "text", "text": "Hi"}]"#
        for blocks in [try JoltDecoder().decode([Block].self, from: data),
                       try JSONDecoder().decode([Block].self, from: Data(data.utf8))] {
            guard blocks.count == 3, case .image(let image) = blocks[0], case .unknown(let unknown) = blocks[1],
                  case .text(let text) = blocks[2] else { return XCTFail("\(blocks)") }
            XCTAssertEqual(image.url, "a.png")
            XCTAssertEqual(unknown.type, "quote")
            XCTAssertEqual(text.text, "Hi")
        }
        let encoder = JoltEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode([Block.text(TextItem(text: "Hi"))]), as: UTF8.self), #"[{"text":"Hi","type":"text"}]"#)
    }

    struct Config: Decodable {
        var discriminator: String
        var types: [String: String]
    }

    func testRegistriesFromConfiguration() throws {
        let config = try JSONDecoder().decode(Config.self, from: Data(#"{"discriminator": "kind", "types": {"img": "image", "txt": "text"}}"#.utf8))

        // config: {"discriminator": "kind", "types": {"img": "image", "txt": "text"}}
        let known: [String: (inout PolymorphicRegistry<any ViewItem>.Builder, String) -> Void] = [
            "image": { $0.register(ImageItem.self, as: $1) { $0 } },
            "text": { $0.register(TextItem.self, as: $1) { $0 } },
        ]
        var builder = PolymorphicRegistry<any ViewItem>.Builder(discriminator: config.discriminator)
        for (identifier, typeName) in config.types { known[typeName]?(&builder, identifier) }
        let registry = try builder.build()

        XCTAssertEqual(registry.identifiers, ["img", "txt"])
        let decoder = JoltDecoder()
        decoder.register(registry)
        let items = try decoder.decodeArray(polymorphic: (any ViewItem).self, from: #"[{"kind": "txt", "text": "Hi"}]"#)
        XCTAssertEqual((items.first as? TextItem)?.text, "Hi")
        // A mistake is an error, not a trap.
        var twice = PolymorphicRegistry<any ViewItem>.Builder(discriminator: "kind")
        twice.register(TextItem.self, as: "txt") { $0 }
        twice.register(ImageItem.self, as: "txt") { $0 }
        XCTAssertThrowsError(try twice.build())
    }
}
