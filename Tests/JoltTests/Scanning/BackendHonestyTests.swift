import Foundation
import XCTest
@testable import Jolt

/// A backend asked for is the backend that runs, and one that is not built is
/// never replaced by another. At compile time the unavailable case sees to it (code
/// naming `.yajl` without the YAJL trait does not compile); here, at run time:
/// ``JoltBackend/allCases`` lists exactly the backends built, a name that is not
/// built is an error naming its trait, and each backend runs its own scanner,
/// seen through the scanners' run counts (`ScannerRuns`, debug builds only).
final class BackendHonestyTests: XCTestCase {
    /// The backends the traits of this build give, in declaration order.
    static var built: [JoltBackend] {
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

    func testAllCasesAreTheBackendsBuilt() {
        XCTAssertEqual(JoltBackend.allCases, Self.built)
        XCTAssertEqual(JoltBackend.allCases.map(\.name).contains("yajl"), JoltBackend.isYAJLAvailable)
        XCTAssertEqual(JoltBackend.allCases.map(\.name).contains("simdjson"), JoltBackend.isSIMDJSONAvailable)
        XCTAssertEqual(JoltBackend.default.name, JoltBackend.isSIMDJSONAvailable ? "simdjson" : "swift")
        for backend in JoltBackend.allCases {
            XCTAssertEqual("\(backend)", backend.name)
            XCTAssertEqual(try JoltBackend(named: backend.name), backend)
        }
    }

    /// A backend not built, by name: an error with the compiler's message for its
    /// case, never another backend.
    func testANameThatIsNotBuiltIsAnErrorNamingItsTrait() {
        let yajl = JoltBackend.UnavailableError(name: "yajl", trait: "YAJL", description: JoltBackend.yajlNotBuilt)
        let simdjson = JoltBackend.UnavailableError(name: "simdjson", trait: "SIMDJSON", description: JoltBackend.simdjsonNotBuilt)
        XCTAssertEqual(yajl.description, #"the yajl backend needs Jolt's YAJL trait (traits: ["YAJL"]) and libyajl-dev"#)
        XCTAssertEqual(simdjson.description,
                       #"the simdjson backend needs Jolt's SIMDJSON trait (traits: ["SIMDJSON"]) and libsimdjson-dev"#)
        #if YAJL
        XCTAssertEqual(try JoltBackend(named: "yajl"), .yajl)
        #else
        XCTAssertThrowsError(try JoltBackend(named: "yajl")) { XCTAssertEqual($0 as? JoltBackend.UnavailableError, yajl) }
        #endif
        #if SIMDJSON
        XCTAssertEqual(try JoltBackend(named: "simdjson"), .simdjson)
        #else
        XCTAssertThrowsError(try JoltBackend(named: "simdjson")) { XCTAssertEqual($0 as? JoltBackend.UnavailableError, simdjson) }
        #endif
        let built = JoltBackend.allCases.map(\.name).joined(separator: ", ")
        for name in ["YAJL", "Swift", "jolt-yajl", "", "default"] {
            XCTAssertThrowsError(try JoltBackend(named: name), name) { error in
                let error = error as? JoltBackend.UnavailableError
                XCTAssertNil(error?.trait, name)
                XCTAssertEqual(error?.description,
                               "no Jolt backend is called \"\(name)\" (the backends are yajl, swift and simdjson; this build has \(built))")
            }
        }
    }

    /// The messages ``JoltBackend/init(named:)`` throws are the cases' `@available` messages.
    func testTheErrorsAreTheCompilersMessages() throws {
        let source = try String(contentsOf: DocSnippetTests.root.appendingPathComponent("Sources/Jolt/Scanning/JoltBackend.swift"),
                                encoding: .utf8)
        for (message, name) in [(JoltBackend.yajlNotBuilt, "yajl"), (JoltBackend.simdjsonNotBuilt, "simdjson")] {
            let escaped = message.replacingOccurrences(of: "\"", with: "\\\"")
            let declaration = "@available(*, unavailable, message: \"\(escaped)\")\n    case \(name)\n"
            XCTAssertTrue(source.contains(declaration), "JoltBackend.swift declares \(declaration)")
        }
    }

    // MARK: Each backend runs its own scanner

    func testTheSwiftBackendRunsTheSwiftScanner() throws {
        try assertRunsOwnScanner(.swift)
    }

    func testTheYAJLBackendRunsYAJL() throws {
        #if YAJL
        try assertRunsOwnScanner(.yajl)
        #else
        throw XCTSkip(BackendSkip.yajl)
        #endif
    }

    func testTheSIMDJSONBackendRunsSIMDJSON() throws {
        #if SIMDJSON
        try assertRunsOwnScanner(.simdjson)
        #else
        throw XCTSkip(BackendSkip.simdjson)
        #endif
    }

    /// Whole documents (the tape parser, the decoder, the validator) and the
    /// elements of a JSON Lines stream (one tape each, no framing by yajl or
    /// simdjson) on `backend` start its scanner once each, and no other scanner;
    /// a document it rejects is then scanned by the Swift scanner too, for the
    /// error (see `TapeParser.preciseError`).
    private func assertRunsOwnScanner(_ backend: JoltBackend, file: StaticString = #filePath, line: UInt = #line) throws {
        #if DEBUG
        /// The scanners started by `body`, by name.
        func runs(_ body: () throws -> Void) rethrows -> [String: Int] {
            let before = ScannerRuns.counts
            try body()
            let after = ScannerRuns.counts
            return ["yajl": after.yajl - before.yajl, "swift": after.swift - before.swift, "simdjson": after.simdjson - before.simdjson]
        }
        /// `count` runs of the backend's scanner, and `swift` more of the Swift scanner's.
        func only(_ count: Int, swift: Int = 0) -> [String: Int] {
            var counts = ["yajl": 0, "swift": swift, "simdjson": 0]
            counts[backend.name, default: 0] += count
            return counts
        }

        let document = #"{"a": [1, 2.5, "x\n"], "b": {"c": null, "d": true}}"#
        let decoder = JoltDecoder()
        decoder.backend = backend
        XCTAssertEqual(runs { XCTAssertTrue(parseTape(document, backend).isSuccess) }, only(1), "\(backend): tape", file: file, line: line)
        XCTAssertEqual(try runs { _ = try decoder.decode(JSONValue.self, from: document) }, only(1),
                       "\(backend): decode", file: file, line: line)
        XCTAssertEqual(runs { XCTAssertTrue(JoltValidator(backend: backend).isValid(document)) }, only(1),
                       "\(backend): validate", file: file, line: line)
        let lines = (0..<5).map { #"{"a": \#($0)}"# }.joined(separator: "\n")
        XCTAssertEqual(runs { XCTAssertEqual(runStream(JSONValue.self, lines, chunk: 7, backend: backend).elements.count, 5) },
                       only(5), "\(backend): stream of JSON Lines", file: file, line: line)
        // Rejected: the backend's own scanner, then (for yajl and simdjson) the Swift one for the error.
        let broken = #"{"a": [1, 2.5,, "x"]}"#
        XCTAssertEqual(runs { XCTAssertNotNil(parseTape(broken, backend).failure) }, only(1, swift: backend == .swift ? 0 : 1),
                       "\(backend): rejected", file: file, line: line)
        #else
        throw XCTSkip("the scanners' run counts (ScannerRuns) exist in debug builds only")
        #endif
    }
}
