/// The container the code of ``AutoCodable(container:accessControl:)`` (and of
/// ``AutoDecodable(container:accessControl:)``, ``AutoEncodable(container:accessControl:)``)
/// uses, as AutoCodable's `container:`.
///
/// ```swift
/// struct Identifier { let value: Int }
/// @AutoCodable(container: .singleValue("value"))
/// extension Identifier: Codable {}              // 42 <-> Identifier(value: 42)
///
/// enum Membership { case regular, premium }
/// @AutoCodable(container: .singleValueForEnum)
/// extension Membership: Codable {
///     enum CodingKeys: String, CodingKey { case regular, premium = "PREMIUM" }
/// }                                             // "PREMIUM" <-> .premium
/// ```
public enum JoltAutoContainer: Sendable {
    /// A keyed container with the keys of the `CodingKeys` enum (what `@AutoCodable` alone writes).
    case keyed
    /// A single value: the named property, written as itself; decoding calls
    /// `init(<property>:)` (a struct's memberwise initializer when it is the only property).
    case singleValue(String)
    /// An enum without associated values as one string: each case's `CodingKeys`
    /// string value (its raw value). An unknown string is `dataCorrupted` ("Invalid value: …").
    case singleValueForEnum
}
