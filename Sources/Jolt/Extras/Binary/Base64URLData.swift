/// A `Data` or `[UInt8]` property written as URL-safe Base64 (RFC 4648 §5, `-` and `_` for `+` and `/`), as JWTs and many web APIs write it: padding optional when reading, left out when writing, whatever the decoder's
/// `dataDecodingStrategy`.
///
/// A missing key, `null`, a non-string or invalid text is an error at the
/// property's path. Works with any `Decoder`; under `JoltDecoder` the text is
/// decoded straight from the input.
///
/// ```swift
/// struct Attachment: Codable {
///     @Base64URLData var content: Data          // "SGVsbG8"
///     @Base64URLData var checksum: [UInt8]
/// }
/// ```
@propertyWrapper
public struct Base64URLData<Bytes: JoltBytes> {
    public var wrappedValue: Bytes

    public init(wrappedValue: Bytes) {
        self.wrappedValue = wrappedValue
    }
}

extension Base64URLData: Decodable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = Bytes(joltBytes: try BinaryCoding.decode(.base64URL, from: decoder))
    }
}

extension Base64URLData: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try BinaryCoding.encode(wrappedValue, .base64URL, to: encoder)
    }
}

extension Base64URLData: Equatable {}
extension Base64URLData: Hashable {}
extension Base64URLData: Sendable {}
