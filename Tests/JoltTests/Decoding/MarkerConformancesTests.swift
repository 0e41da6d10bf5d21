import XCTest
@testable import Jolt

/// The per-decode conformance cache answers as the dynamic casts it replaces,
/// with more types than slots, asked in any order, and asks the memo once per
/// type however many types there are.
final class MarkerConformancesTests: XCTestCase {
    struct S0: Decodable {}
    struct S1: Decodable {}
    struct S2: Decodable {}
    enum E0: String, Decodable { case a }

    static let types: [Any.Type] = [
        [Int].self, [String].self, [Double].self, [S0].self, [S1].self, [[S2]].self, [E0].self, [Bool].self,
        [String: Int].self, [String: S0].self, [String: [S1]].self, [Int: String].self, [String: String].self,
        S0.self, S1.self, S2.self, E0.self, Int.self, String.self, Double.self, Bool.self, Date.self, URL.self,
        [Date].self, [URL].self, [UInt8].self, [Int8].self, [Int16].self, [Int32].self, [Int64].self,
        [UInt].self, [UInt16].self, [UInt32].self, [UInt64].self, [Float].self, [Decimal].self, [Data].self,
        [String: Date].self, [String: URL].self, [String: [String: Int]].self, Set<Int>.self, [Int?].self,
        Optional<[Int]>.self, [String: Int?].self, JSONValue.self, [JSONValue].self, [String: JSONValue].self,
    ]

    func testAnswersMatchDynamicCastsAcrossEvictions() {
        let conformances = MarkerConformances(memo: ConformanceMemo())
        func check<T>(_ type: T.Type) {
            XCTAssertEqual(conformances.arrayMarker(for: type) != nil, type is JoltArrayMarker.Type, "\(type)")
            XCTAssertEqual(conformances.dictionaryMarker(for: type) != nil, type is JoltStringDictionaryMarker.Type, "\(type)")
            if let marker = conformances.arrayMarker(for: type) { XCTAssertTrue(marker == (type as! JoltArrayMarker.Type)) }
        }
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            var order = Self.types
            if round > 0 { order.shuffle(using: &generator) }
            for type in order { _openExistential(type, do: check) }
        }
        XCTAssertGreaterThan(Self.types.count, 32, "more types than slots, so that some evict others")
    }

    struct Nest<T>: Decodable {}

    /// `Nest<S0>`, `Nest<Nest<S0>>`, ... and an array of each: `2 * count` types.
    static func nestedTypes(_ count: Int) -> [Any.Type] {
        func collect<T>(_: T.Type, _ remaining: Int, _ types: inout [Any.Type]) {
            guard remaining > 0 else { return }
            types += [Nest<T>.self, [Nest<T>].self]
            collect(Nest<T>.self, remaining - 1, &types)
        }
        var types: [Any.Type] = []
        collect(S0.self, count, &types)
        return types
    }

    func testEveryTypeKeepsItsSlot() {
        // 600 types, more than the first table has slots: the table grows, and
        // no type is asked of the memo twice (two slots per type, chosen by the
        // addresses of the types' metadata, let some evict others).
        let conformances = MarkerConformances(memo: ConformanceMemo())
        let types = Self.nestedTypes(300)
        func check<T>(_ type: T.Type) {
            XCTAssertEqual(conformances.arrayMarker(for: type) != nil, type is JoltArrayMarker.Type, "\(type)")
            XCTAssertEqual(conformances.dictionaryMarker(for: type) != nil, type is JoltStringDictionaryMarker.Type, "\(type)")
        }
        var generator = SystemRandomNumberGenerator()
        for round in 0..<5 {
            var order = types
            if round > 0 { order.shuffle(using: &generator) }
            for type in order { _openExistential(type, do: check) }
        }
        XCTAssertEqual(conformances.memoLookups, types.count)
    }

    func testAFullTableStillAnswers() {
        // More types than the largest table holds: the ones past it are asked of
        // the memo each time, and answered right.
        let conformances = MarkerConformances(memo: ConformanceMemo())
        let types = Self.nestedTypes(MarkerConformances.maximumCapacity / 4 + 20)
        func check<T>(_ type: T.Type) {
            XCTAssertEqual(conformances.arrayMarker(for: type) != nil, type is JoltArrayMarker.Type, "\(type)")
        }
        for _ in 0..<2 { for type in types { _openExistential(type, do: check) } }
        let kept = MarkerConformances.maximumCapacity / 2
        XCTAssertEqual(conformances.memoLookups, types.count + (types.count - kept))
    }
}
