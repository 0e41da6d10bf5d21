import XCTest
import Foundation
@testable import Jolt

/// Every corpus file decoded into ``TrialValue`` (a value read by trial: `try?`
/// Bool, Int, Double, String, array, object in turn) gives the same value with
/// Foundation's `JSONDecoder` and with ``JoltDecoder`` on each backend: a failed
/// attempt leaves the decoder where it was, and the attempt that succeeds is the
/// one Foundation's succeeds with (issue 25, "Cheap errors").
final class TrialValueCorpusTests: XCTestCase {
    static let files = SharedFiles.files(in: SharedFiles.corpus)

    func testCorpusIsThere() {
        XCTAssertGreaterThanOrEqual(Self.files.count, 7)
    }

    func testEveryCorpusFileDecodesAsFoundationDoes() throws {
        for url in Self.files {
            let data = try Data(contentsOf: url)
            let expected = try JSONDecoder().decode(TrialValue.self, from: data)
            XCTAssertGreaterThan(expected.count, 1, url.lastPathComponent)
            for backend in JoltBackend.allCases {
                let decoder = JoltDecoder()
                decoder.backend = backend
                let actual = try decoder.decode(TrialValue.self, from: data)
                XCTAssertTrue(actual == expected, "\(url.lastPathComponent): Jolt(\(backend)) differs from Foundation")
            }
        }
    }

    /// Each case is reached by the attempt Foundation's decode reaches it by:
    /// integers as `.int`, fractions and exponents as `.double`, and so on.
    func testEachKindOfValue() throws {
        let json = #"[null, true, false, 0, -12, 1.5, 1e3, 12345678901234567890, "", "x", [], [1], {}, {"a": {"b": [2.5]}}]"#
        let expected: TrialValue = .array([
            .null, .bool(true), .bool(false), .int(0), .int(-12), .double(1.5), .int(1000), .double(12345678901234567168),
            .string(""), .string("x"), .array([]), .array([.int(1)]), .object([:]),
            .object(["a": .object(["b": .array([.double(2.5)])])]),
        ])
        XCTAssertEqual(try JSONDecoder().decode(TrialValue.self, from: Data(json.utf8)), expected)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(try decoder.decode(TrialValue.self, from: json), expected, "\(backend)")
        }
    }

    /// Keys whose bytes differ but whose strings are equal (a string compares by
    /// canonical equivalence: KELVIN SIGN equals K) are duplicates of a
    /// dictionary: the first one's value is kept, as in Foundation.
    func testCanonicallyEqualKeysKeepTheFirst() throws {
        for json in ["{\"\u{212A}\": 1, \"K\": 2}", "{\"K\": 1, \"\u{212A}\": 2}", "{\"a\": 0, \"K\": 1, \"b\": 0, \"\u{212A}\": 2}"] {
            let expected = try JSONDecoder().decode([String: TrialValue].self, from: Data(json.utf8))
            XCTAssertEqual(expected["K"], .int(1), json)
            for backend in JoltBackend.allCases {
                let decoder = JoltDecoder()
                decoder.backend = backend
                XCTAssertEqual(try decoder.decode([String: TrialValue].self, from: json), expected, "\(json) \(backend)")
                XCTAssertEqual(try decoder.decode(TrialValue.self, from: json),
                               try JSONDecoder().decode(TrialValue.self, from: Data(json.utf8)), "\(json) \(backend)")
            }
        }
    }
}
