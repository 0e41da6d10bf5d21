/// Which scanner turns bytes into the tape. All produce the same tape and the
/// same errors; only speed differs. The default is the fastest one built:
/// `.simdjson` with the `SIMDJSON` trait, else `.swift`.
///
/// ```swift
/// let decoder = JoltDecoder()
/// decoder.backend = .swift   // no C at all
/// ```
public enum JoltBackend: Sendable, Hashable, CaseIterable {
    /// The C library yajl, driven through its SAX callbacks. Available when Jolt
    /// is built with the `YAJL` trait (off by default; needs libyajl-dev). The
    /// slowest of the three: kept for code that chose it. Without the trait,
    /// asking for it uses the Swift scanner, which gives identical results.
    case yajl
    /// Jolt's pure-Swift scanner. Always available, and the default without the
    /// `SIMDJSON` trait.
    case swift
    /// simdjson's SIMD structural indexing (stage 1: UTF-8, strings, structure)
    /// followed by Jolt's own checks of grammar, escapes, numbers and literals
    /// over the indexed positions. Available, and the default, when Jolt is built
    /// with the `SIMDJSON` trait (off by default; needs libsimdjson-dev). Without the
    /// trait, asking for it uses the Swift scanner, which gives identical results.
    ///
    /// ```swift
    /// let decoder = JoltDecoder()
    /// print(decoder.backend)   // simdjson when built with the SIMDJSON trait
    /// ```
    case simdjson

    /// The default backend, the fastest one built: `.simdjson` with the
    /// `SIMDJSON` trait, else `.swift` (faster than `.yajl` on every corpus file:
    /// see the Performance article).
    public static var `default`: JoltBackend {
        isSIMDJSONAvailable ? .simdjson : .swift
    }

    /// Whether this build of Jolt includes the yajl backend.
    public static var isYAJLAvailable: Bool {
        #if YAJL
        true
        #else
        false
        #endif
    }

    /// Whether this build of Jolt includes the simdjson backend (the `SIMDJSON` trait).
    public static var isSIMDJSONAvailable: Bool {
        #if SIMDJSON
        true
        #else
        false
        #endif
    }
}
