import Foundation
import XCTest

@testable import Jolt

/// Tests for `SmallStrings`: a string made in the small-string form must be the
/// string the standard library makes from the same bytes, in every way a
/// program can look at it.
final class SmallStringsTests: XCTestCase {

    /// The standard library's string and the small one for `bytes`, compared:
    /// bits, equality, hashing, counts, scalars, characters, a copy appended to.
    private func assertSame(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = String(decoding: bytes, as: UTF8.self)
        // An allocation of exactly `bytes.count` bytes: the address sanitizer of
        // the fuzz builds would see a read past it.
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        defer { p.deallocate() }
        p.initialize(from: bytes, count: bytes.count)
        let made = SmallStrings.make(p, count: bytes.count, isASCII: bytes.allSatisfy { $0 < 0x80 })
        let context = "\(bytes)"
        XCTAssertEqual(unsafeBitCast(made, to: (UInt64, UInt64).self).0, unsafeBitCast(expected, to: (UInt64, UInt64).self).0, context, file: file, line: line)
        XCTAssertEqual(unsafeBitCast(made, to: (UInt64, UInt64).self).1, unsafeBitCast(expected, to: (UInt64, UInt64).self).1, context, file: file, line: line)
        XCTAssertEqual(made, expected, context, file: file, line: line)
        XCTAssertEqual(made.hashValue, expected.hashValue, context, file: file, line: line)
        XCTAssertEqual(Array(made.utf8), bytes, context, file: file, line: line)
        XCTAssertEqual(made.count, expected.count, context, file: file, line: line)
        XCTAssertEqual(Array(made.unicodeScalars), Array(expected.unicodeScalars), context, file: file, line: line)
        XCTAssertEqual(made.utf16.count, expected.utf16.count, context, file: file, line: line)
        var appended = made
        appended += "é and some more text past the small form"
        XCTAssertEqual(appended, expected + "é and some more text past the small form", context, file: file, line: line)
    }

    func testTheLayoutCheckPassesOnThisPlatform() {
        // Linux and Apple platforms on 64-bit little-endian hardware share the layout.
        XCTAssertTrue(SmallStrings.isAvailable)
    }

    func testEveryLengthOfASCII() {
        for count in 0...SmallStrings.capacity {
            assertSame((0..<count).map { UInt8(0x61 + $0 % 26) })
            assertSame([UInt8](repeating: 0, count: count))
            assertSame([UInt8](repeating: 0x7F, count: count))
        }
    }

    func testATwoByteCharacterAtEveryPlaceOfEveryLength() {
        for count in 2...SmallStrings.capacity {
            for at in 0...(count - 2) {
                var bytes = (0..<count).map { UInt8(0x41 + $0 % 26) }
                bytes.replaceSubrange(at..<(at + 2), with: Array("é".utf8))
                assertSame(bytes)
            }
        }
    }

    func testFourByteCharactersAndMixedText() {
        for text in ["😀", "a😀", "😀😀😀", "日本語テ", "x\u{1F600}y\u{10FFFF}", "é\u{301}", "🇩🇪a", "a\r\nb"] {
            precondition(text.utf8.count <= SmallStrings.capacity)
            assertSame(Array(text.utf8))
        }
    }

    func testRandomText() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", "0", " ", "\u{0}", "é", "ß", "日", "😀", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}"]
        for _ in 0..<5_000 {
            var text = ""
            while true {
                let next = text + pieces.randomElement(using: &generator)!
                if next.utf8.count > SmallStrings.capacity { break }
                text = next
                if Int.random(in: 0..<6, using: &generator) == 0 { break }
            }
            assertSame(Array(text.utf8))
        }
    }

    func testDecodedStringsOfEveryLengthEqualFoundations() throws {
        for count in 0...17 {
            for text in [String(repeating: "k", count: count), String(repeating: "é", count: count / 2)] {
                let json = Data(#"{"s":"\#(text)"}"#.utf8)
                let expected = try JSONDecoder().decode([String: String].self, from: json)
                for backend in JoltBackend.allCases {
                    let decoder = JoltDecoder()
                    decoder.backend = backend
                    XCTAssertEqual(try decoder.decode([String: String].self, from: json), expected, "\(backend) \(count)")
                }
            }
        }
    }
}
