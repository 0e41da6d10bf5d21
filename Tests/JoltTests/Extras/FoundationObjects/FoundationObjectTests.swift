import Foundation
import XCTest
@testable import Jolt

// Decoding from Foundation objects is the FullFoundation trait's API.
#if FullFoundation

/// Decoding from `[String: Any]` and `[Any]`: what JSONSerialization returns,
/// objects built by hand, values that are not JSON.
final class FoundationObjectTests: XCTestCase {
    struct User: Codable, Equatable {
        var id: Int
        var name: String
        var admin: Bool
        var score: Double
        var big: UInt64
        var tags: [String]
        var manager: String?
    }

    func testFromJSONSerialization() throws {
        let json = #"{"id": 42, "name": "Ada \"L\"", "admin": true, "score": 1.5, "big": 18446744073709551615, "tags": ["x", "y"], "manager": null}"#
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let expected = try JSONDecoder().decode(User.self, from: Data(json.utf8))
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(try decoder.decode(User.self, from: object), expected)
        }
        let array = try JSONSerialization.jsonObject(with: Data("[\(json), \(json)]".utf8)) as! [Any]
        XCTAssertEqual(try JoltDecoder().decode([User].self, from: array), [expected, expected])
    }

    func testFromNativeValues() throws {
        let manager: String? = nil
        let object: [String: Any] = ["id": Int8(42), "name": "Ada", "admin": false, "score": Float(0.5),
                                     "big": UInt64.max, "tags": ["x"] as [Any], "manager": manager as Any]
        let user = try JoltDecoder().decode(User.self, from: object)
        XCTAssertEqual(user, User(id: 42, name: "Ada", admin: false, score: 0.5, big: .max, tags: ["x"], manager: nil))
        // Bool stays Bool, and 1 is not true.
        struct Flags: Codable, Equatable { var a: Bool; var b: Int }
        XCTAssertEqual(try JoltDecoder().decode(Flags.self, from: ["a": true, "b": 1]), Flags(a: true, b: 1))
        XCTAssertThrowsError(try JoltDecoder().decode(Flags.self, from: ["a": 1, "b": 1]))
        XCTAssertEqual(try JoltDecoder().decode(Flags.self, from: ["a": NSNumber(value: true), "b": NSNumber(value: 7)]),
                       Flags(a: true, b: 7))
        XCTAssertEqual(try JoltDecoder().decode([Decimal].self, from: [Decimal(string: "1.25")!] as [Any]), [Decimal(string: "1.25")!])
    }

    func testValuesThatAreNotJSON() {
        struct Any1: Decodable {}
        let cases: [([String: Any], [String])] = [
            (["when": Date()], ["when"]),
            (["list": [1, Double.nan] as [Any]], ["list", "Index 1"]),
            (["deep": ["x": NSObject()] as [String: Any]], ["deep", "x"]),
        ]
        for (object, path) in cases {
            XCTAssertThrowsError(try JoltDecoder().decode(Any1.self, from: object)) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), path)
            }
        }
    }

    func testErrorsAreTheDecodersErrors() {
        XCTAssertThrowsError(try JoltDecoder().decode(User.self, from: ["id": "x"])) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["id"])
        }
        // [UInt8] still means bytes of JSON text.
        XCTAssertEqual(try JoltDecoder().decode([Int].self, from: Array("[1,2]".utf8)), [1, 2])
    }
}
#endif
