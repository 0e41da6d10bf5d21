import XCTest
@testable import Jolt

#if YAJL
/// The yajl backend finds string values between the tokens yajl reports (its
/// string callback is off, so that yajl does not unescape every escaped string
/// into a buffer Jolt never reads). Every way a string value can sit between two
/// reported tokens must give the Swift scanner's tape, and the same errors.
final class YAJLScannerTests: XCTestCase {
    private func assertSameTape(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let yajl = parseTape(text, .yajl)
        XCTAssertEqual(yajl, parseTape(text, .swift), text, file: file, line: line)
    }

    func testStringValuesBetweenReportedTokens() {
        let documents = [
            // Top level: nothing is reported at all.
            #""""#, #""abc""#, #"  "a\"b\\"  "#, #""\u00e9\ud83c\udf89""#,
            // Objects: before the next key, before the closing brace, escaped keys.
            #"{"a":"x"}"#, #"{"a":"x","b":"y"}"#, #"{"a":"","b":""}"#,
            #"{"a":"x","b\n":"y","c":1}"#, #"{"a\"":"x\"","b\\":"y\\"}"#,
            #"{"a":"}","b":"{\"c\":\"]\"}"}"#, #"{"a":"\\","b":"\\\\"}"#,
            #"{ "a" : "x" , "b" : "y" }"#, "{\n  \"a\": \"x\",\n  \"b\": \"y\"\n}",
            #"{"a":{"b":"x"},"c":"y"}"#, #"{"a":["x"],"b":"y"}"#, #"{"a":"x","b":{"c":"y"}}"#,
            // Arrays: runs of strings before each kind of reported token.
            #"["a"]"#, #"["a","b","c"]"#, #"["",""]"#, #"["a",1]"#, #"["",1]"#, #"["a", 1, "b"]"#,
            #"["a",true,"b",null,"c",false]"#, #"["a",{},"b",[],"c"]"#, #"["a",{"k":"v"},"b"]"#,
            #"[["a"],"b",[["c","d"]]]"#, #"["\"",",","]","\\"]"#, #"[ "a" , "b" ]"#,
            "[\n  \"a\",\n  \"b\",\n  1\n]", #"[1,"a",2.5,"b\u0041",-3]"#,
            #"{"a":["x","y",{"b":"z"}],"c":"w"}"#,
        ]
        for text in documents { assertSameTape(text) }
    }

    func testErrorsInStringValuesAreTheSwiftScannersErrors() {
        let documents = [
            #"["a","\ud800"]"#, #"{"a":"\udc00"}"#, #"{"a":"x\ud800","b":1}"#, #""\ud800""#,
            #"["a","b"#, #"{"a":"x"#, #"["a" "b"]"#, #"{"a":"x" "b":1}"#, #""a" "b""#, #""abc"#,
            #"["a",]"#, #"{"a":"x",}"#, "[\"a\u{1}\"]", #"["\x"]"#,
        ]
        for text in documents {
            let yajl = parseTape(text, .yajl)
            XCTAssertNotNil(yajl.failure, text)
            XCTAssertEqual(yajl, parseTape(text, .swift), text)
        }
        var limits = JoltLimits.default
        limits.maxStringBytes = 3
        for text in [#"["abc","abcd"]"#, #"{"a":"abcd"}"#, #""abcd""#, #"{"a":"abc","b":"abcd"}"#] {
            let yajl = parseTape(text, .yajl, limits: limits)
            XCTAssertEqual(yajl.failure?.kind, .limitExceeded(.stringBytes), text)
            XCTAssertEqual(yajl, parseTape(text, .swift, limits: limits), text)
        }
    }

    /// Random documents: nested arrays and objects of strings (with escapes, quotes
    /// and brackets inside), numbers and literals, with random whitespace.
    func testRandomDocumentsGiveTheSameTape() {
        var rng = SplitMix64(seed: 0x5747_1A7E)
        let pieces = ["a", "\\\"", "\\\\", "\\n", "\\u00e9", "\\ud83c\\udf89", "]", "}", ",", ":", "é", " ", "\\/"]
        func string() -> String {
            "\"" + (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() + "\""
        }
        func space() -> String { ["", "", " ", "\n  ", "\t"].randomElement(using: &rng)! }
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 3 ? 3 : 6), using: &rng) {
            case 0, 1: return string()
            case 2: return ["1", "-2.5e3", "true", "false", "null", "0"].randomElement(using: &rng)!
            case 3, 4:
                let items = (0..<Int.random(in: 0...5, using: &rng)).map { _ in space() + value(depth + 1) + space() }
                return "[" + items.joined(separator: ",") + "]"
            default:
                let members = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                    space() + string() + space() + ":" + space() + value(depth + 1) + space()
                }
                return "{" + members.joined(separator: ",") + "}"
            }
        }
        for _ in 0..<3000 {
            let text = space() + value(0) + space()
            let yajl = parseTape(text, .yajl)
            XCTAssertTrue(yajl.isSuccess, text)
            XCTAssertEqual(yajl, parseTape(text, .swift), text)
        }
    }
}
#else
/// Without the YAJL trait there is no yajl backend: the one test says so, skipped.
final class YAJLScannerTests: XCTestCase {
    func testTheYAJLBackendIsNotBuilt() throws {
        throw XCTSkip(BackendSkip.yajl)
    }
}
#endif
