#if Hummingbird
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Jolt
import JoltHummingbird
import JoltNIO
import JoltServerTestSupport
import Synchronization
import XCTest

/// `Response.joltElements`: a live server streams an `AsyncSequence` as a JSON
/// array or JSON Lines to AsyncHTTPClient, in chunks, at the client's pace, and
/// ends a response it cannot finish so that the client sees it fail.
final class ResponseStreamingTests: XCTestCase {
    struct ExportedEvent: Encodable, Sendable {
        var id: Int
        var eventName: String
    }

    /// What a feed did: elements pulled, and whether its iterator was released.
    final class FeedLog: Sendable {
        private let state = Mutex((pulled: 0, released: false))
        var pulled: Int { state.withLock { $0.pulled } }
        var released: Bool { state.withLock { $0.released } }
        func pull() { state.withLock { $0.pulled += 1 } }
        func release() { state.withLock { $0.released = true } }
    }

    /// `count` events with names of `nameBytes` bytes; the one numbered
    /// `failAt` does not encode.
    struct Feed: AsyncSequence, Sendable {
        typealias Element = Breakable<ExportedEvent>
        let count: Int
        var nameBytes = 8
        var failAt: Int?
        let log: FeedLog

        final class Token {
            let log: FeedLog
            init(_ log: FeedLog) { self.log = log }
            deinit { log.release() }
        }

        struct AsyncIterator: AsyncIteratorProtocol {
            let feed: Feed
            let token: Token
            var index = 0
            mutating func next() async throws -> Breakable<ExportedEvent>? {
                guard index < feed.count else { return nil }
                defer { index += 1 }
                token.log.pull()
                return Breakable(ResponseStreamingTests.event(index, nameBytes: feed.nameBytes), broken: index == feed.failAt)
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(feed: self, token: Token(log)) }
    }

    static func event(_ index: Int, nameBytes: Int = 8) -> ExportedEvent {
        let name = "event \(index) " + String(repeating: "x", count: max(0, nameBytes - 8))
        return ExportedEvent(id: index, eventName: name)
    }

    /// The route `/export?count=&format=lines|array&fail=&name=` on the default context.
    static func makeApp(log: FeedLog) -> some ApplicationProtocol {
        let router = Router(context: JoltRequestContext.self)
        router.get("/export") { request, context -> Response in
            let query = request.uri.queryParameters
            let feed = Feed(count: query.get("count", as: Int.self) ?? 0, nameBytes: query.get("name", as: Int.self) ?? 8,
                            failAt: query.get("fail", as: Int.self), log: log)
            let format: JoltEncoder.StreamFormat = query.get("format") == "lines" ? .jsonLines : .jsonArray
            return .joltElements(feed, as: format, context: context, flushThreshold: 4096)
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// Stored events, read page by page (what a database cursor gives).
    struct ExportStore: Sendable {
        let stored: [Event]

        func events(after id: Int) -> AsyncStream<Event> {
            let pages = Mutex(stored.filter { $0.id > id }[...])
            return AsyncStream(unfolding: { pages.withLock { $0.popFirst() } })
        }
    }

    /// The sample of the article "Servers", as written there.
    func testTheArticleSample() async throws {
        let store = ExportStore(stored: (1...3).map { Event(id: $0, name: "event \($0)") })

        let router = Router(context: JoltRequestContext.self)
        router.get("events/export") { request, context -> Response in
            .joltElements(store.events(after: 0), as: .jsonLines, context: context)
        }

        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let response = try await client.execute(uri: "/events/export", method: .get)
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.headers[.contentType], "application/x-ndjson")
            XCTAssertEqual(String(buffer: response.body),
                           (1...3).map { #"{"id":\#($0),"name":"event \#($0)"}"# + "\n" }.joined())
        }
    }

    // MARK: Whole streams

    func testAJSONArrayStreamsInChunksAndIsTheWholeArray() async throws {
        let app = Self.makeApp(log: FeedLog())
        try await app.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                let export = try await StreamedBody.fetch(http, "http://127.0.0.1:\(port)/export?count=5000")
                let (response, parts, body) = (export.response, export.parts, export.bytes)
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers["content-type"].first, "application/json; charset=utf-8")
                XCTAssertEqual(response.headers["transfer-encoding"].first, "chunked")
                XCTAssertTrue(response.headers["content-length"].isEmpty)
                XCTAssertGreaterThan(parts, 5, "the body came in one part")
                let events = (0..<5000).map { Self.event($0) }
                XCTAssertEqual(body, Array(try JoltEncoder().encode(events)))

                let empty = try await StreamedBody.fetch(http, "http://127.0.0.1:\(port)/export?count=0")
                XCTAssertEqual(empty.text, "[]")
            }
        }
    }

    func testJSONLinesStreamOneValueALine() async throws {
        let app = Self.makeApp(log: FeedLog())
        try await app.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                let export = try await StreamedBody.fetch(http, "http://127.0.0.1:\(port)/export?count=2000&format=lines")
                let (response, body) = (export.response, export.bytes)
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers["content-type"].first, "application/x-ndjson")
                let expected = try (0..<2000).flatMap { (index: Int) -> [UInt8] in try Array(JoltEncoder().encode(Self.event(index))) + [0x0A] }
                XCTAssertEqual(body, expected)
                // What the request side decodes back, line by line.
                struct Read: Decodable, Equatable { var id: Int; var eventName: String }
                let read = try String(decoding: body, as: UTF8.self).split(separator: "\n")
                    .map { try JoltDecoder().decode(Read.self, from: Array($0.utf8)) }
                XCTAssertEqual(read.map(\.id), Array(0..<2000))
            }
        }
    }

    /// The context's response encoder writes the elements (snake_case keys here).
    func testTheContextsEncoderWritesTheElements() async throws {
        let log = FeedLog()
        let router = Router(context: SnakeCaseContext.self)
        router.get("/snake") { _, context -> Response in
            .joltElements(Feed(count: 3, log: log), as: .jsonLines, context: context)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                let snake = try await StreamedBody.fetch(http, "http://127.0.0.1:\(port)/snake")
                XCTAssertEqual(snake.text,
                               (0..<3).map { #"{"id":\#($0),"event_name":"event \#($0) "}"# + "\n" }.joined())
            }
        }
    }

    // MARK: A response that cannot be finished

    /// An element that does not encode after the first chunks went out: the
    /// client got `200` and part of the body, then an error, never a body that
    /// ends as if whole; the server goes on serving.
    func testAnElementThatDoesNotEncodeFailsTheResponseAtTheClient() async throws {
        let log = FeedLog()
        let app = Self.makeApp(log: log)
        try await app.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                for format in ["array", "lines"] {
                    try await assertTheBodyFails(http, "http://127.0.0.1:\(port)/export?count=5000&fail=3000&format=\(format)")
                }
                // The server still answers.
                let after = try await StreamedBody.fetch(http, "http://127.0.0.1:\(port)/export?count=3&format=lines")
                XCTAssertEqual(after.response.status, .ok)
                XCTAssertEqual(after.bytes.filter { $0 == 0x0A }.count, 3)
            }
        }
    }

    // MARK: Backpressure and a client that goes away

    /// A client that stops reading: the server stops pulling elements once the
    /// connection's buffers are full, far from the end of a 200 MB feed; when
    /// the client goes away, the stream ends and the feed is released.
    func testAClientThatStopsReadingHoldsTheFeedBack() async throws {
        let log = FeedLog()
        let app = Self.makeApp(log: log)
        let count = 200_000, nameBytes = 1000
        try await app.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                let url = "http://127.0.0.1:\(port)/export?count=\(count)&name=\(nameBytes)&format=lines"
                try await assertAStalledClientHoldsTheFeedBack(http, url, total: count, whileStalled: {
                    XCTAssertFalse(log.released, "the feed was released while the client was still there")
                }, pulled: { log.pulled })
                let releaseDeadline = ContinuousClock.now + .seconds(20)
                while !log.released, ContinuousClock.now < releaseDeadline { try await Task.sleep(for: .milliseconds(10)) }
                XCTAssertTrue(log.released, "the stream went on after the client went away")
                XCTAssertLessThan(log.pulled, count / 4)
            }
        }
    }
}
#endif
