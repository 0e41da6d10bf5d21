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
