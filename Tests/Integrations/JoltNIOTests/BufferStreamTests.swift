#if NIO
import Foundation
import Jolt
import JoltNIO
import NIOCore
import XCTest

/// Element streams over `AsyncSequence`s of `ByteBuffer`: every chunking,
/// backpressure, the body limit.
final class BufferStreamTests: XCTestCase {
    struct Event: Codable, Equatable {
        var id: Int
        var kind: String
    }

    /// Buffers of `size` bytes; counts the buffers pulled so far.
    final class Source: AsyncSequence, @unchecked Sendable {
        typealias Element = ByteBuffer
        let bytes: [UInt8]
        let size: Int
        private let lock = NSLock()
        private var pulledCount = 0

        init(_ text: String, size: Int) {
            bytes = Array(text.utf8)
            self.size = size
        }

        init(bytes: [UInt8], size: Int) {
            self.bytes = bytes
            self.size = size
        }

        var pulled: Int { lock.withLock { pulledCount } }

        func countPull() { lock.withLock { pulledCount += 1 } }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }

        struct AsyncIterator: AsyncIteratorProtocol {
            let source: Source
            var position = 0

            mutating func next() async throws -> ByteBuffer? {
                guard position < source.bytes.count else { return nil }
                let end = Swift.min(position + source.size, source.bytes.count)
                defer { position = end }
                source.countPull()
                return ByteBuffer(bytes: source.bytes[position..<end])
            }
        }
    }

    let events = (0..<40).map { Event(id: $0, kind: $0 % 3 == 0 ? "a" : "long kind \($0) with \"escapes\" and é") }

    var arrayText: String { String(decoding: try! JoltEncoder().encode(events), as: UTF8.self) }
    var linesText: String {
        events.map { String(decoding: try! JoltEncoder().encode($0), as: UTF8.self) }.joined(separator: "\n") + "\n"
    }

    func testEveryBufferSizeGivesTheSameElements() async throws {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            for size in [1, 2, 3, 7, 64, 100_000] {
                var fromArray: [Event] = []
                for try await event in decoder.decodeElements(Event.self, from: Source(arrayText, size: size)) {
                    fromArray.append(event)
                }
                XCTAssertEqual(fromArray, events, "array, \(size)-byte buffers, \(backend)")
                var fromLines: [Event] = []
                try await decoder.forEachElement(Event.self, from: Source(linesText, size: size), format: .jsonLines,
                                                 maxBodyBytes: 1 << 20) { fromLines.append($0) }
                XCTAssertEqual(fromLines, events, "lines, \(size)-byte buffers, \(backend)")
            }
        }
    }

    func testTheNextBufferIsPulledOnlyWhenTheConsumerAsksForMore() async throws {
        let source = Source(linesText, size: 16)
        var iterator = JoltDecoder().decodeElements(Event.self, from: source, format: .jsonLines).makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first, events[0])
        let afterFirst = source.pulled
        // The first line is 9 bytes and the second is longer than one buffer: the
        // stream read only what the first element needed, and a little more.
        XCTAssertLessThanOrEqual(afterFirst, 2)
        XCTAssertLessThan(afterFirst, (linesText.utf8.count + 15) / 16)
        // Nothing more is read while the consumer does not ask.
        try await Task.sleep(nanoseconds: 20_000_000)
        XCTAssertEqual(source.pulled, afterFirst)
    }

    func testTheBodyLimitStopsReadingAsSoonAsItIsPassed() async throws {
        let source = Source(linesText, size: 10)
        var seen = 0
        do {
            try await JoltDecoder().forEachElement(Event.self, from: source, format: .jsonLines, maxBodyBytes: 95) { _ in
                seen += 1
            }
            XCTFail("expected JoltBodyTooLargeError")
        } catch let error as JoltBodyTooLargeError {
            XCTAssertEqual(error.limit, 95)
        }
        XCTAssertEqual(source.pulled, 10, "the 10th buffer passes 95 bytes; nothing after it is read")
        XCTAssertGreaterThan(seen, 0)
    }

    func testLimitedBodyPassesBuffersThroughUnderTheLimit() async throws {
        var total = 0
        for try await buffer in JoltLimitedBody(Source(arrayText, size: 33), maxBytes: arrayText.utf8.count) {
            total += buffer.readableBytes
        }
        XCTAssertEqual(total, arrayText.utf8.count)
    }
}
#endif
