extension PolymorphicRegistries {
    /// A set holding the given registries (a later one replaces an earlier one
    /// for the same base type).
    public init<each Base>(_ registries: repeat PolymorphicRegistry<each Base>) {
        self.init()
        for registry in repeat each registries {
            insert(registry)
        }
    }

    /// Adds `registry`, replacing the one for the same base type, if any.
    public mutating func insert<Base>(_ registry: PolymorphicRegistry<Base>) {
        registries[ObjectIdentifier(Base.self)] = registry
    }

    /// The registry for `base`, if the set has one.
    public func registry<Base>(for base: Base.Type) -> PolymorphicRegistry<Base>? {
        guard !registries.isEmpty, let registry = registries[ObjectIdentifier(Base.self)] else { return nil }
        // Stored under its own base type's identifier.
        return unsafeDowncast(registry, to: PolymorphicRegistry<Base>.self)
    }

    /// The registry for `base` in the set `userInfo` holds under ``userInfoKey``, if any.
    static func registry<Base>(for base: Base.Type, in userInfo: [CodingUserInfoKey: Any]) -> PolymorphicRegistry<Base>? {
        guard !userInfo.isEmpty, let registries = userInfo[userInfoKey] as? PolymorphicRegistries else { return nil }
        return registries.registry(for: base)
    }
}

extension PolymorphicRegistry: AnyPolymorphicRegistry {}
