import Foundation
import XCTest
@testable import Jolt

/// Decodes `json` with Foundation's `JSONDecoder` and with ``JoltDecoder`` on
/// every available backend, after `configure` set up each Jolt decoder, and
/// asserts that all give equal values (or all fail). Returns Foundation's value.
func decodeWithAllDecoders<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, foundation configureFoundation: (JSONDecoder) -> Void = { _ in },
    jolt configureJolt: (JoltDecoder) -> Void = { _ in }, file: StaticString = #filePath, line: UInt = #line
) throws -> T {
    let foundation = JSONDecoder()
    configureFoundation(foundation)
    let expected = try foundation.decode(T.self, from: Data(json.utf8))
    for backend in JoltBackend.allCases {
        let decoder = JoltDecoder()
        decoder.backend = backend
        configureJolt(decoder)
        XCTAssertEqual(try decoder.decode(T.self, from: json), expected, "\(backend)", file: file, line: line)
    }
    return expected
}

/// The error each decoder throws for `json`, as "case path" (say
/// `dataCorrupted at`), Foundation's first, then each Jolt backend's.
func decodingErrors<T: Decodable>(_ type: T.Type, _ json: String, foundation configureFoundation: (JSONDecoder) -> Void = { _ in },
                                  jolt configureJolt: (JoltDecoder) -> Void = { _ in }) -> [String] {
    func describe(_ error: (any Error)?) -> String {
        guard let error else { return "no error" }
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(_, let c): return "typeMismatch at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        case .valueNotFound(_, let c): return "valueNotFound at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        case .keyNotFound(let key, let c):
            return "keyNotFound \(key.stringValue) at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        case .dataCorrupted(let c): return "dataCorrupted at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        @unknown default: return "\(error)"
        }
    }
    let foundation = JSONDecoder()
    configureFoundation(foundation)
    var results: [String] = []
    do { _ = try foundation.decode(T.self, from: Data(json.utf8)); results.append("no error") } catch { results.append(describe(error)) }
    for backend in JoltBackend.allCases {
        let decoder = JoltDecoder()
        decoder.backend = backend
        configureJolt(decoder)
        do { _ = try decoder.decode(T.self, from: json); results.append("no error") } catch { results.append(describe(error)) }
    }
    return results
}
