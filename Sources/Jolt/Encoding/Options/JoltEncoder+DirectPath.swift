extension JoltEncoder {
    /// Whether types conforming to `_JoltDirectEncodable` (written by
    /// JoltMacros' `@Codable`) write their members directly rather than through
    /// a keyed container. Default `true`. Both give the same bytes and errors. A hook for
    /// Jolt's tests and benchmarks, which compare the two: `@_spi(Testing) import Jolt`.
    ///
    /// ```swift
    /// let encoder = JoltEncoder()
    /// encoder.usesDirectPath = false   // every type through its container code
    /// ```
    @_spi(Testing) public var usesDirectPath: Bool {
        get { state.withLock { $0.usesDirectPath } }
        set { state.withLock { $0.usesDirectPath = newValue } }
    }
}
