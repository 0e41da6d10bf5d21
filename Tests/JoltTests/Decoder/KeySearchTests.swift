import Foundation
import XCTest
@testable import Jolt

/// Key matching on the tape: every key length and every differing byte
/// position, and the distinct-keys check behind the search hint.
final class KeySearchTests: XCTestCase {
    func testEqualTailAtEveryLengthAndPosition() {
        for length in 5...24 {
            let a = (0..<length).map { UInt8(97 + $0 % 26) }
            XCTAssertTrue(a.withUnsafeBufferPointer { x in a.withUnsafeBufferPointer { y in
                TapeKeyedContainer<JoltCodingKey>.equalTail(x.baseAddress!, y.baseAddress!, length) } }, "\(length)")
            for position in 4..<length {
                var b = a
                b[position] ^= 0x20
                XCTAssertFalse(a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in
                    TapeKeyedContainer<JoltCodingKey>.equalTail(x.baseAddress!, y.baseAddress!, length) } }, "\(length) at \(position)")
            }
        }
    }

    /// Keys that share length and first four bytes, in objects large enough for
    /// the hinted search, found by name; duplicates keep the first value.
    func testLookupInLargeObjectsWithLookalikeKeys() throws {
        struct Wide: Decodable, Equatable {
            var prefix_a, prefix_b, prefix_c, prefix_d, prefix_e, prefix_f, prefix_g, prefix_h, prefix_i, prefix_j: Int
            var p: Int?
        }
        var members = (0..<10).map { n in #""prefix_\#(Character(UnicodeScalar(97 + n)!))": \#(n)"# }
        members.reverse()
        let json = "{" + members.joined(separator: ", ") + #", "": 1, "prefix_a": 99}"#
        for backend in availableBackends {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let value = try decoder.decode(Wide.self, from: json)
            XCTAssertEqual([value.prefix_a, value.prefix_b, value.prefix_e, value.prefix_j], [0, 1, 4, 9])
            XCTAssertEqual(try JSONDecoder().decode(Wide.self, from: Data(json.utf8)), value)
            // Two empty keys in a large object: not distinct, first wins.
            let empties = "{" + members.joined(separator: ", ") + #", "": 1, "": 2}"#
            XCTAssertEqual(try decoder.decode([String: Int].self, from: empties)[""], 1)
        }
    }
}
