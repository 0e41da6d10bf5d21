import Foundation
import XCTest

@testable import Jolt

/// The keys a decode stands on are pending (`TapeDecoder+PendingKeys.swift`):
/// a copy of each key is kept in a slot and put on the coding path only when
/// something reads it. Keys of every kind must come out as Foundation's, and a
/// key copied into a slot must be destroyed when its value is done.
final class PendingKeysTests: XCTestCase {
    /// Counts the keys alive that hold one.
    final class Tracker: @unchecked Sendable {
        private let lock = NSLock()
        private var alive = 0
        var count: Int { lock.withLock { alive } }
        func made() { lock.withLock { alive += 1 } }
        func gone() { lock.withLock { alive -= 1 } }
    }

    final class Token: Sendable {
        let tracker: Tracker
        init(_ tracker: Tracker) {
            self.tracker = tracker
            tracker.made()
        }
        deinit { tracker.gone() }
    }

    /// A key holding a class reference: not plain data, and it fits a slot.
    struct ReferenceKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        let token: Token
        init(_ stringValue: String, _ tracker: Tracker) {
            self.stringValue = stringValue
            token = Token(tracker)
        }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    static let trackerKey = CodingUserInfoKey(rawValue: "tracker")!

    /// A key too large for a slot (a `String` and an `Int?` and more): on the path at once.
    struct LargeKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        var extra: (Int, Int) = (0, 0)
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    struct Leaf: Decodable {
        var value: Int
    }

    struct Middle: Decodable {
        var leaf: Leaf
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: LargeKey.self)
            leaf = try container.decode(Leaf.self, forKey: LargeKey(stringValue: "leaf"))
        }
    }

    struct Top: Decodable {
        var items: [Middle]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ReferenceKey.self)
            let tracker = decoder.userInfo[PendingKeysTests.trackerKey] as! Tracker
            items = try container.decode([Middle].self, forKey: ReferenceKey("items", tracker))
        }
    }

    struct Root: Decodable {
        var top: Top
    }

    private func paths(_ error: any Error) -> [String] {
        guard case DecodingError.typeMismatch(_, let context) = error else {
            XCTFail("not a type mismatch: \(error)")
            return []
        }
        return context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
    }

    func testKeysOfEveryKindComeOutAsFoundationsAndAreDestroyed() throws {
        let tracker = Tracker()
        let good = #"{"top": {"items": [{"leaf": {"value": 1}}, {"leaf": {"value": 2}}]}}"#
        let bad = #"{"top": {"items": [{"leaf": {"value": 1}}, {"leaf": {"value": "two"}}]}}"#
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.userInfo[Self.trackerKey] = tracker
            let root = try decoder.decode(Root.self, from: Data(good.utf8))
            XCTAssertEqual(root.top.items.map(\.leaf.value), [1, 2], "\(backend)")
            XCTAssertEqual(tracker.count, 0, "a pending key was not destroyed (\(backend))")

            var joltPath: [String] = []
            XCTAssertThrowsError(try decoder.decode(Root.self, from: Data(bad.utf8))) { joltPath = paths($0) }
            XCTAssertEqual(tracker.count, 0, "a pending key was not destroyed after an error (\(backend))")
            var foundationPath: [String] = []
            let foundation = JSONDecoder()
            foundation.userInfo[Self.trackerKey] = tracker
            XCTAssertThrowsError(try foundation.decode(Root.self, from: Data(bad.utf8))) { foundationPath = paths($0) }
            XCTAssertEqual(joltPath, foundationPath, "\(backend)")
            XCTAssertEqual(joltPath, ["top", "items", "[1]", "leaf", "value"], "\(backend)")
        }
        XCTAssertEqual(tracker.count, 0)
    }

    /// Deeper than the slots: the keys past them go on the path at once, and
    /// the path read at the bottom is still the whole one.
    struct Nest: Decodable {
        var next: Box?
        var value: Int?
        final class Box: Decodable {
            let nest: Nest
            required init(from decoder: any Decoder) throws { nest = try Nest(from: decoder) }
        }
    }

    func testAPathDeeperThanTheSlotsIsWhole() throws {
        let depth = TapeDecoder.pendingKeySlots * 2 + 3
        var json = #"{"value": "bad"}"#
        for _ in 0..<depth { json = #"{"next": \#(json)}"# }
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            var joltPath: [String] = []
            XCTAssertThrowsError(try decoder.decode(Nest.self, from: Data(json.utf8))) { joltPath = paths($0) }
            var foundationPath: [String] = []
            XCTAssertThrowsError(try JSONDecoder().decode(Nest.self, from: Data(json.utf8))) { foundationPath = paths($0) }
            XCTAssertEqual(joltPath.count, depth + 1, "\(backend)")
            XCTAssertEqual(joltPath, foundationPath, "\(backend)")
        }
    }
}
