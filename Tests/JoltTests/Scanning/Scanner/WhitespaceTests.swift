import XCTest

@testable import Jolt

/// Runs of whitespace of every length between tokens, with a tab, a carriage
/// return or a line feed at every place in them, at the start and at the end of
/// the input: the Swift scanner skips spaces a word at a time, so a run that
/// ends in each byte of a word, or runs into the end of the input, must give the
/// tape the other backends give, and a byte that is not whitespace after a run
/// must be reported where it is.
final class WhitespaceTests: XCTestCase {
    /// Runs of `count` spaces, and the same with `other` at each place.
    private func runs(_ count: Int) -> [String] {
        var result = [String(repeating: " ", count: count)]
        for other in ["\t", "\n", "\r"] where count > 0 {
            for at in 0..<count {
                var bytes = Array(repeating: UInt8(ascii: " "), count: count)
                bytes[at] = UInt8(ascii: Unicode.Scalar(other)!)
                result.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        return result
    }

    func testRunsOfEveryLengthGiveEveryBackendsTape() {
        var checked = 0
        for count in 0...40 {
            for run in runs(count) {
                let documents = [
                    run + "[1," + run + "2" + run + "]" + run,
                    "{" + run + "\"a\"" + run + ":" + run + "true" + run + "," + run + "\"b\":[" + run + "]" + run + "}",
                    run + "\"x\"" + run,
                ]
                for text in documents {
                    let swift = parseTape(text, .swift)
                    XCTAssertTrue(swift.isSuccess, "\(count): \(text.debugDescription)")
                    for backend in JoltBackend.allCases where backend != .swift {
                        XCTAssertEqual(parseTape(text, backend), swift, "\(backend) \(count): \(text.debugDescription)")
                    }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 7_000)
    }

    func testAByteThatIsNotWhitespaceAfterARunIsReportedWhereItIs() {
        for count in 0...40 {
            for run in runs(count).prefix(3) {
                for bad in [UInt8(0x0B), 0x0C, 0x21, 0x00, 0xC3] {
                    // After `[1,`, after a key and its colon, and between a key and its colon:
                    // the run, then the bad byte.
                    for prefix in ["[1,", #"{"a":"#, #"{"a""#] {
                        var bytes = Array(prefix.utf8) + Array(run.utf8)
                        let at = bytes.count
                        bytes.append(bad)
                        bytes += Array(" 2]".utf8)
                        let swift = parseTape(bytes, .swift)
                        XCTAssertEqual(swift.failure?.offset, at, "\(prefix) \(count) \(bad)")
                        for backend in JoltBackend.allCases where backend != .swift {
                            XCTAssertEqual(parseTape(bytes, backend), swift, "\(backend) \(prefix) \(count) \(bad)")
                        }
                    }
                }
            }
        }
    }
}
