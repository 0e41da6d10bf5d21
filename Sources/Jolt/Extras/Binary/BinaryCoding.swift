#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the binary wrappers read their text: shared by ``Base64Data``,
/// ``Base64URLData`` and ``HexData``.
enum BinaryCoding {
    enum Format {
        case base64, base64URL, hex

        var name: String {
            switch self {
            case .base64: "Base64"
            case .base64URL: "Base64URL"
            case .hex: "hexadecimal"
            }
        }

        func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            switch self {
            case .base64: BinaryText.decodeBase64(text, url: false, paddingRequired: true)
            case .base64URL: BinaryText.decodeBase64(text, url: true, paddingRequired: false)
            case .hex: BinaryText.decodeHex(text)
            }
        }

        func encode(_ bytes: UnsafeRawBufferPointer) -> String {
            switch self {
            case .base64: BinaryText.encodeBase64(bytes, url: false, padded: true)
            case .base64URL: BinaryText.encodeBase64(bytes, url: true, padded: false)
            case .hex: BinaryText.encodeHex(bytes)
            }
        }
    }

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
