#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A byte container the binary property wrappers (``Base64Data``,
/// ``Base64URLData``, ``HexData``) decode into and encode from: `Data` and
/// `[UInt8]`.
///
/// ```swift
/// struct Upload: Codable {
///     @Base64Data var thumbnail: Data
///     @HexData var digest: [UInt8]
/// }
/// ```
public protocol JoltBytes: JoltInput, Hashable, Sendable {
    /// A container holding `bytes`.
    init(joltBytes bytes: [UInt8])
}

extension Data: JoltBytes {
    public init(joltBytes bytes: [UInt8]) { self.init(bytes) }
}

extension Array: JoltBytes where Element == UInt8 {
    public init(joltBytes bytes: [UInt8]) { self = bytes }
}
