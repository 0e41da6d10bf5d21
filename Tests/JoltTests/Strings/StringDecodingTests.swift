import Foundation
import XCTest

@testable import Jolt

/// Tests for `StringDecoding`: strings made without a second UTF-8 validation
/// must be the same strings (bytes, ASCII flag behaviour, comparisons) as the
/// ones `String(decoding:as:)` makes, and every escape must unescape exactly.
final class StringDecodingTests: XCTestCase {

    /// Makes a string of `count` ASCII letters with `insert` written at `at`.
    private func bytes(_ count: Int, insert: [UInt8] = [], at: Int = 0) -> [UInt8] {
        var b = (0..<count).map { UInt8(0x61 + $0 % 26) }
        if !insert.isEmpty { b.replaceSubrange(at..<(at + insert.count), with: insert) }
        return b
    }

    func testASCIICheckFindsAHighByteAtEveryPosition() {
        for count in 8...200 {
            let plain = bytes(count)
            plain.withUnsafeBufferPointer { p in
                XCTAssertTrue(StringDecoding.isASCII(p.baseAddress!, count: count), "\(count)")
            }
            for at in 0..<count {
                let high = bytes(count, insert: [0x80], at: at)
                high.withUnsafeBufferPointer { p in
                    XCTAssertFalse(StringDecoding.isASCII(p.baseAddress!, count: count), "\(count) at \(at)")
                }
            }
        }
    }

    func testShortASCIICheckFindsAHighByteAtEveryPosition() {
        for count in 0..<16 {
            // Read through a buffer of exactly `count` bytes: the check must not
            // look outside it (the address sanitizer of the fuzz builds would say).
            let plain = bytes(count)
            plain.withUnsafeBufferPointer { p in
                XCTAssertTrue(StringDecoding.isShortASCII(p.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: count), "\(count)")
            }
            for at in 0..<count {
                let high = bytes(count, insert: [0xC3], at: at)
                high.withUnsafeBufferPointer { p in
                    XCTAssertFalse(StringDecoding.isShortASCII(p.baseAddress!, count: count), "\(count) at \(at)")
                }
            }
            // Well-formed text with a two-byte character at every place: the same
            // string as String(decoding:as:) makes.
            for at in 0..<max(count - 1, 0) {
                let text = bytes(count, insert: Array("é".utf8), at: at)
                let string = text.withUnsafeBufferPointer { StringDecoding.validString($0.baseAddress!, count: count) }
                XCTAssertEqual(string, String(decoding: text, as: UTF8.self))
                XCTAssertEqual(Array(string.utf8), text)
            }
        }
    }

    func testValidStringMatchesStringDecoding() {
        let samples: [[UInt8]] = [
            [], bytes(1), bytes(15), bytes(16), bytes(17), bytes(100), bytes(4096),
            bytes(15, insert: Array("é".utf8), at: 13),
            bytes(16, insert: Array("é".utf8), at: 14),
            bytes(40, insert: Array("日本".utf8), at: 0),
            bytes(40, insert: Array("🎉".utf8), at: 36),
            bytes(2000, insert: Array("’".utf8), at: 1000),
            Array("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}".utf8),
        ]
        for sample in samples {
            let expected = String(decoding: sample, as: UTF8.self)
            let made = sample.withUnsafeBufferPointer { p in
                StringDecoding.validString(p.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: p.count)
            }
            XCTAssertEqual(made, expected)
            XCTAssertEqual(Array(made.utf8), sample)
            XCTAssertEqual(made.count, expected.count, "characters of \(expected.prefix(20))")
            XCTAssertEqual(made.unicodeScalars.count, expected.unicodeScalars.count)
            XCTAssertEqual(made.hashValue, expected.hashValue)
            XCTAssertEqual(made < expected + "a", true)
        }
        // Canonically equivalent strings are equal whichever way they were made.
        let composed = Array(String(repeating: "é", count: 10).utf8)
        let decomposed = String(repeating: "e\u{301}", count: 10)
        let made = composed.withUnsafeBufferPointer { StringDecoding.validString($0.baseAddress!, count: $0.count) }
        XCTAssertEqual(made, decomposed)
        XCTAssertEqual(made.hashValue, decomposed.hashValue)
    }

    func testEscapedStringsUnescape() {
        let cases: [(raw: String, expected: String)] = [
            (#"a\nb"#, "a\nb"),
            (#"\"quoted\" and \\ and \/ and \b\f\r\t"#, "\"quoted\" and \\ and / and \u{8}\u{C}\r\t"),
            (#"\u00e9t\u00e9 \u2019 long enough to be a large string"#, "été ’ long enough to be a large string"),
            (#"\ud83c\udf89 party \ud83c\udf89 party \ud83c\udf89"#, "🎉 party 🎉 party 🎉"),
            (#"\u0041\u0042\u0043"#, "ABC"),
            (String(repeating: #"x\n"#, count: 1000), String(repeating: "x\n", count: 1000)),
        ]
        for (raw, expected) in cases {
            let made = Array(raw.utf8).withUnsafeBufferPointer { p in
                StringDecoding.string(p.baseAddress!, count: p.count, escaped: true)
            }
            XCTAssertEqual(made, expected)
            XCTAssertEqual(Array(made.utf8), Array(expected.utf8))
            XCTAssertEqual(made.count, expected.count)
        }
    }

    /// The search for the next backslash, on runs of every length up to 40 with
    /// a backslash at each place (or none) among bytes near it in value: the
    /// first backslash, whichever way the length is searched.
    func testBackslashSearchFindsTheFirstBackslash() {
        let fillers: [UInt8] = [0x61, 0x5B, 0x5D, 0xDC, 0x00, 0xFF, 0x22, 0x5C - 0x20]
        for count in 0...40 {
            let places: [Int?] = [nil] + (0..<count).map { $0 }
            for place in places {
                for filler in fillers {
                    var bytes = [UInt8](repeating: filler, count: count)
                    for k in 0..<count where k % 3 != 0 { bytes[k] = UInt8(0x61 + k % 26) }
                    if let place {
                        bytes[place] = 0x5C
                        if place + 2 < count { bytes[place + 2] = 0x5C }
                    }
                    let found = bytes.withUnsafeBufferPointer { StringDecoding.backslashOffset($0.baseAddress!, count: count) }
                    XCTAssertEqual(found, bytes.firstIndex(of: 0x5C) ?? count, "\(bytes)")
                }
            }
        }
    }

    /// Random text, each character written raw or escaped (`\uXXXX` in either
    /// case, surrogate pairs, the short escapes), in runs that cross the
    /// sixteen-byte steps of the search for backslashes: unescaped to the text.
    func testRandomlyEscapedTextUnescapesToItsText() {
        let characters: [Character] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{8}", "\u{C}", "\r", "\u{0}",
                                        "\u{1F}", "é", "’", "名", "🎉", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = ""
            var raw = ""
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                let character = characters.randomElement(using: &generator)!
                text.append(character)
                raw += Self.escaped(character, using: &generator)
            }
            let made = Array(raw.utf8).withUnsafeBufferPointer { p in
                StringDecoding.string(p.baseAddress!, count: p.count, escaped: true)
            }
            XCTAssertEqual(Array(made.utf8), Array(text.utf8), raw)
        }
    }

    /// `character` as JSON writes it inside a string: raw where it may be, or escaped at random.
    static func escaped(_ character: Character, using generator: inout SystemRandomNumberGenerator) -> String {
        let scalar = character.unicodeScalars.first!
        let short: [Unicode.Scalar: String] = ["\"": #"\""#, "\\": #"\\"#, "/": #"\/"#, "\n": #"\n"#, "\t": #"\t"#,
                                               "\u{8}": #"\b"#, "\u{C}": #"\f"#, "\r": #"\r"#]
        let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
        if !mustEscape && Bool.random(using: &generator) { return String(character) }
        if let form = short[scalar], Bool.random(using: &generator) { return form }
        let upper = Bool.random(using: &generator)
        return character.utf16.map { unit in
            let digits = String(unit, radix: 16)
            let padded = String(repeating: "0", count: 4 - digits.count) + digits
            return #"\u"# + (upper ? padded.uppercased() : padded)
        }.joined()
    }

    /// Escaped strings longer than the stack limit are unescaped into a buffer the
    /// decoding reuses: growing it, and reusing it for a shorter string, must not
    /// leak one string's bytes into the next.
    func testLongEscapedStringsShareOneBuffer() throws {
        let lengths = [1_000, 1_025, 3_000, 1_100, 2_048, 6_000, 1_500]
        let values = lengths.enumerated().map { index, length in
            String((0..<length).map { k -> Character in
                ["a", "\n", "\"", "é", "’", "🎉", Character(UnicodeScalar(UInt8(65 + index)))][(k * 7 + index) % 7]
            })
        }
        let json = String(decoding: try JSONEncoder().encode(["values": values]), as: UTF8.self)
        XCTAssertTrue(json.contains("\\n"))
        XCTAssertEqual(try decodeWithAllDecoders([String: [String]].self, json), ["values": values])
        _ = try decodeWithAllDecoders(JSONValue.self, json)
    }

    func testDecodedStringsBehaveLikeFoundationsOnBothBackends() throws {
        let values = [
            "short", "ascii but longer than fifteen bytes", "non-ascii longer than fifteen: é",
            "日本語のテキスト、十六バイトより長い", "escaped\nnewline, long enough", "\u{1F389} emoji at start, long",
        ]
        let json = try JSONEncoder().encode(values)
        let foundation = try JSONDecoder().decode([String].self, from: json)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let jolt = try decoder.decode([String].self, from: json)
            XCTAssertEqual(jolt, foundation, "\(backend)")
            XCTAssertEqual(Set(jolt), Set(foundation), "\(backend)")
            XCTAssertEqual(jolt.map { $0.count }, foundation.map { $0.count }, "\(backend)")
        }
    }
}
