#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the binary wrappers read and write their text: shared by ``Base64Data``,
/// ``Base64URLData`` and ``HexData``.
extension BinaryCoding {
    /// The bytes of the string at `decoder`, read in place under ``JoltDecoder``.
    /// - Throws: Foundation's error for a non-string; `dataCorrupted` (at the
    ///   value's path) for text that is not in `format`.
    static func decode(_ format: Format, from decoder: any Decoder) throws -> [UInt8] {
        if let bytes = try TapeDecoder.parseString(at: decoder, { format.decode($0) }) { return bytes }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "Encountered Data is not valid \(format.name)."))
    }

    static func encode<Bytes: JoltBytes>(_ value: Bytes, _ format: Format, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.withJoltBytes { format.encode($0) })
    }
}
