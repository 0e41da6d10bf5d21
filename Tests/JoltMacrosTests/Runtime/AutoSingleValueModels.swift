import Foundation
import JoltMacros

/// AutoCodable's `.singleValue`: the type is its one property's value.
struct AutoIdentifier: Equatable {
    let value: Int
}

@AutoCodable(container: .singleValue("value"))
extension AutoIdentifier: Codable {}

/// An optional single value: `null` is nil.
struct AutoTag: Equatable {
    var text: String?
}

@AutoCodable(container: .singleValue("text"))
extension AutoTag: Codable {}

/// The two directions written apart.
struct AutoToken: Equatable {
    let raw: String
}

@AutoDecodable(container: .singleValue("raw"))
extension AutoToken: Decodable {}

@AutoEncodable(container: .singleValue("raw"))
extension AutoToken: Encodable {}

/// AutoCodable's `.singleValueForEnum`: a case is its `CodingKeys` string.
enum AutoMembership: Equatable {
    case regular, premium, gold
}

@AutoCodable(container: .singleValueForEnum)
extension AutoMembership: Codable {
    enum CodingKeys: String, CodingKey {
        case regular
        case premium = "PREMIUM"
        case gold
    }
}

/// Single values inside a synthesized `Codable` type, for coding paths.
struct AutoAccount: Codable, Equatable {
    var id: AutoIdentifier
    var membership: AutoMembership
    var tags: [AutoTag]
}

/// `accessControl: .public`: a public type's members are public (else this does not compile).
public struct AutoPublicUser: Equatable {
    public let name: String
    public init(name: String) { self.name = name }
}

@AutoCodable(accessControl: .public)
extension AutoPublicUser: Codable {
    enum CodingKeys: String, CodingKey {
        case name = "user_name"
    }
}

/// Both options on a public enum.
public enum AutoPublicLevel: Equatable {
    case low, high
}

@AutoCodable(container: .singleValueForEnum, accessControl: .public)
extension AutoPublicLevel: Codable {
    enum CodingKeys: String, CodingKey {
        case low = "L"
        case high = "H"
    }
}
