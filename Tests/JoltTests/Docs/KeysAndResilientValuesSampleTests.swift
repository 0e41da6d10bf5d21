import Foundation
import Jolt
import XCTest

/// The samples of the article "Keys and resilient values"
/// (Sources/Jolt/Jolt.docc/KeysAndResilientValues.md), as written there, compiled and run.
final class KeysAndResilientValuesSampleTests: XCTestCase {
    private var printed: [String] = []
    private func print(_ item: Any) { printed.append("\(item)") }

    func testKeys() throws {
        let data = #"{"user-name": "ada", "location": {"city": "Oslo"}, "nickname": "A"}"#

        struct User: Codable {
            var userName: String
            var city: String
            enum CodingKeys: String, CodingKey { case userName, city = "location.city" }
        }

        let decoder = JoltDecoder()
        decoder.keyDecodingStrategy = .convertFromKebabCase   // also .convertFromPascalCase,
                                                              // .convertFromScreamingSnakeCase,
                                                              // .useCaseInsensitiveKeys
        decoder.keyPathSeparator = "."                        // the key "location.city" reads
                                                              // {"location": {"city": ...}}
        decoder.keyMappings = KeyMappings()                   // alternatives per type, in order
            .for(User.self, ["userName": ["login", "profile.name"]])
        decoder.duplicateKeyPolicy = .reject                  // .useFirst (default, Foundation's), .useLast
        decoder.unknownKeyPolicy = .report                    // .ignore (default), .reject

        let (user, report) = try decoder.decodeWithReport(User.self, from: data)
        for issue in report.issues { print(issue) }   // unknownKey at nickname (byte 51): key "nickname" is not used by the decoded type

        XCTAssertEqual(user.userName, "ada")
        XCTAssertEqual(user.city, "Oslo")
        XCTAssertEqual(printed, [#"unknownKey at nickname (byte 51): key "nickname" is not used by the decoded type"#])
        XCTAssertEqual(report.issues.map(\.kind), [.unknownKey])
        // The alternatives, in order; the literal key first.
        XCTAssertEqual(try decoder.decode(User.self, from: #"{"login": "eve", "location": {"city": "Rome"}}"#).userName, "eve")
        XCTAssertEqual(try decoder.decode(User.self, from: #"{"profile": {"name": "bo"}, "location": {"city": "Rome"}}"#).userName, "bo")
        XCTAssertEqual(try decoder.decode(User.self, from: #"{"login": "eve", "user-name": "ada", "location": {"city": "Rome"}}"#).userName, "ada")
        printed = []

        do {
            _ = try decoder.decode(User.self, from: #"{"login": "ada", "login": "eve", "location": {"city": "Oslo"}}"#)
        } catch DecodingError.dataCorrupted(let context) {
            print(context.underlyingError!)   // Duplicate key "login" at line 1, column 18 (byte 17): ...
        }

        XCTAssertEqual(printed.count, 1)
        XCTAssertTrue(printed.first?.hasPrefix(#"Duplicate key "login" at line 1, column 18 (byte 17): "#) == true, "\(printed)")
        // Foundation uses the first.
        XCTAssertEqual(try JSONDecoder().decode([String: String].self, from: Data(#"{"a": "1", "a": "2"}"#.utf8)), ["a": "1"])
    }

    func testReports() throws {
        struct Reading: Decodable {
            var celsius: Double?
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let value = try? container.decode(Double.self) {
                    celsius = value
                } else {
                    celsius = nil
                    decoder.recordRecovery(.defaultApplied, reason: "not a temperature; nil used")
                }
            }
        }
        let (readings, issues) = try JoltDecoder().decodeWithReport([Reading].self, from: "[21.5, \"n/a\"]")
        print(issues)   // defaultApplied at [1] (byte 7): not a temperature; nil used

        XCTAssertEqual(readings.map(\.celsius), [21.5, nil])
        XCTAssertEqual(printed, ["defaultApplied at [1] (byte 7): not a temperature; nil used"])
        // Under Foundation the same code runs and records nothing.
        XCTAssertEqual(try JSONDecoder().decode([Reading].self, from: Data("[21.5, \"n/a\"]".utf8)).map(\.celsius), [21.5, nil])
    }

    // MARK: Property wrappers

    struct Post: Codable, Equatable { var id: Int }
    enum Status: String, Codable, UnknownCaseRepresentable {
        case draft, live, unknown
        static var unknownCase: Status { .unknown }
    }

    struct Feed: Codable {
        @LossyArray var posts: [Post]               // bad or null elements dropped
        @LossySet var tags: Set<String>
        @LossyDictionary var scores: [String: Int]
        @DefaultEmptyLossyArray var related: [Post] // missing, null or invalid: [], and lossy
        @DefaultFalse var pinned: Bool              // also DefaultTrue, DefaultZero, DefaultEmptyString,
        @DefaultEmptyArray var ids: [Int]           // DefaultEmptyDictionary, DefaultNil, Default<YourProvider>
        @LosslessValue var version: Int             // 3, "3" or 3.0
        var status: Status                          // enum Status: String, UnknownCaseRepresentable
    }

    func testPropertyWrappers() throws {
        let json = #"""
            {"posts": [{"id": 1}, null, {"id": "x"}, {"id": 4}], "tags": ["a", 1, "b", "a"],
             "scores": {"x": 1, "y": "two"}, "related": "none", "ids": null, "version": "3", "status": "archived"}
            """#
        let (feed, report) = try JoltDecoder().decodeWithReport(Feed.self, from: json)
        XCTAssertEqual(feed.posts, [Post(id: 1), Post(id: 4)])
        XCTAssertEqual(feed.tags, ["a", "b"])
        XCTAssertEqual(feed.scores, ["x": 1])
        XCTAssertEqual(feed.related, [])
        XCTAssertFalse(feed.pinned)
        XCTAssertEqual(feed.ids, [])
        XCTAssertEqual(feed.version, 3)
        XCTAssertEqual(feed.status, .unknown)
        let kinds = report.issues.map(\.kind)
        XCTAssertEqual(kinds.filter { $0 == .droppedElement }.count, 4, "\(report)")   // 2 posts, 1 tag, 1 score
        XCTAssertEqual(kinds.filter { $0 == .defaultApplied }.count, 3, "\(report)")   // related, pinned, ids
        XCTAssertTrue(kinds.contains(.valueConverted))
        XCTAssertTrue(kinds.contains(.unknownEnumCase))
        // Under Foundation's decoder: the same values, silently.
        let foundation = try JSONDecoder().decode(Feed.self, from: Data(json.utf8))
        XCTAssertEqual(foundation.posts, feed.posts)
        XCTAssertEqual(foundation.scores, feed.scores)
        XCTAssertEqual(foundation.version, 3)
        XCTAssertEqual(foundation.status, .unknown)
    }

    func testDates() throws {
        struct Message: Codable {
            @DateValue<ISO8601WithFractionalSecondsStrategy> var sentAt: Date
            @OptionalDateValue<RFC2822Strategy> var readAt: Date?
            @DateValue<YearMonthDayStrategy> var day: Date
            var receivedAt: Date                                   // the decoder's strategy
        }

        let decoder = JoltDecoder()
        decoder.dateDecodingStrategy = .anyOf([.iso8601, .millisecondsSince1970])   // the first that parses
        let message = try decoder.decode(Message.self, from: #"""
            {"sentAt": "2024-05-01T12:00:00.250Z", "readAt": "Wed, 01 May 2024 14:00:00 +0200",
             "day": "2024-05-01", "receivedAt": 1714564800000}
            """#)

        let noon = Date(timeIntervalSince1970: 1_714_564_800)
        XCTAssertEqual(message.sentAt, noon.addingTimeInterval(0.25))
        XCTAssertEqual(message.readAt, noon)
        XCTAssertEqual(message.day, noon.addingTimeInterval(-12 * 3600))
        XCTAssertEqual(message.receivedAt, noon)
        XCTAssertEqual(try decoder.decode(Message.self, from: #"{"sentAt": "2024-05-01T12:00:00Z", "day": "2024-05-01", "receivedAt": "2024-05-01T12:00:00Z"}"#).readAt, nil)
        // What the table says they write.
        let encoder = JoltEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        XCTAssertEqual(String(decoding: try encoder.encode(message), as: UTF8.self),
                       #"{"day":"2024-05-01","readAt":"Wed, 01 May 2024 12:00:00 +0000","receivedAt":"2024-05-01T12:00:00Z","sentAt":"2024-05-01T12:00:00.250Z"}"#)
        // .anyOf names each failure.
        XCTAssertThrowsError(try decoder.decode(Message.self, from: #"{"sentAt": "2024-05-01T12:00:00Z", "day": "2024-05-01", "receivedAt": "May"}"#)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["receivedAt"])
        }
    }

    func testBinaryDataJSONInAStringAndLenientScalars() throws {
        struct Settings: Codable { var theme: String }
        struct Account: Codable {
            @Base64URLData var token: Data        // URL-safe alphabet, padding optional
            @HexData var checksum: [UInt8]        // "c0ffee"
            @JSONString var settings: Settings    // "{\"theme\":\"dark\"}"
            var quota: Int                        // "42" under .lenient
        }

        let decoder = JoltDecoder()
        decoder.scalarConversion = .lenient
        let (account, report) = try decoder.decodeWithReport(Account.self, from: #"""
            {"token": "-_8", "checksum": "c0ffee", "settings": "{\"theme\":\"dark\"}", "quota": "42"}
            """#)

        XCTAssertEqual(account.token, Data([0xFB, 0xFF]))
        XCTAssertEqual(account.checksum, [0xC0, 0xFF, 0xEE])
        XCTAssertEqual(account.settings.theme, "dark")
        XCTAssertEqual(account.quota, 42)
        XCTAssertEqual(report.issues.map(\.kind), [.valueConverted])
        // Strict (the default, Foundation's) refuses the string.
        XCTAssertThrowsError(try JoltDecoder().decode(Account.self, from: #"{"token": "", "checksum": "", "settings": "{\"theme\":\"dark\"}", "quota": "42"}"#))
        // The inner document's errors carry the path through the property.
        XCTAssertThrowsError(try decoder.decode(Account.self, from: #"{"token": "", "checksum": "", "settings": "{\"theme\":[]}", "quota": 1}"#)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["settings", "theme"])
        }
        // Written back: without padding, hex, compact JSON text with sorted keys.
        let encoder = JoltEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode(account), as: UTF8.self),
                       #"{"checksum":"c0ffee","quota":42,"settings":"{\"theme\":\"dark\"}","token":"-_8"}"#)
    }

    func testJSONValue() throws {
        let decoder = JoltDecoder()
        let data = Data(#"{"id": 12345678901234567890, "users": [{"name": "Ada"}], "zeta": true, "alpha": null}"#.utf8)

        let value = try decoder.decode(JSONValue.self, from: data)
        let name = value["users"][0]["name"]?.stringValue   // nil as soon as a step is missing
        let id = value["id"]?.numberValue?.text             // "12345678901234567890", exactly as written
        let keys = value.objectValue?.keys                  // in document order
        let patch: JSONValue = ["op": "replace", "value": [1, 2.5, nil]]

        XCTAssertEqual(name, "Ada")
        XCTAssertNil(value["users"][1]["name"]?.stringValue)
        XCTAssertNil(value["nobody"][0]["name"])
        XCTAssertEqual(id, "12345678901234567890")
        XCTAssertEqual(keys, ["id", "users", "zeta", "alpha"])
        XCTAssertEqual(patch.description, #"{"op":"replace","value":[1,2.5,null]}"#)
        XCTAssertEqual(patch, ["value": [1, 2.5, nil], "op": "replace"], "objects are equal in any key order")
    }
}
