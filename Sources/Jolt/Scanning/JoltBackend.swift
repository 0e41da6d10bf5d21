/// Which scanner turns bytes into the tape. All produce the same tape and the
/// same errors; only speed differs. The default is the fastest one built:
/// `.simdjson` with the `SIMDJSON` trait, else `.swift`.
///
/// A backend is there only if Jolt was built with its trait: without the `YAJL`
/// trait, `.yajl` is declared unavailable, and code that names it does not compile
/// (the compiler says which trait and package it needs); likewise `.simdjson`
/// without the `SIMDJSON` trait. No backend ever stands in for another.
/// ``allCases`` lists the backends built, and ``init(named:)`` finds one by name
/// at run time, with an error naming the trait when it is not built.
///
/// ```swift
/// let decoder = JoltDecoder()
/// decoder.backend = .swift   // no C at all
/// print(JoltBackend.allCases.map(\.name))   // ["swift"] by default; ["yajl", "swift", "simdjson"] with both traits
/// ```
public enum JoltBackend: Sendable, Hashable, CaseIterable {
    #if YAJL
    /// The C library yajl, driven through its SAX callbacks. Built with the `YAJL`
    /// trait (off by default; needs libyajl-dev), as this build is. The slowest
    /// of the three: kept for code that chose it. Without the trait the case is
    /// unavailable: code that names it does not compile.
    ///
    /// ```swift
    /// let decoder = JoltDecoder()
    /// decoder.backend = .yajl   // with the YAJL trait only
    /// ```
    case yajl
    #else
    /// The C library yajl: not in this build. It needs Jolt's `YAJL` trait
    /// (`traits: ["YAJL"]`) and libyajl-dev; without them the case is unavailable,
    /// and code that names it does not compile. (``init(named:)`` with `"yajl"`
    /// throws the same message.)
    ///
    /// ```swift
    /// decoder.backend = .yajl   // error: 'yajl' is unavailable: the yajl backend needs Jolt's YAJL trait …
    /// ```
    @available(*, unavailable, message: "the yajl backend needs Jolt's YAJL trait (traits: [\"YAJL\"]) and libyajl-dev")
    case yajl
    #endif
    /// Jolt's pure-Swift scanner. Always available, and the default without the
    /// `SIMDJSON` trait.
    case swift
    #if SIMDJSON
    /// simdjson's SIMD structural indexing (stage 1: UTF-8, strings, structure)
    /// followed by Jolt's own checks of grammar, escapes, numbers and literals
    /// over the indexed positions. Built, and the default, with the `SIMDJSON`
    /// trait (off by default; needs libsimdjson-dev), as this build is. Without the
    /// trait the case is unavailable: code that names it does not compile. A
    /// document beyond simdjson's 4 GiB, or one its indexer cannot get memory for,
    /// is scanned by the Swift scanner (the same tape).
    ///
    /// ```swift
    /// let decoder = JoltDecoder()
    /// print(decoder.backend)   // simdjson when built with the SIMDJSON trait
    /// ```
    case simdjson
    #else
    /// simdjson's SIMD structural indexing: not in this build. It needs Jolt's
    /// `SIMDJSON` trait (`traits: ["SIMDJSON"]`) and libsimdjson-dev; without them
    /// the case is unavailable, and code that names it does not compile.
    /// (``init(named:)`` with `"simdjson"` throws the same message.)
    ///
    /// ```swift
    /// decoder.backend = .simdjson   // error: 'simdjson' is unavailable: the simdjson backend needs Jolt's SIMDJSON trait …
    /// ```
    @available(*, unavailable, message: "the simdjson backend needs Jolt's SIMDJSON trait (traits: [\"SIMDJSON\"]) and libsimdjson-dev")
    case simdjson
    #endif

    /// The backends this build has, in declaration order: `.swift` always,
    /// `.yajl` with the `YAJL` trait, `.simdjson` with the `SIMDJSON` trait.
    ///
    /// ```swift
    /// for backend in JoltBackend.allCases { print(backend.name) }   // swift, and the others built
    /// ```
    public static var allCases: [JoltBackend] {
        var backends: [JoltBackend] = []
        #if YAJL
        backends.append(.yajl)
        #endif
        backends.append(.swift)
        #if SIMDJSON
        backends.append(.simdjson)
        #endif
        return backends
    }

    /// The default backend, the fastest one built: `.simdjson` with the
    /// `SIMDJSON` trait, else `.swift` (faster than `.yajl` on every corpus file:
    /// see the Performance article).
    public static var `default`: JoltBackend {
        #if SIMDJSON
        .simdjson
        #else
        .swift
        #endif
    }

    /// Whether this build of Jolt includes the yajl backend (the `YAJL` trait).
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

    /// The backend's name, as `print` shows it: `"yajl"`, `"swift"` or `"simdjson"`.
    ///
    /// ```swift
    /// print(JoltBackend.swift.name)   // swift
    /// ```
    public var name: String {
        switch self {
        #if YAJL
        case .yajl: return "yajl"
        #endif
        case .swift: return "swift"
        #if SIMDJSON
        case .simdjson: return "simdjson"
        #endif
        }
    }

    /// The backend called `name` (see ``name``), for a backend chosen at run time
    /// (a command line, a configuration file). A backend this build does not have
    /// is an error that names the trait it needs, never another backend.
    ///
    /// ```swift
    /// decoder.backend = try JoltBackend(named: "yajl")   // without the YAJL trait: throws, naming it
    /// ```
    ///
    /// - Throws: ``UnavailableError``: for `"yajl"` or `"simdjson"` without its
    ///   trait, with the message the compiler gives for the case; for a name that
    ///   is no backend's, with the names of those built.
    public init(named name: String) throws(UnavailableError) {
        switch name {
        case "yajl":
            #if YAJL
            self = .yajl
            #else
            throw UnavailableError(name: name, trait: "YAJL", description: Self.yajlNotBuilt)
            #endif
        case "swift":
            self = .swift
        case "simdjson":
            #if SIMDJSON
            self = .simdjson
            #else
            throw UnavailableError(name: name, trait: "SIMDJSON", description: Self.simdjsonNotBuilt)
            #endif
        default:
            let built = Self.allCases.map(\.name).joined(separator: ", ")
            throw UnavailableError(name: name, trait: nil,
                                   description: "no Jolt backend is called \"\(name)\" (the backends are yajl, swift and simdjson; this build has \(built))")
        }
    }

    /// The message of an unavailable `.yajl` (kept equal to its `@available` message).
    static let yajlNotBuilt = "the yajl backend needs Jolt's YAJL trait (traits: [\"YAJL\"]) and libyajl-dev"
    /// The message of an unavailable `.simdjson` (kept equal to its `@available` message).
    static let simdjsonNotBuilt = "the simdjson backend needs Jolt's SIMDJSON trait (traits: [\"SIMDJSON\"]) and libsimdjson-dev"

    /// What ``JoltBackend/init(named:)`` throws for a name it cannot give a backend
    /// for: one this build of Jolt was not built with, or no backend's name.
    ///
    /// ```swift
    /// do {
    ///     decoder.backend = try JoltBackend(named: "simdjson")
    /// } catch {
    ///     print(error)   // the simdjson backend needs Jolt's SIMDJSON trait (traits: ["SIMDJSON"]) and libsimdjson-dev
    /// }
    /// ```
    public struct UnavailableError: Error, Hashable, CustomStringConvertible {
        /// The name asked for.
        public var name: String
        /// The trait that builds the backend (`"YAJL"`, `"SIMDJSON"`), or nil when
        /// `name` is no backend's name.
        public var trait: String?
        /// What is missing, in words: for a backend not built, the compiler's
        /// message for its case.
        public var description: String
    }
}
