import Foundation
@_spi(Testing) import Jolt
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

    @Test("a case chosen by a sibling key: @Flatten and a payload key", arguments: TestDecoder.all)
    func siblingKey(decoder: TestDecoder) throws {
        // The discriminator before and after the payload, an alias, the fallback.
        let json = #"""
        [{"kind": "posted", "id": 1, "body": {"text": "Hi"}},
         {"body": {"url": "a.png"}, "id": 2, "kind": "shared"},
         {"id": 3, "kind": "liked", "body": {"emoji": "+1"}}]
        """#
        let events = try decoder.decode([SiteEvent].self, json)
        #expect(events == [SiteEvent(id: 1, body: .posted(TextItem(text: "Hi"))),
                           SiteEvent(id: 2, body: .uploaded(ImageItem(url: "a.png"))),
                           SiteEvent(id: 3, body: .other(UnknownSiteEvent(kind: "liked", id: 3)))])
        // Each case's first identifier, the fallback the object it read.
        let (jolt, foundation) = try encodeBoth(events)
        #expect(jolt == #"[{"body":{"text":"Hi"},"id":1,"kind":"posted"},{"body":{"url":"a.png"},"id":2,"kind":"uploaded"},"#
                + #"{"id":3,"kind":"liked"}]"#)
        #expect(jolt == foundation)
        // A kept discriminator is written by the struct, then by the registry: the last wins.
        let kept = try decoder.decode([KindKeepingSiteEvent].self, json)
        #expect(kept.map(\.kind) == ["posted", "shared", "liked"])
        #expect(kept.map(\.body) == events.map(\.body))
        let (keptJolt, keptFoundation) = try encodeBoth(Array(kept.prefix(2)))
        #expect(keptJolt == #"[{"body":{"text":"Hi"},"id":1,"kind":"posted"},{"body":{"url":"a.png"},"id":2,"kind":"uploaded"}]"#)
        #expect(keptJolt == keptFoundation)
        // A missing payload, a payload of the wrong shape, a missing discriminator:
        // the errors of init(from:) on every decoder.
        for (bad, expected) in [(#"{"kind": "posted", "id": 1}"#, "keyNotFound body at "),
                                (#"{"kind": "posted", "id": 1, "body": {"text": 5}}"#, "typeMismatch at body.text"),
                                (#"{"id": 1, "body": {"text": "Hi"}}"#, "keyNotFound kind at ")] {
            do {
                _ = try decoder.decode(SiteEvent.self, bad)
                Issue.record("\(bad) decoded")
            } catch {
                var found = "\(error)"
                switch error as? DecodingError {
                case .keyNotFound(let key, _): found = "keyNotFound \(key.stringValue) at \(errorPath(error) ?? "")"
                case .typeMismatch: found = "typeMismatch at \(errorPath(error) ?? "")"
                default: break
                }
                #expect(found == expected, "\(bad)")
            }
        }
    }

    @Test("a generated encode(to:) gives way to a registry in the encoder's userInfo")
    func encoderRegistry() throws {
        let renamed = PolymorphicRegistry<SiteEventBody>(discriminator: "k", payloadKey: "b") {
            $0.register(TextItem.self, as: "post", SiteEventBody.posted)
        }
        let value = SiteEvent(id: 1, body: .posted(TextItem(text: "Hi")))
        let registries: [CodingUserInfoKey: any Sendable] = [PolymorphicRegistries.userInfoKey: PolymorphicRegistries(renamed)]
        let (jolt, foundation) = try encodeBoth(value, userInfo: registries)
        #expect(jolt == #"{"b":{"text":"Hi"},"id":1,"k":"post"}"#)
        #expect(jolt == foundation)
        // A case the renamed registry does not have is its error.
        #expect(throws: EncodingError.self) {
            try encodeBoth(SiteEvent(id: 2, body: .uploaded(ImageItem(url: "a"))), userInfo: registries)
        }
    }

    @Test("a case whose payload only decodes: decoded, and its encoding is the registry's error", arguments: TestDecoder.all)
    func decodeOnlyPayload(decoder: TestDecoder) throws {
        let value = try decoder.decode(ReadOnlyBlock.self, #"{"type": "note", "text": "x"}"#)
        #expect(value == .note(DecodeOnlyItem(text: "x")))
        for encode in [{ try JoltEncoder().encode(value) }, { try JSONEncoder().encode(value) }] {
            do {
                _ = try encode()
                Issue.record("a DecodeOnlyItem was encoded")
            } catch EncodingError.invalidValue(_, let context) {
                #expect(context.debugDescription == "DecodeOnlyItem in PolymorphicRegistry<ReadOnlyBlock> is not Encodable.")
            }
        }
    }

    @Test("an encode(to:) the enum writes itself, in another extension, is the one used")
    func selfWrittenEncode() throws {
        let value = SelfWrittenBlock.text(TextItem(text: "x"))
        let (jolt, foundation) = try encodeBoth(value)
        #expect(jolt == #""written by hand""#)
        #expect(jolt == foundation)
        // What the macro writes is still there, as the protocol's requirement.
        struct Case: Encodable {
            let value: SelfWrittenBlock
            func encode(to encoder: any Encoder) throws { try value.encodePolymorphicCase(to: encoder) }
        }
        #expect(try encodeBoth(Case(value: value)).jolt == #"{"text":"x","type":"text"}"#)
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
