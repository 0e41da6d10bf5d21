/// An optional ``Polymorphic`` property: a missing key or `null` gives nil;
/// anything else decodes by its discriminator (a bad value is still an error).
/// Encoding leaves the key out for nil, as for a plain optional.
///
/// ```swift
/// struct Card: Codable {
///     @OptionalPolymorphic var badge: (any ViewItem)?   // missing, null or {"type": ...}
/// }
/// ```
@propertyWrapper
public struct OptionalPolymorphic<Base> {
    public var wrappedValue: Base?

    public init(wrappedValue: Base?) {
        self.wrappedValue = wrappedValue
    }

    /// A property holding nil.
    public init() {
        wrappedValue = nil
    }
}

extension OptionalPolymorphic: Decodable {
    public init(from decoder: any Decoder) throws {
        if try decoder.singleValueContainer().decodeNil() {
            wrappedValue = nil
        } else {
            wrappedValue = try PolymorphicRegistry<Base>.resolve(from: decoder).decode(from: decoder)
        }
    }
}

extension OptionalPolymorphic: Encodable {
    public func encode(to encoder: any Encoder) throws {
        guard let wrappedValue else {
            var container = encoder.singleValueContainer()
            return try container.encodeNil()
        }
        try PolymorphicRegistry<Base>.resolve(from: encoder).encode(wrappedValue, to: encoder)
    }
}

extension OptionalPolymorphic: Sendable where Base: Sendable {}

extension KeyedDecodingContainer {
    /// An ``OptionalPolymorphic`` property whose key is missing is nil.
    public func decode<Base>(_ type: OptionalPolymorphic<Base>.Type, forKey key: Key) throws -> OptionalPolymorphic<Base> {
        try decodeIfPresent(type, forKey: key) ?? OptionalPolymorphic()
    }
}

extension KeyedEncodingContainer {
    /// An ``OptionalPolymorphic`` property holding nil is left out.
    public mutating func encode<Base>(_ value: OptionalPolymorphic<Base>, forKey key: Key) throws {
        guard value.wrappedValue != nil else { return }
        try encodeIfPresent(value, forKey: key)
    }
}
