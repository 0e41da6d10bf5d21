import Foundation
import XCTest
@testable import Jolt

/// The key styles Jolt adds to Foundation's `.convertFromSnakeCase`, on every backend built.
final class KeyStyleTests: XCTestCase {
    struct Profile: Decodable, Equatable {
        var userName: String
        var urlPath: String
        var id: Int
        var nested: Inner
        struct Inner: Decodable, Equatable { var createdAt: Int }
    }

    private let expected = Profile(userName: "ann", urlPath: "/a", id: 7, nested: .init(createdAt: 1))

    private func decode<T: Decodable>(_ type: T.Type, _ json: String, _ strategy: JoltDecoder.KeyDecodingStrategy,
                                      file: StaticString = #filePath, line: UInt = #line) -> [Result<T, any Error>] {
        JoltBackend.allCases.map { backend in
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.keyDecodingStrategy = strategy
            return Result { try decoder.decode(T.self, from: json) }
        }
    }

    private func assertDecodes(_ json: String, _ strategy: JoltDecoder.KeyDecodingStrategy, file: StaticString = #filePath, line: UInt = #line) {
        for result in decode(Profile.self, json, strategy) {
            XCTAssertEqual(try? result.get(), expected, "\(result)", file: file, line: line)
        }
    }

    func testKebabCase() {
        assertDecodes(#"{"user-name": "ann", "url-path": "/a", "id": 7, "nested": {"created-at": 1}}"#, .convertFromKebabCase)
        XCTAssertEqual(JoltDecoder.KeyDecodingStrategy.convertFromSnakeCase("--user-name-", separator: "-"), "--userName-")
        XCTAssertEqual(JoltDecoder.KeyDecodingStrategy.convertFromSnakeCase("user_name", separator: "-"), "user_name")
    }

    func testPascalCase() {
        assertDecodes(#"{"UserName": "ann", "URLPath": "/a", "ID": 7, "Nested": {"CreatedAt": 1}}"#, .convertFromPascalCase)
        let convert = JoltDecoder.KeyDecodingStrategy.pascalToCamelCase
        XCTAssertEqual(convert("UserName"), "userName")
        XCTAssertEqual(convert("URLPath"), "urlPath")
        XCTAssertEqual(convert("ID"), "id")
        XCTAssertEqual(convert("UserID"), "userID")
        XCTAssertEqual(convert("userName"), "userName")
        XCTAssertEqual(convert("_Name"), "_Name")
        XCTAssertEqual(convert(""), "")
        XCTAssertEqual(convert("ÉtéJour"), "étéJour")
    }

    func testScreamingSnakeCase() {
        assertDecodes(#"{"USER_NAME": "ann", "URL_PATH": "/a", "ID": 7, "NESTED": {"CREATED_AT": 1}}"#, .convertFromScreamingSnakeCase)
        XCTAssertEqual(JoltDecoder.KeyDecodingStrategy.convert("_USER_ID_", .convertFromScreamingSnakeCase), "_userId_")
    }

    func testCaseInsensitive() {
        assertDecodes(#"{"USERNAME": "ann", "UrlPath": "/a", "Id": 7, "NESTED": {"createdat": 1}}"#, .useCaseInsensitiveKeys)
        // The first of keys equal but for case wins, as for duplicates.
        for result in decode(Profile.self, #"{"username": "ann", "USERNAME": "bob", "urlpath": "/a", "id": 7, "nested": {"createdAt": 1}}"#, .useCaseInsensitiveKeys) {
            XCTAssertEqual(try? result.get(), expected)
        }
        // allKeys lists the keys as written; each can be decoded back.
        struct AllKeys: Decodable {
            var pairs: [String: Int] = [:]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: JoltCodingKey.self)
                for key in container.allKeys { pairs[key.stringValue] = try container.decode(Int.self, forKey: key) }
            }
        }
        for result in decode(AllKeys.self, #"{"A": 1, "b": 2}"#, .useCaseInsensitiveKeys) {
            XCTAssertEqual(try? result.get().pairs, ["A": 1, "b": 2])
        }
    }

    /// A key whose conversion collides with a literal key: the first in the
    /// document wins, as Foundation does under `.convertFromSnakeCase`.
    func testStyleCollisionWithLiteralKey() throws {
        struct User: Decodable, Equatable { var userName: String }
        let cases = [(#"{"user_name": "a", "userName": "b"}"#, "a"), (#"{"userName": "b", "user_name": "a"}"#, "b")]
        for (json, winner) in cases {
            let foundation = JSONDecoder()
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            XCTAssertEqual(try foundation.decode(User.self, from: Data(json.utf8)).userName, winner)
            for result in decode(User.self, json, .convertFromSnakeCase) {
                XCTAssertEqual(try result.get().userName, winner)
            }
        }
        for result in decode(User.self, #"{"user-name": "a", "userName": "b"}"#, .convertFromKebabCase) {
            XCTAssertEqual(try result.get().userName, "a")
        }
    }

    /// Keys of a `[String: V]` are never converted, as in Foundation.
    func testDictionaryKeysAreNotConverted() throws {
        for strategy: JoltDecoder.KeyDecodingStrategy in [.convertFromKebabCase, .convertFromPascalCase, .convertFromScreamingSnakeCase, .useCaseInsensitiveKeys] {
            for result in decode([String: Int].self, #"{"User-Name": 1}"#, strategy) {
                XCTAssertEqual(try result.get(), ["User-Name": 1])
            }
        }
    }

    /// A missing key is reported under the coding key's name with its path.
    func testMissingKeyUnderAStyle() {
        for result in decode(Profile.self, #"{"user-name": "ann", "url-path": "/a", "id": 7, "nested": {}}"#, .convertFromKebabCase) {
            guard case .failure(DecodingError.keyNotFound(let key, let context)) = result else { return XCTFail("\(result)") }
            XCTAssertEqual(key.stringValue, "createdAt")
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["nested"])
        }
    }
}
