import Foundation
import XCTest
@testable import Jolt

final class UnknownCaseTests: XCTestCase {
    enum Status: String, Codable, Equatable, UnknownCaseRepresentable {
        case active, suspended, unknown
        static var unknownCase: Status { .unknown }
    }
    enum Level: Int, Codable, Equatable, UnknownCaseRepresentable {
        case low = 1, high = 2, other = 0
        static var unknownCase: Level { .other }
    }
    struct Account: Codable, Equatable {
        var status: Status
        var levels: [Level]
    }

    func testUnknownValuesFallBack() throws {
        let json = #"{"status": "archived", "levels": [1, 7, 2]}"#
        let expected = Account(status: .unknown, levels: [.low, .other, .high])
        XCTAssertEqual(try JSONDecoder().decode(Account.self, from: Data(json.utf8)), expected)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let (account, report) = try decoder.decodeWithReport(Account.self, from: json)
            XCTAssertEqual(account, expected)
            XCTAssertEqual(report.issues.map { "\($0.kind) \($0.codingPath.map(\.description).joined(separator: "."))" },
                           ["unknownEnumCase status", "unknownEnumCase levels.[1]"])
            XCTAssertEqual(report.issues.first?.reason, #"unknown raw value "archived" for Status; unknown used"#)
            // Known values: nothing recorded.
            XCTAssertTrue(try decoder.decodeWithReport(Account.self, from: #"{"status": "active", "levels": []}"#).1.isEmpty)
        }
    }

    func testWrongTypeAndNullStillFail() {
        for json in [#"{"status": 1, "levels": []}"#, #"{"status": null, "levels": []}"#, #"{"status": "active", "levels": ["1"]}"#] {
            XCTAssertThrowsError(try JSONDecoder().decode(Account.self, from: Data(json.utf8)))
            for backend in JoltBackend.allCases {
                let decoder = JoltDecoder()
                decoder.backend = backend
                XCTAssertThrowsError(try decoder.decode(Account.self, from: json), json)
            }
        }
    }

    func testRoundTrip() throws {
        let account = Account(status: .suspended, levels: [.high, .other])
        let json = try JSONEncoder().encode(account)
        XCTAssertEqual(try JoltDecoder().decode(Account.self, from: json), account)
    }
}
