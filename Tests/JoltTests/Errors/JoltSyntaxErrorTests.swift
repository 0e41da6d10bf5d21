import XCTest
@testable import Jolt

/// A syntax error's line and column are counted eight bytes at a time: the same
/// counts as byte by byte, for every length and alignment, with newlines and
/// multi-byte characters at every position of a word.
final class JoltSyntaxErrorTests: XCTestCase {
    func testWordAtATimeCountsMatchBytewiseCounts() {
        let pieces: [[UInt8]] = [Array("a".utf8), Array("\n".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8),
                                 [0x0A ^ 0x80], [0x8A], [0x0B], [0xFF]]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            while bytes.count < Int.random(in: 0...70, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0..<min(9, buffer.count + 1) {
                    let p = buffer.baseAddress! + start
                    let count = buffer.count - start
                    var breaks = 0, afterLast = 0, starts = 0
                    for i in 0..<count {
                        if p[i] == 0x0A { breaks += 1; afterLast = i + 1 }
                        if p[i] & 0xC0 != 0x80 { starts += 1 }
                    }
                    let fast = JoltSyntaxError.lineBreaks(p, count: count)
                    XCTAssertEqual(fast.count, breaks, "\(Array(buffer[start...]))")
                    XCTAssertEqual(fast.afterLast, afterLast, "\(Array(buffer[start...]))")
                    XCTAssertEqual(JoltSyntaxError.scalarStarts(p, count: count), starts, "\(Array(buffer[start...]))")
                }
            }
        }
    }

    func testLineAndColumnOfAnErrorAfterManyLines() throws {
        let text = String(repeating: "[1,\n", count: 40) + "  \"é😀\", x]"
        XCTAssertThrowsError(try JoltDecoder().decode([Int].self, from: text)) { error in
            guard case DecodingError.dataCorrupted(let context) = error,
                  let syntax = context.underlyingError as? JoltSyntaxError else { return XCTFail("\(error)") }
            XCTAssertEqual(syntax.line, 41)
            XCTAssertEqual(syntax.column, 9, "at `x`: two spaces, four scalars of string, a comma and a space before it")
            XCTAssertEqual(syntax.offset, text.utf8.count - 2)
        }
    }
}
