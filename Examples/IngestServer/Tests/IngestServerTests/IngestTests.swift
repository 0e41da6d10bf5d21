import AsyncHTTPClient
import Foundation
import GRDB
import IngestServerCore
import Jolt
import NIOCore
import XCTest

/// The routes on each decoder: bodies that are right, wrong elements under
/// both policies, and bodies that are wrong as a whole. Every test checks
/// that the rows in the database (a direct GRDB count) are what the answers
/// said were stored.
final class IngestTests: XCTestCase {
    /// Runs `body` against a fresh server for each decoder.
    func onEachDecoder(
        batchSize: Int = 1000, maxBodyBytes: Int = 2 << 30, errorPolicy: JoltStreamErrorPolicy = .skip,
        _ body: (TestServer, DecoderMode) async throws -> Void
    ) async throws {
        for mode in DecoderMode.allCases {
            let server = try await TestServer.start(decoder: mode, batchSize: batchSize, maxBodyBytes: maxBodyBytes,
                                                    errorPolicy: errorPolicy)
            do {
                try await body(server, mode)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }

    func testArrayJSONLinesAndSingleObjectOnEachDecoder() async throws {
        try await onEachDecoder(batchSize: 7) { server, mode in
            let array = Events.array((0..<50).map { Events.json($0) }).body
            var reply = try await server.post(array)
            XCTAssertEqual(reply.status, 200, "\(mode): \(reply.text)")
            XCTAssertEqual(try reply.result(), IngestResult(accepted: 50, rejected: [], stored: 50), "\(mode)")

            let lines = Events.lines((100..<130).map { Events.json($0) }).body
            reply = try await server.post(lines, contentType: "application/x-ndjson")
            XCTAssertEqual(reply.status, 200, "\(mode): \(reply.text)")
            XCTAssertEqual(try reply.result(), IngestResult(accepted: 30, rejected: [], stored: 30), "\(mode)")

            reply = try await server.post(Events.json(200))
            XCTAssertEqual(try reply.result(), IngestResult(accepted: 1, rejected: [], stored: 1), "\(mode)")

            reply = try await server.post("[]")
            XCTAssertEqual(try reply.result(), IngestResult(accepted: 0, rejected: [], stored: 0), "\(mode)")

            // No Content-Type: JSON.
            reply = try await server.post(Events.array([Events.json(300)]).body, contentType: nil)
            XCTAssertEqual(try reply.result(), IngestResult(accepted: 1, rejected: [], stored: 1), "\(mode)")

            XCTAssertEqual(try server.rowCount(), 82, "\(mode)")
            let counted = try await server.count()
            XCTAssertEqual(counted, 82, "\(mode)")
            XCTAssertEqual(server.stats.reportedRows, 82, "\(mode)")

            // The typed columns of each payload kind.
            let queue = try DatabaseQueue(path: server.databasePath)
            try await queue.read { db in
                let purchase = try XCTUnwrap(try Row.fetchOne(db, sql: "SELECT * FROM events WHERE id = 'evt-000000003'"))
                XCTAssertEqual(purchase["type"] as String?, "purchase")
                XCTAssertEqual(purchase["payload_kind"] as String?, "purchase")
                XCTAssertEqual(purchase["amount"] as Double?, 3.5)
                XCTAssertEqual(purchase["currency"] as String?, "EUR")
                XCTAssertEqual(purchase["item_count"] as Int?, 2)
                XCTAssertEqual(purchase["user_id"] as Int?, 100_003)
                XCTAssertEqual(purchase["occurred_at"] as Double?, 1_795_515_330)
                let pageView = try XCTUnwrap(try Row.fetchOne(db, sql: "SELECT * FROM events WHERE id = 'evt-000000100'"))
                XCTAssertEqual(pageView["payload_kind"] as String?, "pageView")
                XCTAssertEqual(pageView["duration_ms"] as Int?, 100)
                XCTAssertEqual(pageView["detail"] as String?, "https://example.com/products/100")
                XCTAssertNil(pageView["amount"] as Double?)
                let signup = try XCTUnwrap(try Row.fetchOne(db, sql: "SELECT * FROM events WHERE id = 'evt-000000200'"))
                XCTAssertEqual(signup["payload_kind"] as String?, "signup")
                XCTAssertEqual(signup["detail"] as String?, "pro")
            }
        }
    }

    /// Requests at once share the store: every answer's rows are there.
    func testConcurrentRequests() async throws {
        try await onEachDecoder(batchSize: 64) { server, mode in
            let results = try await withThrowingTaskGroup(of: IngestResult.self) { group in
                for request in 0..<6 {
                    let events = (request * 500..<(request + 1) * 500).map { Events.json($0) }
                    let (body, contentType) = request % 2 == 0
                        ? (Events.array(events).body, "application/json")
                        : (Events.lines(events).body, "application/x-ndjson")
                    group.addTask { try await server.post(body, contentType: contentType).result() }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            XCTAssertEqual(results.map(\.stored), Array(repeating: 500, count: 6), "\(mode)")
            XCTAssertEqual(try server.rowCount(), 3000, "\(mode)")
            let distinct = try await DatabaseQueue(path: server.databasePath).read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT id) FROM events")
            }
            XCTAssertEqual(distinct, 3000, "\(mode)")
        }
    }

    /// Elements that do not decode, in an array and in JSON Lines: each is
    /// reported with its index, byte offset and error; the others are stored.
    func testSkipModeReportsBadElementsAndStoresTheOthers() async throws {
        let elements = [
            Events.json(0),
            Events.json(1, payload: Events.payload(1, kind: "refund")),          // unknown payload kind
            Events.json(2),
            #"{"id":"evt-3","type":"purchase"}"#,                                // keys missing
            Events.json(4).replacingOccurrences(of: #""id":100004"#, with: #""id":"x""#),   // wrong type
            "42",                                                                // not an object
            Events.json(6).replacingOccurrences(of: "2026-11-24T10:15:30Z", with: "yesterday"),   // bad date
            Events.json(7),
        ]
        let badIndices = [1, 3, 4, 5, 6]
        try await onEachDecoder(batchSize: 2) { server, mode in
            var stored = 0
            let bodies: [(String, (body: String, offsets: [Int]))] = [
                ("application/json", Events.array(elements)), ("application/x-ndjson", Events.lines(elements)),
            ]
            for (contentType, (body, offsets)) in bodies {
                let reply = try await server.post(body, contentType: contentType)
                XCTAssertEqual(reply.status, 200, "\(mode) \(contentType): \(reply.text)")
                let result = try reply.result()
                XCTAssertEqual(result.accepted, 3, "\(mode) \(contentType)")
                XCTAssertEqual(result.stored, 3, "\(mode) \(contentType)")
                XCTAssertEqual(result.rejected.map(\.index), badIndices, "\(mode) \(contentType)")
                XCTAssertEqual(result.rejected.map(\.offset), badIndices.map { offsets[$0] }, "\(mode) \(contentType)")
                for rejected in result.rejected { XCTAssertFalse(rejected.error.isEmpty, "\(mode)") }
                XCTAssertTrue(result.rejected.first?.error.contains("refund") == true, "\(mode): \(result.rejected)")
                stored += result.stored
                XCTAssertEqual(try server.rowCount(), stored, "\(mode) \(contentType)")
            }
            let ids = try await DatabaseQueue(path: server.databasePath).read { db in
                try String.fetchAll(db, sql: "SELECT id FROM events ORDER BY rowid")
            }
            XCTAssertEqual(ids, ["evt-000000000", "evt-000000002", "evt-000000007",
                                 "evt-000000000", "evt-000000002", "evt-000000007"], "\(mode)")
        }
    }

    /// Under `stop` the first bad element answers 400 problem+json, which says
    /// how many rows were stored (the elements before it), and they are.
    func testStopModeAnswers400WithStored() async throws {
        var elements = (0..<12).map { Events.json($0) }
        elements[5] = Events.json(5, payload: Events.payload(5, kind: "refund"))
        // Per request (?errors=stop) on a server whose default is skip, and the
        // other way round.
        for (serverPolicy, query) in [(JoltStreamErrorPolicy.skip, "?errors=stop"), (.stop, "")] {
            try await onEachDecoder(batchSize: 2, errorPolicy: serverPolicy) { server, mode in
                var total = 0
                for (contentType, body) in [("application/json", Events.array(elements)),
                                            ("application/x-ndjson", Events.lines(elements))] {
                    let reply = try await server.post(body.body, contentType: contentType, query: query)
                    XCTAssertEqual(reply.status, 400, "\(mode) \(contentType): \(reply.text)")
                    XCTAssertTrue(reply.isProblem, "\(mode): \(reply.contentType ?? "none")")
                    let problem = try reply.json()
                    XCTAssertEqual(problem["status"] as? Int, 400, "\(mode)")
                    XCTAssertEqual(problem["elementIndex"] as? Int, 5, "\(mode): \(problem)")
                    XCTAssertEqual(problem["offset"] as? Int, body.offsets[5], "\(mode): \(problem)")
                    XCTAssertEqual(problem["stored"] as? Int, 5, "\(mode): \(problem)")
                    XCTAssertTrue((problem["detail"] as? String ?? "").contains("refund"), "\(mode): \(problem)")
                    total += 5
                    XCTAssertEqual(try server.rowCount(), total, "\(mode) \(contentType)")
                }
                // And skip overrides a stop default.
                if serverPolicy == .stop {
                    let reply = try await server.post(Events.array(elements).body, query: "?errors=skip")
                    XCTAssertEqual(try reply.result().stored, 11, "\(mode)")
                    XCTAssertEqual(try server.rowCount(), total + 11, "\(mode)")
                }
                let bad = try await server.post("[]", query: "?errors=maybe")
                XCTAssertEqual(bad.status, 400, "\(mode)")
                XCTAssertTrue(bad.isProblem, "\(mode)")
            }
        }
    }

    func testUnknownPayloadKindIsARejectedElement() async throws {
        try await onEachDecoder { server, mode in
            let body = Events.array([Events.json(0, payload: #"{"kind":"refund","amount":3}"#), Events.json(1)]).body
            let reply = try await server.post(body)
            let result = try reply.result()
            XCTAssertEqual(result.accepted, 1, "\(mode)")
            XCTAssertEqual(result.rejected.map(\.index), [0], "\(mode)")
            XCTAssertTrue(result.rejected.first?.error.contains("refund") == true, "\(mode): \(result.rejected)")
            // A payload without a kind at all.
            let missing = try await server.post(Events.json(2, payload: #"{"url":"x"}"#))
            XCTAssertEqual(try missing.result().rejected.map(\.index), [0], "\(mode)")
            XCTAssertEqual(try server.rowCount(), 1, "\(mode)")
        }
    }

    func testUnsupportedMediaTypeIs415() async throws {
        try await onEachDecoder { server, mode in
            let reply = try await server.post(Events.array([Events.json(0)]).body, contentType: "text/plain")
            XCTAssertEqual(reply.status, 415, "\(mode): \(reply.text)")
            XCTAssertTrue(reply.isProblem, "\(mode)")
            XCTAssertEqual(try reply.json()["stored"] as? Int, 0, "\(mode)")
            XCTAssertEqual(try server.rowCount(), 0, "\(mode)")
        }
    }

    /// A Content-Length over the limit is refused before the body is read.
    func testContentLengthOverTheLimitIs413() async throws {
        try await onEachDecoder(maxBodyBytes: 10_000) { server, mode in
            let body = Events.array((0..<40).map { Events.json($0) }).body
            XCTAssertGreaterThan(body.utf8.count, 10_000)
            let reply = try await server.post(body)
            XCTAssertEqual(reply.status, 413, "\(mode): \(reply.text)")
            XCTAssertTrue(reply.isProblem, "\(mode)")
            XCTAssertEqual(try reply.json()["stored"] as? Int, 0, "\(mode)")
            XCTAssertEqual(try server.rowCount(), 0, "\(mode)")
            // A body within the limit still goes through.
            let small = try await server.post(Events.array([Events.json(0)]).body)
            XCTAssertEqual(try small.result().stored, 1, "\(mode)")
        }
    }

    /// A chunked body (no Content-Length) is refused when its bytes pass the
    /// limit; the answer says what was stored before, and only that is.
    func testChunkedBodyPassingTheLimitIs413() async throws {
        try await onEachDecoder(batchSize: 5, maxBodyBytes: 20_000) { server, mode in
            let bytes = Array(Events.lines(0..<200).utf8)
            let reply = try await server.post(.stream(ChunkedBody.slicing(bytes, size: 1000), length: .unknown),
                                              contentType: "application/x-ndjson")
            XCTAssertEqual(reply.status, 413, "\(mode): \(reply.text)")
            XCTAssertTrue(reply.isProblem, "\(mode)")
            let stored = try XCTUnwrap(try reply.json()["stored"] as? Int, "\(mode)")
            XCTAssertLessThan(stored, 200, "\(mode)")
            XCTAssertEqual(try server.rowCount(), stored, "\(mode)")
        }
    }

    func testInvalidUTF8Is400() async throws {
        try await onEachDecoder { server, mode in
            for (contentType, framing) in [("application/json", Events.array), ("application/x-ndjson", Events.lines)] {
                let bad = Events.json(1).replacingOccurrences(of: "\"DE\"", with: "\"D\u{1}\"")
                var bytes = Array(framing([Events.json(0), bad, Events.json(2)]).body.utf8)
                let at = try XCTUnwrap(bytes.firstIndex(of: 0x01))
                bytes[at] = 0xFF   // a byte that is never UTF-8
                let reply = try await server.post(.bytes(ByteBuffer(bytes: bytes)), contentType: contentType)
                XCTAssertEqual(reply.status, 400, "\(mode) \(contentType): \(reply.text)")
                XCTAssertTrue(reply.isProblem, "\(mode)")
                let stored = try XCTUnwrap(try reply.json()["stored"] as? Int, "\(mode)")
                XCTAssertLessThanOrEqual(stored, 1, "\(mode)")
            }
            let reported = server.stats.reportedRows
            XCTAssertEqual(try server.rowCount(), reported, "\(mode)")
        }
    }

    /// A body that ends inside an element (sent whole, with its length).
    func testTruncatedBodyIs400() async throws {
        try await onEachDecoder(batchSize: 1) { server, mode in
            for (contentType, framing) in [("application/json", Events.array), ("application/x-ndjson", Events.lines)] {
                let text = framing([Events.json(0), Events.json(1), Events.json(2)]).body
                let cut = String(text.prefix(text.utf8.count - 60))
                let reply = try await server.post(cut, contentType: contentType)
                XCTAssertEqual(reply.status, 400, "\(mode) \(contentType): \(reply.text)")
                XCTAssertTrue(reply.isProblem, "\(mode)")
                let stored = try XCTUnwrap(try reply.json()["stored"] as? Int, "\(mode)")
                XCTAssertLessThanOrEqual(stored, 2, "\(mode)")
            }
            XCTAssertEqual(try server.rowCount(), server.stats.reportedRows, "\(mode)")
        }
    }

    /// 10,000 nested arrays, as the body and inside an element: a 400, and the
    /// server goes on.
    func testDeepNestingIs400() async throws {
        try await onEachDecoder { server, mode in
            let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
            var reply = try await server.post(deep)
            XCTAssertEqual(reply.status, 400, "\(mode): \(reply.text.prefix(300))")
            XCTAssertTrue(reply.isProblem, "\(mode)")

            let nested = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
            let element = Events.json(0).replacingOccurrences(of: #""k2":"v2""#, with: #""k2":\#(nested)"#)
            reply = try await server.post(element + "\n", contentType: "application/x-ndjson")
            XCTAssertEqual(reply.status, 400, "\(mode): \(reply.text.prefix(300))")

            reply = try await server.post(Events.array([Events.json(1)]).body)
            XCTAssertEqual(try reply.result().stored, 1, "\(mode)")
            XCTAssertEqual(try server.rowCount(), 1, "\(mode)")
        }
    }

    /// The body arrives one byte at a time.
    func testOneByteChunks() async throws {
        try await onEachDecoder(batchSize: 2) { server, mode in
            for (contentType, framing) in [("application/json", Events.array), ("application/x-ndjson", Events.lines)] {
                let bytes = Array(framing((0..<5).map { Events.json($0) }).body.utf8)
                for length in [HTTPClientRequest.Body.Length.known(Int64(bytes.count)), .unknown] {
                    let reply = try await server.post(.stream(ChunkedBody.slicing(bytes, size: 1), length: length),
                                                      contentType: contentType)
                    XCTAssertEqual(reply.status, 200, "\(mode) \(contentType): \(reply.text)")
                    XCTAssertEqual(try reply.result(), IngestResult(accepted: 5, rejected: [], stored: 5), "\(mode)")
                }
            }
            XCTAssertEqual(try server.rowCount(), 20, "\(mode)")
        }
    }

    func testCommandLine() throws {
        let configuration = try IngestConfiguration.parse([
            "--decoder", "jolt-swift", "--port", "0", "--db", "/tmp/x.sqlite", "--host=0.0.0.0", "--batch", "250",
            "--max-body-bytes", "1024", "--errors", "stop",
        ])
        XCTAssertEqual(configuration.decoder, .joltSwift)
        XCTAssertEqual(configuration.port, 0)
        XCTAssertEqual(configuration.databasePath, "/tmp/x.sqlite")
        XCTAssertEqual(configuration.host, "0.0.0.0")
        XCTAssertEqual(configuration.batchSize, 250)
        XCTAssertEqual(configuration.maxBodyBytes, 1024)
        XCTAssertEqual(configuration.errorPolicy, .stop)

        let defaults = try IngestConfiguration.parse([])
        XCTAssertEqual(defaults.decoder, .joltSIMDJSON)
        XCTAssertEqual(defaults.host, "127.0.0.1")
        XCTAssertEqual(defaults.batchSize, 1000)
        XCTAssertEqual(defaults.maxBodyBytes, 2 << 30)
        XCTAssertEqual(defaults.errorPolicy, .skip)

        for bad in [["--decoder", "simdjson"], ["--port"], ["--port", "-1"], ["--batch", "0"], ["--errors", "maybe"],
                    ["--verbose"], ["stray"]] {
            XCTAssertThrowsError(try IngestConfiguration.parse(bad), "\(bad)")
        }
    }
}
