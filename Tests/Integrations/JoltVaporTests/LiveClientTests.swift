#if Vapor
import AsyncHTTPClient
import Foundation
import Jolt
import JoltNIO
import JoltVapor
import NIOCore
import NIOPosix
import Vapor
import XCTest

/// A real AsyncHTTPClient against a live server on 127.0.0.1: bodies in 1-byte
/// chunks, bodies cut by the limit while the client is still sending, and
/// clients that go away mid-body.
final class LiveClientTests: XCTestCase {
    private var app: Application!
    private var store: EventStore!
    private var live: LiveServer!
    private var client: HTTPClient { live.client }
    private var port: Int { live.port }

    override func setUp() async throws {
        store = EventStore()
        app = try await TestApp.make(store: store)
        app.on(.POST, "chunks", body: .stream) { req -> String in
            var count = 0
            for try await _ in req.body { count += 1 }
            return String(count)
        }
        live = try await LiveServer.start(app)
    }

    override func tearDown() async throws {
        try await live.stop()
        live = nil
        app = nil
    }

    private func request(_ path: String, contentType: String, body: HTTPClientRequest.Body) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/\(path)")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: contentType)
        request.body = body
        return request
    }

    private func execute(_ request: HTTPClientRequest) async throws -> (HTTPResponseStatus, String?, ByteBuffer) {
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        return (response.status, response.headers.first(name: "Content-Type"), body)
    }

    private func problem(_ body: ByteBuffer) throws -> Problem {
        try JSONDecoder().decode(Problem.self, from: Data(body.readableBytesView))
    }

    /// The server still answers, and still streams.
    private func assertHealthy(file: StaticString = #filePath, line: UInt = #line) async throws {
        let before = await store.events.count
        let (status, _, body) = try await execute(request("events", contentType: "application/x-ndjson",
                                                          body: .bytes(ByteBuffer(StreamingRouteTests.lines(100..<103)))))
        XCTAssertEqual(status, .ok, body.string, file: file, line: line)
        XCTAssertEqual(try JSONDecoder().decode(Summary.self, from: Data(body.readableBytesView)).stored, 3, file: file, line: line)
        let after = await store.events.count
        XCTAssertEqual(after, before + 3, file: file, line: line)
    }

    // MARK: 1-byte chunks

    func testJSONLinesSentInOneByteChunksDecode() async throws {
        let text = StreamingRouteTests.lines(0..<20)
        let body = HTTPClientRequest.Body.stream(OneByteChunks(text), length: .known(Int64(text.utf8.count)))
        let (status, _, response) = try await execute(request("events", contentType: "application/x-ndjson", body: body))
        XCTAssertEqual(status, .ok, response.string)
        XCTAssertEqual(try JSONDecoder().decode(Summary.self, from: Data(response.readableBytesView)), Summary(stored: 20, rejected: []))
        let events = await store.events
        XCTAssertEqual(events, StreamingRouteTests.events(0..<20))
    }

    func testJSONArraySentInOneByteChunksWithUnknownLengthDecodes() async throws {
        let text = "[\n " + (0..<12).map(StreamingRouteTests.line).joined(separator: ",\n ") + "\n]"
        let body = HTTPClientRequest.Body.stream(OneByteChunks(text), length: .unknown)
        let (status, _, response) = try await execute(request("events/skip", contentType: "application/json", body: body))
        XCTAssertEqual(status, .ok, response.string)
        XCTAssertEqual(try JSONDecoder().decode(Summary.self, from: Data(response.readableBytesView)), Summary(stored: 12, rejected: []))
        let events = await store.events
        XCTAssertEqual(events, StreamingRouteTests.events(0..<12))
    }

    func testOneByteChunksReallyArriveAsManyBuffers() async throws {
        let text = StreamingRouteTests.lines(0..<5)
        let body = HTTPClientRequest.Body.stream(OneByteChunks(text), length: .known(Int64(text.utf8.count)))
        let (status, _, response) = try await execute(request("chunks", contentType: "application/x-ndjson", body: body))
        XCTAssertEqual(status, .ok)
        let buffers = try XCTUnwrap(Int(response.string))
        XCTAssertGreaterThan(buffers, 10, "the body should reach the server in many reads")
    }

    func testBadElementSentInOneByteChunksIsReportedWithItsOffset() async throws {
        let text = StreamingRouteTests.lines(0..<3) + #"{"id":3,"name":null}"# + "\n" + StreamingRouteTests.lines(4..<6)
        let body = HTTPClientRequest.Body.stream(OneByteChunks(text), length: .known(Int64(text.utf8.count)))
        let (status, _, response) = try await execute(request("events/skip", contentType: "application/x-ndjson", body: body))
        XCTAssertEqual(status, .ok, response.string)
        let summary = try JSONDecoder().decode(Summary.self, from: Data(response.readableBytesView))
        XCTAssertEqual(summary.stored, 5)
        XCTAssertEqual(summary.rejected.map(\.index), [3])
        XCTAssertEqual(summary.rejected.map(\.offset), [63])
    }

    // MARK: 413 while the client is still sending

    func testDeclaredLengthOverTheLimitIsAnswered413WithoutTheRestOfTheBody() async throws {
        let (chunks, continuation) = AsyncStream<ByteBuffer>.makeStream()
        defer { continuation.finish() }
        continuation.yield(ByteBuffer(StreamingRouteTests.lines(0..<1)))
        // Declares a megabyte, sends one line, and never sends the rest.
        let body = HTTPClientRequest.Body.stream(chunks, length: .known(Int64(1 << 20)))
        let (status, contentType, response) = try await execute(request("events/limited", contentType: "application/x-ndjson", body: body))
        XCTAssertEqual(status, .payloadTooLarge)
        XCTAssertEqual(contentType, "application/problem+json")
        let problem = try problem(response)
        XCTAssertEqual(problem.type, "urn:jolt:problem:body-too-large")
        XCTAssertEqual(problem.stored, 0)
        let count = await store.events.count
        XCTAssertEqual(count, 0)
        try await assertHealthy()
    }

    func testChunkedBodyIsCutWhenItPassesTheLimit() async throws {
        let (chunks, continuation) = AsyncStream<ByteBuffer>.makeStream()
        defer { continuation.finish() }
        let body = HTTPClientRequest.Body.stream(chunks, length: .unknown)
        let client = self.client
        let request = request("events/limited", contentType: "application/x-ndjson", body: body)
        let response = Task { try await client.execute(request, timeout: .seconds(30)) }
        // 21 bytes a line: three lines are within the route's 100 bytes, and the
        // fifth passes it; the client never ends the body.
        for id in 0..<3 {
            continuation.yield(ByteBuffer(StreamingRouteTests.lines(id..<id + 1)))
            let reached = await store.waitForEvents(id + 1)
            XCTAssertTrue(reached)
        }
        continuation.yield(ByteBuffer(StreamingRouteTests.lines(3..<5)))
        let answer = try await response.value
        XCTAssertEqual(answer.status, .payloadTooLarge)
        XCTAssertEqual(answer.headers.first(name: "Content-Type"), "application/problem+json")
        let problem = try problem(try await answer.body.collect(upTo: 1 << 16))
        XCTAssertEqual(problem.type, "urn:jolt:problem:body-too-large")
        XCTAssertTrue(problem.detail.contains("100 bytes"), problem.detail)
        XCTAssertEqual(problem.stored, 3)
        let ids = await store.events.map(\.id)
        XCTAssertEqual(ids, [0, 1, 2])
        try await assertHealthy()
    }

    func testVaporsCollectLimitOverAHCIsAProblem() async throws {
        let text = #"{"id":1,"items":[],"note":"\#(String(repeating: "n", count: 4096))"}"#
        let body = HTTPClientRequest.Body.stream(OneByteChunks(text, every: 512), length: .unknown)
        let (status, contentType, response) = try await execute(request("orders/small", contentType: "application/json", body: body))
        XCTAssertEqual(status, .payloadTooLarge)
        XCTAssertEqual(contentType, "application/problem+json")
        XCTAssertEqual(try problem(response).type, "urn:jolt:problem:body-too-large")
    }

    // MARK: A client that goes away

    func testClientDisconnectingMidBodyLeavesNoPhantomElementsAndNoStuckHandler() async throws {
        for (path, contentType, head) in [
            ("events", "application/x-ndjson", StreamingRouteTests.lines(0..<3) + #"{"id":3,"na"#),
            ("events/skip", "application/json", "[" + (0..<3).map(StreamingRouteTests.line).joined(separator: ",") + #",{"id":3,"na"#),
        ] {
            let before = await store.events.count
            let outcomesBefore = await store.outcomes.count
            let (chunks, continuation) = AsyncStream<ByteBuffer>.makeStream()
            let body = HTTPClientRequest.Body.stream(chunks, length: .known(Int64(1 << 16)))
            let client = self.client
            let request = request(path, contentType: contentType, body: body)
            let task = Task { try await client.execute(request, timeout: .seconds(60)) }
            continuation.yield(ByteBuffer(head))
            let reached = await store.waitForEvents(before + 3)
            XCTAssertTrue(reached, "the complete elements reach the handler while the body is open")
            try await Task.sleep(for: .milliseconds(100))   // the half element is on the server too

            task.cancel()
            let result = await task.result
            XCTAssertThrowsError(try result.get(), "the cancelled request fails on the client")
            continuation.finish()

            let ended = await store.waitForOutcomes(outcomesBefore + 1)
            XCTAssertTrue(ended, "the handler ends when its client goes away")
            let ids = await store.events.dropFirst(before).map(\.id)
            XCTAssertEqual(ids, [0, 1, 2], "\(path): no phantom element from the half-sent one")
            try await Task.sleep(for: .milliseconds(100))
            let outcomes = await store.outcomes.count
            XCTAssertEqual(outcomes, outcomesBefore + 1, "the handler ran once and ended once")
            // NIO reports the cut body as an HTTP parser error (thrown through as
            // it is); a body that just ended would be a truncated-JSON 400.
            let last = await store.outcomes.last ?? ""
            XCTAssertTrue(["error HTTPParserError", "problem 400"].contains(last), last)
            try await assertHealthy()
        }
    }
}

/// A body as one `ByteBuffer` per `every` bytes, with a short pause before
/// each so that they reach the server apart.
struct OneByteChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let bytes: [UInt8]
    let every: Int

    init(_ text: String, every: Int = 1) {
        bytes = Array(text.utf8)
        self.every = every
    }

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes, every: every) }

    struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let every: Int
        var index = 0

        mutating func next() async throws -> ByteBuffer? {
            guard index < bytes.count else { return nil }
            try await Task.sleep(for: .microseconds(200))
            let end = Swift.min(index + every, bytes.count)
            defer { index = end }
            return ByteBuffer(bytes: bytes[index..<end])
        }
    }
}
#endif
