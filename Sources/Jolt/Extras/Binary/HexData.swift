/// A `Data` or `[UInt8]` property written as hexadecimal, two digits a byte, either case when reading, lowercase when writing, whatever the decoder's
/// `dataDecodingStrategy`.
///
/// A missing key, `null`, a non-string or invalid text is an error at the
/// property's path. Works with any `Decoder`; under `JoltDecoder` the text is
/// decoded straight from the input.
///
/// ```swift
/// struct Attachment: Codable {
///     @HexData var content: Data          // "48656c6c6f"
///     @HexData var checksum: [UInt8]
/// }
/// ```
@propertyWrapper
public struct HexData<Bytes: JoltBytes> {
    public var wrappedValue: Bytes

    public init(wrappedValue: Bytes) {
        self.wrappedValue = wrappedValue
    }
}

extension HexData: Decodable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = Bytes(joltBytes: try BinaryCoding.decode(.hex, from: decoder))
    }
}

extension HexData: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try BinaryCoding.encode(wrappedValue, .hex, to: encoder)
    }
}

extension HexData: Equatable {}
extension HexData: Hashable {}
extension HexData: Sendable {}
