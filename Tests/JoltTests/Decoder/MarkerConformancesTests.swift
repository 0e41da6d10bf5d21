import XCTest
@testable import Jolt

/// The per-decode conformance cache answers as the dynamic casts it replaces,
/// with more types than slots, asked in any order (evictions included).
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
}
