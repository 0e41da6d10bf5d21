/// A type whose discriminator values are declared with
/// ``PolymorphicIdentifier(_:)``, for ``polymorphicRegistry(_:discriminator:payloadKey:types:fallback:)``.
///
/// ```swift
/// @PolymorphicIdentifier("image") struct ImageItem: ViewItem, Codable { var url: String }
/// ImageItem.polymorphicIdentifiers   // ["image"]
/// ```
public protocol PolymorphicIdentified {
    /// The discriminator values; the first is written when encoding.
    static var polymorphicIdentifiers: [String] { get }
}

extension PolymorphicRegistry.Builder {
    /// The fallback of ``polymorphicRegistry(_:discriminator:payloadKey:types:fallback:)``:
    /// a value decoded through it is written back under the first of `type`'s
    /// ``PolymorphicIdentifier(_:)`` values, when it declares some (see
    /// ``PolymorphicRegistry/Builder/fallback(_:as:_:)``), so that it decodes
    /// through the fallback again; a value keeping the discriminator it was read
    /// with, in a property at the discriminator's key, writes that one.
    public mutating func identifiedFallback<T: PolymorphicDecodable>(
        _ type: T.Type, _ upcast: @escaping @Sendable (T) -> Base
    ) {
        fallback(type, as: (type as? any PolymorphicIdentified.Type)?.polymorphicIdentifiers.first, upcast)
    }
}
