import Foundation
import XCTest
@testable import Jolt

#if SIMDJSON
/// On the simdjson backend, a stream's array and object elements are framed 64
/// bytes at a time by the shim (`jolt_simdjson_frame`), resuming across calls;
/// anything unusual goes to ``ElementFramer``. Either way the elements, errors
/// and reports must be the Swift backend's, in any chunking.
final class SIMDJSONFramingTests: XCTestCase {
    typealias Probe = FramingProbe

    /// The path is taken (a test that cannot see it could not fail), in every
    /// chunking, and only where it should be.
    func testEveryContainerElementIsFramedInAnyChunking() {
        let bytes = Probe.objects(100)
        for chunk in [1, 7, 63, 64, 65, 150, bytes.count] {
            let run = runStream(Probe.self, bytes: bytes, chunk: chunk, backend: .simdjson)
            XCTAssertNil(run.outcome.error)
            XCTAssertEqual(run.outcome.elements.map(\.a), Array(0..<100), "chunk \(chunk)")
            XCTAssertEqual(run.stream.elementsFramedBySIMDJSON, 100, "chunk \(chunk)")
        }
        // Not on the other backends, not for JSON Lines, not for scalar elements.
        XCTAssertEqual(runStream(Probe.self, bytes: bytes, chunk: bytes.count, backend: .swift).stream.elementsFramedBySIMDJSON, 0)
        #if YAJL
        XCTAssertEqual(runStream(Probe.self, bytes: bytes, chunk: bytes.count, backend: .yajl).stream.elementsFramedBySIMDJSON, 0)
        #endif
        let lines = Array((0..<10).map { #"{"a":\#($0)}"# }.joined(separator: "\n").utf8)
        let linesRun = runStream(Probe.self, bytes: lines, chunk: lines.count, backend: .simdjson)
        XCTAssertEqual(linesRun.outcome.elements.count, 10)
        XCTAssertEqual(linesRun.stream.elementsFramedBySIMDJSON, 0)
        let mixed = Array(#"[1, "x", {"a":2}, [], null]"#.utf8)
        let mixedRun = runStream(JSONValue.self, bytes: mixed, chunk: 3, backend: .simdjson)
        XCTAssertEqual(mixedRun.outcome.elements, [1, "x", ["a": 2], [], nil])
        XCTAssertEqual(mixedRun.stream.elementsFramedBySIMDJSON, 2)
        // Concatenated values, and indented ones (which yajl leaves to the framer).
        let concatenated = Array("{\"a\":1} [] {\n  \"a\": 2\n}".utf8)
        let concatenatedRun = runStream(JSONValue.self, bytes: concatenated, chunk: 5, format: .concatenated, backend: .simdjson)
        XCTAssertEqual(concatenatedRun.outcome.elements, [["a": 1], [], ["a": 2]])
        XCTAssertEqual(concatenatedRun.stream.elementsFramedBySIMDJSON, 3)
    }

    /// An element is delivered by the call that brings its last byte, however
    /// the bytes before it came: fed one byte at a time, each element comes
    /// out with its closing bracket.
    func testAnElementComesWithItsLastByte() throws {
        let long = String(repeating: "x\\\"{[", count: 40)
        let text = #"[{"a":1,"b":["\#(long)"]} , {"a":2},{"b":["]}\\"],"a":3}]"#
        let bytes = Array(text.utf8)
        let second = Array(#"{"a":2}"#.utf8)
        let secondStart = (0..<bytes.count).first { Array(bytes[$0...].prefix(second.count)) == second }!
        let ends = [bytes.firstIndex(of: UInt8(ascii: " "))! - 1, secondStart + second.count - 1, bytes.count - 2]
        let decoder = JoltDecoder()
        decoder.backend = .simdjson
        let stream = JoltElementDecoder(Probe.self, decoder: decoder)
        var delivered: [Int?] = []
        for (i, byte) in bytes.enumerated() {
            delivered += try stream.feed([byte]).map(\.a)
            XCTAssertEqual(delivered.count, ends.filter { $0 <= i }.count, "after byte \(i)")
        }
        XCTAssertEqual(delivered + (try stream.finish()).map(\.a), [1, 2, 3])
        XCTAssertEqual(stream.elementsFramedBySIMDJSON, 3)
    }

    /// Strings whose quotes, backslashes and brackets fall at every place
    /// around the 64-byte blocks (runs of backslashes across a block's end
    /// included), in chunks that end at every place too.
    func testEscapesAndBracketsAcrossBlocks() {
        var strings: [String] = []
        for run in 1...5 {
            for pad in 0..<70 {
                strings.append(String(repeating: "s", count: pad) + String(repeating: "\\", count: run) + "\"]}[{\\")
            }
        }
        // Foundation escapes each `"` and `\`: the runs of backslashes double.
        let probes = strings.enumerated().map { Probe(a: $0.offset, b: [$0.element, "}"]) }
        let bytes = Array(try! JSONEncoder().encode(EncodedProbes(probes)))
        for chunk in [1, 31, 63, 64, 65, 129, bytes.count] {
            let stream = assertStreamsAgreeWithSwift(Probe.self, bytes, chunk: chunk, backend: .simdjson)
            XCTAssertEqual(stream.elementsFramedBySIMDJSON, probes.count, "chunk \(chunk)")
        }
        // Every length of element from 2 bytes to three blocks, one per stream.
        for length in 2...200 {
            let body = length <= 10 ? String(repeating: " ", count: length - 2) : #""b":[""# + String(repeating: "\\\\", count: (length - 10) / 2)
                + String(repeating: "y", count: (length - 10) % 2) + #""]"#
            let element = "{" + body + "}"
            XCTAssertEqual(element.utf8.count, length)
            let bytes = Array("[\(element),\(element)]".utf8)
            for chunk in [1, 64, bytes.count] {
                let stream = assertStreamsAgreeWithSwift(Probe.self, bytes, chunk: chunk, backend: .simdjson, "length \(length)")
                XCTAssertEqual(stream.elementsFramedBySIMDJSON, 2, "length \(length) chunk \(chunk)")
            }
        }
    }

    /// Input the SIMD framing leaves to the framer (a backslash outside a
    /// string, too deep, too large, cut off) fails as on the Swift backend, with
    /// the elements before it delivered.
    func testWhatTheFramerFramesFailsAsOnSwift() {
        let cases: [(String, String)] = [
            (#"[{"a":1},{"a":\"x"},{"a":3}]"#, "1@14 [1] Unexpected character '\\'"),
            (#"[{"a":1},{"b":["x"]}\"]"#, "-@20  Unexpected character '\\'"),
            (#"[{"a":1},[[[[[[1]]]]]],{"a":3}]"#, "1@13  Limit exceeded: nesting depth (maxDepth)"),
            (#"[{"a":1},{"b":["\#(String(repeating: "z", count: 100))"]}]"#, "1@59  Limit exceeded: document size (maxDocumentBytes)"),
            (#"[{"a":1},{"b":["x"]"#, "1@19  Unexpected end of input"),
            (#"[{"a":1},{"a":1 "b":[]},{"a":3}]"#, "1@16 [1] Unexpected character '\"'"),
            ("[{\"a\":1},{\"b\":[\"\u{0B}\"]}]", "1@16 [1] Unescaped control character in string"),
            ("[{\"a\":1},{\"b\":[\"x\"]}\u{0C},{\"a\":3}]", "-@20  Unexpected character 0x0C"),
            (#"[{"a":1},{"a":"x"},{"a":3}]"#, "1@9 [1].a DecodingError"),
        ]
        let configure: (JoltDecoder) -> Void = { $0.limits.maxDepth = 4 }
        for (text, _) in cases {
            for chunk in [1, 5, 64, 1 << 16] {
                assertStreamsAgreeWithSwift(Probe.self, Array(text.utf8), chunk: chunk, backend: .simdjson, maxElementBytes: 50,
                                            configure: configure, text)
            }
        }
        // The expected errors, once, so that agreeing on nothing cannot pass.
        for (text, expected) in cases {
            let swift = runStream(Probe.self, text, chunk: 1 << 16, backend: .swift, maxElementBytes: 50, configure: configure)
            XCTAssertEqual(swift.elements.first?.a, 1, text)
            XCTAssertEqual(describeStreamError(swift.error), expected, text)
        }
    }

    /// Bytes held while an element is framed across calls: the element and one chunk.
    func testMemoryStaysAtTheLargestElement() {
        var text = #"[{"a":0,"b":["\#(String(repeating: "y", count: 300_000))"]}"#
        for n in 1...3000 { text += #",{"a":\#(n)}"# }
        text += "]"
        let run = runStream(Probe.self, bytes: Array(text.utf8), chunk: 4096, backend: .simdjson)
        XCTAssertEqual(run.outcome.elements.map(\.a), Array(0...3000))
        XCTAssertEqual(run.stream.elementsFramedBySIMDJSON, 3001)
        XCTAssertLessThan(run.peak, 300_100 + (64 << 10) + 4096)
    }

    /// The framing kernels, AVX2 and the baseline one (which a CPU with AVX2
    /// never runs otherwise), against a byte-by-byte model of the framer's rules,
    /// on random elements over the bytes framing looks at, given in random
    /// pieces: after each call, the outcome for the bytes given so far.
    func testBothFramingKernelsAgreeWithAModel() throws {
        let kernels = SIMDJSONFramer.hasAVX2 ? [true, false] : [false]
        // Backslashes mostly inside strings: one outside sends the element to the framer.
        let inside: [UInt8] = Array(#"\\"{}[]ax,: "#.utf8) + [0xC3, 0xA9]
        let outside: [UInt8] = Array(#"{{{}}}[[[]]]"ax,: "#.utf8) + [0x5C]
        var rng = SplitMix64(seed: 0xF4A3_E5)
        var outcomes: [String: Int] = [:]
        for round in 0..<3_000 {
            var bytes: [UInt8] = [Bool.random(using: &rng) ? 0x7B : 0x5B]
            var inString = false
            for _ in 0..<Int.random(in: 0..<400, using: &rng) {
                let byte = (inString ? inside : outside).randomElement(using: &rng)!
                if byte == 0x22 { inString.toggle() }
                bytes.append(byte)
            }
            let maxDepth = [0, 1, 3, 512].randomElement(using: &rng)!
            for usesAVX2 in kernels {
                var framer = SIMDJSONFramer(usesAVX2: usesAVX2)
                var available = 0
                while available < bytes.count {
                    available = min(bytes.count, available + Int.random(in: 1...100, using: &rng))
                    let outcome = bytes.withUnsafeBufferPointer {
                        framer.frame($0.baseAddress!, available: available, maxDepth: maxDepth, elementOffset: 7)
                    }
                    let expected = Self.model(bytes[0..<available], maxDepth: maxDepth)
                    XCTAssertEqual(outcome, expected, "round \(round), AVX2 \(usesAVX2), \(available) of \(String(decoding: bytes, as: UTF8.self))")
                    outcomes["\(expected)".prefix(3).description, default: 0] += 1
                    if outcome != .more { break }
                }
            }
        }
        // Each outcome often enough for the comparison to mean something.
        XCTAssertGreaterThan(outcomes["end"] ?? 0, 300)
        XCTAssertGreaterThan(outcomes["mor"] ?? 0, 300)
        XCTAssertGreaterThan(outcomes["fra"] ?? 0, 300)
    }

    /// The framer's rules for an element that starts with a bracket, byte by byte:
    /// a string ends at a quote no backslash escapes; a backslash outside a string,
    /// or more than `maxDepth` brackets open, is for the framer.
    private static func model(_ bytes: ArraySlice<UInt8>, maxDepth: Int) -> SIMDJSONFramer.Outcome {
        var depth = 0
        var inString = false
        var escaped = false
        for (i, c) in zip(0..., bytes) {
            if inString {
                if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
                continue
            }
            switch c {
            case 0x22: inString = true
            case 0x5C: return .frame
            case 0x7B, 0x5B:
                depth += 1
                if depth > maxDepth { return .frame }
            case 0x7D, 0x5D:
                depth -= 1
                if depth == 0 { return .end(i + 1) }
            default: break
            }
        }
        return .more
    }

    /// Random streams, most of them corrupted somewhere, under random limits,
    /// policies and chunkings: simdjson and Swift give the same elements, error and report.
    func testRandomStreamsAgreeWithTheSwiftBackend() {
        var compared = 0
        var framed = 0
        RandomStreams.forEachCase(rounds: 400, seed: 0x51D_F4A3) { round, test, chunk in
            func compare<T: Decodable & Equatable>(_ type: T.Type) {
                framed += assertStreamsAgreeWithSwift(type, test.bytes, chunk: chunk, backend: .simdjson, format: test.format,
                                                      policy: test.policy, maxElementBytes: test.maxElementBytes, waits: test.waits,
                                                      configure: test.configure, "round \(round), \(test.label)").elementsFramedBySIMDJSON
                compared += 1
            }
            compare(JSONValue.self)
            compare(Probe.self)
        }
        XCTAssertEqual(compared, 4000)
        XCTAssertGreaterThan(framed, 1000)   // the path under test was taken
    }
}

/// `[Probe]` for JSONEncoder (Probe is only Decodable).
private struct EncodedProbes: Encodable {
    let probes: [FramingProbe]
    init(_ probes: [FramingProbe]) { self.probes = probes }

    func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        for probe in probes {
            var object = container.nestedContainer(keyedBy: Key.self)
            try object.encodeIfPresent(probe.a, forKey: .a)
            try object.encodeIfPresent(probe.b, forKey: .b)
        }
    }

    private enum Key: String, CodingKey { case a, b }
}
#else
/// Without the SIMDJSON trait there is no simdjson framing to test: the one test says so, skipped.
final class SIMDJSONFramingTests: XCTestCase {
    func testTheSIMDJSONBackendIsNotBuilt() throws {
        throw XCTSkip(BackendSkip.simdjson)
    }
}
#endif
