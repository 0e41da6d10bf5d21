import Foundation
import XCTest
@testable import Jolt

/// yajl's integer and double callbacks go through the C locale machinery; under
/// de_DE `1.5` would arrive as 1. Jolt reads numbers from their bytes, so the
/// process locale changes nothing.
final class LocaleTests: XCTestCase {
    func testGermanLocaleChangesNothing() throws {
        let json = #"[1.5, -2.25e3, 0.1, 123456789.125, 1e-5]"#
        let expected: [Double] = [1.5, -2250, 0.1, 123456789.125, 1e-5]
        let canada = SharedFiles.corpusFile("canada")
        var before: [[Double]] = []
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            before.append(try decoder.decode(JSONValueProbe.self, from: canada).numbers)
        }

        guard let previous = setlocale(LC_ALL, nil).map({ String(cString: $0) }) else { return XCTFail("no locale") }
        let candidates: [String] = ["de_DE.UTF-8", "de_DE.utf8", "de_DE"]
        let german = candidates.first { setlocale(LC_ALL, $0) != nil }
        defer { setlocale(LC_ALL, previous) }
        guard german != nil else {
            // CI installs the locale (.ci/run); elsewhere it may be missing.
            if ProcessInfo.processInfo.environment["CI"] != nil { return XCTFail("de_DE locale not installed") }
            throw XCTSkip("de_DE locale not installed; run .ci/run's locale step")
        }
        XCTAssertEqual(String(cString: localeconv().pointee.decimal_point), ",", "the locale really is German")

        for (n, backend) in JoltBackend.allCases.enumerated() {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(try decoder.decode([Double].self, from: json), expected, "\(backend)")
            XCTAssertEqual(try decoder.decode(JSONValueProbe.self, from: canada).numbers, before[n], "\(backend)")
        }
    }
}

/// Collects every number of a document, in order, through the Decoder API.
struct JSONValueProbe: Decodable {
    var numbers: [Double] = []

    init(from decoder: any Decoder) throws {
        try collect(decoder)
    }

    private mutating func collect(_ decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd {
                let sub = try array.decode(JSONValueProbe.self)
                numbers += sub.numbers
            }
        } else if let object = try? decoder.container(keyedBy: JoltCodingKey.self) {
            for key in object.allKeys {
                numbers += try object.decode(JSONValueProbe.self, forKey: key).numbers
            }
        } else if let value = try? decoder.singleValueContainer().decode(Double.self) {
            numbers.append(value)
        }
    }
}
