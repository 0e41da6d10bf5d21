import Foundation
import Synchronization
import XCTest
@testable import Jolt

#if YAJL
/// On the yajl backend, a stream's array and object elements are framed by yajl
/// as it builds their tape, when the bytes at hand hold the whole element; the
/// rest go through ``ElementFramer``. Either way the elements, errors and
/// reports must be the Swift backend's, in any chunking.
final class YAJLFramingTests: XCTestCase {
    typealias Probe = FramingProbe

    /// The path is taken (a test that cannot see it could not fail), and only
    /// where it should be.
    func testYAJLFramesElementsThatTheBytesAtHandHold() {
        let bytes = Probe.objects(100)
        let whole = runStream(Probe.self, bytes: bytes, chunk: bytes.count, backend: .yajl)
        XCTAssertNil(whole.outcome.error)
        XCTAssertEqual(whole.outcome.elements.map(\.a), Array(0..<100))
        // All but the last, which has fewer bytes at hand than twice the one before.
        XCTAssertEqual(whole.stream.elementsFramedByYAJL, 99)
        // Chunks of about six elements: most are framed by yajl; the last of a chunk
        // (fewer bytes at hand than twice the last element) by the framer.
        let chunked = runStream(Probe.self, bytes: bytes, chunk: 150, backend: .yajl)
        XCTAssertEqual(chunked.outcome.elements, whole.outcome.elements)
        XCTAssertGreaterThan(chunked.stream.elementsFramedByYAJL, 50)
        XCTAssertLessThan(chunked.stream.elementsFramedByYAJL, 100)
        // One byte at a time: never worth a try after the first element.
        XCTAssertLessThanOrEqual(runStream(Probe.self, bytes: bytes, chunk: 1, backend: .yajl).stream.elementsFramedByYAJL, 1)
        // Not on the Swift backend, not for JSON Lines, not for indented elements.
        XCTAssertEqual(runStream(Probe.self, bytes: bytes, chunk: bytes.count, backend: .swift).stream.elementsFramedByYAJL, 0)
        let lines = Array((0..<10).map { #"{"a":\#($0)}"# }.joined(separator: "\n").utf8)
        let linesRun = runStream(Probe.self, bytes: lines, chunk: lines.count, backend: .yajl)
        XCTAssertEqual(linesRun.outcome.elements.count, 10)
        XCTAssertEqual(linesRun.stream.elementsFramedByYAJL, 0)
        let indented = Array("[{\n  \"a\": 1\n},\n{\n  \"a\": 2\n}]".utf8)
        let indentedRun = runStream(Probe.self, bytes: indented, chunk: indented.count, backend: .yajl)
        XCTAssertEqual(indentedRun.outcome.elements.map(\.a), [1, 2])
        XCTAssertEqual(indentedRun.stream.elementsFramedByYAJL, 0)
        // Concatenated values.
        let concatenated = Array(#"{"a":1} [] {"a":2}"#.utf8)
        let concatenatedRun = runStream(JSONValue.self, bytes: concatenated, chunk: concatenated.count, format: .concatenated, backend: .yajl)
        XCTAssertEqual(concatenatedRun.outcome.elements.count, 3)
        // Not `[]`: 10 bytes left, the element before took 7.
        XCTAssertEqual(concatenatedRun.stream.elementsFramedByYAJL, 2)
    }

    /// Each element yajl frames builds its tape in the memory the element before
    /// gave back to the stream's scratch: one tape allocation for the stream.
    func testElementsFramedByYAJLBuildTheirTapesInOneMemory() throws {
        let bytes = Probe.objects(100)
        TapeAddressProbe.addresses.withLock { $0 = [] }
        // A file source: yajl frames every element, the last one too.
        let run = runStream(TapeAddressProbe.self, bytes: bytes, chunk: bytes.count, backend: .yajl, waits: true)
        XCTAssertNil(run.outcome.error)
        XCTAssertEqual(run.outcome.elements.map(\.a), Array(0..<100))
        XCTAssertEqual(run.stream.elementsFramedByYAJL, 100)
        let kept = try XCTUnwrap(run.stream.scratch.keptSpareTape, "the last element's tape memory is kept for the next")
        let addresses = TapeAddressProbe.addresses.withLock { $0 }
        XCTAssertEqual(addresses.count, 100)
        XCTAssertEqual(Set(addresses), [UInt(bitPattern: kept.entries)])
    }

    /// A file source waits for the rest of an element that the bytes at hand
    /// may not hold, so that yajl frames it too; a network source never waits.
    func testFileSourcesWaitForWholeElements() throws {
        let bytes = Probe.objects(100)
        for chunk in [1, 7, 150, bytes.count] {
            let run = runStream(Probe.self, bytes: bytes, chunk: chunk, backend: .yajl, waits: true)
            XCTAssertNil(run.outcome.error)
            XCTAssertEqual(run.outcome.elements.map(\.a), Array(0..<100), "chunk \(chunk)")
            XCTAssertEqual(run.stream.elementsFramedByYAJL, 100, "chunk \(chunk)")
        }
        // Without waiting, an element is delivered by the call that brings its last byte.
        let stream = JoltElementDecoder(Probe.self, decoder: { let d = JoltDecoder(); d.backend = .yajl; return d }())
        let first = try stream.feed(Array(#"[{"a":1,"b":["\#(String(repeating: "x", count: 40))"]},{"a":2}"#.utf8))
        XCTAssertEqual(first.map(\.a), [1, 2])
        // Waiting is bounded: after a 300 kB element, small ones wait with at most
        // twice its size, and never with more than the waiting limit.
        var text = #"[{"a":0,"b":["\#(String(repeating: "y", count: 300_000))"]}"#
        for n in 1...3000 { text += #",{"a":\#(n)}"# }
        text += "]"
        let big = runStream(Probe.self, bytes: Array(text.utf8), chunk: 4096, backend: .yajl, waits: true)
        XCTAssertEqual(big.outcome.elements.map(\.a), Array(0...3000))
        XCTAssertLessThan(big.peak, 2 * 300_100 + 2 * (64 << 10) + 4096)
        let bigger = "[" + (0..<4).map { #"{"a":\#($0),"b":["\#(String(repeating: "z", count: 700_000))"]}"# }.joined(separator: ",")
            + "," + (0..<3000).map { #"{"a":\#($0)}"# }.joined(separator: ",") + "]"
        let limited = runStream(Probe.self, bytes: Array(bigger.utf8), chunk: 4096, backend: .yajl, waits: true)
        XCTAssertEqual(limited.outcome.elements.count, 3004)
        XCTAssertLessThan(limited.peak, 700_100 + JoltElementDecoder<Probe>.waitingLimit + 2 * (64 << 10) + 4096)
    }

    /// Errors inside an element that yajl would frame: reported as the framer
    /// path reports them, at the same offset.
    func testErrorsInsideFramedElements() {
        let cases: [(String, String)] = [
            (#"[{"a":1},{"a":1 "b":[]},{"a":3}]"#, "1@16 [1] Unexpected character '\"'"),
            (#"[{"a":1},{"a":"x"},{"a":3}]"#, "1@9 [1].a DecodingError"),
            ("[{\"a\":1},{\"b\":[\"\u{0B}\"]}]", "1@16 [1] Unescaped control character in string"),
            ("[{\"a\":1},{\"b\":[\"x\"]}\u{0C},{\"a\":3}]", "-@20  Unexpected character 0x0C"),
        ]
        for (text, expected) in cases {
            for chunk in [1, 5, 1 << 16] {
                let swift = runStream(Probe.self, text, chunk: chunk, backend: .swift)
                let yajl = runStream(Probe.self, text, chunk: chunk, backend: .yajl)
                XCTAssertEqual(describeStreamError(swift.error), expected, "\(text) chunk \(chunk)")
                XCTAssertEqual(describeStreamError(yajl.error), expected, "\(text) chunk \(chunk)")
                XCTAssertEqual(yajl.elements, swift.elements, "\(text) chunk \(chunk)")
            }
        }
        // Invalid UTF-8 inside a string, and a lead byte cut off by the end of a chunk.
        var bytes = Probe.objects(3)
        let invalid = bytes.firstIndex(of: 0xC3)! // the first "ü"
        let cut = runStream(Probe.self, bytes: bytes, chunk: invalid + 1, backend: .yajl)
        XCTAssertEqual(cut.outcome.elements.count, 3)
        bytes[invalid + 1] = 0x41
        let swift = runStream(Probe.self, bytes: bytes, chunk: bytes.count, backend: .swift).outcome
        let yajl = runStream(Probe.self, bytes: bytes, chunk: bytes.count, backend: .yajl).outcome
        XCTAssertEqual(describeStreamError(yajl.error), describeStreamError(swift.error))
        XCTAssertEqual(describeStreamError(swift.error), "0@19 [0] Invalid UTF-8")
    }

    /// Random streams, most of them corrupted somewhere, under random limits,
    /// policies and chunkings: yajl and Swift give the same elements, error and report.
    func testRandomStreamsAgreeWithTheSwiftBackend() {
        var compared = 0
        var framed = 0
        RandomStreams.forEachCase(rounds: 400, seed: 0x5EED_F4A3) { round, test, chunk in
            func compare<T: Decodable & Equatable>(_ type: T.Type) {
                framed += assertStreamsAgreeWithSwift(type, test.bytes, chunk: chunk, backend: .yajl, format: test.format,
                                                      policy: test.policy, maxElementBytes: test.maxElementBytes, waits: test.waits,
                                                      configure: test.configure, "round \(round), \(test.label)").elementsFramedByYAJL
                compared += 1
            }
            compare(JSONValue.self)
            compare(Probe.self)
        }
        XCTAssertEqual(compared, 4000)
        XCTAssertGreaterThan(framed, 1000)   // the path under test was taken
    }
}

/// An element that records where its tape's entries are.
struct TapeAddressProbe: Decodable {
    static let addresses = Mutex<[UInt]>([])
    enum CodingKeys: String, CodingKey { case a }
    let a: Int

    init(from decoder: any Decoder) throws {
        let tape = try XCTUnwrap(decoder as? TapeDecoder)
        Self.addresses.withLock { $0.append(UInt(bitPattern: tape.entries)) }
        a = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .a)
    }
}
#else
/// Without the YAJL trait there is no yajl framing to test: the one test says so, skipped.
final class YAJLFramingTests: XCTestCase {
    func testTheYAJLBackendIsNotBuilt() throws {
        throw XCTSkip(BackendSkip.yajl)
    }
}
#endif
