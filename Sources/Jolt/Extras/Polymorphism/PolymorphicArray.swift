/// An array of protocol existentials (or of any base type with a
/// ``PolymorphicRegistry``), each element decoded by its discriminator.
///
/// An element that does not decode (an unknown discriminator value without a
/// fallback included) fails the whole decode, with the element's path; for
/// dropping such elements, use ``LossyPolymorphicArray``. The registry comes
/// from the decoder or encoder, as for ``Polymorphic``.
///
/// ```swift
/// struct Screen: Codable {
///     @PolymorphicArray var items: [any ViewItem]   // [{"type": "text", ...}, {"type": "image", ...}]
/// }
/// ```
@propertyWrapper
public struct PolymorphicArray<Base> {
    public var wrappedValue: [Base]

    public init(wrappedValue: [Base]) {
        self.wrappedValue = wrappedValue
    }
}

extension PolymorphicArray: Decodable {
    public init(from decoder: any Decoder) throws {
        let registry = try PolymorphicRegistry<Base>.resolve(from: decoder)
        wrappedValue = try registry.decodeArray(from: decoder)
    }
}

extension PolymorphicArray: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try PolymorphicRegistry<Base>.resolve(from: encoder).encodeArray(wrappedValue, to: encoder)
    }
}

extension PolymorphicArray: Sendable where Base: Sendable {}
