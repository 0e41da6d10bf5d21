import XCTest
@testable import Jolt

/// ``StringScanner``'s word-at-a-time search for the bytes a string's scan must
/// look at: `"`, `\`, a control character, a byte above 0x7F.
final class StringScannerTests: XCTestCase {
    static func needsLook(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80
    }

    /// Calls `body` with `width` bytes for each byte value at each place, after
    /// plain bytes and before each kind of byte: a filler in every later place
    /// (`step` 1) or in every other one (`step` 2, plain bytes between).
    func forEachWord(width: Int, step: Int, _ body: ([UInt8]) -> Void) {
        let fillers: [UInt8] = [0x41, 0x20, 0x7F, 0x22, 0x5C, 0x00, 0x1F, 0x80, 0xFF, 0x21, 0x5B, 0xA0]
        for place in 0..<width {
            for byte in UInt8.min...UInt8.max {
                for filler in fillers {
                    var bytes = [UInt8](repeating: 0x61, count: width)
                    bytes[place] = byte
                    for k in stride(from: place + 1, to: width, by: step) { bytes[k] = filler }
                    body(bytes)
                }
            }
        }
    }

    /// The first byte `attentionMask` points at, bytewise: each byte value at each
    /// of the eight places, after plain bytes and before every kind of byte (a
    /// borrow from a flagged byte may flag bytes above it, never below).
    func testTheMaskPointsAtTheFirstByteThatNeedsALook() {
        forEachWord(width: 8, step: 1) { bytes in
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            let mask = StringScanner.attentionMask(word)
            let first = bytes.firstIndex(where: Self.needsLook)
            XCTAssertEqual(mask == 0 ? nil : mask.trailingZeroBitCount >> 3, first, "\(bytes)")
        }
    }

    /// The sixteen-byte mask flags exactly the bytes that need a look: each byte
    /// value at each of the sixteen places, among plain bytes and every kind of
    /// byte, in both halves.
    func testTheSixteenByteMaskFlagsExactlyTheBytesThatNeedALook() {
        forEachWord(width: 16, step: 2) { bytes in
            let (low, high) = bytes.withUnsafeBufferPointer { StringScanner.attentionMask(StringScanner.load16($0.baseAddress!)) }
            let flagged = (0..<16).filter { k in
                let half = k < 8 ? low : high
                return half >> (UInt64(k % 8) * 8 + 7) & 1 == 1
            }
            XCTAssertEqual(flagged, bytes.indices.filter { Self.needsLook(bytes[$0]) }, "\(bytes)")
        }
    }

    /// Four hexadecimal digits read as one word: each byte value at each of the
    /// four places, among digits and letters of both cases, and random words,
    /// give the value read digit by digit, or nil where a byte is not a digit.
    func testFourHexDigitsReadAsAWordMatchADigitwiseReading() {
        func digitwise(_ bytes: [UInt8]) -> UInt32? {
            var value: UInt32 = 0
            for byte in bytes {
                guard let digit = StringScanner.hexValue(byte) else { return nil }
                value = value << 4 | digit
            }
            return value
        }
        func word(_ bytes: [UInt8]) -> UInt32 {
            bytes.withUnsafeBufferPointer { StringScanner.load32($0.baseAddress!) }
        }
        let fillers = Array("09afAF".utf8) + [0x80, 0xFF, 0x2F, 0x3A, 0x40, 0x47, 0x60, 0x67]
        for place in 0..<4 {
            for byte in UInt8.min...UInt8.max {
                for filler in fillers {
                    var bytes = [UInt8](repeating: filler, count: 4)
                    bytes[place] = byte
                    XCTAssertEqual(StringScanner.hex4(word: word(bytes)), digitwise(bytes), "\(bytes)")
                    if let value = digitwise(bytes) {
                        XCTAssertEqual(StringScanner.isSurrogate(word(bytes)), value & 0xF800 == 0xD800, "\(bytes)")
                    }
                }
            }
        }
        for value in UInt32(0)...0xFFFF {
            for digits in [String(value, radix: 16), String(value, radix: 16, uppercase: true)] {
                let bytes = Array((String(repeating: "0", count: 4 - digits.count) + digits).utf8)
                XCTAssertEqual(StringScanner.hex4(word: word(bytes)), value)
                XCTAssertEqual(StringScanner.isSurrogate(word(bytes)), value & 0xF800 == 0xD800, "\(bytes)")
            }
        }
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdefABCDEF".utf8)
        for _ in 0..<100_000 {
            let bytes = (0..<4).map { _ in
                Bool.random(using: &generator) ? digits.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            XCTAssertEqual(StringScanner.hex4(word: word(bytes)), digitwise(bytes), "\(bytes)")
        }
    }

    /// Strings of every length up to 90 (the scan takes sixteen bytes, then thirty-two
    /// a step) with one byte of each kind at each place:
    /// the same end, escape flag or error as a bytewise reference.
    func testScansMatchABytewiseReference() {
        let specials: [[UInt8]] = [[0x22], [0x5C, 0x6E], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], [0xC3, 0xA9], [0x01], [0xFF],
                                   [0x5C, 0x78], [0xE2, 0x82, 0xAC],
                                   // Escapes that follow each other, the second invalid or cut short.
                                   [0x5C, 0x6E, 0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], [0x5C, 0x6E, 0x5C, 0x78],
                                   [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39, 0x5C, 0x75, 0x30, 0x30],
                                   // Upper-case digits; a byte next to the digits' ranges in each place.
                                   Array(#"\u00E9\uD83D\uDE0B"#.utf8), Array(#"\uD83D\uDE0"#.utf8),
                                   Array(#"\u0:00"#.utf8), Array(#"\u00G0"#.utf8), Array(#"\u0`00"#.utf8),
                                   Array(#"\u00/0"#.utf8), Array(#"\u000@"#.utf8), Array(#"\ug000"#.utf8),
                                   [0x5C, 0x75, 0x30, 0xB0, 0x30, 0x30]]
        for length in 0...90 {
            for special in specials {
                for place in 0...length {
                    var body = [UInt8](repeating: 0x62, count: length)
                    body.insert(contentsOf: special, at: place)
                    let input = [0x22] + body + [0x22, 0x2C]
                    let result = input.withUnsafeBufferPointer { buffer -> Result<[Int], ScanError> in
                        do throws(ScanError) {
                            let (close, escaped) = try StringScanner.scan(buffer.baseAddress!, from: 1, end: buffer.count)
                            return .success([close, escaped ? 1 : 0])
                        } catch {
                            return .failure(error)
                        }
                    }
                    XCTAssertEqual(result, reference(input), "\(input)")
                }
            }
        }
    }

    /// Bytewise: the closing quote and whether an escape came before it, or the
    /// error the scanner reports (the same checks, one byte at a time).
    func reference(_ input: [UInt8]) -> Result<[Int], ScanError> {
        input.withUnsafeBufferPointer { buffer in
            let p = buffer.baseAddress!
            var i = 1
            var escaped = false
            do throws(ScanError) {
                while i < buffer.count {
                    let c = p[i]
                    if c == 0x22 { return .success([i, escaped ? 1 : 0]) }
                    if c == 0x5C {
                        escaped = true
                        i = try StringScanner.scanEscape(p, at: i, start: 1, end: buffer.count)
                    } else if c < 0x20 {
                        throw ScanError(.unescapedControlCharacter, at: i)
                    } else if c < 0x80 {
                        i += 1
                    } else {
                        i = try StringScanner.scanUTF8(p, at: i, start: 1, end: buffer.count)
                    }
                }
                throw ScanError(.unterminatedString, at: 0)
            } catch {
                return .failure(error)
            }
        }
    }
}
