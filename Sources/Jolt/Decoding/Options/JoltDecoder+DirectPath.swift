extension JoltDecoder {
    /// Whether types conforming to `_JoltDirectDecodable` (written by
    /// JoltMacros' `@Codable`) are read straight from the tape rather than
    /// through `init(from:)`. Default `true`. Both give the same values and
    /// errors. A hook for Jolt's tests and benchmarks, which
    /// compare the two: `@_spi(Testing) import Jolt`.
    ///
    /// ```swift
    /// let decoder = JoltDecoder()
    /// decoder.usesDirectPath = false   // every type through init(from:)
    /// ```
    @_spi(Testing) public var usesDirectPath: Bool {
        get { state.withLock { $0.usesDirectPath } }
        set { state.withLock { $0.usesDirectPath = newValue } }
    }
}
