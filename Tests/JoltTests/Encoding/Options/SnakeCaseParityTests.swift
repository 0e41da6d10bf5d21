// `.convertToSnakeCase` against Foundation's JSONEncoder, key by key: every
// Unicode scalar in the positions where Foundation's classification matters,
// Foundation's own test keys, and thousands of generated keys mixing scripts,
// digits, acronyms, combining marks, emoji and control characters
// (deterministic: SplitMix64, seed printed on failure). Each key is encoded
// alone (one member, so that no two keys can collide and no fallback to
// Foundation's encoder can hide a difference) and the bytes compared.

import XCTest
import Foundation
@testable import Jolt

/// A coding key with any string.
private struct SnakeProbeKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// One member whose key is `key`.
private struct OneKey: Encodable {
    let key: String
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SnakeProbeKey.self)
        try c.encode(0, forKey: SnakeProbeKey(key))
    }
}

/// Whether the decoded object holds the key named in `userInfo`, and the keys
/// the decoder sees after its key strategy.
private struct KeyFinder: Decodable {
    static let wanted = CodingUserInfoKey(rawValue: "wanted")!
    let found: Bool
    let keys: [String]
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: SnakeProbeKey.self)
        found = c.contains(SnakeProbeKey(decoder.userInfo[Self.wanted] as! String))
        keys = c.allKeys.map(\.stringValue).sorted()
    }
}

/// Key fragments, by kind. Generated keys join a few of them.
private enum SnakeKeyPools {
    static let pools: [(weight: Int, fragments: [String])] = [
        (8, ["my", "user", "name", "id", "url", "value", "x", "a", "b", "z", "one", "two", "data", "point"]),
        (8, ["User", "Name", "ID", "URL", "HTTP", "JSON", "X", "A", "Z", "Xml", "Id", "URLs", "IDs", "ABCDef", "QR"]),
        (3, ["0", "1", "42", "2024", "9", "22"]),
        (3, ["_", "__", "-", ".", " ", "$", "/"]),
        // Latin: precomposed, decomposed, titlecase digraphs, special casings.
        (4, ["é", "É", "ü", "Ü", "ß", "ẞ", "ø", "Ø", "ç", "Ç", "ĳ", "Ĳ", "İ", "ı", "ǅ", "ǈ", "ǲ", "Ǆ", "ǆ", "ﬀ", "ŉ", "Ć", "ć"]),
        // Combining marks, alone and on letters (Foundation's "m͉̟̹y̦̳G͍͚͎̳r…" case).
        (5, ["e\u{301}", "E\u{301}", "u\u{308}", "U\u{308}", "\u{301}", "\u{308}\u{323}", "m\u{349}\u{31F}", "G\u{34D}\u{35A}",
             "\u{345}", "A\u{20DD}", "r\u{324}\u{349}\u{324}\u{355}\u{345}", "\u{20DD}"]),
        // Cased scripts: Greek (final sigma, iota subscript), Cyrillic, Armenian,
        // Georgian (Mtavruli), Cherokee, Deseret, Adlam, Glagolitic.
        (4, ["α", "Α", "Σ", "σ", "ς", "ΐ", "ᾼ", "ᾳ", "Ω", "ω", "д", "Д", "Ж", "ж", "Ё", "ё", "Ѣ", "Ա", "ա", "ﬓ",
             "Ⴀ", "ა", "Ა", "Ꭰ", "ꭰ", "𐐀", "𐐨", "𞤀", "𞤢", "Ⰰ", "ⰰ"]),
        // Scripts without case, Hangul jamo sequences, prepended marks, virama.
        (3, ["名前", "日本", "한국", "\u{1100}\u{1161}\u{11A8}", "ไทย", "العربية", "\u{600}A", "\u{600}a", "हिन्दी", "क\u{93F}", "ক্ষ"]),
        // Emoji: skin tones, ZWJ sequences, flags, variation selectors.
        (3, ["🐧", "🐟", "👍🏽", "👨‍👩‍👧", "🇳🇴", "❤️", "\u{200D}", "🏳️‍🌈", "©", "🅰", "🇦🇧🇨"]),
        // Controls and format characters, CR LF (one Character).
        (2, ["\r\n", "\r", "\n", "\t", "\u{0}", "\u{200B}", "\u{FEFF}", "\u{200C}", "\u{2028}", "\u{1F}", "\u{7F}"]),
        // Letter-like symbols, other digits, modifier letters, letter numbers.
        (2, ["٣", "５", "Ⅻ", "ⅻ", "①", "ℌ", "ℍ", "ℎ", "ª", "ʰ", "ᵃ", "Ⓐ", "ⓐ", "ǀ"]),
    ]
    static let totalWeight = pools.reduce(0) { $0 + $1.weight }

    static func fragment(using rng: inout SplitMix64) -> String {
        var pick = Int.random(in: 0..<totalWeight, using: &rng)
        for pool in pools {
            if pick < pool.weight { return pool.fragments.randomElement(using: &rng)! }
            pick -= pool.weight
        }
        fatalError("unreachable")
    }

    /// A scalar from anywhere in the first three planes (assigned or not).
    static func anyScalar(using rng: inout SplitMix64) -> String {
        while true {
            if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x2FFFF, using: &rng)) { return String(scalar) }
        }
    }

    static func key(using rng: inout SplitMix64) -> String {
        var key = ""
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            key += Int.random(in: 0..<10, using: &rng) == 0 ? anyScalar(using: &rng) : fragment(using: &rng)
        }
        return key
    }
}

final class SnakeCaseParityTests: XCTestCase {
    let foundation: JSONEncoder = {
        let e = JSONEncoder()
        e.keyEncodingStrategy = .convertToSnakeCase
        return e
    }()
    let jolt: JoltEncoder = {
        let e = JoltEncoder()
        e.keyEncodingStrategy = .convertToSnakeCase
        return e
    }()

    /// The converted key as Foundation writes it, and as Jolt writes it (the
    /// whole encoded member compared, escapes included).
    func outputs(_ key: String) throws -> (foundation: String, jolt: String) {
        let f = try foundation.encode(OneKey(key: key))
        let j = try jolt.encode(OneKey(key: key))
        return (String(decoding: f, as: UTF8.self), String(decoding: j, as: UTF8.self))
    }

    /// Whether Foundation stops the process on `key` (a range precondition;
    /// see `JoltEncoder+SnakeCase.swift`), so that it cannot be asked.
    static func foundationTraps(_ key: String) -> Bool {
        !key.isEmpty && !key.utf8.allSatisfy { $0 < 0x80 } && JoltEncoder.KeyEncodingStrategy.unicodeSnakeCaseWords(key).foundationTraps
    }

    /// Asserts Foundation's bytes for each key (but those Foundation traps on);
    /// returns how many differed.
    @discardableResult
    func assertSameConversion(_ keys: [String], _ context: String, skipped: inout Int,
                              file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        var failures = 0
        for key in keys {
            if Self.foundationTraps(key) {
                skipped += 1
                continue
            }
            let (f, j) = try outputs(key)
            if f != j {
                failures += 1
                if failures <= 20 {
                    let scalars = key.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
                    XCTFail("\(context): key \(key.debugDescription) [\(scalars)]: Foundation \(f.debugDescription), Jolt \(j.debugDescription)",
                            file: file, line: line)
                }
            }
        }
        return failures
    }

    /// The keys of Foundation's own tests (swift-foundation's
    /// testEncodingKeyStrategySnake and the suite's other snake-case cases).
    func testFoundationSuiteKeys() throws {
        let expected: [(String, String)] = [
            ("simpleOneTwo", "simple_one_two"), ("myURL", "my_url"), ("singleCharacterAtEndX", "single_character_at_end_x"),
            ("thisIsAnXMLProperty", "this_is_an_xml_property"), ("single", "single"), ("", ""), ("a", "a"), ("aA", "a_a"),
            ("version4Thing", "version4_thing"), ("partCAPS", "part_caps"), ("partCAPSLowerAGAIN", "part_caps_lower_again"),
            ("manyWordsInThisThing", "many_words_in_this_thing"), ("asdfĆqer", "asdf_ćqer"), ("already_snake_case", "already_snake_case"),
            ("dataPoint22", "data_point22"), ("dataPoint22Word", "data_point22_word"), ("_oneTwoThree", "_one_two_three"),
            ("oneTwoThree_", "one_two_three_"), ("__oneTwoThree", "__one_two_three"), ("oneTwoThree__", "one_two_three__"),
            ("_oneTwoThree_", "_one_two_three_"), ("__oneTwoThree__", "__one_two_three__"), ("_test", "_test"), ("_test_", "_test_"),
            ("__test", "__test"), ("test__", "test__"),
            ("m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ", "m͉̟̹y̦̳_g͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖_u͇̝̠r͙̻̥͓̣l̥̖͎͓̪̫ͅ_r̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ"),
            ("🐧🐟", "🐧🐟"), ("thisIsCamelCase", "this_is_camel_case"), ("fooBar", "foo_bar"), ("thisIsCamelCaseToo", "this_is_camel_case_too"),
        ]
        for (key, snake) in expected {
            // Foundation's expectation, Foundation's output and Jolt's output agree.
            let (f, j) = try outputs(key)
            XCTAssertEqual(f, #"{"\#(snake)":0}"#, "Foundation, \(key)")
            XCTAssertEqual(j, f, "Jolt, \(key)")
            XCTAssertEqual(JoltEncoder.KeyEncodingStrategy.toSnakeCase(key), snake, key)
        }
    }

    /// Every Unicode scalar where Foundation's classification (uppercase: Lu
    /// and Lt; lowercase: Ll) decides the split: after a first character, after
    /// a run of capitals, first, and after a combining mark. Scalars that are
    /// cased or marks are all checked; the rest one in 97 (every plane).
    func testEveryScalarPosition() throws {
        var keys: [String] = []
        var index = 0
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            let p = scalar.properties
            let relevant = p.isCased || p.changesWhenLowercased || p.changesWhenUppercased
                || p.generalCategory == .nonspacingMark || p.generalCategory == .spacingMark || p.generalCategory == .enclosingMark
            index += 1
            guard relevant || index % 97 == 0 else { continue }
            let c = String(scalar)
            keys += ["aa" + c, "xAB" + c + "d", c + "Ab", "a" + c + "Bc", "e\u{301}" + c + "x"]
        }
        XCTAssertGreaterThan(keys.count, 50_000)
        var skipped = 0
        let failures = try assertSameConversion(keys, "scalar probes", skipped: &skipped)
        XCTAssertEqual(failures, 0)
        print("SnakeCaseParityTests: \(keys.count - skipped) single-scalar probe keys byte-identical to Foundation, \(skipped) on which Foundation traps")
    }

    /// Thousands of generated keys, deterministic from the seed.
    func testGeneratedKeys() throws {
        let seed: UInt64 = 0x5EED_5A4E
        var rng = SplitMix64(seed: seed)
        var keys: [String] = []
        while keys.count < 20_000 {
            keys.append(SnakeKeyPools.key(using: &rng))
        }
        // Leading and trailing underscores around generated words.
        keys += keys.prefix(2_000).map { "_" + $0 + "__" }
        var skipped = 0
        let failures = try assertSameConversion(keys, "generated (seed \(seed))", skipped: &skipped)
        XCTAssertEqual(failures, 0, "seed \(seed)")
        let nonASCII = keys.filter { !$0.utf8.allSatisfy { $0 < 0x80 } }.count
        XCTAssertGreaterThan(nonASCII, 10_000)
        XCTAssertLessThan(skipped, 200)
        print("SnakeCaseParityTests: \(keys.count - skipped) generated keys (\(nonASCII) non-ASCII) byte-identical to Foundation, \(skipped) on which Foundation traps")
    }

    /// ASCII keys of every shape (the byte loop), including `\r` (the general path).
    func testRandomASCIIKeys() throws {
        var rng = SplitMix64(seed: 42)
        let alphabet = Array("aAbBzZ09_-. \r\n\t/\"\\xXyY".utf8)
        var keys: [String] = []
        for _ in 0..<10_000 {
            let count = Int.random(in: 0...12, using: &rng)
            keys.append(String(decoding: (0..<count).map { _ in alphabet.randomElement(using: &rng)! }, as: UTF8.self))
        }
        var skipped = 0
        XCTAssertEqual(try assertSameConversion(keys, "ASCII", skipped: &skipped), 0)
        XCTAssertEqual(skipped, 0)
    }

    /// Where Foundation traps (a run of capitals ending inside a cluster that
    /// starts with a prepended mark, before a lowercase letter inside the next
    /// one), Jolt writes the run as an empty word, as Foundation does when the
    /// capital starts its cluster, and goes on.
    func testKeysFoundationTrapsOn() throws {
        let key = "x\u{600}A\u{600}a"
        XCTAssertTrue(Self.foundationTraps(key))
        XCTAssertEqual(String(decoding: try jolt.encode(OneKey(key: key)), as: UTF8.self), "{\"x\u{600}__a\u{600}a\":0}")
        // The neighbouring keys Foundation does convert, for comparison.
        for near in ["x\u{600}Abc", "xA\u{600}a", "x\u{600}AB\u{600}a", "xAB\u{600}a"] {
            XCTAssertFalse(Self.foundationTraps(near), near.debugDescription)
            let (f, j) = try outputs(near)
            XCTAssertEqual(j, f, near.debugDescription)
        }
    }

    /// The Jolt-only styles are built on the same split: kebab uses `-`,
    /// screaming snake uppercases the snake-case key.
    func testKeyStylesShareTheSplit() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let key = SnakeKeyPools.key(using: &rng)
            let snake = JoltEncoder.KeyEncodingStrategy.convert(key, .convertToSnakeCase)
            XCTAssertEqual(JoltEncoder.KeyEncodingStrategy.convert(key, .convertToScreamingSnakeCase), snake.uppercased())
            if !key.contains("_") && !key.contains("-") {
                XCTAssertEqual(JoltEncoder.KeyEncodingStrategy.convert(key, .convertToKebabCase),
                               snake.replacingOccurrences(of: "_", with: "-"), key.debugDescription)
            }
        }
    }

    /// The round trip: a key encoded by JoltEncoder with `.convertToSnakeCase`
    /// and decoded with `.convertFromSnakeCase` is found (or not) exactly as
    /// when Foundation encodes it, by Foundation's decoder and by JoltDecoder,
    /// and both decoders see the same keys.
    func testRoundTripWithConvertFromSnakeCase() throws {
        var rng = SplitMix64(seed: 2024)
        var keys = ["myURLKey", "oneTwoThree", "_oneTwo_", "userID", "asdfĆqer", "snakeĆase", "🐧🐟", "m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t"]
        while keys.count < 3_000 {
            let key = SnakeKeyPools.key(using: &rng)
            if !Self.foundationTraps(key) { keys.append(key) }
        }
        let foundationDecoder = JSONDecoder()
        foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
        let joltDecoder = JoltDecoder()
        joltDecoder.keyDecodingStrategy = .convertFromSnakeCase
        var roundTripped = 0
        var decoderDifferences: [String] = []
        for key in keys {
            let f = try foundation.encode(OneKey(key: key))
            let j = try jolt.encode(OneKey(key: key))
            XCTAssertEqual(j, f, key.debugDescription)
            foundationDecoder.userInfo = [KeyFinder.wanted: key]
            joltDecoder.userInfo = [KeyFinder.wanted: key]
            let expected = try foundationDecoder.decode(KeyFinder.self, from: f)
            let viaJoltBytes = try foundationDecoder.decode(KeyFinder.self, from: j)
            XCTAssertEqual(viaJoltBytes.found, expected.found, key.debugDescription)
            XCTAssertEqual(viaJoltBytes.keys, expected.keys, key.debugDescription)
            if expected.found { roundTripped += 1 }
            // JoltDecoder on the same bytes (the decoding half of the round trip).
            if let decoded = try? joltDecoder.decode(KeyFinder.self, from: j) {
                if decoded.found != expected.found || decoded.keys != expected.keys { decoderDifferences.append(key) }
            } else {
                decoderDifferences.append(key)
            }
        }
        XCTAssertGreaterThan(roundTripped, 500)
        XCTAssertEqual(decoderDifferences.count, 0,
                       "JoltDecoder .convertFromSnakeCase differs from Foundation's for: \(decoderDifferences.prefix(10).map(\.debugDescription))")
    }

    /// Conversion is cached per encode; the same key in many objects of one
    /// value converts once and writes the same bytes each time.
    func testRepeatedNonASCIIKeysInOneValue() throws {
        let bag = (0..<50).map { _ in KeyedBag(members: [("naïveÜberKey", 1), ("e\u{301}Tag", 2), ("plainKey", 3)]) }
        assertEncodeParity(bag, "repeated keys", foundation: { $0.keyEncodingStrategy = .convertToSnakeCase },
                           jolt: { $0.keyEncodingStrategy = .convertToSnakeCase })
    }
}
