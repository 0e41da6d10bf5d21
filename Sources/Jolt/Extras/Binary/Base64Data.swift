/// A `Data` or `[UInt8]` property written as Base64 (RFC 4648, the standard alphabet with `+` and `/`), padded with `=` as `JSONDecoder`'s `.base64` requires, whatever the decoder's
/// `dataDecodingStrategy`.
///
/// A missing key, `null`, a non-string or invalid text is an error at the
/// property's path. Works with any `Decoder`; under `JoltDecoder` the text is
/// decoded straight from the input.
///
/// ```swift
/// struct Attachment: Codable {
///     @Base64Data var content: Data          // "SGVsbG8="
///     @Base64Data var checksum: [UInt8]
/// }
/// ```
@propertyWrapper
public struct Base64Data<Bytes: JoltBytes> {
    public var wrappedValue: Bytes

    public init(wrappedValue: Bytes) {
        self.wrappedValue = wrappedValue
    }
}

extension Base64Data: Decodable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = Bytes(joltBytes: try BinaryCoding.decode(.base64, from: decoder))
    }
}

extension Base64Data: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try BinaryCoding.encode(wrappedValue, .base64, to: encoder)
    }
}

extension Base64Data: Equatable {}
extension Base64Data: Hashable {}
extension Base64Data: Sendable {}
