import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import Jolt

/// Tests for `NumberParser`: every double result is compared bit-for-bit with
/// the standard library's `Double(String)` (correctly rounded, `strtod_l` in
/// the C locale); integers with `Int64(String)` / `UInt64(String)`.
final class NumberParserTests: XCTestCase {

    // MARK: - Helpers

    /// Collects mismatches without paying for an XCTAssert per sample.
    struct Checker {
        var checked = 0
        var failed = 0
        /// How many inputs needed the exact (allocating) fallback.
        var slowPath = 0
        /// Inputs with at most 19 significant digits that needed the fallback (should be 0).
        var slowPathShort: [String] = []
        var examples: [String] = []

        mutating func check(_ text: String) {
            checked += 1
            var t = text
            let got = t.withUTF8 { NumberParser.parseDouble($0.baseAddress!, $0.count) }
            if t.withUTF8({ NumberParser.parseDoubleFast($0.baseAddress!, $0.count) }) == nil {
                slowPath += 1
                if Self.significantDigits(text) <= 19 && slowPathShort.count < 10 { slowPathShort.append(text) }
            }
            guard let want = Double(text) else {
                record("Double(String) rejected \(text)")
                return
            }
            if got.bitPattern != want.bitPattern {
                record("\(text): got \(got) (0x\(String(got.bitPattern, radix: 16))), want \(want) (0x\(String(want.bitPattern, radix: 16)))")
            }
        }

        mutating func record(_ message: String) {
            failed += 1
            if examples.count < 10 { examples.append(message) }
        }

        /// Number of significant digits (leading zeros excluded) of number text.
        static func significantDigits(_ text: String) -> Int {
            let mantissa = text.prefix { $0 != "e" && $0 != "E" }.filter { $0.isNumber }
            return mantissa.drop { $0 == "0" }.count
        }

        func assertClean(_ what: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(failed, 0, "\(what): \(failed) of \(checked) mismatched, e.g.\n" + examples.joined(separator: "\n"),
                           file: file, line: line)
            XCTAssertEqual(slowPathShort, [], "\(what): inputs with <= 19 significant digits took the exact fallback",
                           file: file, line: line)
            print("\(what): \(checked) checked, \(slowPath) via exact fallback")
        }
    }

    static func parse(_ text: String) -> Double {
        var t = text
        return t.withUTF8 { NumberParser.parseDouble($0.baseAddress!, $0.count) }
    }

    static func int64(_ text: String) -> Int64? {
        var t = text
        return t.withUTF8 { NumberParser.parseInt64($0.baseAddress!, $0.count) }
    }

    static func uint64(_ text: String) -> UInt64? {
        var t = text
        return t.withUTF8 { NumberParser.parseUInt64($0.baseAddress!, $0.count) }
    }

    static func isInteger(_ text: String) -> Bool {
        var t = text
        return t.withUTF8 { NumberParser.isInteger($0.baseAddress!, $0.count) }
    }

    /// C `printf`-style formatting (Glibc/Darwin `vsnprintf`, C locale), used
    /// to print exact decimal expansions; not `String(format:)`.
    final class CFormatter {
        var buffer = [CChar](repeating: 0, count: 2048)

        func format(_ fmt: String, _ args: CVarArg...) -> String {
            let n = withVaList(args) { va in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress!, $0.count, fmt, va) }
            }
            precondition(n >= 0 && Int(n) < buffer.count, "vsnprintf overflow")
            return buffer.withUnsafeBufferPointer { raw in
                raw.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: Int(n)) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: Int(n)), as: UTF8.self)
                }
            }
        }
    }

    /// Walks up from this file until a directory containing `shared/corpus` is found.
    static func corpusDirectory() -> URL? {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while true {
            let candidate = dir.appendingPathComponent("shared").appendingPathComponent("corpus")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { return nil }
            dir = parent
        }
    }

    /// Byte ranges of all numbers outside strings in a JSON document.
    static func numberRanges(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                while i < n {
                    if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
                    if bytes[i] == UInt8(ascii: "\"") { break }
                    i += 1
                }
                i += 1
            } else if c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) {
                let start = i
                while i < n {
                    let b = bytes[i]
                    let isNumberByte = (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
                        || b == UInt8(ascii: "+") || b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
                    if !isNumberByte { break }
                    i += 1
                }
                ranges.append(start..<i)
            } else {
                i += 1
            }
        }
        return ranges
    }

    /// Exact decimal expansion of a `Float80` (e.g. a midpoint between two
    /// adjacent doubles), trailing zeros of the significand removed.
    static func exactDecimal(_ x: Float80, _ formatter: CFormatter) -> String {
        let text = formatter.format("%.800Le", x)  // 801 significant digits >= any exact expansion needed here
        let ePos = text.firstIndex(of: "e")!
        var significand = String(text[..<ePos])
        while significand.hasSuffix("0") { significand.removeLast() }
        if significand.hasSuffix(".") { significand.removeLast() }
        return significand + text[ePos...]
    }

    // MARK: - Hand-picked doubles

    func testHandPickedDoubles() {
        let nines800 = String(repeating: "9", count: 800)
        let digits100 = "1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890"
        var rng = SplitMix64(seed: 42)
        let random800 = "7" + String((0..<799).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
        let cases: [String] = [
            "0", "-0", "0.0", "-0.0", "0e0", "-0e-0", "0E+5", "0.000000000000000000000000000000000000000000000",
            "0e99999999999999999999", "-0.0e-99999999999999999999",
            "1", "-1", "2", "10", "0.1", "0.2", "0.3", "-0.1", "1.5", "3.141592653589793", "2.718281828459045",
            "1e-324", "5e-324", "-5e-324", "4.9406564584124654e-324", "2.4703282292062327e-324",
            "2.4703282292062328e-324", "2.47032822920623272e-324", "7.4109846876186981626485318930233205854758970392148714663837852375101326090531312779794975454245398856969484704316857659638998506553390969459816219401617281718945106978546710679176872575177347315553307795408549809608457500958111373034747658096871009590975442271004757307809711118935784838675653998783503015228055934046593739791790738723868299395818481660169122019456499931289798411362062484498678713572180352209017023903285791732520220528974020802906854021606612375549983402671300035812486479041385743401875520901590172592547146296175134159774938718574737870961645638908718119841271673056017045493004705269590165763776884908267986972573366521765567941072508764337560846003984904972149117463085539556354188641513168478436313080237596295773983001708984375e-324",
            "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
            "2.225073858507201136057409796709131975934819546351645648023426109724822222021076945516529523908135087914149158913039621106870086438694594645527657207407820621743379988141063267329253552286881372149012981122451451889849057222307285255133155755015914397476397983411801999323962548289017107081850690630666655994938275772572015763062690663332647565300009245888316433037779791869612049497390377829704905051080609940730262937128958950003583799967207254304360284078895771796150945516748243471030702609144621572289880258182545180325707018860872113128079512233426288368622321503775666622503982534335974568884423900265498198385487948292206894721689831099698365846814022854243330660339850886445804001034933970427567186443383770486037861622771738545623065874679014086723327636718751234567890123456789012345678901e-308",
            "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "-1.7976931348623157e308",
            "1.797693134862315708145274237317043567981e+308", "1.797693134862315807937289714053034150799e+308",
            "1.7976931348623158079372897140530341507993413271003782693617377898044496829276475094664736e308",
            "1.7976931348623158079372897140530341507993413271003782693617377898044496829276475094664735e308",
            "1e308", "1e309", "1e400", "-1e400", "1e99999999999999999999", "-1e99999999999999999999",
            "1e-99999999999999999999", "-1e-99999999999999999999", "1e-400", "-1e-400",
            "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
            "9007199254740993.0000000000000000001", "9007199254740993.0000000000000000000",
            "9007199254740992.9999999999999999999", "9007199254740993.00000000000000000000000000000000000000000000000001",
            "-9007199254740993", "18014398509481985", "18014398509481986", "18014398509481987",
            "9223372036854775807", "9223372036854775808", "9223372036854776833", "9223372036854776832",
            "18446744073709551615", "18446744073709551616", "18446744073709551617", "99999999999999999999",
            "1e23", "8.589973e9", "1e22", "1e21", "9.999999999999999e22", "1e-22", "1e-23", "123456789e-22",
            "4.35679842e-5", "7.0e-10", "1.448997445238699", "1.7976931348623157e+308", "2.2250738585072014E-308",
            "1090544144181609348835077142190", "1090544144181609348671888949248",
            "1.3e-4", "5e-20", "2e-3", "100000000000000000000000000000000000000000000000000000e-50",
            "0.000001", "0.0000001", "1e-7", "123.456e-78", "123456789012345678901234567890e-10",
            "3.0e-5", "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            "7.038531e-26", "2.2250738585072011360574097967091319759348195463516456480234261097248222220210769455165295239081350879141491589130396211068700864386945946455276572074078206217433799881410632673292535522868813721490129811224514518898490572223072852551331557550159143974763979834118019993239625482890171070818506906306666559949382757725720157630626906633326475653000092458883164330377797918696120494973903778297049050510806099407302629371289589500035837999672072543043602840788957717961509455167482434710307026091446215722898802581825451803257070188608721131280795122334262883686223215037756666225039825343359745688844239002654981983854879482922068947216898310996983658468140228542433306603398508864458040010349339704275671864433837704860378616227717385456230658746790140867233276367187499e-308",
            "46.5", "46.50000000000000000001", "1e0", "1E0", "1e+0", "1e-0", "1e00000000000000000000000000000000000001",
            "0." + String(repeating: "0", count: 400) + "1e400", "0." + String(repeating: "0", count: 330) + "1",
            "1" + String(repeating: "0", count: 400) + "e-400",
            digits100, "-" + digits100, "0." + digits100, digits100 + "e-200", "9." + digits100 + "e200",
            nines800, "0." + nines800, nines800 + "e-1100", "0." + nines800 + "e309", random800, random800 + "e-900",
            "1." + random800 + "e-320",
        ]
        var checker = Checker()
        for text in cases { checker.check(text) }
        checker.assertClean("hand-picked")

        // Spot checks against literal expectations (independent of Double(String)).
        XCTAssertEqual(Self.parse("-0").bitPattern, (-0.0).bitPattern)
        XCTAssertEqual(Self.parse("1e400"), .infinity)
        XCTAssertEqual(Self.parse("-1e400"), -.infinity)
        XCTAssertEqual(Self.parse("1e-99999999999999999999").bitPattern, 0)
        XCTAssertEqual(Self.parse("-1e-99999999999999999999").bitPattern, (-0.0).bitPattern)
        XCTAssertEqual(Self.parse("5e-324"), .leastNonzeroMagnitude)
        XCTAssertEqual(Self.parse("2.4703282292062327e-324"), 0)
        XCTAssertEqual(Self.parse("2.4703282292062328e-324"), .leastNonzeroMagnitude)
        XCTAssertEqual(Self.parse("1.7976931348623158e308"), .greatestFiniteMagnitude)
        XCTAssertEqual(Self.parse("1.7976931348623159e308"), .infinity)
        XCTAssertEqual(Self.parse("9007199254740993"), 9007199254740992)
        XCTAssertEqual(Self.parse("9007199254740993.0000000000000000001"), 9007199254740994)
        XCTAssertEqual(Self.parse("1e23"), 1e23)
        XCTAssertEqual(Self.parse("0.1"), 0.1)
    }

    /// The exact fallback must be locale-independent: `Double(String)` uses the C locale.
    func testFallbackIgnoresProcessLocale() {
        let previous = setlocale(LC_ALL, nil).map { String(cString: $0) }
        // Only C/POSIX locales may exist here; try a comma-decimal locale anyway.
        _ = setlocale(LC_ALL, "de_DE.UTF-8") ?? setlocale(LC_ALL, "")
        defer { _ = setlocale(LC_ALL, previous ?? "C") }
        let long = "1.00000000000000011102230246251565404236316680908203126"
        XCTAssertEqual(Self.parse(long), 1.0000000000000002)
        XCTAssertEqual(NumberParser.parseDoubleExact(long, long.utf8.count), 1.0000000000000002)
    }

    // MARK: - Random doubles

    func testRandomDoublesShortestDescription() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        var checker = Checker()
        var produced = 0
        while produced < 1_000_000 {
            let x: Double
            switch produced & 3 {
            case 0, 1:
                x = Double(bitPattern: rng.next())  // uniform over bit patterns: all binades
            case 2:
                x = Double.random(in: -1...1, using: &rng)
            default:
                x = Double.random(in: 0..<1, using: &rng) * Double(sign: .plus, exponent: Int.random(in: -60...80, using: &rng), significand: 1)
            }
            if !x.isFinite { continue }
            produced += 1
            checker.check(x.description)
        }
        checker.assertClean("random doubles, description")
    }

    func testRandomDoublesSeventeenDigits() {
        var rng = SplitMix64(seed: 0x5EED_0002)
        let formatter = CFormatter()
        var checker = Checker()
        var produced = 0
        while produced < 300_000 {
            let x = produced & 1 == 0
                ? Double(bitPattern: rng.next())
                : Double.random(in: -1e6...1e6, using: &rng)
            if !x.isFinite { continue }
            produced += 1
            checker.check(formatter.format("%.16e", x))  // 17 significant digits
        }
        checker.assertClean("random doubles, 17 digits")
    }

    /// Exact midpoints between adjacent doubles (ties, must round to even) and
    /// values just above / just below them, printed exactly via `Float80`.
    func testHalfwayCases() {
        var rng = SplitMix64(seed: 0x5EED_0003)
        let formatter = CFormatter()
        var checker = Checker()
        var samples: [Double] = [0, .leastNonzeroMagnitude, .leastNormalMagnitude.nextDown, .leastNormalMagnitude,
                                 .greatestFiniteMagnitude.nextDown, 1, 9007199254740992, 4503599627370496]
        for _ in 0..<20_000 {
            switch Int.random(in: 0...2, using: &rng) {
            case 0:
                samples.append(abs(Double(bitPattern: rng.next())))
            case 1:
                // Magnitudes where midpoints have few digits (Eisel–Lemire tie handling).
                samples.append(Double(sign: .plus, exponent: Int.random(in: -10...70, using: &rng),
                                      significand: Double.random(in: 1..<2, using: &rng)))
            default:
                samples.append(Double(UInt64.random(in: (1 << 53)...UInt64.max, using: &rng)))
            }
        }
        for x in samples where x.isFinite && x.nextUp.isFinite {
            let mid = (Float80(x) + Float80(x.nextUp)) / 2
            let exact = Self.exactDecimal(mid, formatter)
            checker.check(exact)
            checker.check("-" + exact)
            let ePos = exact.firstIndex(of: "e")!
            let significand = exact[..<ePos]
            let exponent = exact[ePos...]
            let dotted = significand.contains(".") ? String(significand) : significand + "."
            checker.check(dotted + "000001" + exponent)  // just above the midpoint
            // Just below: decrement the last (non-zero) digit and append nines.
            var digits = Array(dotted.utf8)
            if let last = digits.lastIndex(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }),
               last == digits.count - 1 {
                digits[last] -= 1
                checker.check(String(decoding: digits, as: UTF8.self) + "99999" + exponent)
            }
            // Short integer midpoints are also tested in plain integer form.
            if x >= 9007199254740992 && x < 1.8e19 {
                let m = UInt64(x) / 2 + UInt64(x.nextUp) / 2
                checker.check(String(m))
                checker.check(String(m + 1))
                checker.check(String(m - 1))
            }
        }
        checker.assertClean("halfway cases")
    }

    func testRandomDigitStrings() {
        var rng = SplitMix64(seed: 0x5EED_0004)
        var checker = Checker()
        func digit(_ rng: inout SplitMix64, bias: Int) -> Character {
            // bias: 0 uniform, 1 mostly zeros, 2 mostly nines
            let r = Int.random(in: 0..<10, using: &rng)
            switch bias {
            case 1: return r < 7 ? "0" : Character(String(Int.random(in: 0...9, using: &rng)))
            case 2: return r < 7 ? "9" : Character(String(Int.random(in: 0...9, using: &rng)))
            default: return Character(String(r))
            }
        }
        for _ in 0..<300_000 {
            var s = ""
            let bias = Int.random(in: 0...3, using: &rng) % 3
            if Bool.random(using: &rng) { s.append("-") }
            let maxDigits = Int.random(in: 0...3, using: &rng) == 0 ? 40 : 20
            let intDigits = Int.random(in: 0...maxDigits, using: &rng)
            if intDigits == 0 {
                s.append("0")
            } else {
                s.append(Character(String(Int.random(in: 1...9, using: &rng))))
                for _ in 1..<intDigits { s.append(digit(&rng, bias: bias)) }
            }
            if Int.random(in: 0...2, using: &rng) != 0 {
                s.append(".")
                for _ in 0..<Int.random(in: 1...maxDigits, using: &rng) { s.append(digit(&rng, bias: bias)) }
            }
            if Int.random(in: 0...3, using: &rng) != 0 {
                s.append(Bool.random(using: &rng) ? "e" : "E")
                switch Int.random(in: 0...2, using: &rng) {
                case 0: s.append("-")
                case 1: s.append("+")
                default: break
                }
                if Int.random(in: 0...9, using: &rng) == 0 { s.append("0") }
                s.append(String(Int.random(in: 0...350, using: &rng)))
            }
            checker.check(s)
        }
        checker.assertClean("random digit strings")
    }

    // MARK: - Corpus

    func testCorpusNumbers() throws {
        guard let corpus = Self.corpusDirectory() else {
            XCTFail("shared/corpus not found above \(#filePath)")
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertFalse(files.isEmpty)
        var checker = Checker()
        var integerCount = 0
        var integerFailures: [String] = []
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(file)))
            for range in Self.numberRanges(in: bytes) {
                let text = String(decoding: bytes[range], as: UTF8.self)
                checker.check(text)
                if Self.isInteger(text) {
                    integerCount += 1
                    let want64 = text == "-0" ? 0 : Int64(text)
                    let wantU = text == "-0" ? 0 : UInt64(text)
                    if Self.int64(text) != want64 || Self.uint64(text) != wantU {
                        integerFailures.append("\(file): \(text)")
                    }
                } else if Self.int64(text) != nil || Self.uint64(text) != nil {
                    integerFailures.append("\(file): \(text) parsed as integer")
                }
            }
        }
        XCTAssertGreaterThan(checker.checked, 120_000, "expected canada.json alone to contribute >110k numbers")
        XCTAssertEqual(checker.slowPath, 0, "no corpus number should need the exact fallback")
        XCTAssertGreaterThan(integerCount, 1_000)
        checker.assertClean("corpus")
        XCTAssertEqual(integerFailures, [])
    }

    // MARK: - Integers

    func testInt64() {
        let cases: [(String, Int64?)] = [
            ("0", 0), ("-0", 0), ("1", 1), ("-1", -1), ("42", 42),
            ("9223372036854775807", .max), ("-9223372036854775808", .min),
            ("9223372036854775808", nil), ("-9223372036854775809", nil),
            ("999999999999999999", 999_999_999_999_999_999),       // 18 digits
            ("1000000000000000000", 1_000_000_000_000_000_000),     // 19 digits
            ("-1000000000000000000", -1_000_000_000_000_000_000),
            ("9999999999999999999", nil),                            // 19 digits, > Int64.max
            ("-9999999999999999999", nil),
            ("10000000000000000000", nil),                           // 20 digits
            ("18446744073709551615", nil), ("18446744073709551616", nil), ("-18446744073709551616", nil),
            ("99999999999999999999999999", nil),
            ("1.0", nil), ("1e2", nil), ("1E2", nil), ("-0.0", nil), ("12.5", nil), ("-", nil), ("", nil),
        ]
        for (text, want) in cases {
            XCTAssertEqual(Self.int64(text), want, text)
        }
    }

    func testUInt64() {
        let cases: [(String, UInt64?)] = [
            ("0", 0), ("-0", 0), ("1", 1), ("-1", nil), ("42", 42),
            ("9223372036854775807", 9_223_372_036_854_775_807), ("9223372036854775808", 9_223_372_036_854_775_808),
            ("9999999999999999999", 9_999_999_999_999_999_999),      // 19 digits
            ("10000000000000000000", 10_000_000_000_000_000_000),    // 20 digits
            ("18446744073709551615", .max), ("18446744073709551616", nil), ("18446744073709551625", nil),
            ("28446744073709551615", nil), ("100000000000000000000", nil),
            ("-9223372036854775808", nil), ("-18446744073709551615", nil),
            ("1.0", nil), ("1e2", nil), ("-0.0", nil), ("-", nil), ("", nil),
        ]
        for (text, want) in cases {
            XCTAssertEqual(Self.uint64(text), want, text)
        }
    }

    func testRandomIntegers() {
        var rng = SplitMix64(seed: 0x5EED_0005)
        var failures: [String] = []
        for n in 0..<200_000 {
            let text: String
            switch n % 4 {
            case 0: text = String(Int64(bitPattern: rng.next()))
            case 1: text = String(rng.next())
            case 2: text = String(Int64(bitPattern: rng.next()) >> Int.random(in: 0...63, using: &rng))
            default:
                // Around the boundaries.
                let base: [String] = ["9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616"]
                let b = base[Int.random(in: 0..<base.count, using: &rng)]
                text = (Bool.random(using: &rng) ? "-" : "") + b
            }
            if Self.int64(text) != Int64(text) { failures.append("Int64 \(text)") }
            if Self.uint64(text) != UInt64(text) { failures.append("UInt64 \(text)") }
            if failures.count > 10 { break }
        }
        XCTAssertEqual(failures, [])
    }

    func testEightDigitSWAR() {
        func chunk(_ text: String) -> UInt64 {
            var t = text
            return t.withUTF8 { NumberParser.loadEightBytes($0.baseAddress!) }
        }
        XCTAssertEqual(NumberParser.parseEightDigits(chunk("12345678")), 12_345_678)
        XCTAssertEqual(NumberParser.parseEightDigits(chunk("00000000")), 0)
        XCTAssertEqual(NumberParser.parseEightDigits(chunk("99999999")), 99_999_999)
        XCTAssertEqual(NumberParser.parseEightDigits(chunk("00000001")), 1)
        XCTAssertTrue(NumberParser.isEightDigits(chunk("09876543")))
        for bad in ["1234567.", "e1234567", "123-4567", "1234567/", "1234567:", "12345\u{7F}78", "\u{B0}1234567"] {
            XCTAssertFalse(NumberParser.isEightDigits(chunk(bad + "        ")), bad)
        }
    }

    func testIsInteger() {
        XCTAssertTrue(Self.isInteger("0"))
        XCTAssertTrue(Self.isInteger("-123"))
        XCTAssertFalse(Self.isInteger("1.5"))
        XCTAssertFalse(Self.isInteger("1e5"))
        XCTAssertFalse(Self.isInteger("1E5"))
        XCTAssertFalse(Self.isInteger("-0.0"))
    }
}

/// Release-build timing; runs only with `JOLT_NUMBERS_TIMING=1`:
///
///     JOLT_NUMBERS_TIMING=1 swift test -c release -Xswiftc -enable-testing --filter NumberParserTimingTests
final class NumberParserTimingTests: XCTestCase {
    func testTimingCanada() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["JOLT_NUMBERS_TIMING"] == "1",
                          "set JOLT_NUMBERS_TIMING=1 (and build with -c release) to run")
        guard let corpus = NumberParserTests.corpusDirectory() else {
            XCTFail("shared/corpus not found")
            return
        }
        let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent("canada.json")))
        let ranges = NumberParserTests.numberRanges(in: bytes)
        let strings = ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
        let repetitions = 20
        let total = Double(ranges.count * repetitions)
        let clock = ContinuousClock()

        func nanoseconds(_ d: Duration) -> Double {
            Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
        }

        var sink = 0.0
        let parserTime = bytes.withUnsafeBufferPointer { buffer -> Duration in
            let base = buffer.baseAddress!
            return clock.measure {
                for _ in 0..<repetitions {
                    for r in ranges {
                        sink += NumberParser.parseDouble(base + r.lowerBound, r.count)
                    }
                }
            }
        }
        let stdlibTime = clock.measure {
            for _ in 0..<repetitions {
                for s in strings { sink += Double(s)! }
            }
        }
        let stdlibWithStringTime = bytes.withUnsafeBufferPointer { buffer -> Duration in
            let base = buffer.baseAddress!
            return clock.measure {
                for _ in 0..<repetitions {
                    for r in ranges {
                        let s = String(decoding: UnsafeBufferPointer(start: base + r.lowerBound, count: r.count), as: UTF8.self)
                        sink += Double(s)!
                    }
                }
            }
        }
        print(String(describing: "canada.json: \(ranges.count) numbers x \(repetitions)"))
        print("  NumberParser.parseDouble:        \(nanoseconds(parserTime) / total) ns/number")
        print("  Double(String) (prebuilt):       \(nanoseconds(stdlibTime) / total) ns/number")
        print("  Double(String(decoding:)):       \(nanoseconds(stdlibWithStringTime) / total) ns/number")
        print("  (checksum \(sink))")
    }
}
