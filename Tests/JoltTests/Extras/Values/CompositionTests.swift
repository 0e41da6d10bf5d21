import Foundation
import XCTest
@testable import Jolt

/// The value wrappers used together, under Foundation's decoder and both Jolt
/// backends: a bad date drops a lossy element, stringified JSON holds wrappers,
/// dynamic values sit in lossy collections, and everything round-trips.
final class CompositionTests: XCTestCase {
    struct Event: Codable, Equatable, Hashable {
        @DateValue<RFC3339Strategy> var at: Date
        @OptionalDateValue<MillisecondsSince1970Strategy> var seenAt: Date?
        @HexData var digest: [UInt8]
    }

    struct Inbox: Codable, Equatable {
        @LossyArray var events: [Event]
        @DefaultEmptyLossyArray var archived: [Event]
        @JSONString var pinned: [Event]
        @LossyDictionary var extras: [String: JSONValue]
        @LosslessValue var version: Int
    }

    let json = #"""
    {"events": [{"at": "2024-05-01T12:00:00Z", "digest": "00ff"},
                {"at": "yesterday", "digest": "00"},
                {"at": "2024-05-01T12:00:00Z", "seenAt": 1714564800000, "digest": "zz"},
                {"at": "2024-05-01T13:00:00+01:00", "seenAt": null, "digest": "AB"}],
     "pinned": "[{\"at\": \"2024-05-01T12:00:00Z\", \"digest\": \"01\"}]",
     "extras": {"a": {"x": [1, 2.5]}, "b": null, "c": "s"},
     "version": "7"}
    """#

    func testComposedEverywhere() throws {
        let noon = Date(timeIntervalSince1970: 1_714_564_800)
        let inbox = try decodeWithAllDecoders(Inbox.self, json)
        XCTAssertEqual(inbox.events.map(\.at), [noon, noon])
        XCTAssertEqual(inbox.events.map(\.digest), [[0, 255], [0xAB]])
        XCTAssertEqual(inbox.archived, [])
        XCTAssertEqual(inbox.pinned.map(\.digest), [[1]])
        XCTAssertEqual(inbox.extras.keys.sorted(), ["a", "b", "c"])   // a JSONValue null is a value, not a drop
        XCTAssertEqual(inbox.extras["a"]?["x"][1]?.doubleValue, 2.5)
        XCTAssertEqual(inbox.version, 7)
    }

    func testReportNamesEveryRecovery() throws {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let report = try decoder.decodeWithReport(Inbox.self, from: json).1
            XCTAssertEqual(report.issues.map { "\($0.kind) \($0.codingPath.map(\.description).joined(separator: "."))" }, [
                "droppedElement events.[1]", "droppedElement events.[2]", "defaultApplied archived", "valueConverted version",
            ])
            XCTAssertTrue(report.issues[0].reason.contains("RFC 3339"), report.issues[0].reason)
            XCTAssertTrue(report.issues[1].reason.contains("hexadecimal"), report.issues[1].reason)
        }
    }

    func testRoundTrip() throws {
        let inbox = try JoltDecoder().decode(Inbox.self, from: json)
        let data = try JSONEncoder().encode(inbox)
        XCTAssertEqual(try decodeWithAllDecoders(Inbox.self, String(decoding: data, as: UTF8.self)), inbox)
    }
}
