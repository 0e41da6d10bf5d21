import Foundation
import JoltMacros

@Codable
struct BasicUser: Equatable {
    @CodingKey("user_name") var name: String
    var age = 33
    var nickname: String?
}

@Codable
struct Profile: Equatable {
    @CodingKey("name", "username", "profile.name") var name: String
    @CodingKey("profile.location.city", "city") var city: String?
    @CodingKey("id") @EncodingKey("identifier") var id: Int
}

@Codable @SnakeCase
struct Styled: Equatable {
    var firstName: String
    var userURLString: String
    @KebabCase var lastLoginAt: Int
    @CamelCase var post_count: Int
    @PascalCase var displayName: String
    @ScreamingSnakeCase var apiKey: String
    @ScreamingKebabCase var requestId: String
    @FlatCase var homePage: String
    @UpperCase var countryCode: String
    @CodingKey("explicit") var overridden: Int
}

@Codable
struct Defaults: Equatable {
    var count = 5
    var title: String = "untitled"
    var tags: [String] = ["none"]
    @DecodingDefault("guest") let role: String
    @DecodingDefault(missing: 0, invalid: -1) let score: Int
    var note: String? = "n/a"
    @CodingIgnored var cache: [String: Int] = ["x": 1]
    @CodingIgnored var selected: Bool?
}

@Codable
struct Transformed: Equatable {
    @DateCoding(ISO8601Strategy.self) var created: Date
    @DateCoding(MillisecondsSince1970Strategy.self) var updated: Date?
    @Base64Coding var avatar: Data
    @Base64Coding(format: .hex) var digest: [UInt8]
    @FlexibleType var id: Int
    @FlexibleType var enabled: Bool
    @LossyCoding var numbers: [Int]
    @LossyCoding var scores: [String: Int]
    @CompactCoding var names: [String]
    @CustomCoding(CommaList.self) var tags: [String]
    @CustomCoding(decode: { try Int(from: $0) * 2 }, encode: { try ($0 / 2).encode(to: $1) })
    var doubled: Int
}

enum CommaList: JoltCodingTransformer {
    static func decode(from decoder: any Decoder) throws -> [String] {
        try String(from: decoder).split(separator: ",").map(String.init)
    }
    static func encode(_ value: [String], to encoder: any Encoder) throws {
        try value.joined(separator: ",").encode(to: encoder)
    }
}

@Codable @EncodeNil
struct Nulls: Equatable {
    var a: String?
    var b: Int?
}

@Codable
struct SomeNulls: Equatable {
    @EncodeNil var a: String?
    var b: Int?
}

struct ValidationError: Error, Equatable { let message: String }

@Codable
struct Hooked: Equatable {
    var min: Int
    var max: Int
    @CodingIgnored var log: [String] = []

    static func willDecode(from decoder: any Decoder) throws {
        if decoder.userInfo[.rejectAll] as? Bool == true { throw ValidationError(message: "rejected") }
    }

    mutating func didDecode(from decoder: any Decoder) throws {
        guard min <= max else { throw ValidationError(message: "min > max") }
        log.append("decoded")
    }

    func willEncode(to encoder: any Encoder) throws {
        guard min <= max else { throw ValidationError(message: "min > max") }
    }

    func didEncode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
        try container.encode(max - min, forKey: "span")
    }
}

extension CodingUserInfoKey {
    static let rejectAll = CodingUserInfoKey(rawValue: "rejectAll")!
}

@Codable @CodingContainer("data.info")
struct Nested: Equatable {
    var name: String
    @CodingKey("meta.rank") var rank: Int
}

@Decodable
struct DecodeOnly: Equatable {
    @CodingKey("event_id") let id: Int
}

@Encodable
struct EncodeOnly {
    @EncodingKey("sent_at") var sentAt: Int
}

@Codable
public struct PublicModel: Equatable, Sendable {
    public var value: Int
    public init(value: Int) { self.value = value }
}
