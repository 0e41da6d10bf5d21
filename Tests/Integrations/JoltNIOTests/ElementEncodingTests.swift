#if NIO
import Foundation
import Jolt
import JoltNIO
import NIOCore
import Synchronization
import XCTest

/// `JoltEncoder.encodeElements(_:as:flushThreshold:allocator:to:)`: an
/// `AsyncSequence` written as a JSON array or JSON Lines in buffers, one element
/// pulled after each write, and nothing pulled or written after an error.
final class ElementEncodingTests: XCTestCase {
    struct Row: Codable, Equatable, Sendable {
        var id: Int
        var name: String
        var tags: [String]
        var score: Double?
        var seen: Date
    }

    struct Unencodable: Error {}

    /// Rows produced on demand; the row numbered `failAt` throws from its
    /// `encode(to:)`, and the sequence itself throws at `throwAt`. Counts the
    /// rows pulled.
    final class Rows: AsyncSequence, Sendable {
        typealias Element = Item
        let count: Int
        let failAt: Int?
        let throwAt: Int?
        private let pulledCount = Mutex(0)

        init(_ count: Int, failAt: Int? = nil, throwAt: Int? = nil) {
            self.count = count
            self.failAt = failAt
            self.throwAt = throwAt
        }

        var pulled: Int { pulledCount.withLock { $0 } }

        struct Item: Encodable, Sendable {
            var row: Row
            var fails: Bool
            func encode(to encoder: any Encoder) throws {
                if fails { throw Unencodable() }
                try row.encode(to: encoder)
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rows: self) }

        struct AsyncIterator: AsyncIteratorProtocol {
            let rows: Rows
            var index = 0
            mutating func next() async throws -> Item? {
                guard index < rows.count else { return nil }
                if index == rows.throwAt { throw CancellationError() }
                defer { index += 1 }
                rows.pulledCount.withLock { $0 += 1 }
                return Item(row: ElementEncodingTests.row(index), fails: index == rows.failAt)
            }
        }
    }

    static func row(_ index: Int) -> Row {
        Row(id: index, name: "row \(index) \u{e9}\"\\", tags: index % 3 == 0 ? [] : ["a", "b\n"],
            score: index % 2 == 0 ? nil : Double(index) / 8, seen: Date(timeIntervalSince1970: Double(index) * 86_400))
    }

    static func rows(_ count: Int) -> [Row] { (0..<count).map(row) }

    /// The buffers `encodeElements` writes for `values`.
    func written(_ values: Rows, as format: JoltEncoder.StreamFormat, encoder: JoltEncoder = JoltEncoder(),
                 flushThreshold: Int = 64 * 1024) async throws -> [ByteBuffer] {
        var buffers: [ByteBuffer] = []
        try await encoder.encodeElements(values, as: format, flushThreshold: flushThreshold) { buffers.append($0) }
        return buffers
    }

    func joined(_ buffers: [ByteBuffer]) -> [UInt8] {
        buffers.flatMap { Array($0.readableBytesView) }
    }

    // MARK: The bytes

    /// A JSON array: exactly `encode(Array(values))`, under several options.
    func testJSONArrayIsTheBytesOfTheWholeArray() async throws {
        let layouts: [(JoltEncoder.OutputFormatting, JoltEncoder.DateEncodingStrategy, JSONEncoder.DateEncodingStrategy?)] = [
            ([], .deferredToDate, nil), ([.sortedKeys], .iso8601, .iso8601),
            ([.prettyPrinted, .sortedKeys], .secondsSince1970, .secondsSince1970),
            ([.withoutEscapingSlashes], .millisecondsSince1970, nil),
        ]
        for (formatting, dates, foundationDates) in layouts {
            let encoder = JoltEncoder()
            encoder.outputFormatting = formatting
            encoder.dateEncodingStrategy = dates
            for count in [0, 1, 2, 50, 700] {
                let buffers = try await written(Rows(count), as: .jsonArray, encoder: encoder, flushThreshold: 1000)
                XCTAssertEqual(joined(buffers), Array(try encoder.encode(Self.rows(count))), "\(formatting) \(count)")
                // And what Foundation writes for the array, with sorted keys.
                if let foundationDates {
                    let foundation = JSONEncoder()
                    foundation.outputFormatting = formatting.contains(.prettyPrinted) ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
                    foundation.dateEncodingStrategy = foundationDates
                    XCTAssertEqual(String(decoding: joined(buffers), as: UTF8.self),
                                   String(decoding: try foundation.encode(Self.rows(count)), as: UTF8.self), "\(count)")
                }
            }
        }
    }

    /// JSON Lines: each element compact on its own line, pretty printing ignored.
    func testJSONLinesAreOneCompactValueALine() async throws {
        let encoder = JoltEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let buffers = try await written(Rows(300), as: .jsonLines, encoder: encoder, flushThreshold: 512)
        let compact = JoltEncoder()
        compact.outputFormatting = [.sortedKeys]
        let expected = try Self.rows(300).flatMap { try Array(compact.encode($0)) + [UInt8(ascii: "\n")] }
        XCTAssertEqual(joined(buffers), expected)
        let lines = String(decoding: joined(buffers), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 300)
        XCTAssertEqual(try lines.map { try JSONDecoder().decode(Row.self, from: Data($0.utf8)) }, Self.rows(300))

        let none = try await written(Rows(0), as: .jsonLines)
        XCTAssertEqual(joined(none), [])
        let emptyArray = try await written(Rows(0), as: .jsonArray)
        XCTAssertEqual(String(decoding: joined(emptyArray), as: UTF8.self), "[]")
    }

    // MARK: The buffers

    /// Each buffer but the last holds at least the threshold, and ends between
    /// two elements (a whole number of lines); with the default threshold a
    /// short stream is one buffer.
    func testBuffersEndBetweenElementsPastTheThreshold() async throws {
        let buffers = try await written(Rows(2000), as: .jsonLines, flushThreshold: 4096)
        XCTAssertGreaterThan(buffers.count, 10)
        for (index, buffer) in buffers.enumerated() {
            if index < buffers.count - 1 { XCTAssertGreaterThanOrEqual(buffer.readableBytes, 4096) }
            XCTAssertEqual(buffer.readableBytesView.last, UInt8(ascii: "\n"), "buffer \(index)")
            // No buffer is much larger than the threshold: one element past it at most.
            XCTAssertLessThan(buffer.readableBytes, 4096 + 200)
        }
        let short = try await written(Rows(10), as: .jsonArray)
        XCTAssertEqual(short.count, 1)
    }

    /// The next element is pulled only after the write of a full buffer has
    /// returned: with a threshold of one byte, each write sees exactly the
    /// elements before it pulled (backpressure from the writer).
    func testAnElementIsPulledOnlyAfterTheWriteBeforeIt() async throws {
        let rows = Rows(40)
        var pulledAtWrite: [Int] = []
        try await JoltEncoder().encodeElements(rows, as: .jsonLines, flushThreshold: 1) { _ in
            pulledAtWrite.append(rows.pulled)
            try await Task.sleep(for: .milliseconds(1))
        }
        XCTAssertEqual(pulledAtWrite, Array(1...40))
    }

    // MARK: Errors

    /// An element that does not encode: its error, as it is; what was written
    /// before it is whole elements only, and nothing is pulled after it.
    func testAnElementThatDoesNotEncodeStopsTheStream() async throws {
        for format in [JoltEncoder.StreamFormat.jsonArray, .jsonLines] {
            let rows = Rows(1000, failAt: 600)
            var buffers: [ByteBuffer] = []
            do {
                try await JoltEncoder().encodeElements(rows, as: format, flushThreshold: 2048) { buffers.append($0) }
                XCTFail("no error")
            } catch is Unencodable {}
            XCTAssertEqual(rows.pulled, 601, "\(format)")
            let text = String(decoding: joined(buffers), as: UTF8.self)
            XCTAssertFalse(buffers.isEmpty)
            if format == .jsonLines {
                // Whole lines of the first elements, never the failed one.
                let lines = text.split(separator: "\n")
                XCTAssertTrue(text.hasSuffix("\n"))
                XCTAssertEqual(try lines.map { try JSONDecoder().decode(Row.self, from: Data($0.utf8)) },
                               Array(Self.rows(lines.count)))
                XCTAssertLessThan(lines.count, 600)
            } else {
                // Not a document: the array is not closed.
                XCTAssertTrue(text.hasPrefix("["))
                XCTAssertThrowsError(try JSONDecoder().decode([Row].self, from: Data(text.utf8)))
            }
        }
    }

    /// The sequence's error, as it is; a write's error stops the pulls.
    func testSequenceAndWriteErrorsStopTheStream() async throws {
        let throwing = Rows(100, throwAt: 50)
        do {
            _ = try await written(throwing, as: .jsonArray, flushThreshold: 64)
            XCTFail("no error")
        } catch is CancellationError {}
        XCTAssertEqual(throwing.pulled, 50)

        struct ClientGone: Error {}
        let rows = Rows(1000)
        var writes = 0
        do {
            try await JoltEncoder().encodeElements(rows, as: .jsonLines, flushThreshold: 1) { _ in
                writes += 1
                if writes == 3 { throw ClientGone() }
            }
            XCTFail("no error")
        } catch is ClientGone {}
        XCTAssertEqual(writes, 3)
        XCTAssertEqual(rows.pulled, 3, "an element pulled after the failed write")
    }

    /// A cancelled task stops before the next element, writing nothing more.
    func testCancellationStopsBeforeTheNextElement() async throws {
        let rows = Rows(100_000)
        let writes = Mutex(0)
        let task = Task {
            try await JoltEncoder().encodeElements(rows, as: .jsonLines, flushThreshold: 1) { _ in
                let count = writes.withLock { $0 += 1; return $0 }
                if count == 5 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        do {
            try await task.value
            XCTFail("no error")
        } catch is CancellationError {}
        XCTAssertEqual(writes.withLock { $0 }, 5)
        XCTAssertEqual(rows.pulled, 5)
    }

    func testContentTypes() {
        XCTAssertEqual(JoltEncoder.StreamFormat.jsonArray.contentType, "application/json; charset=utf-8")
        XCTAssertEqual(JoltEncoder.StreamFormat.jsonLines.contentType, "application/x-ndjson")
        // What the request side reads back.
        XCTAssertEqual(JoltStreamFormat(contentType: JoltEncoder.StreamFormat.jsonArray.contentType), .document)
        XCTAssertEqual(JoltStreamFormat(contentType: JoltEncoder.StreamFormat.jsonLines.contentType), .jsonLines)
    }
}
#endif
