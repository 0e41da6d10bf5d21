import Foundation
import Jolt
import XCTest

/// The samples of the article "Streaming" (Sources/Jolt/Jolt.docc/Streaming.md), as
/// written there, compiled and run.
final class StreamingSampleTests: XCTestCase {
    private var printed: [String] = []
    private func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    struct Event: Codable, Sendable, Equatable { var id: Int; var kind: String }

    actor Store {
        private(set) var events: [Event] = []
        func append(_ event: Event) throws { events.append(event) }
    }

    /// `bytes` as an async sequence of chunks of `size` bytes.
    static func chunked(_ text: String, size: Int) -> AsyncStream<[UInt8]> {
        let bytes = Array(text.utf8)
        return AsyncStream { continuation in
            for start in stride(from: 0, to: bytes.count, by: size) {
                continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
            }
            continuation.finish()
        }
    }

    func temporaryFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jolt-streaming-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testDecodeAStream() async throws {
        let decoder = JoltDecoder()
        let store = Store()
        let chunks = Self.chunked(#"[{"id": 1, "kind": "click"}, {"id": 2, "kind": "view"}]"#, size: 5)
        let path = try temporaryFile("{\"id\": 3, \"kind\": \"click\"}\n{\"id\": 4, \"kind\": \"click\"}\r\n\n{\"id\": 5, \"kind\": \"view\"}")
        var counts: [String: Int] = [:]

        // An AsyncSequence of byte chunks ([UInt8], Data, ArraySlice<UInt8>): a request body, a socket.
        for try await event in decoder.decodeElements(Event.self, from: chunks) {
            try await store.append(event)
        }

        // A file, read 64 KiB at a time (also: decodeElements(_:fromFileAt:) as an AsyncSequence,
        // and forEachElement(_:in:) with a FileHandle).
        try decoder.forEachElement(Event.self, inFileAt: path) { event in counts[event.kind, default: 0] += 1 }

        let stored = await store.events
        XCTAssertEqual(stored, [Event(id: 1, kind: "click"), Event(id: 2, kind: "view")])
        XCTAssertEqual(counts, ["click": 2, "view": 1])
        // The same file as an AsyncSequence.
        var ids: [Int] = []
        for try await event in decoder.decodeElements(Event.self, fromFileAt: path) { ids.append(event.id) }
        XCTAssertEqual(ids, [3, 4, 5])
    }

    func testPushChunks() throws {
        let decoder = JoltDecoder()
        let lines = Array("{\"id\": 1, \"kind\": \"a\"}\n{\"id\": \"x\", \"kind\": \"b\"}\n{\"id\": 3, \"ki".utf8)
        let firstChunk = Array(lines[..<30])
        let secondChunk = Array(lines[30...] + Array("nd\": \"c\"}".utf8))

        let stream = JoltElementDecoder(Event.self, decoder: decoder, format: .jsonLines, errorPolicy: .skip)
        var events = try stream.feed(firstChunk)    // the elements these bytes completed
        events += try stream.feed(secondChunk)
        events += try stream.finish()               // a truncated stream throws
        print(events.count, stream.report.issues.count)   // 2 1

        XCTAssertEqual(events, [Event(id: 1, kind: "a"), Event(id: 3, kind: "c")])
        XCTAssertEqual(printed, ["2 1"])
        XCTAssertEqual(stream.report.issues.map(\.kind), [.droppedElement])
        // A truncated stream throws.
        let truncated = JoltElementDecoder(Event.self, decoder: decoder, format: .jsonLines)
        XCTAssertEqual(try truncated.feed(Array("{\"id\": 1, \"kind\": \"a\"}\n{\"id\": 2".utf8)).count, 1)
        XCTAssertThrowsError(try truncated.finish()) { error in
            XCTAssertTrue(error is JoltStreamError, "\(error)")
        }
    }

    func testErrors() async throws {
        let decoder = JoltDecoder()
        let store = Store()
        let chunks = Self.chunked(#"[{"id": 1, "kind": "a"}, {"id": "x", "kind": "b"}, {"id": 3, "kind": "c"}]"#, size: 8)

        do {
            for try await event in decoder.decodeElements(Event.self, from: chunks) { try await store.append(event) }
        } catch let error as JoltStreamError {
            print(error)   // element 1, byte 25 at [1].id: ...
        }

        XCTAssertEqual(printed.count, 1)
        XCTAssertTrue(printed.first?.hasPrefix("element 1, byte 25 at [1].id: ") == true, "\(printed)")
        let stored = await store.events
        XCTAssertEqual(stored, [Event(id: 1, kind: "a")], "the elements before the error come first")
    }

    struct Row: Codable, Equatable { var id: Int; var name: String }

    func testEncodeAStream() throws {
        let encoder = JoltEncoder()
        let rows = (1...3).map { Row(id: $0, name: "row \($0)") }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jolt-rows-\(UUID().uuidString).jsonl")
        let arrayURL = FileManager.default.temporaryDirectory.appendingPathComponent("jolt-rows-\(UUID().uuidString).json")
        XCTAssertTrue(FileManager.default.createFile(atPath: arrayURL.path, contents: nil))
        let handle = try FileHandle(forWritingTo: arrayURL)
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: arrayURL)
        }
        var output: [UInt8] = []

        try encoder.encode(rows, as: .jsonLines, toFileAt: url)
        try encoder.encode(rows, as: .jsonArray) { chunk in try handle.write(contentsOf: Data(chunk)) }

        let stream = JoltStreamEncoder<Row>(encoder: encoder, format: .jsonLines)   // push values one at a time
        for row in rows { try stream.append(row) { chunk in output.append(contentsOf: chunk) } }
        try stream.finish { chunk in output.append(contentsOf: chunk) }

        try handle.close()
        let lines = rows.map { #"{"id":\#($0.id),"name":"\#($0.name)"}"# + "\n" }.joined()
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), lines)
        XCTAssertEqual(try Data(contentsOf: arrayURL), try encoder.encode(rows), "exactly the bytes encode(array) writes")
        XCTAssertEqual(String(decoding: output, as: UTF8.self), lines)
        XCTAssertEqual(stream.valueCount, 3)
    }
}
