#if Vapor
import AsyncHTTPClient
import Foundation
import Jolt
import JoltNIO
import JoltServerTestSupport
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

    private var live: LiveServer!
    /// Items pulled by the `/items` route's feeds, over all its requests.
    private let pulled = Tally()

    override func setUp() async throws {
        let app = try await TestApp.make(store: EventStore())
        let pulled = pulled
        app.get("items") { req -> Response in
            let count = req.query[Int.self, at: "count"] ?? 0
            let failAt = req.query[Int.self, at: "fail"]
            let padding = req.query[Int.self, at: "padding"] ?? 0
            let format: JoltEncoder.StreamFormat = req.query[String.self, at: "format"] == "lines" ? .jsonLines : .jsonArray
            let next = Tally()
            let feed = AsyncStream<Breakable<Item>>(unfolding: {
                let index = next.next()
                guard index < count else { return nil }
                _ = pulled.next()
                return Breakable(Self.item(index, padding: padding), broken: index == failAt)
            })
            return .joltElements(feed, as: format, for: req, flushThreshold: 4096)
        }
        // The sample of the article "Servers".
        let store = ExportStore(stored: [1, 2, 3])

        app.get("events", "export") { req -> Response in
            .joltElements(store.events(after: 0), as: .jsonLines, for: req)
        }

        live = try await LiveServer.start(app)
    }

    override func tearDown() async throws {
        try await live.stop()
        live = nil
    }

    private func get(_ query: String) async throws -> (HTTPClientResponse, parts: Int, body: [UInt8]) {
        try await get(path: "items?" + query)
    }

    private func get(path: String) async throws -> (HTTPClientResponse, parts: Int, body: [UInt8]) {
        let body = try await StreamedBody.fetch(live.client, "http://127.0.0.1:\(live.port)/\(path)")
        return (body.response, body.parts, body.bytes)
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
            try await assertTheBodyFails(live.client, "http://127.0.0.1:\(live.port)/items?count=4000&fail=2500&format=\(format)")
        }
        let (response, _, body) = try await get("count=2&format=lines")
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(body.filter { $0 == 0x0A }.count, 2)
    }

    /// A client that stops reading a 200 MB body: the server stops pulling
    /// items once the connection's buffers are full.
    func testAClientThatStopsReadingHoldsTheFeedBack() async throws {
        let count = 200_000
        let pulled = pulled
        try await assertAStalledClientHoldsTheFeedBack(
            live.client, "http://127.0.0.1:\(live.port)/items?count=\(count)&padding=1000&format=lines", total: count
        ) { pulled.value }
    }
}
#endif
