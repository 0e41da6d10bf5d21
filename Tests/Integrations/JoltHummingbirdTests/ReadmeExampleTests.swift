#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdTesting
import Jolt
import JoltHummingbird
import JoltNIO
import XCTest

/// The Hummingbird sample of the README ("In a server") and of the article "Servers"
/// (Sources/Jolt/Jolt.docc/Servers.md), as written there, built and run (DocSnippetTests
/// checks that the block stands here).
final class ReadmeExampleTests: XCTestCase {
    struct Order: ResponseCodable, Equatable {
        var id: Int
        var total: Double
    }

    struct Event: Codable {
        var id: Int
    }

    struct IngestSummary: ResponseCodable {
        var accepted: Int
        var rejected: [JoltRejectedElement]
    }

    actor Store {
        private(set) var events: [Int] = []
        func append(_ event: Event) throws { events.append(event.id) }
    }

    func testTheReadmeRoutes() async throws {
        let store = Store()

        let router = Router(context: JoltRequestContext.self)
        router.post("orders") { request, context -> Order in
            try await request.decode(as: Order.self, context: context)
        }
        router.post("events") { request, context -> IngestSummary in
            var accepted = 0
            let report = try await request.forEachJoltElement(Event.self, context: context, errorPolicy: .skip) { event in
                try await store.append(event)
                accepted += 1
            }
            return IngestSummary(accepted: accepted, rejected: report.rejectedElements)
        }

        let app = Application(router: router)
        try await app.test(.live) { client in
            let order = try await client.execute(uri: "/orders", method: .post, headers: json(),
                                                 body: ByteBuffer(string: #"{"id": 1, "total": 2.5}"#))
            XCTAssertEqual(order.status, .ok)
            XCTAssertEqual(try JSONDecoder().decode(Order.self, from: Data(order.body.readableBytesView)), Order(id: 1, total: 2.5))
            let bad = try await client.execute(uri: "/orders", method: .post, headers: json(),
                                               body: ByteBuffer(string: "{\"id\": 1,\n \"total\": x}"))
            XCTAssertEqual(bad.status, .badRequest)
            XCTAssertEqual(bad.headers[.contentType], "application/problem+json")
            let problem = try JSONDecoder().decode(Problem.self, from: Data(bad.body.readableBytesView))
            XCTAssertEqual(problem.line, 2)
            XCTAssertEqual(problem.column, 11)
            let events = try await client.execute(uri: "/events", method: .post, headers: json("application/x-ndjson"),
                                                  body: ByteBuffer(string: "{\"id\": 1}\n{\"id\": \"two\"}\n{\"id\": 3}\n"))
            XCTAssertEqual(events.status, .ok)
            let summary = try JSONDecoder().decode(IngestSummary.self, from: Data(events.body.readableBytesView))
            XCTAssertEqual(summary.accepted, 2)
            XCTAssertEqual(summary.rejected.map(\.index), [1])
            XCTAssertEqual(summary.rejected.map(\.offset), [10])
        }
        let stored = await store.events
        XCTAssertEqual(stored, [1, 3])
    }
}
#endif
