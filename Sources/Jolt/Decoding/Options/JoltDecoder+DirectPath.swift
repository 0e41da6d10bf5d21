extension JoltDecoder {
    /// Whether types conforming to ``JoltDirectDecodable`` (written by
    /// JoltMacros' `@Codable`) are read straight from the tape rather than
    /// through `init(from:)`. Default `true`. Both give the same values and
    /// errors; turn it off to compare them, or to measure.
    ///
    /// ```swift
    /// let decoder = JoltDecoder()
    /// decoder.usesDirectPath = false   // every type through init(from:)
    /// ```
    public var usesDirectPath: Bool {
        get { state.withLock { $0.usesDirectPath } }
        set { state.withLock { $0.usesDirectPath = newValue } }
    }
}
