import Foundation
import XCTest
@testable import Jolt

final class DecoderSmokeTests: XCTestCase {
    struct User: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var score: Double?
        var nested: Nested?
        struct Nested: Codable, Equatable { var flag: Bool; var values: [Int] }
    }

    func testBasicDecodeOnBothBackends() throws {
        let json = #"{"id": 42, "name": "A\u00e9\n", "tags": ["x", "y"], "score": 1.5, "nested": {"flag": true, "values": [1,2,3]}}"#
        let expected = try JSONDecoder().decode(User.self, from: Data(json.utf8))
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(try decoder.decode(User.self, from: json), expected)
            XCTAssertEqual(try decoder.decode(User.self, from: Data(json.utf8)), expected)
            XCTAssertEqual(try decoder.decode(User.self, from: Array(json.utf8)), expected)
        }
    }

    func testSyntaxErrorIsWrappedLikeFoundation() {
        XCTAssertThrowsError(try JoltDecoder().decode([Int].self, from: "[1, 2,, 3]")) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(context.codingPath.isEmpty)
            let syntax = context.underlyingError as? JoltSyntaxError
            XCTAssertEqual(syntax?.offset, 6)
            XCTAssertEqual(syntax?.column, 7)
            // The README's example prints exactly this.
            XCTAssertEqual(syntax.map { "\($0)" }, "Unexpected character ',' at line 1, column 7 (byte 6): [1, 2,, 3]")
        }
    }

    func testKeyNotFoundPath() {
        XCTAssertThrowsError(try JoltDecoder().decode([User].self, from: #"[{"id":1,"name":"a","tags":[]},{"id":2,"tags":[]}]"#)) { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "name")
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["Index 1"])
        }
    }
}
