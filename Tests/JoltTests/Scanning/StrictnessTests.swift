import Foundation
import XCTest
@testable import Jolt

/// Where yajl is lax, every backend is strict: the same error, at the same place.
final class StrictnessTests: XCTestCase {
    private func assertRejected(_ bytes: [UInt8], _ kind: JoltSyntaxError.Kind, at offset: Int, file: StaticString = #filePath, line: UInt = #line) {
        for backend in JoltBackend.allCases {
            XCTAssertEqual(parseTape(bytes, backend).failure, ScanError(kind, at: offset), "\(backend)", file: file, line: line)
        }
    }

    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testFormFeedAndVerticalTabAreNotWhitespace() {
        assertRejected(bytes("[1,\u{0C}2]"), .unexpectedCharacter(0x0C), at: 3)
        assertRejected(bytes("[1,\u{0B}2]"), .unexpectedCharacter(0x0B), at: 3)
        assertRejected(bytes("\u{0C}[]"), .unexpectedCharacter(0x0C), at: 0)
        assertRejected(bytes("[]\u{0B}"), .trailingCharacters, at: 2)
        assertRejected(bytes("[\"a\u{0C}\"]"), .unescapedControlCharacter, at: 3)
    }

    func testMalformedUTF8IsRejected() {
        // Overlong "/", overlong NUL, encoded surrogate U+D800, U+110000, a lone continuation byte, truncated sequence.
        assertRejected([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], .invalidUTF8, at: 2)
        assertRejected([0x5B, 0x22, 0xE0, 0x80, 0x80, 0x22, 0x5D], .invalidUTF8, at: 2)
        assertRejected([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], .invalidUTF8, at: 2)
        assertRejected([0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], .invalidUTF8, at: 2)
        assertRejected([0x5B, 0x22, 0x80, 0x22, 0x5D], .invalidUTF8, at: 2)
        assertRejected([0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], .invalidUTF8, at: 2)
        // The same in a key.
        assertRejected([0x7B, 0x22, 0xC0, 0xAF, 0x22, 0x3A, 0x31, 0x7D], .invalidUTF8, at: 2)
        // Outside strings.
        assertRejected([0x5B, 0xC3, 0xA9, 0x5D], .unexpectedCharacter(0xC3), at: 1)
    }

    /// yajl accepts an unfinished token after the top-level value (found by FuzzDifferential).
    func testUnfinishedTokenAfterTheValueIsRejected() {
        assertRejected(bytes(#"[1] "abc"#), .trailingCharacters, at: 4)
        assertRejected(bytes(#"[1]"\u"#), .trailingCharacters, at: 3)
        assertRejected(bytes(#"{} tru"#), .trailingCharacters, at: 3)
        assertRejected(bytes("\"a\" \n\"b"), .trailingCharacters, at: 5)
        assertRejected(bytes(#"1 f"#), .trailingCharacters, at: 2)
        assertRejected(bytes(#"["\uDBFF\uDFFE"]"\uDBFF\uDFFE"#), .trailingCharacters, at: 16)
        for backend in JoltBackend.allCases {
            XCTAssertTrue(parseTape("[1] \n\t\r ", backend).isSuccess, "\(backend)")
            XCTAssertTrue(parseTape("1 ", backend).isSuccess, "\(backend)")
            XCTAssertTrue(parseTape("1", backend).isSuccess, "\(backend)")
        }
    }

    func testValidUTF8IsAccepted() {
        for backend in JoltBackend.allCases {
            XCTAssertTrue(parseTape("[\"é€😀\u{10FFFF}\"]", backend).isSuccess)
        }
    }

    func testSurrogateEscapes() {
        assertRejected(bytes(#"["\ud800"]"#), .invalidSurrogate, at: 2)
        assertRejected(bytes(#"["\ud800\u0041"]"#), .invalidSurrogate, at: 2)
        assertRejected(bytes(#"["\udc00\ud800"]"#), .invalidSurrogate, at: 2)
        assertRejected(bytes(#"["a\ud800b"]"#), .invalidSurrogate, at: 3)
        assertRejected(bytes(#"{"\ud800":1}"#), .invalidSurrogate, at: 2)
        // A high surrogate at the end of a string is unpaired even when the document
        // is cut short later (found by FuzzDifferential: yajl reported the surrogate,
        // the Swift scanner an unterminated string).
        assertRejected(bytes(#"["\uDADA""#), .invalidSurrogate, at: 2)
        assertRejected(bytes(#"["\uDADA"]"#), .invalidSurrogate, at: 2)
        assertRejected(bytes(#"{"\uD800":"#), .invalidSurrogate, at: 2)
        assertRejected(bytes(#"["\uD800\n""#), .invalidSurrogate, at: 2)
        assertRejected(bytes(#"["\uD800"#), .unterminatedString, at: 1)
        assertRejected(bytes(#"["\uD800\"#), .unterminatedString, at: 1)
        for backend in JoltBackend.allCases {
            XCTAssertTrue(parseTape(#"["\ud83d\ude00", "\u0000", "\uFFFF"]"#, backend).isSuccess)
        }
    }

    func testEscapesAndControlCharacters() {
        assertRejected(bytes(#"["\x"]"#), .invalidEscape, at: 2)
        assertRejected(bytes(#"["\u12G4"]"#), .invalidUnicodeEscape, at: 2)
        assertRejected(bytes("[\"\u{1F}\"]"), .unescapedControlCharacter, at: 2)
        assertRejected([0x5B, 0x22, 0x00, 0x22, 0x5D], .unescapedControlCharacter, at: 2)
        assertRejected(bytes(#"["abc"#), .unterminatedString, at: 1)
        assertRejected(bytes(#"["abc\"#), .unterminatedString, at: 1)
    }

    /// Every byte value at every position of a 40-byte string: the string
    /// scanner's 8-byte steps must stop at each byte that needs a look
    /// (quote, backslash, control character, non-ASCII), wherever it falls.
    func testEveryByteAtEveryPositionOfALongString() {
        let length = 40
        for position in 0..<length {
            for byte in 0...255 where byte != Int(UInt8(ascii: "\"")) {
                var text = bytes("[\"") + [UInt8](repeating: UInt8(ascii: "a"), count: length) + bytes("\"]")
                text[2 + position] = UInt8(byte)
                let at = 2 + position
                switch byte {
                case 0..<0x20: assertRejected(text, .unescapedControlCharacter, at: at)
                case 0x80...: assertRejected(text, .invalidUTF8, at: at)
                case Int(UInt8(ascii: "\\")):
                    // `\a` is no escape; a last backslash escapes the closing quote.
                    if position == length - 1 { assertRejected(text, .unterminatedString, at: 1) }
                    else { assertRejected(text, .invalidEscape, at: at) }
                default:
                    for backend in JoltBackend.allCases {
                        let entries = try? parseTape(text, backend).get()
                        XCTAssertEqual(entries?.count, 2, "byte \(byte) at \(position), \(backend)")
                        XCTAssertEqual(entries?.last?.length, length, "byte \(byte) at \(position), \(backend)")
                    }
                }
            }
        }
        // A quote ends the string where it is: what follows it is out of place.
        for position in 0..<length {
            var text = bytes("[\"") + [UInt8](repeating: UInt8(ascii: "a"), count: length) + bytes("\"]")
            text[2 + position] = UInt8(ascii: "\"")
            let next = text[3 + position]
            assertRejected(text, .unexpectedCharacter(next), at: 3 + position)
        }
    }

    func testNumbers() {
        assertRejected(bytes("[01]"), .invalidNumber, at: 1)
        assertRejected(bytes("[1.]"), .invalidNumber, at: 1)
        assertRejected(bytes("[.5]"), .unexpectedCharacter(UInt8(ascii: ".")), at: 1)
        assertRejected(bytes("[-]"), .invalidNumber, at: 1)
        assertRejected(bytes("[1e]"), .invalidNumber, at: 1)
        assertRejected(bytes("[+1]"), .unexpectedCharacter(UInt8(ascii: "+")), at: 1)
        assertRejected(bytes("[1.5e+]"), .invalidNumber, at: 1)
        assertRejected(bytes("-"), .unexpectedEndOfInput, at: 1)
        assertRejected(bytes("1e"), .unexpectedEndOfInput, at: 2)
    }

    func testStructure() {
        assertRejected(bytes(""), .emptyInput, at: 0)
        assertRejected(bytes("  \n "), .emptyInput, at: 4)
        assertRejected(bytes("[1,]"), .unexpectedCharacter(UInt8(ascii: "]")), at: 3)
        assertRejected(bytes(#"{"a":1,}"#), .unexpectedCharacter(UInt8(ascii: "}")), at: 7)
        assertRejected(bytes(#"{"a" 1}"#), .unexpectedCharacter(UInt8(ascii: "1")), at: 5)
        assertRejected(bytes("[1 2]"), .unexpectedCharacter(UInt8(ascii: "2")), at: 3)
        assertRejected(bytes("[1] x"), .trailingCharacters, at: 4)
        assertRejected(bytes("[tru]"), .invalidLiteral, at: 1)
        assertRejected(bytes("[nul"), .unexpectedEndOfInput, at: 4)
        assertRejected(bytes("{\"a\":"), .unexpectedEndOfInput, at: 5)
    }

    func testByteOrderMarkIsSkipped() {
        for backend in JoltBackend.allCases {
            guard case .success(let tape) = parseTape([0xEF, 0xBB, 0xBF] + bytes("[1]"), backend) else {
                return XCTFail("\(backend) rejected a BOM")
            }
            XCTAssertEqual(tape[0].offset, 3)
            XCTAssertEqual(tape[1].offset, 4)
        }
        assertRejected([0xEF, 0xBB, 0xBF], .emptyInput, at: 3)
        assertRejected([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], .unexpectedCharacter(0xEF), at: 3)
    }

    /// The worked example at the top of Tape.swift, entry by entry.
    func testWorkedExampleTape() {
        for backend in JoltBackend.allCases {
            guard case .success(let tape) = parseTape(#"{"id":7,"tags":["a\n",true]}"#, backend) else {
                return XCTFail()
            }
            XCTAssertEqual(tape.count, 7)
            XCTAssertEqual(tape.map(\.kind), [.object, .key, .number, .key, .array, .string, .true])
            XCTAssertEqual(tape.map(\.offset), [0, 2, 6, 9, 15, 17, 22])
            XCTAssertEqual(tape[0].end, 7); XCTAssertEqual(tape[0].count, 2)
            XCTAssertEqual(tape[4].end, 7); XCTAssertEqual(tape[4].count, 2)
            XCTAssertEqual(tape[1].length, 2); XCTAssertEqual(tape[3].length, 4)
            XCTAssertEqual(tape[5].length, 3); XCTAssertTrue(tape[5].isEscaped)
            XCTAssertEqual(tape.map(\.flags), [0, 0, 0, 0, 0, TapeFlags.escaped, 0])
        }
    }

    func testSyntaxErrorPosition() {
        let input = "{\n  \"a\": [1, 2,, 3]\n}"
        XCTAssertThrowsError(try JoltValidator(backend: .swift).validate(input)) { error in
            let error = error as! JoltSyntaxError
            XCTAssertEqual(error.kind, .unexpectedCharacter(UInt8(ascii: ",")))
            XCTAssertEqual(error.offset, 15)
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.column, 14)
            XCTAssertTrue(error.excerpt.contains("[1, 2,, 3]"), error.excerpt)
            XCTAssertTrue(error.description.contains("line 2, column 14"), error.description)
        }
        // Columns count characters, not bytes.
        XCTAssertThrowsError(try JoltValidator().validate("[\"é\" x]")) { error in
            XCTAssertEqual((error as! JoltSyntaxError).column, 6)
            XCTAssertEqual((error as! JoltSyntaxError).offset, 6)
        }
    }

    func testInputKindsAgree() throws {
        let text = #"{"a":[1,"x",null]}"#
        let validator = JoltValidator()
        try validator.validate(text)
        try validator.validate(Data(text.utf8))
        try validator.validate(Array(text.utf8))
        try validator.validate(text[...])
        try Array(text.utf8).withUnsafeBytes { try validator.validate($0) }
        XCTAssertFalse(validator.isValid(Data("[1,".utf8)))
    }
}
