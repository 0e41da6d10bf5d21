extension JoltDecoder {
    /// Reads a coding key containing this separator as a path into nested
    /// objects: with `"."`, the key `"location.city"` reads
    /// `{"location": {"city": ...}}`. An object key with exactly the coding key's
    /// name wins over the path. Each component is matched like a key of its
    /// object (after the key decoding strategy). Default nil: keys are never
    /// split, as in Foundation.
    ///
    /// ```swift
    /// struct Place: Decodable {
    ///     var city: String
    ///     enum CodingKeys: String, CodingKey { case city = "location.city" }
    /// }
    /// decoder.keyPathSeparator = "."
    /// ```
    public var keyPathSeparator: String? {
        get { state.withLock { $0.keyPathSeparator } }
        set { state.withLock { $0.keyPathSeparator = newValue.flatMap { $0.isEmpty ? nil : $0 } } }
    }

    /// Alternative keys per type; see ``KeyMappings``. Default: none.
    public var keyMappings: KeyMappings {
        get { state.withLock { $0.keyMappings } }
        set { state.withLock { $0.keyMappings = newValue } }
    }
}
