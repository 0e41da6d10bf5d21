import Foundation
import JoltMacros

@AutoDecodable @AutoEncodable
extension Account: Codable {
    enum CodingKeys: String, CodingKey {
        case name = "user_name"
        case age
        case tags
    }
}

@AutoCodable
extension Shape: Codable {
    enum CodingKeys: String, CodingKey { case circle, rect, empty }
    enum CircleCodingKeys: String, CodingKey { case radius = "r" }
    enum RectCodingKeys: String, CodingKey { case width = "w", height = "h", _2 = "label" }
}

// Custom value types per key: AutoCodable's @DecodedValue/@EncodedValue, and
// @CustomCoding with a transformer; for an enum, per associated value in its
// case's <Case>CodingKeys.

@AutoCodable
extension Member: Codable {
    enum CodingKeys: String, CodingKey {
        case name
        @DecodedValue(FilePath.self) @EncodedValue(FilePath.self)
        case avatar                                     // URL? from a FilePath (Value = URL)
        @CustomCoding(CommaList.self)
        case tags
    }
}

@AutoCodable
extension Attachment: Codable {
    enum CodingKeys: String, CodingKey { case image, clip, note }
    enum ImageCodingKeys: String, CodingKey {
        @DecodedValue(FilePath.self) @EncodedValue(FilePath.self)
        case url
        case width = "w"
    }
    enum ClipCodingKeys: String, CodingKey {
        @DecodedValue(FilePath.self) @EncodedValue(FilePath.self)
        case _0 = "src"
        @CustomCoding(Milliseconds.self)
        case length = "ms"                             // Double? seconds from integer milliseconds
    }
    enum NoteCodingKeys: String, CodingKey { case _0 = "text" }
}

/// AutoCodable's README example: `{"path": "img/a", "extension": "png"}` <-> `img/a.png`.
struct FilePath: DecodableValue, EncodableValue {
    let path: String
    let `extension`: String

    func value() -> URL { URL(string: path + "." + `extension`)! }

    init(from value: URL) {
        path = value.deletingPathExtension().relativeString
        `extension` = value.pathExtension
    }
}

/// Seconds as whole milliseconds.
enum Milliseconds: JoltCodingTransformer {
    static func decode(from decoder: any Decoder) throws -> Double {
        Double(try Int(from: decoder)) / 1000
    }
    static func encode(_ value: Double, to encoder: any Encoder) throws {
        try Int((value * 1000).rounded()).encode(to: encoder)
    }
}

// Nested containers (AutoCodable's form): a <Key>CodingKeys enum inside CodingKeys.
@AutoCodable
extension Person: Codable {
    enum CodingKeys: String, CodingKey {
        case names, age, address
        enum NamesCodingKeys: String, CodingKey {
            case firstName = "first", lastName = "last"
        }
        enum AddressCodingKeys: String, CodingKey {
            case location
            enum LocationCodingKeys: String, CodingKey {
                case city
            }
        }
    }
}

// Lifecycle hooks: the extension names JoltCodingHooks, so the generated code
// calls the hooks declared in AutoModels+Hooks.swift.

@AutoCodable
extension Window: Codable, JoltCodingHooks {
    enum CodingKeys: String, CodingKey { case low, high }
}

@AutoCodable
extension Signal: Codable, JoltCodingHooks {
    enum CodingKeys: String, CodingKey { case level, off }
    enum LevelCodingKeys: String, CodingKey { case _0 = "value" }
}
