import XCTest
@testable import Jolt

/// The yajl backend's one-pass precheck: strict UTF-8, and no 0x0B or 0x0C byte.
final class UTF8ValidatorTests: XCTestCase {
    private func check(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Validator.isWellFormedWithoutVTOrFF($0.baseAddress!, from: 0, end: $0.count) }
    }

    /// Every ASCII byte at every position of two 64-byte blocks, a 32-byte block
    /// and the tail.
    func testEveryASCIIByteAtEveryPosition() {
        for byte in UInt8(0)..<0x80 {
            for position in 0..<176 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 176)
                bytes[position] = byte
                XCTAssertEqual(check(bytes), byte != 0x0B && byte != 0x0C, "byte \(byte) at \(position)")
            }
        }
    }

    /// A multi-byte character, then a vertical tab, at every distance from the
    /// block boundaries: the byte-by-byte stretch after a non-ASCII byte and the
    /// return to whole blocks must neither skip a byte nor read one twice.
    func testNonASCIIThenVerticalTabAtEveryPosition() {
        let e = Array("€".utf8)
        for position in 0..<(176 - e.count) {
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 176)
            bytes.replaceSubrange(position..<(position + e.count), with: e)
            XCTAssertTrue(check(bytes), "€ at \(position)")
            for tab in (position + e.count)..<176 {
                var withTab = bytes
                withTab[tab] = 0x0C
                XCTAssertFalse(check(withTab), "€ at \(position), FF at \(tab)")
            }
            var truncated = bytes
            truncated[position + 2] = UInt8(ascii: "a")
            XCTAssertFalse(check(truncated), "truncated € at \(position)")
        }
    }

    /// After a multi-byte character (whose bytes, added to across a word, carry
    /// into the next byte), every ASCII byte at every distance up to 24: the
    /// word-at-a-time skip to the next byte that needs a look flags exactly VT and FF.
    func testEveryASCIIByteAfterAMultiByteCharacter() {
        for character in ["é", "€", "😀", "ÿ"] {
            let encoded = Array(character.utf8)
            for start in [0, 5, 61] {
                for distance in 0..<24 {
                    for byte in UInt8(0)..<0x80 {
                        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100)
                        bytes.replaceSubrange(start..<(start + encoded.count), with: encoded)
                        bytes[start + encoded.count + distance] = byte
                        XCTAssertEqual(check(bytes), byte != 0x0B && byte != 0x0C, "\(character) at \(start), \(byte) after \(distance)")
                    }
                }
            }
        }
    }

    /// Every lead byte with every second byte and a sample of third and fourth
    /// bytes, alone and inside runs of other characters: the same verdict as the
    /// standard library's validation, from the whole-input pass and from the Swift
    /// scanner's strings (both go through `StringScanner.scanUTF8`).
    func testEverySequenceAgainstTheStandardLibrary() {
        let tails: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        let runs: [[UInt8]] = [[], Array("é".utf8), Array("日本".utf8), Array("a".utf8)]
        var checked = 0
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8(0)...0xFF {
                for third in tails {
                    for fourth in [UInt8(0x80), 0x41] {
                        let sequence = [lead, second, third, fourth]
                        for before in runs {
                            for after in [[], Array("ü".utf8)] {
                                let text = before + sequence + after
                                let expected = String(validating: text, as: UTF8.self) != nil
                                    && !text.contains(0x0B) && !text.contains(0x0C)
                                let padded = [UInt8](repeating: 0x20, count: 3) + text
                                XCTAssertEqual(check(padded), expected, "\(text)")
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
        // Through the Swift scanner: a few thousand, inside a JSON string.
        for lead in UInt8(0xC0)...0xF5 {
            for second in UInt8(0x70)...0xC8 {
                let text = Array("日".utf8) + [lead, second, 0x80, 0x80] + Array("é".utf8)
                let json = [UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")]
                XCTAssertEqual(parseTape(json, .swift).isSuccess, String(validating: text, as: UTF8.self) != nil, "\(text)")
            }
        }
    }

    func testUTF8() {
        let padding = [UInt8](repeating: 0x20, count: 20)
        XCTAssertTrue(check(padding + Array("é€😀\u{10FFFF}".utf8) + padding))
        XCTAssertFalse(check(padding + [0xC0, 0xAF] + padding))          // overlong
        XCTAssertFalse(check(padding + [0xED, 0xA0, 0x80] + padding))    // encoded surrogate
        XCTAssertFalse(check(padding + [0xF4, 0x90, 0x80, 0x80]))        // above U+10FFFF
        XCTAssertFalse(check(padding + [0xE2, 0x82]))                    // truncated
        XCTAssertFalse(check(Array("é".utf8) + [0x0B] + padding))        // VT after a non-ASCII byte
    }

    /// Through the backends: a vertical tab or form feed far into a document.
    func testVerticalTabDeepInADocument() {
        let prefix = "[" + String(repeating: "1, ", count: 20)
        for (byte, offset) in [(UInt8(0x0B), prefix.utf8.count), (UInt8(0x0C), prefix.utf8.count)] {
            let bytes = Array(prefix.utf8) + [byte] + Array("2]".utf8)
            for backend in JoltBackend.allCases {
                XCTAssertEqual(parseTape(bytes, backend).failure, ScanError(.unexpectedCharacter(byte), at: offset), "\(backend)")
            }
        }
    }
}
