/// The access level of the `init(from:)` and `encode(to:)` that
/// ``AutoCodable(container:accessControl:)`` writes, as AutoCodable's `accessControl:`
/// (without it, the extension's own access level).
///
/// ```swift
/// public struct User { public let name: String }
/// @AutoCodable(accessControl: .public)
/// extension User: Codable {
///     enum CodingKeys: String, CodingKey { case name }
/// }                                        // public init(from:), public func encode(to:)
/// ```
public enum JoltAccessControl: Sendable {
    /// `public` members: the conformance of a public type is usable from other modules.
    case `public`
    /// `package` members.
    case `package`
    /// `internal` members (the default of an extension without a modifier).
    case `internal`
}
