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
                TapeEntry.equalTail(x.baseAddress!, y.baseAddress!, length) } }, "\(length)")
            for position in 4..<length {
                var b = a
                b[position] ^= 0x20
                XCTAssertFalse(a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in
                    TapeEntry.equalTail(x.baseAddress!, y.baseAddress!, length) } }, "\(length) at \(position)")
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
        for backend in JoltBackend.allCases {
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

    /// The distinct-keys check tells keys sharing a signature (length and first
    /// four bytes) apart by their bytes, so large objects of such keys keep the
    /// hinted search; a real repeat with that signature is still caught.
    func testDistinctKeysCheckComparesLookalikesByBytes() throws {
        func keysDistinct(_ json: String, backend: JoltDecoder.Backend) throws -> Bool {
            var options = DecoderOptions()
            options.backend = backend
            let bytes = Array(json.utf8)
            return try bytes.withUnsafeBytes { raw in
                let tape = try JoltDecoder.parse(raw, options: options)
                let context = DecodingContext(tape: tape, input: raw, options: options)
                let decoder = TapeDecoder(context: context, index: 0, path: [])
                return TapeKeyedContainer<JoltCodingKey>(decoder: decoder, object: 0, extra: []).keysAreDistinct
            }
        }
        let lookalikes = ["profile_link_color", "profile_text_color", "profile_fill_color", "profile_xxxx_color",
                          "profile_a", "profile_b", "profile_c", "profile_d", "profile_e", "pro"]
        let distinct = "{" + lookalikes.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ", ") + "}"
        let repeated = "{" + (lookalikes + ["profile_text_color"]).enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ", ") + "}"
        for backend in JoltBackend.allCases {
            XCTAssertTrue(try keysDistinct(distinct, backend: backend))
            XCTAssertFalse(try keysDistinct(repeated, backend: backend))
            // Decoded in the reverse order of the object, with nested objects in
            // between (each keeps its own search hint): the right values.
            let decoder = JoltDecoder()
            decoder.backend = backend
            let values = try decoder.decode([String: Int].self, from: distinct)
            XCTAssertEqual(values["profile_text_color"], 1)
            XCTAssertEqual(values["pro"], 9)
            XCTAssertEqual(try decoder.decode([String: Int].self, from: repeated)["profile_text_color"], 1)
        }
    }

    /// Parent and child objects decoded alternately, with more objects than the
    /// hint table has slots: every value is found, as Foundation finds it.
    func testSearchHintsOfNestedObjects() throws {
        struct Leaf: Codable, Equatable { var k1, k2, k3, k4, k5, k6, k7, k8, k9: Int }
        struct Node: Codable, Equatable {
            var z: Int, a: Leaf, y: Int, b: Leaf, x: Int, c: Leaf, w: Int, d: Leaf, v: Int, children: [Node]
        }
        func node(_ depth: Int, _ n: Int) -> Node {
            let leaf = Leaf(k1: n, k2: n + 1, k3: n + 2, k4: n + 3, k5: n + 4, k6: n + 5, k7: n + 6, k8: n + 7, k9: n + 8)
            return Node(z: n, a: leaf, y: n + 1, b: leaf, x: n + 2, c: leaf, w: n + 3, d: leaf, v: n + 4,
                        children: depth == 0 ? [] : (0..<3).map { node(depth - 1, n * 3 + $0) })
        }
        let value = node(3, 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys   // members in another order than the decode's
        let json = try encoder.encode(value)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(try decoder.decode(Node.self, from: json), value)
        }
    }
}
