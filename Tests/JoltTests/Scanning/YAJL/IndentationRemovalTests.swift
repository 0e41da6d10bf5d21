import XCTest
@testable import Jolt

#if YAJL
/// yajl reads deeply indented documents from a copy without the indentation
/// (``IndentationRemoval``); the tape must still be the Swift scanner's, with
/// offsets into the original, and errors the same.
final class IndentationRemovalTests: XCTestCase {
    /// A document indented `indent` spaces a level (or tabs, or with CRLF line ends),
    /// deep enough that the copy pays.
    static func indented(depth: Int, indent: String = "        ", newline: String = "\n", seed: UInt64 = 1) -> String {
        var rng = SplitMix64(seed: seed)
        func pad(_ level: Int) -> String { newline + String(repeating: indent, count: level) }
        func value(_ level: Int) -> String {
            if level >= depth {
                return ["\"leaf \\\"q\\\" é\"", "12.5e-3", "true", "null", "\"\"", "-7", "\"\\ud83c\\udf89\""]
                    .randomElement(using: &rng)!
            }
            let count = Int.random(in: 1...3, using: &rng)
            if Bool.random(using: &rng) {
                let items = (0..<count).map { _ in pad(level + 1) + value(level + 1) }
                return "[" + items.joined(separator: ",") + pad(level) + "]"
            }
            let members = (0..<count).map { k in pad(level + 1) + "\"key\(k)\": " + value(level + 1) }
            return "{" + members.joined(separator: ",") + pad(level) + "}"
        }
        return value(0) + newline
    }

    private func removal(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let removal = IndentationRemoval(buffer.baseAddress!, start: 0, end: buffer.count) else { return false }
            removal.deallocate()
            return true
        }
    }

    func testEveryByteOfTheCopyMapsBackToTheSameByte() {
        for (indent, newline) in [("        ", "\n"), ("\t\t\t", "\n"), ("      ", "\r\n"), ("    ", "\n\n")] {
            let bytes = Array(Self.indented(depth: 7, indent: indent, newline: newline).utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let p = buffer.baseAddress!
                guard let removal = IndentationRemoval(p, start: 0, end: buffer.count) else {
                    return XCTFail("no copy for indent \(indent.debugDescription)")
                }
                defer { removal.deallocate() }
                XCTAssertLessThan(removal.count, buffer.count)
                // In order (as the tape asks), then backwards (the slow path).
                var cursor = 0
                for offset in 0..<removal.count {
                    XCTAssertEqual(removal.text[offset], p[removal.original(offset, cursor: &cursor)], "offset \(offset)")
                }
                var back = 0
                for offset in stride(from: removal.count - 1, through: 0, by: -1) {
                    XCTAssertEqual(removal.text[offset], p[removal.original(offset, cursor: &back)], "offset \(offset)")
                }
                // What is not in the copy is whitespace that follows a line feed.
                var mapped = Set<Int>()
                var again = 0
                for offset in 0..<removal.count { mapped.insert(removal.original(offset, cursor: &again)) }
                XCTAssertEqual(mapped.count, removal.count)
                for offset in 0..<buffer.count where !mapped.contains(offset) {
                    XCTAssertTrue([0x20, 0x09, 0x0A, 0x0D].contains(p[offset]), "offset \(offset)")
                    XCTAssertTrue(offset > 0 && [0x20, 0x09, 0x0A, 0x0D].contains(p[offset - 1]), "offset \(offset)")
                }
            }
        }
    }

    /// The copy is made eight bytes at a time: lines of every length and runs of
    /// every length (shorter and longer than ``IndentationRemoval/minimumRun``),
    /// with spaces, tabs, CR and LF, up to the last byte and with text ending
    /// inside a run, give exactly the text without the runs, and map back.
    func testTheCopyIsTheTextWithoutItsRuns() {
        var rng = SplitMix64(seed: 42)
        let whitespace: [UInt8] = [0x20, 0x20, 0x20, 0x09, 0x0D, 0x0A]
        for round in 0..<400 {
            var bytes: [UInt8] = round % 7 == 0 ? [0xEF, 0xBB, 0xBF] : []
            let start = bytes.count
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                for _ in 0..<Int.random(in: 0...20, using: &rng) { bytes.append(UInt8.random(in: 0x21...0x7E, using: &rng)) }
                bytes.append(0x0A)
                for _ in 0..<Int.random(in: 0...11, using: &rng) { bytes.append(whitespace.randomElement(using: &rng)!) }
            }
            if Bool.random(using: &rng) { bytes.append(UInt8(ascii: "x")) }
            // The reference: after each line feed, a run of whitespace of at least
            // minimumRun bytes is dropped; the search for the next line feed goes on
            // after the run.
            var expected = Array(bytes[..<start])
            var i = start
            while i < bytes.count {
                expected.append(bytes[i])
                i += 1
                guard bytes[i - 1] == 0x0A else { continue }
                var j = i
                while j < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
                if j - i >= IndentationRemoval.minimumRun {
                    i = j
                } else {
                    expected.append(contentsOf: bytes[i..<j])
                    i = j
                }
            }
            bytes.withUnsafeBufferPointer { buffer in
                let removal = IndentationRemoval(copying: buffer.baseAddress!, start: start, end: buffer.count)
                defer { removal.deallocate() }
                let copy = Array(UnsafeBufferPointer(start: removal.text, count: removal.count))
                XCTAssertEqual(copy, expected, "round \(round): \(bytes)")
                XCTAssertEqual(removal.removedCount, bytes.count - expected.count, "round \(round)")
                var cursor = 0
                for offset in 0..<removal.count {
                    XCTAssertEqual(copy[offset], buffer[removal.original(offset, cursor: &cursor)], "round \(round) offset \(offset)")
                }
            }
        }
    }

    func testShallowOrMinifiedDocumentsAreNotCopied() {
        XCTAssertFalse(removal(#"{"a":[1,2,{"b":"c"}],"d":"e"}"#))
        // Indentation that is a small share of the text (long lines, as in gsoc-2018.json).
        let long = "\"" + String(repeating: "a", count: 200) + "\""
        XCTAssertFalse(removal("[" + Array(repeating: "\n    " + long, count: 100).joined(separator: ",") + "\n]"))
        XCTAssertFalse(removal(String(repeating: "{\"a\": 1}\n", count: 2000)))
        XCTAssertTrue(removal(Self.indented(depth: 6)))
    }

    func testIndentedDocumentsGiveTheSwiftScannersTape() {
        var copied = 0
        for seed in 1...200 as ClosedRange<UInt64> {
            let text = Self.indented(depth: 6, indent: seed % 3 == 0 ? "\t\t" : "        ",
                                     newline: seed % 5 == 0 ? "\r\n" : "\n", seed: seed)
            if removal(text) { copied += 1 }
            let yajl = parseTape(text, .yajl)
            XCTAssertTrue(yajl.isSuccess, text)
            XCTAssertEqual(yajl, parseTape(text, .swift), text)
            // With a byte order mark in front.
            let bom = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
            XCTAssertEqual(parseTape(bom, .yajl), parseTape(bom, .swift), text)
        }
        XCTAssertGreaterThan(copied, 180, "most of these documents go through the copy")
    }

    /// Errors in a copied document: those of the Swift scanner on the original,
    /// positions included. A raw line feed inside a string stays in the copy, so
    /// the indentation removed after it cannot make a broken document valid.
    func testErrorsInIndentedDocumentsAreTheSwiftScannersErrors() {
        let base = Self.indented(depth: 6, seed: 7)
        var broken: [String] = []
        // A raw line feed and indentation inside a string.
        broken.append(base.replacingOccurrences(of: "\"key1\"", with: "\"key\n            1\""))
        broken.append(base.replacingOccurrences(of: "\"leaf", with: "\"le\n                af"))
        // Missing commas and colons across removed indentation.
        if let comma = base.range(of: ",\n", options: .backwards) {
            broken.append(base.replacingCharacters(in: comma, with: "\n"))
        }
        broken.append(base.replacingOccurrences(of: "\"key2\": ", with: "\"key2\"\n                 "))
        // Errors Jolt's own checks find, deep in the document.
        broken.append(base.replacingOccurrences(of: "\\ud83c\\udf89", with: "\\ud83c"))
        broken.append(base.replacingOccurrences(of: "12.5e-3", with: "12.5e"))
        broken.append(base + "\n        x")
        broken.append(String(base.dropLast(40)))
        for text in broken where text != base {
            let yajl = parseTape(text, .yajl)
            XCTAssertNotNil(yajl.failure, text)
            XCTAssertEqual(yajl, parseTape(text, .swift), text)
        }
        var limits = JoltLimits.default
        limits.maxDepth = 4
        XCTAssertEqual(parseTape(base, .yajl, limits: limits), parseTape(base, .swift, limits: limits))
        XCTAssertEqual(parseTape(base, .yajl, limits: limits).failure?.kind, .limitExceeded(.depth))
    }

    /// The decoder's values and errors (with line and column) on an indented document.
    func testDecodedValuesAndSyntaxErrorPositions() throws {
        let text = Self.indented(depth: 6, seed: 11)
        let values = try JoltBackend.allCases.map { backend -> JSONValue in
            let decoder = JoltDecoder()
            decoder.backend = backend
            return try decoder.decode(JSONValue.self, from: text)
        }
        XCTAssertEqual(Set(values.map { "\($0)" }).count, 1)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: JoltEncoder().encode(values[0])) as? NSObject,
                       try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject)
        let broken = text.replacingOccurrences(of: "\"key1\"", with: "\"key\n  1\"")
        let messages = JoltBackend.allCases.map { backend -> String in
            let decoder = JoltDecoder()
            decoder.backend = backend
            do { _ = try decoder.decode(JSONValue.self, from: broken); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertEqual(Set(messages).count, 1, "\(messages)")
        XCTAssertTrue(messages[0].contains("line"), messages[0])
    }
}
#else
/// Without the YAJL trait there is no yajl backend, nor its indentation removal: the one test says so, skipped.
final class IndentationRemovalTests: XCTestCase {
    func testTheYAJLBackendIsNotBuilt() throws {
        throw XCTSkip(BackendSkip.yajl)
    }
}
#endif
