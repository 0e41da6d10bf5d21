#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization
import XCTest
@testable import Jolt

#if SIMDJSON
/// The simdjson backend against the Swift scanner: the same tape for every document
/// either accepts, the same error (kind and offset) for every document they reject.
/// Without the SIMDJSON trait there is no simdjson backend: one test says so, skipped.
///
/// The simdjson backend reads the caller's bytes in place (stage 1 and the walk),
/// so every document here is parsed where it ends at an inaccessible page: a read
/// past its end crashes the test.
final class SIMDJSONScannerTests: XCTestCase {
    private let guarded = GuardedBytes(pages: 4)

    /// The simdjson backend's result for `bytes`, parsed against the guard page when they fit.
    func simdjsonTape(_ bytes: [UInt8], limits: JoltLimits = .default) -> Result<[TapeEntry], ScanError> {
        guarded.parseTape(bytes, .simdjson, limits: limits) ?? parseTape(bytes, .simdjson, limits: limits)
    }

    /// Both backends against the guard page: the Swift scanner reads in place too
    /// (digit runs eight bytes at a time).
    func assertSame(_ bytes: [UInt8], _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {
        let swift = guarded.parseTape(bytes, .swift) ?? parseTape(bytes, .swift)
        XCTAssertEqual(simdjsonTape(bytes), swift, message(), file: file, line: line)
    }

    func testDocumentsAreReadAgainstTheGuardPage() {
        XCTAssertGreaterThan(guarded.capacity, 1_000)
        XCTAssertEqual(guarded.parseTape(Array("[1,\"a\"]".utf8), .simdjson), parseTape("[1,\"a\"]", .swift))
    }

    /// Places where a token ends without a structural character after it, and
    /// strings whose closing quote stage 1 must pair exactly as Jolt does.
    func testTokenBoundariesAndStrings() {
        let cases = [
            "", " ", "\u{FEFF}", "\u{FEFF} ", "\u{FEFF}[]", "1", " 1 ", "-", "-0", "01", "1.", "1e", "1e+", "1.5e-3 ",
            "true", "truex", "tru", "true ", "false", "fals", "falsey", "null", "nul", "nullnull", "null null",
            "\"ab\"c", "\"ab\" c", "[\"ab\"c]", "[1\"a\"]", "[1 \"a\"]", "[1x]", "[1 x]", "[1,\u{0B}2]", "[1,\u{0C}2]",
            "{\"a\" \"b\"}", "{\"a\":}", "{\"a\"}", "{\"a\":1,}", "{,}", "[,]", "[1,]", "[1 2]", "{\"a\":1 \"b\":2}",
            "{\"a\" : 1 , \"b\" : [ true , null ] }", "[[[]]]", "[[[]]", "[]]", "{}}", "{\"a\":1}x", "[1] 2", "1 2",
            "\"a\\\"\"", "\"a\\\\\"", "\"a\\\\\\\"\"", "\"\\u0041\"", "\"\\ud800\"", "\"\\ud800\\udc00\"", "\"\\udc00\"",
            "\"\\x\"", "\"\\u12\"", "\"a\u{0}b\"", "\"a\tb\"", "\"a\nb\"", "\"é\"", "[\"é\" ]", "\"\\\"", "\"abc",
            "[\"abc", "{\"abc", "{\"a\\\"\":1}", "{\"a\\\\\":1}", "[\"\\/\\b\\f\\n\\r\\t\"]", "\"\"", "[\"\",\"\"]",
            "{\"\":\"\"}", "[\u{0}]", "[1]\u{0}", "\u{0}", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22]",
            "[-]", "[-1.e5]", "[1e5e5]", "[0x1]", "[Infinity]", "[NaN]", "{\"a\":\"b\",\"c\":[1,{\"d\":null}]}",
        ]
        for text in cases {
            assertSame(Array(text.utf8), text.debugDescription)
        }
        let bytes: [[UInt8]] = [
            [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x5B, 0xFF, 0x5D], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            [0x22, 0xC0, 0xAF, 0x22], [0xEF, 0xBB], [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], [0x31, 0xC3, 0xA9],
            [0x5B, 0x31, 0x2C, 0x20, 0x80, 0x5D], [0x22, 0x5C, 0x75, 0x44, 0x38, 0x30, 0x30, 0xFF, 0x22],
        ]
        for input in bytes {
            assertSame(input, "\(input)")
        }
    }

    /// Runs of digits (skipped eight bytes at a time by the simdjson backend) of
    /// every length up to 20, ended by every byte value, in each part of a number.
    func testDigitRunsEndedByEveryByte() {
        for digits in 1...20 {
            let run = String(repeating: "5", count: digits)
            for prefix in ["[" + run, "[-" + run, "[0." + run, "[1e" + run, "[1.5E-" + run, run] {
                for byte in UInt8.min...UInt8.max {
                    assertSame(Array(prefix.utf8) + [byte] + Array("1]".utf8), "\(prefix) \(byte)")
                    assertSame(Array(prefix.utf8) + [byte], "\(prefix) \(byte) at the end")
                }
            }
        }
    }

    /// `\u` escapes with every byte value in each of the four digit places (the
    /// simdjson backend tests the four digits as one word), the code units around
    /// the surrogates in both cases, and escapes cut short by the closing quote or
    /// the end of the document.
    func testUnicodeEscapesByteByByte() {
        for place in 0..<4 {
            for byte in UInt8.min...UInt8.max {
                var digits = Array("00e9".utf8)
                digits[place] = byte
                let escape = Array("\\u".utf8) + digits
                assertSame([0x22] + escape + [0x22], "\\u byte \(byte) at \(place)")
                assertSame([0x5B, 0x22] + escape + escape + Array("x\"]".utf8), "\\u byte \(byte) at \(place), twice")
                assertSame([0x22] + escape, "\\u byte \(byte) at \(place), unterminated")
            }
        }
        for unit in ["d7ff", "D7FF", "d800", "D800", "dbff", "DBFF", "dc00", "DC00", "dfff", "DFFF", "e000", "E000", "cfff", "d000",
                     "d7Ff", "dBfF", "D8", "d", "", "12", "123", "d83d", "D83D\\uDE00", "d83d\\ude00", "d83d\\u0041", "dbff\\udfff",
                     "dbff\\ue000", "dbff\\udbff", "00e9\\u00e9\\u00e9\\u00e9\\u00e9"] {
            let text = "\\u" + unit
            for (before, after) in [("", ""), ("a", "b"), ("", "\\n"), ("\\u00e9", "")] {
                assertSame(Array(("\"" + before + text + after + "\"").utf8), "\(before)\(text)\(after)")
                assertSame(Array(("{\"" + before + text + after + "\":[\"" + text + "\"]}").utf8), "key \(before)\(text)\(after)")
            }
        }
    }

    /// Numbers of every shape, ended by every byte value, directly and after a space.
    func testNumberShapesEndedByEveryByte() {
        for number in ["0", "-0", "7", "-7", "0.5", "-0.5", "12.25", "1e5", "1E5", "1e+5", "1e-5", "-1.5E+12", "0e0", "10",
                       "-", "0.", "1e", "1e+", "-.5", "00", "-01", "1.2.3"] {
            for byte in UInt8.min...UInt8.max {
                assertSame(Array(("[" + number).utf8) + [byte] + Array("]".utf8), "\(number) \(byte)")
                assertSame(Array(("[" + number).utf8) + [byte, 0x2C, 0x31, 0x5D], "\(number) \(byte) ,1")
                assertSame(Array(("{\"a\":" + number).utf8) + [byte] + Array("}".utf8), "\(number) \(byte) in an object")
                assertSame(Array(number.utf8) + [byte], "\(number) \(byte) at the end")
            }
        }
    }

    /// Numbers whose run the simdjson walk knows the length of (the next token
    /// follows directly), of every length up to 34, with a `.`, a leading `-` or
    /// `0`, or a byte that breaks or ends the grammar at every place: the test of
    /// a whole run at once (16 bytes at a time) must accept exactly what the full
    /// grammar accepts.
    func testNumberRunsOfEveryLengthWithEveryByteAtEveryPlace() {
        let bytes = Array("0123456789.-+eEx/:".utf8) + [0x20, 0x22, 0x80, 0x00]
        for length in 1...34 {
            let digits = Array(repeating: UInt8(ascii: "7"), count: length)
            for place in 0..<length {
                for byte in bytes {
                    var run = digits
                    run[place] = byte
                    for second in [nil, UInt8(ascii: "."), UInt8(ascii: "0"), UInt8(ascii: "-")] {
                        var number = run
                        if let second, place &+ 1 < length { number[place &+ 1] = second }
                        // Ended by `,` and `]`, far enough from the end for the fast test, and near it.
                        assertSame(Array("[".utf8) + number + Array(",1,2,3,4,5,6,7,8,9]".utf8), "\(number) ,")
                        assertSame(Array("[".utf8) + number + Array("]        ".utf8), "\(number) ]")
                        assertSame(Array("[".utf8) + number + Array("]".utf8), "\(number) ] at the end")
                    }
                }
            }
        }
    }

    /// Escapes (valid and not) at every position across the first two 64-byte words
    /// of the simdjson backend's backslash bitmap, with and without a BOM before.
    func testEscapesAtEveryPosition() {
        for escape in ["\\n", "\\u00e9", "\\ud83d\\ude00", "\\x", "\\ud800", "\\\\", "\\\"", "\\u12"] {
            for before in 0..<140 {
                for bom in ["", "\u{FEFF}"] {
                    let padding = String(repeating: "a", count: before)
                    assertSame(Array((bom + "\"" + padding + escape + "b\"").utf8), "\(escape) after \(before)")
                    assertSame(Array((bom + "{\"" + padding + escape + "\":[\"" + escape + padding + "\"]}").utf8), "\(escape) key \(before)")
                }
            }
        }
    }

    /// The simdjson backend checks a string's escapes 64 bytes at a time from its
    /// first backslash (`jolt_simdjson_escapes_are_plain`), carrying a run of
    /// backslashes or a `\u`'s digits from one block into the next. Every escape,
    /// valid or not, at every distance up to 140 bytes from a first escape, then
    /// cut by the closing quote at every byte of it, and runs of backslashes
    /// across each block boundary.
    func testEscapesAtEveryDistanceFromTheFirstBackslash() {
        let escapes = ["\\n", "\\u00e9", "\\u12aF", "\\ud83d\\ude00", "\\uDBFF\\uDFFF", "\\ud800", "\\udc00", "\\ud7ff",
                       "\\uD000", "\\x", "\\u12g4", "\\u 123", "\\\\", "\\\"", "\\/", "\\b", "\\f", "\\r", "\\t", "\\U0041"]
        for first in ["\\n", "\\u00e9", "\\\\"] {
            for escape in escapes {
                for gap in 0..<140 {
                    let padding = String(repeating: "a", count: gap)
                    assertSame(Array(("\"" + first + padding + escape + "b\"").utf8), "\(escape) \(gap) after \(first)")
                    let cut = first + padding + escape
                    assertSame(Array(("[\"" + cut + "\"]").utf8), "\(escape) \(gap) after \(first), at the end")
                    if gap % 16 == 0 || (56...70).contains(gap) || (120...135).contains(gap) {
                        let bytes = Array(cut.utf8)
                        for length in (first.utf8.count + gap)..<bytes.count {
                            assertSame([0x22] + Array(bytes[0..<length]) + [0x22], "\(escape) \(gap) after \(first), cut at \(length)")
                        }
                    }
                }
            }
        }
        for run in 1...6 {
            for gap in 50..<70 {
                for next in ["\"", "n", "u00e9", "ud83d\\ude00", "x", "\"]"] {
                    let text = "[\"\\n" + String(repeating: "a", count: gap) + String(repeating: "\\", count: run) + next + "b\"]"
                    assertSame(Array(text.utf8), "run of \(run) at \(gap) then \(next)")
                }
            }
        }
    }

    /// Random strings over the bytes that escapes are made of, of up to 200 bytes
    /// (several blocks of the escape check) after a first escape, each in an array:
    /// the same verdict, tape or error.
    func testRandomEscapedStringsAgree() {
        // No lone quote: it would end most strings within a few bytes.
        let pieces = ["\\", "\\", "\\", "u", "u", "d", "D", "8", "0", "f", "A", "c", "n", "t", "/", "\\\"", "a", "x", " ", "é"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: (state >> 33) % UInt64(bound))
        }
        var accepted = 0
        for _ in 0..<30_000 {
            let lead = String(repeating: "a", count: next(80))
            let body = (0..<next(200)).map { _ in pieces[next(pieces.count)] }.joined()
            let bytes = Array(("[\"" + lead + "\\n" + body + "\"]").utf8)
            let swift = parseTape(bytes, .swift)
            if swift.isSuccess { accepted += 1 }
            XCTAssertEqual(simdjsonTape(bytes), swift, String(decoding: bytes, as: UTF8.self).debugDescription)
        }
        XCTAssertGreaterThan(accepted, 1_000)
    }

    /// The escape check's two kernels, AVX2 and the baseline one (which a CPU
    /// with AVX2 never runs otherwise), give the same verdict on random escapes
    /// of up to about 300 bytes, and both reject a bad escape at every place.
    func testBothEscapeKernelsAgree() throws {
        try XCTSkipUnless(SIMDJSONFramer.hasAVX2, "this CPU runs the baseline kernel only")
        let good = [#"\\"#, #"\n"#, #"\""#, #"\u00e9"#, #"\/"#, "u", "a", "é", " ", "0", "d"]
        let bad = [#"\ud83d"#, #"\uD000"#, #"\x"#, #"\u12"#, #"\"#, #"\udc00"#]
        var rng = SplitMix64(seed: 0xE5CA_9E5)
        var plain = 0
        for _ in 0..<20_000 {
            let body = (0..<Int.random(in: 0..<60, using: &rng)).map { _ in
                Int.random(in: 0..<40, using: &rng) == 0 ? bad.randomElement(using: &rng)! : good.randomElement(using: &rng)!
            }.joined()
            let bytes = Array((#"\\"# + body).utf8)
            let avx2 = SIMDJSONScanner.escapesArePlain(bytes, usingAVX2: true)
            if avx2 { plain += 1 }
            XCTAssertEqual(SIMDJSONScanner.escapesArePlain(bytes, usingAVX2: false), avx2, String(decoding: bytes, as: UTF8.self))
        }
        XCTAssertGreaterThan(plain, 1_000)
        for at in stride(from: 0, to: 200, by: 2) {
            var bytes = Array(String(repeating: #"\\"#, count: 100).utf8)
            bytes[at + 1] = UInt8(ascii: "x")   // `\x`: an escape no JSON string may hold
            XCTAssertFalse(SIMDJSONScanner.escapesArePlain(bytes, usingAVX2: false), "at \(at)")
            XCTAssertFalse(SIMDJSONScanner.escapesArePlain(bytes, usingAVX2: true), "at \(at)")
        }
    }

    /// Every length from 0 to 300 bytes (stage 1 reads 64- or 128-byte blocks and
    /// copies the last, partial one), for documents that end in each kind of token,
    /// whole and cut at every byte.
    func testEveryLengthAcrossStageOneBlocks() {
        let endings = ["1", "-12.5e3", "true", "false", "null", "\"abc\"", "\"a\\nb\"", "[]", "{}", "[1]", "{\"k\":2}"]
        for ending in endings {
            for length in 0...300 {
                var text = ""
                var body = "["
                while body.utf8.count + ending.utf8.count + 2 < length { body += "7," }
                text = body + ending + "]"
                let bytes = Array(text.utf8)
                assertSame(bytes, "\(ending) at \(bytes.count)")
                assertSame(Array(ending.utf8) + Array(repeating: 0x20, count: length % 70), "padded \(ending)")
                if length < bytes.count {
                    assertSame(Array(bytes[0..<length]), "cut \(ending) at \(length)")
                }
            }
        }
    }

    /// Whole documents at the guard page: every corpus file (multi-page inputs,
    /// many stage 1 blocks, beyond the 64 KiB an indexer is kept for) and every
    /// JSONTestSuite file, each also after 100 spaces.
    func testCorpusAndConformanceFilesEndingAtAPageEnd() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let files = SharedFiles.corpusNames.map { SharedFiles.corpus.appendingPathComponent($0 + ".json") }
            + SharedFiles.files(in: SharedFiles.testParsing)
        XCTAssertGreaterThan(files.count, 300)
        for url in files {
            let bytes = SharedFiles.bytes(url)
            for document in [bytes, Array(repeating: 0x20, count: 100) + bytes] {
                let big = GuardedBytes(pages: document.count / page + 1)
                guard let tape = big.parseTape(document, .simdjson), let swift = big.parseTape(document, .swift) else {
                    throw XCTSkip("mmap failed")
                }
                XCTAssertEqual(tape, swift, url.lastPathComponent)
                XCTAssertEqual(swift, parseTape(document, .swift), url.lastPathComponent)
            }
        }
    }

    /// Limits are enforced by the same tape builder, and reported where the Swift scanner reports them.
    func testLimits() {
        var limits = JoltLimits.default
        limits.maxDepth = 3
        limits.maxStringBytes = 4
        limits.maxKeyBytes = 2
        limits.maxNumberBytes = 3
        limits.maxContainerElements = 3
        for text in ["[[[1]]]", "[[[[1]]]]", "\"abcd\"", "\"abcde\"", "{\"ab\":1}", "{\"abc\":1}", "123", "1234", "[1,2,3]",
                     "[1,2,3,4]", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}", "[1,2,3,4,x"] {
            XCTAssertEqual(simdjsonTape(Array(text.utf8), limits: limits), parseTape(text, .swift, limits: limits), text)
        }
    }

    /// Random documents, valid and then damaged by inserting, deleting or replacing
    /// a fragment: the same verdict, tape or error, every time.
    func testRandomDocumentsAgree() {
        let scalars = ["1", "-2.5e3", "0", "1E+2", "true", "false", "null", "\"a\"", "\"\\n\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"",
                       "\"é\"", "\"a b\"", "\"\""]
        let fragments = ["{", "}", "[", "]", ",", ":", " ", "\n", "\"", "\\", "é", "\u{0}", "\t", "01", "1e", "nul", "x",
                         "\"\\ud800\"", "\u{FEFF}", "\"k\":"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: (state >> 33) % UInt64(bound))
        }
        func value(_ depth: Int) -> String {
            let space = [" ", "", "", "\n  "][next(4)]
            switch depth < 4 ? next(4) : 0 {
            case 1: return "[" + (0..<next(4)).map { _ in space + value(depth + 1) }.joined(separator: ",") + "]"
            case 2: return "{" + (0..<next(4)).map { i in "\"k\(i)\"" + space + ":" + value(depth + 1) }.joined(separator: ",") + space + "}"
            default: return scalars[next(scalars.count)]
            }
        }
        var accepted = 0
        for _ in 0..<20_000 {
            var bytes = Array(value(0).utf8)
            for _ in 0..<next(3) {
                let at = next(bytes.count + 1)
                switch next(3) {
                case 0: bytes.insert(contentsOf: Array(fragments[next(fragments.count)].utf8), at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes[at] = Array(fragments[next(fragments.count)].utf8)[0] }
                }
            }
            let swift = parseTape(bytes, .swift)
            if swift.isSuccess { accepted += 1 }
            XCTAssertEqual(simdjsonTape(bytes), swift, String(decoding: bytes, as: UTF8.self).debugDescription)
        }
        XCTAssertGreaterThan(accepted, 2_000)
    }

    /// Each thread reuses its last indexer (up to 64 KiB of input): a short document
    /// after a long one must not see the long one's indexes, backslash bitmap or
    /// bytes. Documents of falling and rising lengths, each valid only if the bytes
    /// before its end are its own, on four threads at once.
    func testReusedIndexersSeeOnlyTheirOwnDocument() {
        // A long document full of structurals and backslashes, then short ones that the
        // long one's leftovers would change: an open string, an open array, a lone
        // backslash near the end, a document the old indexes would continue.
        let long = Array(("[" + String(repeating: "\"\\\\\\\"x\",{\"k\":[1,2]},", count: 2_500) + "0]").utf8)
        let shorts = ["\"ab", "[1,2", "\"\\", "[\"\\\"]", "[]", "1", "{\"k\":[1,2]}", "[\"\\\\\"]", " ", ""]
        let huge = Array(("[" + String(repeating: "1,", count: 40_000) + "1]").utf8)  // beyond 64 KiB: not kept
        let sequence: [[UInt8]] = shorts.enumerated().flatMap { i, short in
            [i % 3 == 0 ? huge : long, Array(short.utf8), Array(long.prefix(long.count / (i + 2)))]
        }
        let expected = sequence.map { parseTape($0, .swift) }
        XCTAssertTrue(expected[0].isSuccess && expected[1].failure != nil && expected[2].failure != nil)
        let mismatches = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<3 {
                for (k, bytes) in sequence.enumerated() where (k + thread + round) % 2 == 0 || round == 1 {
                    if parseTape(bytes, .simdjson) != expected[k] {
                        mismatches.withLock { $0.append("thread \(thread), round \(round), document \(k)") }
                    }
                }
            }
        }
        XCTAssertEqual(mismatches.withLock { $0 }, [])
    }
}
#else
/// Without the SIMDJSON trait there is no simdjson backend: the one test says so, skipped.
final class SIMDJSONScannerTests: XCTestCase {
    func testTheSIMDJSONBackendIsNotBuilt() throws {
        throw XCTSkip(BackendSkip.simdjson)
    }
}
#endif
