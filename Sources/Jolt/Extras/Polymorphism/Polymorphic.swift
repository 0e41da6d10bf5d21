/// A property whose type is a protocol existential (or any base type with a
/// ``PolymorphicRegistry``), decoded by its discriminator.
///
/// The registry for `Base` comes from the decoder: a ``JoltDecoder``'s
/// ``JoltDecoder/polymorphicRegistries``, or `userInfo` under
/// ``PolymorphicRegistries/userInfoKey`` (any decoder, Foundation's included).
/// The same model code thus serves registries built at startup. Encoding needs
/// the registry in the encoder's `userInfo` and writes the discriminator back.
///
/// ```swift
/// struct Card: Codable {
///     @Polymorphic var item: any ViewItem          // {"type": "image", "url": "..."}
///     @OptionalPolymorphic var badge: (any ViewItem)?
/// }
/// ```
@propertyWrapper
public struct Polymorphic<Base> {
    public var wrappedValue: Base

    public init(wrappedValue: Base) {
        self.wrappedValue = wrappedValue
    }
}

extension Polymorphic: Decodable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = try PolymorphicRegistry<Base>.resolve(from: decoder).decode(from: decoder)
    }
}

extension Polymorphic: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try PolymorphicRegistry<Base>.resolve(from: encoder).encode(wrappedValue, to: encoder)
    }
}

extension Polymorphic: Sendable where Base: Sendable {}
