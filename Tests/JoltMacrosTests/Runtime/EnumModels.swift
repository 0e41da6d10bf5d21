import Foundation
import JoltMacros

@Codable
enum Phone: Equatable {
    @CodingCase(match: .string("iphone"), .int(10), .intRange(22...30), .bool(true))
    case apple
    @CodingCase(match: .string("android"), .string("pixel"), .double(2.5))
    case google
    case nokia
    @FallbackCase
    case unknown
}

@Codable
enum Level: String, Equatable {
    case low = "L"
    case high
}

@Codable
enum Video: Equatable {
    @CodingCase(match: .string("youtube"), .string("YOUTUBE"))
    case youTube
    @CodingCase(match: .string("vimeo"), values: [.label("id", keys: "ID", "Id"), .index(2, keys: "minutes")])
    case vimeo(id: String, duration: Double = 33, Int)
    @CodingCase(match: .string("tiktok"))
    case tiktok(url: URL, tag: String?)
    @CodingCase(match: .string("short"), .pathValue("type.middle"))
    case short(id: Int, title: String = "none")
}
