/// A dictionary whose values are protocol existentials (or any base type with a
/// ``PolymorphicRegistry``), each decoded by its discriminator. Keys go through
/// the decoder's key decoding strategy, as in any keyed container. A value that
/// does not decode fails the decode, with its key in the path. The registry
/// comes from the decoder or encoder, as for ``Polymorphic``.
///
/// ```swift
/// struct Layout: Codable {
///     @PolymorphicDictionary var slots: [String: any ViewItem]   // {"header": {"type": "text", ...}}
/// }
/// ```
@propertyWrapper
public struct PolymorphicDictionary<Base> {
    public var wrappedValue: [String: Base]

    public init(wrappedValue: [String: Base]) {
        self.wrappedValue = wrappedValue
    }
}

extension PolymorphicDictionary: Decodable {
    public init(from decoder: any Decoder) throws {
        let registry = try PolymorphicRegistry<Base>.resolve(from: decoder)
        let container = try decoder.container(keyedBy: JoltCodingKey.self)
        var result: [String: Base] = [:]
        let keys = container.allKeys
        result.reserveCapacity(keys.count)
        for key in keys {
            result[key.stringValue] = try registry.decode(from: container, forKey: key)
        }
        wrappedValue = result
    }
}

extension PolymorphicDictionary: Encodable {
    public func encode(to encoder: any Encoder) throws {
        let registry = try PolymorphicRegistry<Base>.resolve(from: encoder)
        var container = encoder.container(keyedBy: JoltCodingKey.self)
        for (key, value) in wrappedValue {
            try registry.encode(value, to: container.superEncoder(forKey: .string(key)))
        }
    }
}

extension PolymorphicDictionary: Sendable where Base: Sendable {}
