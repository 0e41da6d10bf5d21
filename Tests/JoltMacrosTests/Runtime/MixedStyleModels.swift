import Foundation
import JoltMacros

/// ReerCodable's mixed naming styles, on the type and on properties.
@Codable @CamelSnakeCase
struct MixedStyled: Equatable {
    var userNameFirst: String
    var userURLString: String
    @PascalSnakeCase var lastLoginAt: Int
    @CamelKebabCase var post_count: Int
    @PascalKebabCase var displayName: String
    @SnakeCase var homePage: String
    @CodingKey("explicit") var overridden: Int
}

/// A mixed style on an enum and on one of its cases (the case's wins).
@Codable @PascalKebabCase
enum MixedEvent: Equatable {
    case userCreated(userId: Int)
    @CamelSnakeCase case accountClosed
}

/// `@CompactCoding` on sets, plain and optional.
@Codable
struct CompactSets: Equatable {
    @CompactCoding var ids: Set<Int>
    @CompactCoding var names: Set<String>?
}
