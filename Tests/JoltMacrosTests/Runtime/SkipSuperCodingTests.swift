import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("@Codable(options: .skipSuperCoding): a subclass of a class that is not Codable")
struct SkipSuperCodingTests {
    @Test("the superclass is initialized with init(); only the subclass's properties are coded", arguments: TestDecoder.all)
    func subclass(decoder: TestDecoder) throws {
        let node = try decoder.decode(TextNode.self, #"{"text": "Hi", "origin": "ignored"}"#)
        #expect(node.text == "Hi" && node.size == 12 && node.origin == "plain")

        let (jolt, foundation) = try encodeBoth(TextNode(text: "Yo", size: 3))
        #expect(jolt == #"{"size":3,"text":"Yo"}"#)
        #expect(jolt == foundation)
        let back = try decoder.decode(TextNode.self, jolt)
        #expect(back.text == "Yo" && back.size == 3 && back.origin == "plain")
    }

    @Test("a non-final class: hooks run after super.init()", arguments: TestDecoder.all)
    func nonFinal(decoder: TestDecoder) throws {
        let (log, userInfo) = HookLog.make()
        let image = try decoder.decode(ImageNode.self, #"{"url": "a.png"}"#, userInfo: userInfo)
        #expect(image.url == "a.png" && image.origin == "plain")
        #expect(log.entries == ["ImageNode.didDecode plain"])
        let (jolt, foundation) = try encodeBoth(ImageNode(url: "b.png"))
        #expect(jolt == #"{"url":"b.png"}"#)
        #expect(jolt == foundation)
        #expect(try decoder.decode(ImageNode.self, jolt).url == "b.png")
    }
}
