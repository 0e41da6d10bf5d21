import Foundation
import JoltMacros

/// A class that is not `Codable`, with an initializer taking nothing.
class PlainNode {
    var origin = "plain"
    init() {}
}

@Codable(options: .skipSuperCoding)
final class TextNode: PlainNode {
    var text: String
    var size = 12

    init(text: String, size: Int) {
        self.text = text
        self.size = size
        super.init()
    }
}

/// Not final: a subclass's hooks run once, as with `@Codable`.
@Codable(options: .skipSuperCoding)
class ImageNode: PlainNode {
    var url: String

    init(url: String) {
        self.url = url
        super.init()
    }

    func didDecode(from decoder: any Decoder) throws { decoder.log("ImageNode.didDecode \(origin)") }
}
