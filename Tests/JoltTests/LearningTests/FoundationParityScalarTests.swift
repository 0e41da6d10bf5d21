import XCTest
import Foundation
@testable import Jolt

final class FoundationParityScalarTests: XCTestCase {

    func testBool() {
        assertParity(Bool.self, "true", expect: .value(true))
        assertParity(Bool.self, "false", expect: .value(false))
        assertParity(Bool.self, "1", expect: .failureAt(.typeMismatch, []))
        assertParity(Bool.self, "0", expect: .failureAt(.typeMismatch, []))
        assertParity(Bool.self, #""true""#, expect: .failureAt(.typeMismatch, []))
        // Surprise: null for a non-optional Bool is typeMismatch (String/Int give valueNotFound).
        assertParity(PBox<Bool>.self, #"{"v": null}"#, expect: .failureAt(.typeMismatch, ["v"]))
        assertParity(Bool.self, "null", expect: .failureAt(.typeMismatch, []))
        assertParity([Bool].self, "[null]")
        assertParity([Bool].self, "[true, false, 1]", expect: .failureAt(.typeMismatch, [2]))
    }

    func testString() {
        assertParity(String.self, #""hello""#, expect: .value("hello"))
        assertParity(String.self, #""""#, expect: .value(""))
        assertParity(String.self, "1", expect: .failureAt(.typeMismatch, []))
        assertParity(String.self, "null", expect: .failureAt(.valueNotFound, []))
        assertParity(PBox<String>.self, #"{"v": 12}"#, expect: .failureAt(.typeMismatch, ["v"]))
        assertParity(PBox<String>.self, #"{"v": null}"#, expect: .failureAt(.valueNotFound, ["v"]))
    }

    func testStringEscapes() {
        assertParity(String.self, #""a\"b\\c\/d\b\f\n\r\t""#, expect: .value("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        assertParity(String.self, #""\u00e9\u00E9""#, expect: .value("éé"))
        assertParity(String.self, #""\ud83d\ude00""#, expect: .value("😀"))
        assertParity(String.self, #""\u0000""#, expect: .value("\u{0}"))
        assertParity(String.self, "\"日本語 ✓ 😀\"", expect: .value("日本語 ✓ 😀"))
        assertParity(String.self, #""\ud800""#, expect: .failureAt(.dataCorrupted, []))   // lone high surrogate
        assertParity(String.self, #""\udc00x""#)           // lone low surrogate
        assertParity(String.self, #""\x""#, expect: .failure(.dataCorrupted))
        assertParity(String.self, #""\u12""#, expect: .failure(.dataCorrupted))
        assertParity(String.self, "\"a\u{01}b\"", expect: .failureAt(.dataCorrupted, []))   // raw control character
        assertParity(String.self, "\"tab\there\"")         // raw tab
        assertParity(String.self, bytes: [0x22, 0xC3, 0x28, 0x22])   // invalid UTF-8 inside a string
    }

    func testURL() {
        assertParity(URL.self, #""https://example.com/a/b?c=d#e""#, expect: .value(URL(string: "https://example.com/a/b?c=d#e")!))
        assertParity(URL.self, #""relative/path""#, expect: .value(URL(string: "relative/path")!))
        assertParity(URL.self, #""""#, expect: .failureAt(.dataCorrupted, []))
        assertParity(PBox<URL>.self, #"{"v": ""}"#, expect: .failureAt(.dataCorrupted, ["v"]))
        assertParity(URL.self, #""http://a b.com/""#, expect: .failureAt(.dataCorrupted, []))
        assertParity(URL.self, "12", expect: .failure(.typeMismatch))
        assertParity(POptBox<URL>.self, #"{"v": null}"#, expect: .value(POptBox(v: nil)))
    }

    func testTopLevelScalars() {
        assertParity(Int.self, "1", expect: .value(1))
        assertParity(Int.self, "  42  ", expect: .value(42))
        assertParity(String.self, #""s""#, expect: .value("s"))
        assertParity(Int?.self, "null", expect: .value(nil))
        assertParity(Int?.self, "5", expect: .value(5))
        assertParity(Int.self, "null", expect: .failureAt(.valueNotFound, []))
        assertParity([Int].self, "[]", expect: .value([]))
        assertParity([String: Int].self, "{}", expect: .value([:]))
    }

    func testTopLevelTypeMismatch() {
        assertParity(PBox<Int>.self, "[1]", expect: .failureAt(.typeMismatch, []))
        assertParity([Int].self, #"{"a": 1}"#, expect: .failureAt(.typeMismatch, []))
        assertParity([String: Int].self, "[1]", expect: .failureAt(.typeMismatch, []))
        assertParity(PBox<[Int]>.self, #"{"v": {"a": 1}}"#, expect: .failureAt(.typeMismatch, ["v"]))
        assertParity(PBox<PBox<Int>>.self, #"{"v": [1]}"#, expect: .failureAt(.typeMismatch, ["v"]))
        assertParity([PBox<Int>].self, #"[{"v": 1}, [2]]"#, expect: .failureAt(.typeMismatch, [1]))
        assertParity(PBox<Int>.self, "null", expect: .failureAt(.valueNotFound, []))
    }

    /// Invalid JSON: both must fail with dataCorrupted and an empty coding path.
    func testInvalidJSON() {
        let invalid: [String] = [
            "", " ", "\n\t ", "{", "[", "[1 2]", #"{"a":}"#, #"{"a" 1}"#, "[,]", "[,1]", "{,}", "{a:1}", "tru", "nul",
            "01", "1.", ".5", "+1", "-", "1e", "0x10", #""unterminated"#, "'single'", "NaN", "Infinity", "[1]]",
            "1 2", "{} x", "/* c */ 1", "[1,,2]", "[1}", #"{"a":1]"#, #"{"a"}"#, "\u{FEFF}",
        ]
        for json in invalid {
            assertParity(CorpusJSONValue.self, json, expect: .failureAt(.dataCorrupted, []))
        }
        assertParity(Int.self, "{", expect: .failureAt(.dataCorrupted, []))
        assertParity(String.self, #"{"a":}"#, expect: .failureAt(.dataCorrupted, []))
        // Surprise: Foundation ACCEPTS a single trailing comma in arrays and objects.
        assertParity([Int].self, "[1,]", expect: .value([1]), jolt: .rejectsTrailingComma)
        assertParity(PBox<Int>.self, #"{"v":1,}"#, expect: .value(PBox(v: 1)), jolt: .rejectsTrailingComma)
        assertParity([Int].self, "[1,,]", expect: .failureAt(.dataCorrupted, []))
        assertParity([[Int]].self, "[[1,],[2,],]", expect: .value([[1], [2]]), jolt: .rejectsTrailingComma)
        // A UTF-8 byte-order mark is skipped.
        assertParity(Int.self, "\u{FEFF}1", expect: .value(1))
        assertParity([Int].self, "[1, 2", expect: .failureAt(.dataCorrupted, []))
        assertParity(PBox<Int>.self, #"{"v": 1"#, expect: .failureAt(.dataCorrupted, []))
        assertParity(PBox<Int>.self, bytes: [0x7B, 0x22, 0x76, 0x22, 0x3A, 0x31, 0x7D, 0xFF], expect: .failureAt(.dataCorrupted, []))
        assertParity(String.self, bytes: [0xFF, 0xFE], expect: .failureAt(.dataCorrupted, []))
    }

    func testDeepNesting() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        assertParity(CorpusJSONValue.self, deep, expect: .success)
        let tooDeep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        assertParity(CorpusJSONValue.self, tooDeep, expect: .failureAt(.dataCorrupted, []))   // nesting limit
    }

    func testDuplicateKeys() {
        // Foundation: the FIRST occurrence of a duplicated key wins.
        assertParity(PBox<Int>.self, #"{"v": 1, "v": 2}"#, expect: .value(PBox(v: 1)))
        assertParity([String: Int].self, #"{"a": 1, "a": 2}"#, expect: .value(["a": 1]))
        assertParity(KeysProbe.self, #"{"a": 1, "a": 2}"#, expect: .value(KeysProbe(keys: ["a"], a: 1)))
        assertParity(PBox<Int>.self, #"{"v": "x", "v": 2}"#, expect: .failureAt(.typeMismatch, ["v"]))
    }

    func testWhitespaceAndLayout() {
        assertParity(PBox<[Int]>.self, " \n\r\t{ \"v\" :\n[ 1 ,2\t, 3 ] }\n", expect: .value(PBox(v: [1, 2, 3])))
        assertParity([String].self, #"["a","b","c"]"#, expect: .value(["a", "b", "c"]))
    }
}
