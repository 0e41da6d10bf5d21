import Foundation
import JoltMacros

/// Arrays and dictionaries of a type read directly, as the properties of one
/// (`_JoltDirectMembers`' reads of `[T]` and `[String: T]`, built where `T` is
/// concrete), for ``DirectCollectionCodingTests``.
@Codable
struct DirectCollections: Equatable {
    var list: [DirectEntry]
    var map: [String: DirectEntry]
    var maybeList: [DirectEntry]?
    var maybeMap: [String: DirectEntry]?
    @DecodingDefault(missing: [:], invalid: ["d": DirectEntry(x: 0)]) var defaulted: [String: DirectEntry]
    /// Not a collection of a type read directly: through the decoder.
    var grid: [[DirectEntry]] = []
}

/// Logs its coding path as it starts to decode, on either path: the logs of
/// the two paths agree when each element is read once, with the same path.
@Codable
struct DirectEntry: Equatable {
    var x: Int
    var y: String?

    static func willDecode(from decoder: any Decoder) throws {
        decoder.log("DirectEntry " + decoder.codingPath.map(\.stringValue).joined(separator: "."))
    }
}
