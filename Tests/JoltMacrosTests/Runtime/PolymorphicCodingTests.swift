import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("@PolymorphicCodable at run time")
struct PolymorphicCodingTests {
    @Test("identifiers, aliases and the fallback from the compile-time registry", arguments: TestDecoder.all)
    func inline(decoder: TestDecoder) throws {
        let json = #"""
        [{"type": "image", "url": "a.png"}, {"type": "picture", "url": "b.png"}, {"type": "text", "text": "Hi"},
         {"type": "video"}]
        """#
        let blocks = try decoder.decode([Block].self, json)
        #expect(blocks == [.image(ImageItem(url: "a.png")), .image(ImageItem(url: "b.png")), .text(TextItem(text: "Hi")),
                           .unknown(UnknownItem(type: "video"))])
        #expect(Block.polymorphicRegistry.identifiers == ["image", "picture", "text"])
        let (jolt, foundation) = try encodeBoth(Array(blocks.prefix(3)))
        #expect(jolt == #"[{"type":"image","url":"a.png"},{"type":"image","url":"b.png"},{"text":"Hi","type":"text"}]"#)
        #expect(jolt == foundation)
    }

    @Test("a discriminator path and a payload key", arguments: TestDecoder.all)
    func payloadKey(decoder: TestDecoder) throws {
        let json = #"[{"meta": {"kind": "text"}, "data": {"text": "x"}}]"#
        let values = try decoder.decode([Wrapped].self, json)
        #expect(values == [.text(TextItem(text: "x"))])
        let (jolt, foundation) = try encodeBoth(values)
        #expect(canonical(jolt) == canonical(json))
        #expect(jolt == foundation)
        #expect(throws: DecodingError.self) { try decoder.decode(Wrapped.self, #"{"meta": {"kind": "video"}, "data": {}}"#) }
    }

    @Test("a protocol's registry from @PolymorphicIdentifier and #polymorphicRegistry", arguments: TestDecoder.all)
    func protocolRegistry(decoder: TestDecoder) throws {
        #expect(feedItems.identifiers == ["image", "note", "photo"])
        let json = #"{"items": [{"type": "photo", "url": "a"}, {"type": "image", "url": "b"}, {"type": "note", "text": "n"}, {"type": "poll"}]}"#
        let registries = PolymorphicRegistries(feedItems)
        let feed: Feed
        switch decoder {
        case .jolt(let backend), .joltInitFrom(let backend):
            let jolt = JoltDecoder()
            jolt.backend = backend
            if case .joltInitFrom = decoder { jolt.usesDirectPath = false }
            jolt.register(feedItems)
            feed = try jolt.decode(Feed.self, from: Data(json.utf8))
        case .foundation:
            let foundation = JSONDecoder()
            foundation.userInfo[PolymorphicRegistries.userInfoKey] = registries
            feed = try foundation.decode(Feed.self, from: Data(json.utf8))
        }
        #expect(feed.items.count == 4)
        #expect(feed.items[0] as? PhotoItem == PhotoItem(url: "a"))
        #expect(feed.items[1] as? PhotoItem == PhotoItem(url: "b"))
        #expect(feed.items[2] as? NoteItem == NoteItem(text: "n"))
        #expect(feed.items[3] as? OtherItem == OtherItem(type: "poll"))
        // Encoding writes the first identifier back (the fallback writes itself).
        let jolt = JoltEncoder()
        jolt.outputFormatting = .sortedKeys
        jolt.userInfo[PolymorphicRegistries.userInfoKey] = registries
        let text = String(decoding: try jolt.encode(Feed(items: Array(feed.items.prefix(3)))), as: UTF8.self)
        #expect(text == #"{"items":[{"type":"photo","url":"a"},{"type":"photo","url":"b"},{"text":"n","type":"note"}]}"#)
    }
}
