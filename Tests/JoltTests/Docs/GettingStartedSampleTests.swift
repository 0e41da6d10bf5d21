import Foundation
import Jolt
import XCTest

/// The samples of the article "Getting started" (Sources/Jolt/Jolt.docc/GettingStarted.md),
/// as written there, compiled and run.
final class GettingStartedSampleTests: XCTestCase {
    private var printed: [String] = []
    private func print(_ item: Any) { printed.append("\(item)") }

    /// The article's model, for the samples that do not declare it.
    struct User: Codable, Equatable {
        var id: Int
        var userName: String
        var createdAt: Date
    }

    static let may1 = Date(timeIntervalSince1970: 1_714_564_800)

    // The sample decodes a [String: Any]: the FullFoundation trait's API.
    #if FullFoundation
    func testDecodeFromEachInput() throws {
        let data = Data(#"{"id": 1, "user_name": "ada", "created_at": "2024-05-01T12:00:00Z"}"#.utf8)
        let response = Data(#"""
            {"data": {"users": [{"id": 1, "user_name": "ada", "created_at": "2024-05-01T12:00:00Z"},
                                {"id": 2, "user_name": "alan", "created_at": "2024-05-01T12:00:00Z"}]}}
            """#.utf8)

        struct User: Codable {
            var id: Int
            var userName: String
            var createdAt: Date
        }

        let decoder = JoltDecoder()                       // instead of JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let user = try decoder.decode(User.self, from: data)

        XCTAssertEqual(user.id, 1)
        XCTAssertEqual(user.userName, "ada")
        XCTAssertEqual(user.createdAt, Self.may1)
        XCTAssertEqual(try decoder.decode(User.self, from: Array(data)).userName, "ada")
        XCTAssertEqual(try decoder.decode(User.self, from: String(decoding: data, as: UTF8.self)).userName, "ada")
        XCTAssertEqual(try data.withUnsafeBytes { try decoder.decode(User.self, from: $0) }.userName, "ada")

        // {"data": {"users": [{"id": 1, ...}, {"id": 2, ...}]}}
        let second = try decoder.decode(User.self, from: response, at: "data.users.1")

        let object: [String: Any] = ["id": 3, "user_name": "grace", "created_at": "2024-05-01T12:00:00Z"]
        let fromObject = try decoder.decode(User.self, from: object)

        XCTAssertEqual(second.id, 2)
        XCTAssertEqual(second.userName, "alan")
        XCTAssertEqual(fromObject.id, 3)
        XCTAssertEqual(fromObject.userName, "grace")
        XCTAssertEqual(fromObject.createdAt, Self.may1)
        // A path that does not exist is keyNotFound, with the path walked so far.
        XCTAssertThrowsError(try decoder.decode(User.self, from: response, at: "data.users.2")) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "Index 2")
        }
        // A value that is not JSON is dataCorrupted at its path.
        XCTAssertThrowsError(try decoder.decode(User.self, from: ["id": 3, "user_name": Date(), "created_at": ""] as [String: Any])) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["user_name"])
        }

        let swiftOnly = decoder.copy()          // every option of decoder, to change apart from it
        swiftOnly.backend = .swift
        let sameUser = try swiftOnly.decode(User.self, from: data)
        print(JoltBackend.default)              // simdjson with the SIMDJSON trait, else swift

        XCTAssertEqual(sameUser.createdAt, user.createdAt)   // the copy kept the date strategy
        XCTAssertEqual(sameUser.userName, user.userName)     // and the key strategy
        XCTAssertEqual(decoder.backend, JoltBackend.default, "the original is unchanged")
        XCTAssertEqual(printed, [JoltBackend.isSIMDJSONAvailable ? "simdjson" : "swift"])
    }
    #endif

    func testBackendByName() {
        let decoder = JoltDecoder()
        decoder.backend = .swift

        do {
            decoder.backend = try JoltBackend(named: "yajl")   // "yajl", "swift" or "simdjson"
        } catch {
            print(error)   // without the YAJL trait: the yajl backend needs Jolt's YAJL trait (traits: ["YAJL"]) and libyajl-dev
        }

        #if YAJL
        XCTAssertEqual(decoder.backend, .yajl)
        XCTAssertEqual(printed, [])
        #else
        XCTAssertEqual(decoder.backend, .swift, "unchanged: no other backend stands in for yajl")
        XCTAssertEqual(printed, [#"the yajl backend needs Jolt's YAJL trait (traits: ["YAJL"]) and libyajl-dev"#])
        #endif
    }

    func testEncode() throws {
        let user = User(id: 1, userName: "ada", createdAt: Self.may1)

        let encoder = JoltEncoder()                          // instead of JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(user)                  // Data
        let bytes = try encoder.encodeToBytes(user)          // [UInt8]
        var buffer: [UInt8] = []
        try encoder.encode(user, into: &buffer)              // appended to a caller's [UInt8]

        let expected = """
            {
              "created_at" : "2024-05-01T12:00:00Z",
              "id" : 1,
              "user_name" : "ada"
            }
            """
        XCTAssertEqual(String(decoding: data, as: UTF8.self), expected)
        XCTAssertEqual(bytes, Array(data))
        XCTAssertEqual(buffer, bytes)
        // Foundation's bytes.
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
        foundation.keyEncodingStrategy = .convertToSnakeCase
        foundation.dateEncodingStrategy = .iso8601
        XCTAssertEqual(data, try foundation.encode(user))
        // into: appends.
        try encoder.encode(user, into: &buffer)
        XCTAssertEqual(buffer, bytes + bytes)
    }

    func testValidate() {
        let validator = JoltValidator()
        print(validator.isValid(#"{"id": 1}"#))   // true
        print(validator.isValid("[1, 2,]"))       // false: a trailing comma

        XCTAssertEqual(printed, ["true", "false"])
        XCTAssertThrowsError(try JoltValidator(backend: .swift).validate("[1, 2,]"))
    }
}
