/// Which scanner turns bytes into the tape. Both produce the same tape and the
/// same errors; only speed differs.
///
/// ```swift
/// let decoder = JoltDecoder()
/// decoder.backend = .swift   // no C at all
/// ```
public enum JoltBackend: Sendable, Hashable, CaseIterable {
    /// The C library yajl, driven through its SAX callbacks. The default when Jolt
    /// is built with the `YAJL` trait (on by default). Without the trait, asking
    /// for it uses the Swift scanner, which gives identical results.
    case yajl
    /// Jolt's pure-Swift scanner. Always available.
    case swift

    /// The default backend: `.yajl` when built with the `YAJL` trait, else `.swift`.
    public static var `default`: JoltBackend {
        isYAJLAvailable ? .yajl : .swift
    }

    /// Whether this build of Jolt includes the yajl backend.
    public static var isYAJLAvailable: Bool {
        #if YAJL
        true
        #else
        false
        #endif
    }
}
