import AsyncHTTPClient
import Foundation
import GRDB
import IngestServerCore
import Jolt
import NIOCore
import XCTest

/// `GET /events/export`: the stored rows streamed back from SQLite, a page at a
/// time, as JSON Lines or a JSON array, from any `rowid`.
final class ExportTests: XCTestCase {
    struct Export {
        var status: Int
        var contentType: String?
        var parts: Int
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }

        func lines() throws -> [StoredEvent] {
            try text.split(separator: "\n").map { try JSONDecoder().decode(StoredEvent.self, from: Data($0.utf8)) }
        }
    }

    func export(_ server: TestServer, _ query: String = "") async throws -> Export {
        let response = try await testClient.execute(HTTPClientRequest(url: server.baseURL + "/events/export" + query),
                                                    timeout: .seconds(120))
        var parts = 0
        var body: [UInt8] = []
        for try await part in response.body {
            parts += 1
            body += part.readableBytesView
        }
        return Export(status: Int(response.status.code), contentType: response.headers.first(name: "content-type"),
                      parts: parts, body: body)
    }

    /// The rows as GRDB reads them, with a connection of its own.
    func storedRows(_ server: TestServer) throws -> [Row] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: server.databasePath, configuration: configuration)
        return try queue.read { db in try Row.fetchAll(db, sql: "SELECT \(StoredEvent.columnList) FROM events ORDER BY rowid") }
    }

    func testExportStreamsEveryStoredRowInOrder() async throws {
        let server = try await TestServer.start(decoder: .joltSwift, batchSize: 500)
        do {
            let count = 2500
            let reply = try await server.post(Events.array((0..<count).map { Events.json($0) }).body)
            XCTAssertEqual(try reply.result().stored, count, reply.text)

            // JSON Lines, the default: every row, in rowid order, the columns as stored.
            let lines = try await export(server)
            XCTAssertEqual(lines.status, 200)
            XCTAssertEqual(lines.contentType, "application/x-ndjson")
            XCTAssertGreaterThan(lines.parts, 3, "the export came in one part")
            let events = try lines.lines()
            XCTAssertEqual(events.map(\.rowid), (1...Int64(count)).map { $0 })
            XCTAssertEqual(events.map(\.id), (0..<count).map(Events.id))
            let rows = try storedRows(server)
            XCTAssertEqual(rows.count, count)
            for (event, row) in zip(events, rows) {
                XCTAssertEqual(event.type, row["type"] as String)
                XCTAssertEqual(event.occurredAt, row["occurred_at"] as Double)
                XCTAssertEqual(event.userId, row["user_id"] as Int64)
                XCTAssertEqual(event.payloadKind, row["payload_kind"] as String)
                XCTAssertEqual(event.amount, row["amount"] as Double?)
                XCTAssertEqual(event.currency, row["currency"] as String?)
                XCTAssertEqual(event.itemCount, row["item_count"] as Int?)
                XCTAssertEqual(event.durationMs, row["duration_ms"] as Int?)
                XCTAssertEqual(event.detail, row["detail"] as String?)
            }
            // Each payload kind's columns came through.
            XCTAssertEqual(events[0].payloadKind, "purchase")
            XCTAssertEqual(events[0].currency, "EUR")
            XCTAssertEqual(events[1].durationMs, 1)
            XCTAssertNil(events[1].amount)

            // One JSON array: the same rows.
            let array = try await export(server, "?format=array")
            XCTAssertEqual(array.contentType, "application/json; charset=utf-8")
            XCTAssertEqual(try JSONDecoder().decode([StoredEvent].self, from: Data(array.body)), events)

            // From a rowid on (across a page boundary), and past the end.
            let rest = try await export(server, "?after=999")
            XCTAssertEqual(try rest.lines(), Array(events[999...]))
            let none = try await export(server, "?after=\(count)")
            XCTAssertEqual(none.status, 200)
            XCTAssertEqual(none.body, [])
            let emptyArray = try await export(server, "?after=\(count)&format=array")
            XCTAssertEqual(emptyArray.text, "[]")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func testABadQueryIs400() async throws {
        let server = try await TestServer.start(decoder: .joltSwift)
        do {
            for query in ["?after=-1", "?after=x", "?format=csv"] {
                let reply = try await export(server, query)
                XCTAssertEqual(reply.status, 400, query)
                XCTAssertEqual(reply.contentType, "application/problem+json", query)
                XCTAssertTrue(reply.text.contains("urn:ingest:problem:bad-query"), reply.text)
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
