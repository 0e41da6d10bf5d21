import Foundation
import Hummingbird
import Jolt
import JoltHummingbird
import JoltNIO
import Logging
import NIOCore
import Synchronization

/// The answer to `POST /events`: `{"accepted": N, "rejected": [{"index", "offset", "error"}], "stored": N}`.
/// `stored` rows have committed before the answer is sent; on success it equals `accepted`.
public struct IngestResult: Codable, Sendable, Equatable, ResponseEncodable {
    public var accepted: Int
    public var rejected: [JoltRejectedElement]
    public var stored: Int

    public init(accepted: Int, rejected: [JoltRejectedElement], stored: Int) {
        self.accepted = accepted
        self.rejected = rejected
        self.stored = stored
    }
}

/// The answer to `GET /events/count`.
public struct EventCount: Codable, Sendable, Equatable, ResponseEncodable {
    public var count: Int
}

/// What the server has told its clients, for tests and logs.
public final class IngestStats: Sendable {
    private let state = Mutex((requests: 0, finished: 0, reportedRows: 0))

    public init() {}

    /// `POST /events` requests begun.
    public var requests: Int { state.withLock { $0.requests } }
    /// `POST /events` requests whose handler has ended (answered, failed, or
    /// given up on a client that went away).
    public var finished: Int { state.withLock { $0.finished } }
    /// Rows that answers (`200`s, and `400`s through `stored`) said were stored.
    public var reportedRows: Int { state.withLock { $0.reportedRows } }

    func requestBegan() { state.withLock { $0.requests += 1 } }
    func requestFinished() { state.withLock { $0.finished += 1 } }
    func reported(_ rows: Int) { state.withLock { $0.reportedRows += rows } }
}

/// A body that ended before its `Content-Length`: the client went away.
public struct IncompleteBodyError: Error, CustomStringConvertible {
    public var received: Int
    public var expected: Int
    public var description: String { "The body ended after \(received) of \(expected) bytes" }
}

/// The buffers of a request body, throwing ``IncompleteBodyError`` instead of
/// ending when fewer bytes came than its `Content-Length` said: a body cut
/// short is never taken for a whole one.
struct CompleteBody<Base: AsyncSequence>: AsyncSequence where Base.Element == ByteBuffer {
    typealias Element = ByteBuffer
    let base: Base
    let expected: Int?

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), expected: expected)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let expected: Int?
        var received = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let buffer = try await base.next() else {
                if let expected, received < expected {
                    throw IncompleteBodyError(received: received, expected: expected)
                }
                return nil
            }
            received += buffer.readableBytes
            return buffer
        }
    }
}

/// The routes, on one store and one decoder mode.
public struct IngestService: Sendable {
    public let configuration: IngestConfiguration
    public let store: EventStore
    public let stats: IngestStats
    let joltDecoder: JoltDecoder

    /// Opens the store at `configuration.databasePath`.
    public init(configuration: IngestConfiguration, stats: IngestStats = IngestStats()) throws {
        self.configuration = configuration
        self.stats = stats
        store = try EventStore(path: configuration.databasePath)
        let decoder = JoltDecoder()
        // With --decoder foundation this decoder is not used.
        decoder.backend = configuration.decoder.backend ?? .default
        decoder.dateDecodingStrategy = .iso8601
        decoder.register(EventPayloads.registry)
        joltDecoder = decoder
    }

    /// A Foundation decoder set up like the Jolt one.
    func makeFoundationDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.userInfo[PolymorphicRegistries.userInfoKey] = PolymorphicRegistries(EventPayloads.registry)
        return decoder
    }

    /// `POST /events[?errors=skip|stop]`.
    public func ingest(_ request: Request, context: some RequestContext) async throws -> IngestResult {
        stats.requestBegan()
        defer { stats.requestFinished() }
        var errorPolicy = configuration.errorPolicy
        if let text = request.uri.queryParameters.get("errors") {
            guard let policy = IngestConfiguration.errorPolicy(text) else {
                throw Self.badQuery("errors takes skip or stop, not \(text)")
            }
            errorPolicy = policy
        }
        let contentType = request.headers[.contentType]
        let contentLength = request.headers[.contentLength].flatMap { Int($0) }
        let body = CompleteBody(base: request.body, expected: contentLength)
        var pipeline = BatchPipeline(store: store, batchSize: configuration.batchSize)
        var accepted = 0
        let rejected: [JoltRejectedElement]
        do {
            switch configuration.decoder {
            case .joltSIMDJSON, .joltYAJL, .joltSwift:
                let report = try await joltDecoder.forEachElement(
                    Event.self, fromRequestBody: body, contentType: contentType, contentLength: contentLength,
                    errorPolicy: errorPolicy, maxBodyBytes: configuration.maxBodyBytes
                ) { event in
                    accepted += 1
                    try await pipeline.append(EventRow(event))
                }
                rejected = report.rejectedElements
            case .foundation:
                let (format, data) = try await collect(body, contentType: contentType, contentLength: contentLength)
                rejected = try await FoundationIngest.forEachElement(
                    in: data, format: format, decoder: makeFoundationDecoder(), errorPolicy: errorPolicy
                ) { event in
                    accepted += 1
                    try await pipeline.append(EventRow(event))
                }
            }
        } catch var problem as JoltProblemDetails {
            // The body was wrong (or too large) at some point: what came before
            // it is committed, and the answer says how much.
            let stored = try await pipeline.finish()
            problem.extensions["stored"] = .number(JSONNumber(stored))
            problem.extensions["accepted"] = .number(JSONNumber(accepted))
            stats.reported(stored)
            throw problem
        } catch {
            // The client went away, or the store failed: no more is committed,
            // and nobody is told anything was.
            _ = await pipeline.abandon()
            throw error
        }
        let stored = try await pipeline.finish()
        stats.reported(stored)
        return IngestResult(accepted: accepted, rejected: rejected, stored: stored)
    }

    /// Foundation mode: the whole body, after the checks the Jolt modes make
    /// (`415` for a media type that is not JSON or JSON Lines, `413` over the limit).
    private func collect(
        _ body: some AsyncSequence<ByteBuffer, any Error>, contentType: String?, contentLength: Int?
    ) async throws -> (JoltStreamFormat, Data) {
        let format = try JoltStreamFormat.forRequestBody(contentType: contentType)
        let limit = configuration.maxBodyBytes
        if let contentLength, contentLength > limit { throw JoltProblemDetails.bodyTooLarge(limit: limit) }
        var data = Data()
        if let contentLength { data.reserveCapacity(contentLength) }
        do {
            for try await buffer in JoltLimitedBody(body, maxBytes: limit) {
                buffer.withUnsafeReadableBytes { data.append($0.assumingMemoryBound(to: UInt8.self)) }
            }
        } catch let error as JoltBodyTooLargeError {
            throw JoltProblemDetails.bodyTooLarge(limit: error.limit)
        }
        return (format, data)
    }

    /// `400` for a query parameter the route cannot use.
    static func badQuery(_ detail: String) -> JoltProblemDetails {
        JoltProblemDetails(type: "urn:ingest:problem:bad-query", title: "Bad Request", status: 400, detail: detail)
    }

    /// `GET /events/count`.
    public func count() async throws -> EventCount {
        EventCount(count: try await store.count())
    }

    /// `GET /events/export[?after=ROWID][&format=lines|array]`: the stored rows
    /// after `after` (default 0: all), in `rowid` order, as JSON Lines (the
    /// default) or one JSON array, streamed from the database a page at a time
    /// at the client's pace (``EventStore/events(after:pageSize:)``). Written by
    /// Jolt's encoder whatever `--decoder` says.
    public func export(_ request: Request, context: some RequestContext) throws -> Response {
        let query = request.uri.queryParameters
        var after: Int64 = 0
        if let text = query.get("after") {
            guard let value = Int64(text), value >= 0 else {
                throw Self.badQuery("after takes a rowid (a whole number, 0 or more), not \(text)")
            }
            after = value
        }
        let format: JoltEncoder.StreamFormat
        switch query.get("format") {
        case nil, "lines": format = .jsonLines
        case "array": format = .jsonArray
        case let other?:
            throw Self.badQuery("format takes lines or array, not \(other)")
        }
        return .joltElements(store.events(after: after), as: format, context: context)
    }
}

/// Builds the server.
public enum IngestApp {
    /// The router of `service`: `POST /events`, `GET /events/count`, `GET /events/export`.
    public static func makeRouter(_ service: IngestService) -> Router<JoltRequestContext> {
        let router = Router(context: JoltRequestContext.self)
        router.post("/events") { request, context in
            try await service.ingest(request, context: context)
        }
        router.get("/events/count") { _, _ in
            try await service.count()
        }
        router.get("/events/export") { request, context in
            try service.export(request, context: context)
        }
        return router
    }

    /// The application of `service` (logging to `logger`, or at the
    /// configuration's level), bound to its configuration's host and
    /// port; `onServerRunning` gets the bound port once connections are accepted.
    public static func makeApplication(
        _ service: IngestService, logger: Logger? = nil,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> Application<RouterResponder<JoltRequestContext>> {
        let configuration = service.configuration
        var defaultLogger = Logger(label: "IngestServer")
        defaultLogger.logLevel = configuration.logLevel
        return Application(
            router: makeRouter(service),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "IngestServer"),
            onServerRunning: { channel in
                await onServerRunning(channel.localAddress?.port ?? configuration.port)
            },
            logger: logger ?? defaultLogger
        )
    }
}
