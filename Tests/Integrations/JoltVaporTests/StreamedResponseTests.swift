#if Vapor
import AsyncHTTPClient
import Foundation
import Jolt
import JoltNIO
import JoltVapor
import NIOCore
import NIOPosix
import Synchronization
import Vapor
import XCTest

/// `Response.joltElements(_:as:for:)` on a live Vapor server, read by
/// AsyncHTTPClient: the app's encoder, chunks, a response that cannot be
/// finished, and a client that stops reading.
final class StreamedResponseTests: XCTestCase {
    struct Item: Encodable, Sendable {
        var id: Int
        var note: String?
        var at: Date
        var broken = false

        func encode(to encoder: any Encoder) throws {
            if broken { throw EncodingError.invalidValue(id, .init(codingPath: [], debugDescription: "item \(id)")) }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(note, forKey: .note)
            try container.encode(at, forKey: .at)
        }

        enum CodingKeys: String, CodingKey { case id, note, at }
    }

    static func item(_ index: Int, padding: Int = 0) -> Item {
        Item(id: index, note: index % 2 == 0 ? nil : "note " + String(repeating: "y", count: padding),
             at: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
    }

    /// A count shared by the route and the test.
    final class Tally: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        /// Adds one; returns the count before.
        func next() -> Int { count.withLock { value in defer { value += 1 }; return value } }
    }

    private var app: Application!
    private var client: HTTPClient!
    private var port = 0
    /// Items pulled by the `/items` route's feeds, over all its requests.
    private let pulled = Tally()

    override func setUp() async throws {
        app = try await TestApp.make(store: EventStore())
        let pulled = pulled
        app.get("items") { req -> Response in
            let count = req.query[Int.self, at: "count"] ?? 0
            let failAt = req.query[Int.self, at: "fail"]
            let padding = req.query[Int.self, at: "padding"] ?? 0
            let format: JoltEncoder.StreamFormat = req.query[String.self, at: "format"] == "lines" ? .jsonLines : .jsonArray
            let next = Tally()
            let feed = AsyncStream<Item>(unfolding: {
                let index = next.next()
                guard index < count else { return nil }
                _ = pulled.next()
                var item = Self.item(index, padding: padding)
                item.broken = index == failAt
                return item
            })
            return .joltElements(feed, as: format, for: req, flushThreshold: 4096)
        }
        // The sample of the article "Servers".
        let store = ExportStore(stored: [1, 2, 3])

        app.get("events", "export") { req -> Response in
            .joltElements(store.events(after: 0), as: .jsonLines, for: req)
        }

        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        port = try XCTUnwrap(app.http.server.shared.localAddress?.port)
        client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
    }

    override func tearDown() async throws {
        try await client.shutdown()
        await app.server.shutdown()
        try await app.asyncShutdown()
        app = nil
    }

    private func get(_ query: String) async throws -> (HTTPClientResponse, parts: Int, body: [UInt8]) {
        try await get(path: "items?" + query)
    }

    private func get(path: String) async throws -> (HTTPClientResponse, parts: Int, body: [UInt8]) {
        let response = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/\(path)"), timeout: .seconds(60))
        var parts = 0
        var body: [UInt8] = []
        for try await part in response.body {
            parts += 1
            body += part.readableBytesView
        }
        return (response, parts, body)
    }

    /// Stored events, read page by page (what a database cursor gives).
    struct ExportStore: Sendable {
        let stored: [Int]

        func events(after id: Int) -> AsyncStream<Item> {
            let pages = Mutex(stored.filter { $0 > id }[...])
            return AsyncStream(unfolding: { pages.withLock { $0.popFirst() }.map { StreamedResponseTests.item($0) } })
        }
    }

    /// The sample of the article "Servers", as written there.
    /// (The route is added in `setUp`, before the server starts.)
    func testTheArticleSample() async throws {
        let (response, _, body) = try await get(path: "events/export")
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.headers.first(name: "Content-Type"), "application/x-ndjson")
        let encoder = TestApp.encoder()
        let expected = try [1, 2, 3].flatMap { (index: Int) -> [UInt8] in try Array(encoder.encode(Self.item(index))) + [0x0A] }
        XCTAssertEqual(body, expected)
    }

    /// A JSON array in chunks, written by the app's encoder (`useJolt`'s: sorted
    /// keys, `nil` as `null`, ISO 8601 dates): the bytes of the whole array.
    func testAJSONArrayIsWrittenByTheAppsEncoderInChunks() async throws {
        let (response, parts, body) = try await get("count=3000")
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.headers.first(name: "Content-Type"), "application/json; charset=utf-8")
        XCTAssertEqual(response.headers.first(name: "Transfer-Encoding"), "chunked")
        XCTAssertGreaterThan(parts, 5)
        XCTAssertEqual(body, Array(try TestApp.encoder().encode((0..<3000).map { Self.item($0) })))
        XCTAssertTrue(String(decoding: body.prefix(80), as: UTF8.self).hasPrefix(#"[{"at":"2023-11-14T22:13:20Z","id":0,"note":null}"#))

        let (_, _, empty) = try await get("count=0")
        XCTAssertEqual(String(decoding: empty, as: UTF8.self), "[]")
    }

    func testJSONLinesOneValueALine() async throws {
        let (response, _, body) = try await get("count=1000&format=lines")
        XCTAssertEqual(response.headers.first(name: "Content-Type"), "application/x-ndjson")
        let encoder = TestApp.encoder()
        let expected = try (0..<1000).flatMap { (index: Int) -> [UInt8] in try Array(encoder.encode(Self.item(index))) + [0x0A] }
        XCTAssertEqual(body, expected)
    }

    /// An item that does not encode after chunks went out: `200`, part of the
    /// body, then an error at the client, never a body that ends as if whole.
    func testAnItemThatDoesNotEncodeFailsTheResponseAtTheClient() async throws {
        for format in ["array", "lines"] {
            let response = try await client.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/items?count=4000&fail=2500&format=\(format)"), timeout: .seconds(30))
            XCTAssertEqual(response.status, .ok)
            var received = 0
            do {
                for try await part in response.body { received += part.readableBytes }
                XCTFail("\(format): the body ended normally after \(received) bytes")
            } catch {
                XCTAssertGreaterThan(received, 0, "\(format): \(error)")
            }
        }
        let (response, _, body) = try await get("count=2&format=lines")
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(body.filter { $0 == 0x0A }.count, 2)
    }

    /// A client that stops reading a 200 MB body: the server stops pulling
    /// items once the connection's buffers are full.
    func testAClientThatStopsReadingHoldsTheFeedBack() async throws {
        let count = 200_000
        let port = port, client = client!
        let firstPart = Mutex(false)
        let reader = Task {
            let response = try await client.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/items?count=\(count)&padding=1000&format=lines"), timeout: .seconds(60))
            var parts = response.body.makeAsyncIterator()
            _ = try await parts.next()
            firstPart.withLock { $0 = true }
            try await Task.sleep(for: .seconds(60))   // reads nothing more, until cancelled
            _ = try await parts.next()
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while !firstPart.withLock({ $0 }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertTrue(firstPart.withLock { $0 }, "no part of the body arrived")
        try await Task.sleep(for: .milliseconds(1500))
        let held = pulled.value
        try await Task.sleep(for: .milliseconds(500))
        let later = pulled.value
        XCTAssertLessThan(later, count / 4, "the server pulled \(later) of \(count) items of a body nobody read")
        XCTAssertLessThan(later - held, 2000, "still pulling: \(held) then \(later)")
        reader.cancel()
        _ = await reader.result
    }
}
#endif
