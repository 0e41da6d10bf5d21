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
}
