import Foundation
import XCTest
@testable import Jolt

/// `@JSONString`: stringified JSON decoded under every decoder, errors with
/// paths through the property, the inner report, round trips.
final class JSONStringTests: XCTestCase {
    struct Settings: Codable, Equatable { var theme: String; var fontSize: Int }
    struct Account: Codable, Equatable {
        var id: Int
        @JSONString var settings: Settings
        @JSONString var tags: [String]
    }

    let json = #"{"id": 1, "settings": "{\"theme\": \"dark\", \"fontSize\": 14}", "tags": "[\"a\", \"b\\u00e9\"]"}"#

    func testDecodesEverywhere() throws {
        let account = try decodeWithAllDecoders(Account.self, json)
        XCTAssertEqual(account.settings, Settings(theme: "dark", fontSize: 14))
        XCTAssertEqual(account.tags, ["a", "bé"])
    }

    func testRoundTrip() throws {
        let account = try JoltDecoder().decode(Account.self, from: json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(account), as: UTF8.self)
        XCTAssertEqual(text, #"{"id":1,"settings":"{\"fontSize\":14,\"theme\":\"dark\"}","tags":"[\"a\",\"bé\"]"}"#)
        XCTAssertEqual(try decodeWithAllDecoders(Account.self, text), account)
    }

    func testErrorsRunThroughTheProperty() {
        let missing = #"{"id": 1, "settings": "{\"theme\": \"dark\"}", "tags": "[]"}"#
        let wrongType = #"{"id": 1, "settings": "{\"theme\": 1, \"fontSize\": 2}", "tags": "[]"}"#
        let notJSON = #"{"id": 1, "settings": "{\"theme\": ", "tags": "[]"}"#
        let notString = #"{"id": 1, "settings": {"theme": "dark", "fontSize": 14}, "tags": "[]"}"#
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertThrowsError(try decoder.decode(Account.self, from: missing)) { error in
                guard case DecodingError.keyNotFound(let key, let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(key.stringValue, "fontSize")
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["settings"])
            }
            XCTAssertThrowsError(try decoder.decode(Account.self, from: wrongType)) { error in
                guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["settings", "theme"])
            }
            XCTAssertThrowsError(try decoder.decode(Account.self, from: notJSON)) { error in
                guard case DecodingError.dataCorrupted(let context) = error,
                      let syntax = context.underlyingError as? JoltSyntaxError else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["settings"])
                XCTAssertEqual(syntax.offset, 10)   // the end of the inner text
            }
            XCTAssertThrowsError(try decoder.decode(Account.self, from: notString)) { error in
                guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["settings"])
            }
        }
        // Foundation's decoder: the same cases and paths.
        XCTAssertThrowsError(try JSONDecoder().decode(Account.self, from: Data(wrongType.utf8))) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["settings", "theme"])
        }
    }

    func testInnerRecoveriesReachTheOuterReport() throws {
        struct Inner: Codable, Equatable { @LossyArray var ids: [Int] }
        struct Outer: Codable, Equatable { @JSONString var inner: Inner }
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let (value, report) = try decoder.decodeWithReport(Outer.self, from: #"{"inner": "{\"ids\": [1, \"x\", 3]}"}"#)
            XCTAssertEqual(value.inner.ids, [1, 3])
            XCTAssertEqual(report.issues.map { "\($0.kind) \($0.codingPath.map(\.description).joined(separator: "."))" },
                           ["droppedElement inner.ids.[1]"])
        }
    }

    func testInnerDecodeUsesTheOuterOptions() throws {
        struct Inner: Codable, Equatable { var fontSize: Int }
        struct Outer: Codable, Equatable { @JSONString var inner: Inner }
        let decoder = JoltDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        XCTAssertEqual(try decoder.decode(Outer.self, from: #"{"inner": "{\"font_size\": 3}"}"#).inner.fontSize, 3)
    }
}
