extension JoltEncoder {
    /// Whether types conforming to ``JoltDirectEncodable`` (written by
    /// JoltMacros' `@Codable`) write their members directly rather than through
    /// a keyed container. Default `true`. Both give the same bytes and errors;
    /// turn it off to compare them, or to measure.
    ///
    /// ```swift
    /// let encoder = JoltEncoder()
    /// encoder.usesDirectPath = false   // every type through its container code
    /// ```
    public var usesDirectPath: Bool {
        get { state.withLock { $0.usesDirectPath } }
        set { state.withLock { $0.usesDirectPath = newValue } }
    }
}
