/// A ``PolymorphicArray`` that drops the elements it cannot decode instead of
/// failing: unknown discriminator values (when the registry has no fallback),
/// missing discriminators, invalid payloads and `null`.
///
/// Each dropped element is recorded in the decode report
/// (``JoltDecoder/decodeWithReport(_:from:)``) as `.droppedElement` with its
/// index and the error. A missing key, `null` or a non-array value is still an
/// error, and so is a missing registry. Encodes as a ``PolymorphicArray``.
///
/// ```swift
/// struct Feed: Codable {
///     @LossyPolymorphicArray var items: [any ViewItem]   // [{"type": "text", ...}, {"type": "poll"}] -> 1 item
/// }
/// ```
@propertyWrapper
public struct LossyPolymorphicArray<Base> {
    public var wrappedValue: [Base]

    public init(wrappedValue: [Base]) {
        self.wrappedValue = wrappedValue
    }
}

extension LossyPolymorphicArray: Decodable {
    public init(from decoder: any Decoder) throws {
        let registry = try PolymorphicRegistry<Base>.resolve(from: decoder)
        wrappedValue = try registry.decodeArray(from: decoder, lossy: true)
    }
}

extension LossyPolymorphicArray: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try PolymorphicRegistry<Base>.resolve(from: encoder).encodeArray(wrappedValue, to: encoder)
    }
}

extension LossyPolymorphicArray: Sendable where Base: Sendable {}
