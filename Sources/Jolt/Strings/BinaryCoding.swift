#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text forms of binary data: read and written by the binary wrappers
/// (``Base64Data``, ``Base64URLData``, ``HexData``, whose decoding and encoding
/// are in `Extras/Binary/BinaryCoding+Wrappers.swift`) and by the decoder's
/// `.base64URL` and `.hex` data strategies.
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
}
