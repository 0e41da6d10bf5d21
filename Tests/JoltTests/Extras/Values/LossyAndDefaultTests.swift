import Foundation
import XCTest
@testable import Jolt

/// Lossy collections and defaults under both Jolt backends and Foundation's
/// decoder; what Jolt records in the decode report; round trips.
final class LossyAndDefaultTests: XCTestCase {
    struct Item: Codable, Equatable, Hashable { var id: Int }

    struct Feed: Codable, Equatable {
        @LossyArray var items: [Item]
        @LossySet var tags: Set<String>
        @LossyDictionary var scores: [String: Int]

        init(items: [Item], tags: Set<String>, scores: [String: Int]) {
            _items = LossyArray(wrappedValue: items)
            _tags = LossySet(wrappedValue: tags)
            _scores = LossyDictionary(wrappedValue: scores)
        }
    }

    struct Settings: Codable, Equatable {
        @DefaultFalse var beta: Bool
        @DefaultTrue var enabled: Bool
        @DefaultZero var retries: Int
        @DefaultZero var ratio: Double
        @DefaultEmptyString var name: String
        @DefaultEmptyArray var list: [Int]
        @DefaultEmptyDictionary var map: [String: Int]
        @DefaultEmptyLossyArray var items: [Item]
        @DefaultNil var limit: Int?
        @Default<Unknown> var model: String

        init(beta: Bool, enabled: Bool, retries: Int, ratio: Double, name: String, list: [Int], map: [String: Int],
             items: [Item], limit: Int?, model: String) {
            _beta = .init(wrappedValue: beta)
            _enabled = .init(wrappedValue: enabled)
            _retries = .init(wrappedValue: retries)
            _ratio = .init(wrappedValue: ratio)
            _name = .init(wrappedValue: name)
            _list = .init(wrappedValue: list)
            _map = .init(wrappedValue: map)
            _items = .init(wrappedValue: items)
            _limit = .init(wrappedValue: limit)
            _model = .init(wrappedValue: model)
        }
    }
    enum Unknown: DefaultValueProvider { static var defaultValue: String { "unknown" } }

    private func report<T: Decodable>(_ type: T.Type, _ json: String) throws -> [String] {
        var results: [[String]] = []
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let report = try decoder.decodeWithReport(T.self, from: json).1
            results.append(report.issues.map { "\($0.kind) \($0.codingPath.map(\.description).joined(separator: "."))" })
        }
        XCTAssertEqual(Set(results.map { $0.joined(separator: "|") }).count, 1, "backends disagree: \(results)")
        return results[0]
    }

    func testLossyCollections() throws {
        let json = #"{"items": [{"id": 1}, {"id": "x"}, null, {"id": 3}, 4], "tags": ["a", 1, null, "a", "b"], "scores": {"x": 1, "y": "two", "z": null}}"#
        let feed = try decodeWithAllDecoders(Feed.self, json)
        XCTAssertEqual(feed.items, [Item(id: 1), Item(id: 3)])
        XCTAssertEqual(feed.tags, ["a", "b"])
        XCTAssertEqual(feed.scores, ["x": 1])
        XCTAssertEqual(try report(Feed.self, json), [
            "droppedElement items.[1]", "droppedElement items.[2]", "droppedElement items.[4]",
            "droppedElement tags.[1]", "droppedElement tags.[2]",
            "droppedElement scores.y", "droppedElement scores.z",
        ])
        // Valid input: nothing dropped, nothing reported.
        XCTAssertEqual(try report(Feed.self, #"{"items": [], "tags": [], "scores": {}}"#), [])
    }

    /// A dropped element's issue points at the element itself, not at its array.
    func testDroppedElementOffsetIsTheElements() throws {
        let json = #"{"items": [{"id": 1}, {"id": "x"}, 3, {"id": 4}], "tags": [], "scores": {}}"#
        let bytes = Array(json.utf8)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let (feed, report) = try decoder.decodeWithReport(Feed.self, from: json)
            XCTAssertEqual(feed.items, [Item(id: 1), Item(id: 4)])
            let offsets = report.issues.map { $0.offset ?? -1 }
            XCTAssertEqual(offsets, [22, 35], "\(backend)")
            XCTAssertEqual(offsets.map { bytes[$0] }, [UInt8(ascii: "{"), UInt8(ascii: "3")], "\(backend)")
        }
    }

    func testLossyCollectionsStillRequireACollection() {
        for json in [#"{"tags": [], "scores": {}}"#, #"{"items": null, "tags": [], "scores": {}}"#, #"{"items": 1, "tags": [], "scores": {}}"#] {
            XCTAssertThrowsError(try JSONDecoder().decode(Feed.self, from: Data(json.utf8)))
            for backend in JoltBackend.allCases {
                let decoder = JoltDecoder()
                decoder.backend = backend
                XCTAssertThrowsError(try decoder.decode(Feed.self, from: json), json)
            }
        }
    }

    func testDefaults() throws {
        let defaults = Settings(beta: false, enabled: true, retries: 0, ratio: 0, name: "", list: [], map: [:], items: [], limit: nil, model: "unknown")
        // Missing.
        XCTAssertEqual(try decodeWithAllDecoders(Settings.self, "{}"), defaults)
        // Null.
        let nulls = #"{"beta": null, "enabled": null, "retries": null, "ratio": null, "name": null, "list": null, "map": null, "items": null, "limit": null, "model": null}"#
        XCTAssertEqual(try decodeWithAllDecoders(Settings.self, nulls), defaults)
        // Invalid.
        let invalid = #"{"beta": "yes", "enabled": 0, "retries": "3", "ratio": [], "name": 5, "list": {}, "map": [], "items": "none", "limit": "ten", "model": 7}"#
        XCTAssertEqual(try decodeWithAllDecoders(Settings.self, invalid), defaults)
        // Valid; the lossy default still drops bad elements.
        let valid = #"{"beta": true, "enabled": false, "retries": 3, "ratio": 0.5, "name": "n", "list": [1], "map": {"a": 1}, "items": [{"id": 1}, {"id": null}], "limit": 10, "model": "m"}"#
        let decoded = try decodeWithAllDecoders(Settings.self, valid)
        XCTAssertEqual(decoded, Settings(beta: true, enabled: false, retries: 3, ratio: 0.5, name: "n", list: [1], map: ["a": 1], items: [Item(id: 1)], limit: 10, model: "m"))

        XCTAssertEqual(try report(Settings.self, #"{"beta": null, "retries": "3", "items": [{"id": 1}, 2]}"#), [
            "defaultApplied beta", "defaultApplied enabled", "defaultApplied retries", "defaultApplied ratio",
            "defaultApplied name", "defaultApplied list", "defaultApplied map", "droppedElement items.[1]",
            "defaultApplied limit", "defaultApplied model",
        ])
        XCTAssertEqual(try report(Settings.self, valid), ["droppedElement items.[1]"])
    }

    func testReasons() throws {
        let decoder = JoltDecoder()
        let (_, report) = try decoder.decodeWithReport(Settings.self, from: #"{"retries": "3", "beta": null}"#)
        let reasons = Dictionary(uniqueKeysWithValues: report.issues.map { ($0.codingPath.map(\.description).joined(separator: "."), $0.reason) })
        XCTAssertEqual(reasons["beta"], "null; default false used")
        XCTAssertEqual(reasons["enabled"], "missing; default true used")
        XCTAssertTrue(reasons["retries"]?.hasPrefix("expected Int") == true, reasons["retries"] ?? "")
    }

    /// Encoding writes the plain values, which decode back to the same thing.
    func testRoundTrips() throws {
        let feed = Feed(items: [Item(id: 1)], tags: ["a"], scores: ["x": 1])
        let settings = Settings(beta: true, enabled: false, retries: 2, ratio: 0.25, name: "n", list: [1], map: ["a": 1], items: [Item(id: 2)], limit: 5, model: "m")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let feedJSON = String(decoding: try encoder.encode(feed), as: UTF8.self)
        XCTAssertEqual(feedJSON, #"{"items":[{"id":1}],"scores":{"x":1},"tags":["a"]}"#)
        XCTAssertEqual(try decodeWithAllDecoders(Feed.self, feedJSON), feed)
        let settingsJSON = String(decoding: try encoder.encode(settings), as: UTF8.self)
        XCTAssertEqual(try decodeWithAllDecoders(Settings.self, settingsJSON), settings)
    }

    /// Nested and composed: lossy arrays of types that themselves use defaults.
    func testNested() throws {
        struct Outer: Codable, Equatable {
            @LossyArray var settings: [Settings]
            @DefaultEmptyLossyArray var more: [Settings]
        }
        let outer = try decodeWithAllDecoders(Outer.self, #"{"settings": [{}, 1, {"beta": true}], "more": [null]}"#)
        XCTAssertEqual(outer.settings.map(\.beta), [false, true])
        XCTAssertEqual(outer.more, [])
        let issues = try report(Outer.self, #"{"settings": [1], "more": 2}"#)
        XCTAssertEqual(issues, ["droppedElement settings.[0]", "defaultApplied more"])
    }
}
