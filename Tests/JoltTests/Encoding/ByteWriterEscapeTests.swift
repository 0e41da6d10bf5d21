import Foundation
import XCTest
@testable import Jolt

/// `ByteWriter`'s string escaping, which scans eight bytes at a time: every
/// byte that JSON escapes, and some that it does not, at every place of strings
/// of every length around the eight-byte words, once or twice, against
/// Foundation's `JSONEncoder` (with and without `.withoutEscapingSlashes`).
final class ByteWriterEscapeTests: XCTestCase {
    func testEveryEscapedByteAtEveryPlace() throws {
        let odd: [String] = ["\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}", "\u{1F}",
                             " ", "!", "#", "[", "]", "\u{7F}", "é", "€", "😀", "!", "0", "_", "a"]
        for formatting: (JSONEncoder.OutputFormatting, JoltEncoder.OutputFormatting) in [([], []), ([.withoutEscapingSlashes], [.withoutEscapingSlashes])] {
            let foundation = JSONEncoder()
            foundation.outputFormatting = formatting.0
            let jolt = JoltEncoder()
            jolt.outputFormatting = formatting.1
            var strings: [String] = []
            for length in 0...26 {
                let plain = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
                strings.append(plain)
                for place in 0...length {
                    for c in odd {
                        var s = plain
                        s.insert(contentsOf: c, at: s.index(s.startIndex, offsetBy: place))
                        strings.append(s)
                        // A second one further on.
                        let second = s.index(s.startIndex, offsetBy: min(s.count, place + 9))
                        s.insert(contentsOf: "\"", at: second)
                        strings.append(s)
                    }
                }
            }
            XCTAssertGreaterThan(strings.count, 10_000)
            let expected = try foundation.encode(strings)
            let written = try jolt.encode(strings)
            XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: expected, as: UTF8.self))
            // Each string alone, as a key and as a value.
            for s in strings.prefix(3_000) {
                XCTAssertEqual(try jolt.encode([s: s]), try foundation.encode([s: s]), s.debugDescription)
            }
        }
    }
}
