extension JoltDecoder {
    /// The registries ``Polymorphic`` properties (and the other polymorphic
    /// wrappers, and ``decode(polymorphic:from:)``) decode with, one per base
    /// type. Consulted before `userInfo`'s (``PolymorphicRegistries/userInfoKey``).
    /// Default: none.
    ///
    /// ```swift
    /// decoder.polymorphicRegistries = PolymorphicRegistries(viewItems, blocks)
    /// ```
    public var polymorphicRegistries: PolymorphicRegistries {
        get { state.withLock { $0.polymorphicRegistries } }
        set { state.withLock { $0.polymorphicRegistries = newValue } }
    }

    /// Adds `registry` to ``polymorphicRegistries``, replacing the one for the
    /// same base type.
    ///
    /// ```swift
    /// decoder.register(PolymorphicRegistry<any ViewItem> {
    ///     $0.register(ImageItem.self, as: "image") { $0 }
    /// })
    /// ```
    public func register<Base>(_ registry: PolymorphicRegistry<Base>) {
        state.withLock { $0.polymorphicRegistries.insert(registry) }
    }

    /// Decodes one value by its discriminator, with the registry for `Base`.
    ///
    /// ```swift
    /// let item = try decoder.decode(polymorphic: (any ViewItem).self, from: data)
    /// ```
    ///
    /// - Throws: what ``PolymorphicRegistry/decode(from:)`` throws; a
    ///   `DecodingError.dataCorrupted` when no registry for `Base` is configured.
    public func decode<Base>(polymorphic type: Base.Type, from input: some JoltInput) throws -> Base {
        try decode(Polymorphic<Base>.self, fromInput: input, options: options).wrappedValue
    }

    /// Decodes an array of values, each by its discriminator, with the registry
    /// for `Base`. With `lossy`, elements that do not decode are dropped (see
    /// ``LossyPolymorphicArray``; `decodeWithReport(LossyPolymorphicArray<Base>.self, from:)`
    /// lists them).
    ///
    /// ```swift
    /// let items = try decoder.decodeArray(polymorphic: (any ViewItem).self, from: data)
    /// ```
    public func decodeArray<Base>(polymorphic type: Base.Type, from input: some JoltInput, lossy: Bool = false) throws -> [Base] {
        lossy
            ? try decode(LossyPolymorphicArray<Base>.self, fromInput: input, options: options).wrappedValue
            : try decode(PolymorphicArray<Base>.self, fromInput: input, options: options).wrappedValue
    }
}
