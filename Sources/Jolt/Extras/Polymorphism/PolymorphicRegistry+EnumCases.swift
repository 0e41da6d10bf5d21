extension PolymorphicRegistry where Base: PolymorphicEnum {
    /// Encodes `whole`, a case of a `@PolymorphicCodable` enum carrying `payload`
    /// of a type registered under `identifier` (first) in the enum's own registry:
    /// what ``encode(_:to:)`` writes, without finding the identifier by the
    /// payload's type. A registry for the enum in the encoder's `userInfo` is used
    /// instead when there is one. For the code the macro writes.
    public static func encodeCase<T: Encodable>(_ payload: T, as identifier: String, of whole: Base,
                                                to encoder: any Encoder) throws {
        if let registry = PolymorphicRegistries.registry(for: Base.self, in: encoder.userInfo) { return try registry.encode(whole, to: encoder) }
        try Base.polymorphicRegistry.encodeRegistered(payload, as: identifier, to: encoder)
    }

    /// `encodeCase(_:as:of:to:)` for the enum's fallback case.
    public static func encodeFallbackCase<T: Encodable>(_ payload: T, of whole: Base, to encoder: any Encoder) throws {
        if let registry = PolymorphicRegistries.registry(for: Base.self, in: encoder.userInfo) { return try registry.encode(whole, to: encoder) }
        try Base.polymorphicRegistry.encodeFallback(payload, to: encoder)
    }

    /// `encodeCase(_:as:of:to:)` for a payload that is not `Encodable`: the
    /// registry's error (or the `userInfo` registry's result).
    public static func encodeCase<T>(_ payload: T, as identifier: String, of whole: Base, to encoder: any Encoder) throws {
        try PolymorphicRegistry<Base>.resolve(from: encoder).encode(whole, to: encoder)
    }

    /// `encodeFallbackCase(_:of:to:)` for a payload that is not `Encodable`.
    public static func encodeFallbackCase<T>(_ payload: T, of whole: Base, to encoder: any Encoder) throws {
        try PolymorphicRegistry<Base>.resolve(from: encoder).encode(whole, to: encoder)
    }
}
