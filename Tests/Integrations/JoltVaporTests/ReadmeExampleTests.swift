#if Vapor
import Foundation
import Jolt
import JoltNIO
import JoltVapor
import XCTVapor
import XCTest

/// The Vapor sample of the article "Servers" (Sources/Jolt/Jolt.docc/Servers.md), as written
/// there, built and run (DocSnippetTests checks that the block stands here).
final class ReadmeExampleTests: XCTestCase {
    struct Order: Content, Equatable {
        var id: Int
        var total: Double
    }

    struct Event: Codable {
        var id: Int
    }

    struct IngestSummary: Content {
        var accepted: Int
        var rejected: [JoltRejectedElement]
    }

    actor Store {
        private(set) var events: [Int] = []
        func append(_ event: Event) throws { events.append(event.id) }
    }

    func testTheReadmeRoutes() async throws {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        let store = Store()

        app.useJolt()
        app.post("orders") { req -> Order in
            try req.content.decode(Order.self)
        }
        app.on(.POST, "events", body: .stream) { req -> IngestSummary in
            var accepted = 0
            let report = try await req.forEachJoltElement(Event.self, errorPolicy: .skip, maxBodyBytes: 1 << 30) { event in
                try await store.append(event)
                accepted += 1
            }
            return IngestSummary(accepted: accepted, rejected: report.rejectedElements)
        }

        do {
            try await app.test(.POST, "orders", headers: .json, body: ByteBuffer(string: #"{"id": 1, "total": 2.5}"#)) { res async throws in
                XCTAssertEqual(res.status, .ok)
                XCTAssertEqual(try JSONDecoder().decode(Order.self, from: Data(res.body.readableBytesView)), Order(id: 1, total: 2.5))
            }
            try await app.test(.POST, "orders", headers: .json, body: ByteBuffer(string: "{\"id\": 1,\n \"total\": x}")) { res async throws in
                XCTAssertEqual(res.status, .badRequest)
                XCTAssertEqual(res.headers.contentType?.description, "application/problem+json")
                let problem = try JSONDecoder().decode(Problem.self, from: Data(res.body.readableBytesView))
                XCTAssertEqual(problem.line, 2)
                XCTAssertEqual(problem.column, 11)
            }
            try await app.test(.POST, "events", headers: .ndjson,
                               body: ByteBuffer(string: "{\"id\": 1}\n{\"id\": \"two\"}\n{\"id\": 3}\n")) { res async throws in
                XCTAssertEqual(res.status, .ok)
                let summary = try JSONDecoder().decode(IngestSummary.self, from: Data(res.body.readableBytesView))
                XCTAssertEqual(summary.accepted, 2)
                XCTAssertEqual(summary.rejected.map(\.index), [1])
                XCTAssertEqual(summary.rejected.map(\.offset), [10])
            }
            let stored = await store.events
            XCTAssertEqual(stored, [1, 3])
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
#endif
