// The polymorphic benchmark: a generated array of 10,000 feed items of four
// kinds, each an object whose "type" says which Swift type it is, decoded to
// [any FeedItem]. Foundation's baseline is the usual hand-written wrapper whose
// init(from:) reads "type" and then calls the chosen type's init(from:) on the
// same decoder.

import Foundation
import Jolt

protocol FeedItem: Sendable {}

struct TextPost: FeedItem, Codable {
    var id: Int
    var author: String
    var text: String
    var likes: Int
}

struct ImagePost: FeedItem, Codable {
    var id: Int
    var author: String
    var url: String
    var width: Int
    var height: Int
    var caption: String?
}

struct VideoPost: FeedItem, Codable {
    var id: Int
    var author: String
    var url: String
    var duration: Double
    var autoplay: Bool
}

struct LinkPost: FeedItem, Codable {
    var id: Int
    var author: String
    var url: String
    var title: String
}

/// The hand-written way, for any decoder: read the type, then decode the same
/// object as the type it names.
struct HandWrittenFeedItem: Decodable {
    let value: any FeedItem

    enum CodingKeys: String, CodingKey { case type }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "text": value = try TextPost(from: decoder)
        case "image": value = try ImagePost(from: decoder)
        case "video": value = try VideoPost(from: decoder)
        case "link": value = try LinkPost(from: decoder)
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown type \(other)")
        }
    }
}

enum PolymorphicFeed {
    static let count = 10_000

    static let registry = PolymorphicRegistry<any FeedItem> {
        $0.register(TextPost.self, as: "text") { $0 }
        $0.register(ImagePost.self, as: "image") { $0 }
        $0.register(VideoPost.self, as: "video") { $0 }
        $0.register(LinkPost.self, as: "link") { $0 }
    }

    /// The array as JSON, generated (deterministically) rather than stored.
    static func generate() -> Data {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let words = ["swift", "json", "decoder", "tape", "fast", "polymorphic", "registry", "value", "array", "object",
                     "hello", "world", "feed", "item", "image", "video", "link", "text", "caption", "title"]
        func phrase(_ n: Int) -> String { (0..<n).map { _ in words[next() % words.count] }.joined(separator: " ") }
        var items: [String] = []
        items.reserveCapacity(count)
        for id in 0..<count {
            let author = "\"author\": \"user_\(next() % 5000)\""
            switch next() % 4 {
            case 0:
                items.append(#"{"type": "text", "id": \#(id), \#(author), "text": "\#(phrase(3 + next() % 12))", "likes": \#(next() % 10_000)}"#)
            case 1:
                let caption = next() % 3 == 0 ? "null" : "\"\(phrase(2 + next() % 6))\""
                items.append(#"{"type": "image", "id": \#(id), \#(author), "url": "https://img.example.com/\#(next() % 1_000_000).jpg", "#
                             + #""width": \#(320 + next() % 3000), "height": \#(240 + next() % 2000), "caption": \#(caption)}"#)
            case 2:
                items.append(#"{"type": "video", "id": \#(id), \#(author), "url": "https://video.example.com/v/\#(next() % 1_000_000)", "#
                             + #""duration": \#(Double(next() % 600_000) / 1000), "autoplay": \#(next() % 2 == 0)}"#)
            default:
                items.append(#"{"type": "link", "id": \#(id), \#(author), "url": "https://example.com/\#(phrase(1))/\#(next() % 100_000)", "#
                             + #""title": "\#(phrase(2 + next() % 8))"}"#)
            }
        }
        return Data(("[\n" + items.joined(separator: ",\n") + "\n]").utf8)
    }

    /// A short fingerprint of decoded items, to check that every contender decoded the same.
    static func fingerprint(_ items: [any FeedItem]) -> String {
        var counts: [String: Int] = [:]
        var ids = 0
        for item in items {
            counts["\(type(of: item))", default: 0] += 1
            switch item {
            case let post as TextPost: ids &+= post.id &* 1 &+ post.likes
            case let post as ImagePost: ids &+= post.id &* 2 &+ post.width &+ post.height &+ (post.caption?.count ?? 0)
            case let post as VideoPost: ids &+= post.id &* 3 &+ Int(post.duration * 1000) &+ (post.autoplay ? 1 : 0)
            case let post as LinkPost: ids &+= post.id &* 4 &+ post.title.count
            default: break
            }
        }
        return "\(items.count) \(counts.sorted { $0.key < $1.key }) \(ids)"
    }
}
