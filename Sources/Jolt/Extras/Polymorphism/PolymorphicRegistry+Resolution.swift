extension PolymorphicRegistry {
    /// The registry a decode uses for `Base`: the ``JoltDecoder``'s own, else the
    /// one in `userInfo` (``PolymorphicRegistries/userInfoKey``), else, for a
    /// ``PolymorphicEnum``, the enum's own.
    ///
    /// - Throws: `DecodingError.dataCorrupted` at the decoder's path when there is none.
    static func resolve(from decoder: any Decoder) throws -> PolymorphicRegistry<Base> {
        if let tape = TapeDecoder.of(decoder), let registry = tape.context.options.polymorphicRegistries.registry(for: Base.self) {
            return registry
        }
        if let registry = lookUp(in: decoder.userInfo) { return registry }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: missingMessage))
    }

    /// The registry an encode uses for `Base`: the one in the encoder's `userInfo`,
    /// else a ``PolymorphicEnum``'s own.
    static func resolve(from encoder: any Encoder) throws -> PolymorphicRegistry<Base> {
        if let registry = lookUp(in: encoder.userInfo) { return registry }
        throw EncodingError.invalidValue(Base.self, EncodingError.Context(
            codingPath: encoder.codingPath, debugDescription: missingMessage))
    }

    private static func lookUp(in userInfo: [CodingUserInfoKey: Any]) -> PolymorphicRegistry<Base>? {
        if let registry = PolymorphicRegistries.registry(for: Base.self, in: userInfo) { return registry }
        if let enumType = Base.self as? any PolymorphicEnum.Type {
            return enumType.anyPolymorphicRegistry as? PolymorphicRegistry<Base>
        }
        return nil
    }

    private static var missingMessage: String {
        "No PolymorphicRegistry<\(Base.self)> is configured: add one with JoltDecoder.register(_:), "
            + "or to userInfo[PolymorphicRegistries.userInfoKey] of the decoder or encoder."
    }
}
