import Foundation
import XCTest
@testable import Jolt

/// `JoltStreamFormat.document`, the format of an `application/json` request
/// body: the elements of a top-level array, or the one value itself; and the
/// async `forEachElement` that awaits a handler per element.
final class DocumentFormatTests: XCTestCase {
    struct Item: Codable, Equatable { var id: Int; var name: String }

    /// Every chunking and backend gives the same elements and error as the whole text at once.
    private func outcome(_ text: String, policy: JoltStreamErrorPolicy = .stop,
                         file: StaticString = #filePath, line: UInt = #line) -> ([Item], String) {
        let reference = runStream(Item.self, text, chunk: text.utf8.count + 1, format: .document, policy: policy)
        for backend in JoltBackend.allCases {
            for chunk in 1...max(1, text.utf8.count) {
                let result = runStream(Item.self, text, chunk: chunk, format: .document, policy: policy, backend: backend)
                XCTAssertEqual(result.elements, reference.elements, "chunk \(chunk), \(backend)", file: file, line: line)
                XCTAssertEqual(describeStreamError(result.error), describeStreamError(reference.error),
                               "chunk \(chunk), \(backend)", file: file, line: line)
            }
        }
        return (reference.elements, describeStreamError(reference.error))
    }

    func testAnArrayStreamsItsElements() {
        let (items, error) = outcome(#" [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}] "#)
        XCTAssertEqual(items.map(\.id), [1, 2])
        XCTAssertEqual(error, "none")
        XCTAssertEqual(outcome("[]").0, [])
    }

    func testASingleValueIsOneElementOverAnyNumberOfLines() {
        let (items, error) = outcome("\n{\n  \"id\": 7,\n  \"name\": \"pretty\"\n}\n")
        XCTAssertEqual(items, [Item(id: 7, name: "pretty")])
        XCTAssertEqual(error, "none")
    }

    func testASecondValueIsTrailingCharacters() {
        let (items, error) = outcome(#"{"id": 1, "name": "a"} {"id": 2, "name": "b"}"#)
        XCTAssertEqual(items.map(\.id), [1])
        XCTAssertEqual(error, "-@23  Unexpected characters after the top-level value")
        XCTAssertEqual(outcome(#"[{"id": 1, "name": "a"}] []"#).1, "-@25  Unexpected characters after the top-level value")
    }

    func testEmptyAndTruncatedBodiesAreErrors() {
        XCTAssertEqual(outcome("").1, "-@0  Empty input")
        XCTAssertEqual(outcome("  \n ").1, "-@4  Empty input")
        XCTAssertEqual(outcome(#"{"id": 1, "na"#).1, "0@13  Unexpected end of input")
        XCTAssertEqual(outcome(#"[{"id": 1, "name": "a"}"#).1, "-@23  Unexpected end of input")
    }

    func testABadSingleValueFollowsThePolicy() {
        XCTAssertEqual(outcome(#"{"id": "x", "name": "a"}"#).1, "0@0 [0].id DecodingError")
        let skipped = runStream(Item.self, #"{"id": "x", "name": "a"}"#, chunk: 5, format: .document, policy: .skip)
        XCTAssertEqual(skipped.elements, [])
        XCTAssertNil(skipped.error)
        XCTAssertEqual(skipped.report.issues.map(\.kind), [.droppedElement])
    }

    // MARK: forEachElement over an AsyncSequence

    /// Chunks that record how many were pulled, to observe backpressure.
    final class PullCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.lock(); value += 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    func testForEachElementAwaitsTheHandlerBeforePullingTheNextChunk() async throws {
        let lines = (0..<50).map { #"{"id": \#($0), "name": "n\#($0)"}"# }
        let chunks = lines.map { Array(($0 + "\n").utf8) }
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            var seen: [Int] = []
            let counter = PullCounter()
            let counted = AsyncStream<[UInt8]> { continuation in
                for chunk in chunks { continuation.yield(chunk) }
                continuation.finish()
            }.map { chunk -> [UInt8] in counter.increment(); return chunk }
            let report = try await decoder.forEachElement(Item.self, from: counted, format: .jsonLines) { item in
                // Element n is complete once line n's newline is in: at most one chunk read ahead.
                XCTAssertLessThanOrEqual(counter.count, item.id + 1, "\(backend)")
                seen.append(item.id)
            }
            XCTAssertEqual(seen, Array(0..<50), "\(backend)")
            XCTAssertTrue(report.isEmpty)
        }
    }

    func testForEachElementReportsSkippedElementsAndDeliversThoseBeforeAnError() async throws {
        let text = #"[{"id": 1, "name": "a"}, {"id": "x", "name": "b"}, {"id": 3, "name": "c"}, oops]"#
        let source = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(text.utf8))
            continuation.finish()
        }
        var ids: [Int] = []
        do {
            try await JoltDecoder().forEachElement(Item.self, from: source, errorPolicy: .skip) { ids.append($0.id) }
            XCTFail("expected a syntax error")
        } catch let error as JoltStreamError {
            XCTAssertEqual(describeStreamError(error), "3@75 [3] Unexpected character 'o'")
        }
        XCTAssertEqual(ids, [1, 3])

        let good = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(#"[{"id": 1, "name": "a"}, {"id": "x", "name": "b"}]"#.utf8))
            continuation.finish()
        }
        let report = try await JoltDecoder().forEachElement(Item.self, from: good, errorPolicy: .skip) { _ in }
        XCTAssertEqual(report.issues.map { "\($0.codingPath.map(\.description).joined(separator: ".")) @\($0.offset ?? -1)" },
                       ["[1].id @25"])
    }

    func testForEachElementRethrowsTheHandlersErrorAsItIs() async {
        struct StoreFull: Error {}
        let source = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(#"{"id": 1, "name": "a"}"#.utf8) + [10] + Array(#"{"id": 2, "name": "b"}"#.utf8))
            continuation.finish()
        }
        var ids: [Int] = []
        do {
            try await JoltDecoder().forEachElement(Item.self, from: source) { item in
                ids.append(item.id)
                throw StoreFull()
            }
            XCTFail("expected the handler's error")
        } catch {
            XCTAssertTrue(error is StoreFull, "\(error)")
        }
        XCTAssertEqual(ids, [1])
    }

    func testWithEncodedBytesHandsOverTheEncodersOutput() throws {
        let item = Item(id: 3, name: "é\"")
        let encoder = JoltEncoder()
        let bytes = try encoder.withEncodedBytes(of: item) { Array($0) }
        XCTAssertEqual(bytes, try encoder.encodeToBytes(item))
        XCTAssertEqual(try JoltDecoder().decode(Item.self, from: bytes), item)
    }
}
