import Foundation
import XCTest
@testable import Jolt

/// `decode(_:from:at:)`: a sub-tree by object keys and array indexes.
final class SubTreeTests: XCTestCase {
    struct User: Decodable, Equatable { var id: Int; var fullName: String }

    private let json = #"{"data": {"users": [{"id": 1, "full_name": "a"}, {"id": 2, "full_name": "b"}, {"id": 3}], "n": null, "count": 3}, "1": {"x": 5}}"#

    private var decoders: [JoltDecoder] {
        JoltBackend.allCases.map { backend in
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return decoder
        }
    }

    func testPaths() throws {
        for decoder in decoders {
            XCTAssertEqual(try decoder.decode(User.self, from: json, at: "data.users.1"), User(id: 2, fullName: "b"))
            XCTAssertEqual(try decoder.decode(User.self, from: Data(json.utf8), at: "data.users.0"), User(id: 1, fullName: "a"))
            XCTAssertEqual(try decoder.decode(User.self, from: Array(json.utf8), at: "data.users.1"), User(id: 2, fullName: "b"))
            try Array(json.utf8).withUnsafeBytes { raw in
                XCTAssertEqual(try decoder.decode(Int.self, from: raw, at: "data.count"), 3)
            }
            XCTAssertEqual(try decoder.decode(Int.self, from: json, at: "1.x"), 5, "digits are a key in an object")
            XCTAssertEqual(try decoder.decode(Int?.self, from: json, at: "data.n"), nil)
            XCTAssertEqual(try decoder.decode([String: Int].self, from: json, at: "1"), ["x": 5])
            XCTAssertEqual(try decoder.decode(Int.self, from: "7", at: ""), 7)
        }
    }

    private func assertError<T: Decodable>(_ type: T.Type, at path: String, file: StaticString = #filePath, line: UInt = #line,
                                           _ check: (DecodingError) -> Bool, codingPath: [String]) {
        for decoder in decoders {
            XCTAssertThrowsError(try decoder.decode(T.self, from: json, at: path), file: file, line: line) { error in
                guard let error = error as? DecodingError, check(error) else { return XCTFail("\(error)", file: file, line: line) }
                let context: DecodingError.Context
                switch error {
                case .keyNotFound(_, let c), .valueNotFound(_, let c), .typeMismatch(_, let c), .dataCorrupted(let c): context = c
                @unknown default: return XCTFail("\(error)", file: file, line: line)
                }
                XCTAssertEqual(context.codingPath.map(\.stringValue), codingPath, file: file, line: line)
            }
        }
    }

    func testErrors() {
        assertError(Int.self, at: "data.nope", { if case .keyNotFound(let key, _) = $0 { key.stringValue == "nope" } else { false } }, codingPath: ["data"])
        assertError(Int.self, at: "data.users.5", { if case .keyNotFound(let key, _) = $0 { key.intValue == 5 } else { false } }, codingPath: ["data", "users"])
        assertError(Int.self, at: "data.users.x", { if case .typeMismatch = $0 { true } else { false } }, codingPath: ["data", "users"])
        assertError(Int.self, at: "data.users.-1", { if case .typeMismatch = $0 { true } else { false } }, codingPath: ["data", "users"])
        assertError(Int.self, at: "data.users.0.id.x", { if case .typeMismatch = $0 { true } else { false } }, codingPath: ["data", "users", "Index 0", "id"])
        assertError(Int.self, at: "data.n.x", { if case .valueNotFound = $0 { true } else { false } }, codingPath: ["data", "n"])
        assertError(Int.self, at: "data.", { if case .keyNotFound(let key, _) = $0 { key.stringValue == "" } else { false } }, codingPath: ["data"])
        // Errors below the path carry the full coding path.
        assertError(User.self, at: "data.users.2", { if case .keyNotFound(let key, _) = $0 { key.stringValue == "fullName" } else { false } },
                    codingPath: ["data", "users", "Index 2"])
        assertError([User].self, at: "data.users", { if case .keyNotFound = $0 { true } else { false } }, codingPath: ["data", "users", "Index 2"])
        assertError(String.self, at: "data.count", { if case .typeMismatch = $0 { true } else { false } }, codingPath: ["data", "count"])
    }
}
