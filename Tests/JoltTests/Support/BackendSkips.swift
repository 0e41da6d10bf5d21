import XCTest
import Jolt

/// Why a test of one backend is skipped in a build without it, and the check for
/// tests that compare backends. `JoltBackend.allCases` lists only the backends
/// built, so a loop over it never runs one backend under another's name.
///
/// ```swift
/// #if YAJL
/// final class YAJLScannerTests: XCTestCase { … }
/// #else
/// final class YAJLScannerTests: XCTestCase {
///     func testTheYAJLBackendIsNotBuilt() throws { throw XCTSkip(BackendSkip.yajl) }
/// }
/// #endif
/// ```
enum BackendSkip {
    static let yajl = "the yajl backend is not built: Jolt's YAJL trait is off"
    static let simdjson = "the simdjson backend is not built: Jolt's SIMDJSON trait is off"

    /// Skips a test that compares backends when this build has only one.
    static func unlessTwoBackends() throws {
        try XCTSkipIf(JoltBackend.allCases.count < 2,
                      "only the swift backend is built (Jolt's YAJL and SIMDJSON traits are off): no other backend to compare it with")
    }
}
