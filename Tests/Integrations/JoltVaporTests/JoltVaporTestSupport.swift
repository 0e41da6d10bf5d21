#if Vapor
import AsyncHTTPClient
import Foundation
import Jolt
import JoltNIO
import JoltVapor
import NIOPosix
import Vapor
import XCTest

struct Item: Codable, Equatable {
    var sku: String
    var price: Double
}

struct Order: Content, Equatable {
    var id: Int
    var items: [Item]
    var placedAt: Date?
    var note: String?
}

struct Event: Content, Equatable {
    var id: Int
    var name: String
}

/// What the streaming routes answer.
struct Summary: Content, Equatable {
    var stored: Int
    var rejected: [JoltRejectedElement]
}

/// An RFC 9457 body, read in the tests with Foundation's decoder.
struct Problem: Decodable, Equatable {
    var type: String
    var title: String
    var status: Int
    var detail: String
    var offset: Int?
    var line: Int?
    var column: Int?
    var codingPath: String?
    var elementIndex: Int?
    var stored: Int?
}

/// What the streaming routes saw: the elements handed to them and how each run ended.
actor EventStore {
    private(set) var events: [Event] = []
    private(set) var outcomes: [String] = []

    func append(_ event: Event) {
        events.append(event)
    }

    func finish(_ outcome: String) {
        outcomes.append(outcome)
    }

    /// Waits until at least `count` events are stored, or `seconds` pass; returns whether it got there.
    func waitForEvents(_ count: Int, seconds: Int = 10) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while events.count < count {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Waits until at least `count` runs of a streaming route have ended, or `seconds` pass.
    func waitForOutcomes(_ count: Int, seconds: Int = 10) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while outcomes.count < count {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }
}

enum TestApp {
    /// The encoder the test app answers with: Vapor's ISO 8601 dates, plus a
    /// Jolt-only option (`nil` written as `null`) that shows the response went through Jolt.
    static func encoder() -> JoltEncoder {
        let encoder = JoltEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.nilEncodingStrategy = .writeNull
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    /// A decoder with tight limits, for the routes that configure their own.
    static func strictDecoder() -> JoltDecoder {
        let decoder = JoltDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.limits.maxDepth = 4
        decoder.limits.maxStringBytes = 16
        decoder.limits.maxNumberBytes = 8
        return decoder
    }

    static let sampleDate = Date(timeIntervalSince1970: 1_700_000_000)

    static func make(store: EventStore) async throws -> Application {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        app.routes.defaultMaxBodySize = "1mb"
        app.useJolt(encoder: encoder())

        app.post("orders") { req in
            try req.content.decode(Order.self)
        }
        app.on(.POST, "orders", "small", body: .collect(maxSize: 64)) { req in
            try req.content.decode(Order.self)
        }
        app.grouped(JoltProblemMiddleware(maxBodyBytes: 64)).post("orders", "guarded") { req in
            try req.content.decode(Order.self)
        }
        let strict = strictDecoder()
        app.post("orders", "strict") { req in
            try req.content.decode(Order.self, using: strict)
        }
        app.get("orders", "sample") { _ in
            Order(id: 7, items: [Item(sku: "A-1", price: 2.5)], placedAt: sampleDate, note: nil)
        }
        app.post("event") { req in
            try req.content.decode(Event.self)
        }
        app.on(.POST, "documents", body: .stream) { req in
            try await req.decodeJolt(Order.self, maxBodyBytes: 200)
        }
        app.get("health") { _ in "ok" }

        app.on(.POST, "events", body: .stream) { req in
            try await stream(req, store: store, errorPolicy: .stop)
        }
        app.on(.POST, "events", "skip", body: .stream) { req in
            try await stream(req, store: store, errorPolicy: .skip)
        }
        app.on(.POST, "events", "limited", body: .stream) { req in
            try await stream(req, store: store, errorPolicy: .stop, decoder: strictDecoder(),
                             maxBodyBytes: 100, maxElementBytes: 40)
        }
        app.on(.POST, "events", "failing", body: .stream) { req -> Summary in
            try await req.forEachJoltElement(Event.self) { event in
                if event.id == 2 { throw Abort(.conflict, reason: "duplicate event 2") }
            }
            return Summary(stored: 0, rejected: [])
        }
        try await app.asyncBoot()
        return app
    }

    /// The streaming route: stores each element; under `.stop`, a bad element's
    /// problem says how many were stored before it.
    static func stream(_ req: Request, store: EventStore, errorPolicy: JoltStreamErrorPolicy,
                       decoder: JoltDecoder? = nil, maxBodyBytes: Int = 1 << 20,
                       maxElementBytes: Int = 64 << 20) async throws -> Summary {
        var stored = 0
        do {
            let report = try await req.forEachJoltElement(Event.self, decoder: decoder, errorPolicy: errorPolicy,
                                                          maxBodyBytes: maxBodyBytes,
                                                          maxElementBytes: maxElementBytes) { event in
                await store.append(event)
                stored += 1
            }
            await store.finish("ok")
            return Summary(stored: stored, rejected: report.rejectedElements)
        } catch var problem as JoltProblemDetails {
            await store.finish("problem \(problem.statusCode)")
            problem.extensions["stored"] = .number(JSONNumber(stored))
            throw problem
        } catch {
            await store.finish("error \(type(of: error))")
            throw error
        }
    }
}

extension ByteBuffer {
    init(_ text: String) {
        self.init(string: text)
    }
}

extension HTTPHeaders {
    static let json: HTTPHeaders = ["Content-Type": "application/json"]
    static let ndjson: HTTPHeaders = ["Content-Type": "application/x-ndjson"]
}
/// An app serving on 127.0.0.1 (an ephemeral port), and an AsyncHTTPClient for it.
///
/// ```swift
/// let live = try await LiveServer.start(app)
/// let response = try await live.client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(live.port)/"), timeout: .seconds(5))
/// try await live.stop()
/// ```
final class LiveServer {
    let app: Application
    let client: HTTPClient
    let port: Int

    private init(app: Application, client: HTTPClient, port: Int) {
        self.app = app
        self.client = client
        self.port = port
    }

    /// Starts `app`'s server (its routes must be added before).
    static func start(_ app: Application) async throws -> LiveServer {
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try XCTUnwrap(app.http.server.shared.localAddress?.port)
        return LiveServer(app: app, client: HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton), port: port)
    }

    /// Shuts the client, the server and the app down.
    func stop() async throws {
        try await client.shutdown()
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}
#endif
