import AsyncHTTPClient
import Foundation
import GRDB
import IngestServerCore
import Jolt
import Logging
import NIOCore
import ServiceLifecycle
import XCTest

/// Event JSON in the shape the load benchmark sends (see README.md): kinds cycle
/// purchase, pageView, signup.
enum Events {
    static let kinds = ["purchase", "pageView", "signup"]

    static func id(_ i: Int) -> String {
        let digits = String(i)
        return "evt-" + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }

    static func payload(_ i: Int, kind: String? = nil) -> String {
        switch kind ?? kinds[i % 3] {
        case "purchase":
            return #"{"kind":"purchase","orderId":"ord-\#(i)","currency":"EUR","total":\#(Double(i % 1000) + 0.5),"items":[{"sku":"SKU-1","quantity":2,"price":19.95},{"sku":"SKU-\#(i % 97)","quantity":1,"price":\#(Double(i % 100) + 0.25)}]}"#
        case "pageView":
            return #"{"kind":"pageView","url":"https://example.com/products/\#(i)","durationMs":\#(i % 5000),"scrollDepth":0.75}"#
        case "signup":
            let referral = i % 2 == 0 ? "null" : #""ref-\#(i)""#
            return #"{"kind":"signup","plan":"pro","referralCode":\#(referral)}"#
        case let other:
            return #"{"kind":"\#(other)","value":1}"#
        }
    }

    /// One event as JSON text, `payload` (a JSON object) replacing the usual one.
    static func json(_ i: Int, payload: String? = nil, type: String? = nil) -> String {
        #"{"id":"\#(id(i))","type":"\#(type ?? kinds[i % 3])","occurredAt":"2026-11-24T10:15:30Z","source":{"app":"web","version":"4.12.0","ip":"10.1.2.\#(i % 250)","userAgent":"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"},"user":{"id":\#(100_000 + i),"email":"user\#(100_000 + i)@example.com","country":"DE","tags":["beta","newsletter"]},"payload":\#(payload ?? Self.payload(i)),"context":{"sessionId":"sess-\#(i / 10)","referrer":"https://example.com/landing?i=\#(i)","attributes":{"k1":"v1","k2":"v2"}}}"#
    }

    /// A JSON array of `elements`, with the byte offset where each begins.
    static func array(_ elements: [String]) -> (body: String, offsets: [Int]) {
        var body = "[\n"
        var offsets: [Int] = []
        for (index, element) in elements.enumerated() {
            if index > 0 { body += ",\n" }
            body += "  "
            offsets.append(body.utf8.count)
            body += element
        }
        body += "\n]\n"
        return (body, offsets)
    }

    /// JSON Lines of `elements`, with the byte offset where each begins.
    static func lines(_ elements: [String]) -> (body: String, offsets: [Int]) {
        var body = ""
        var offsets: [Int] = []
        for element in elements {
            offsets.append(body.utf8.count)
            body += element + "\n"
        }
        return (body, offsets)
    }

    /// Events `range` as JSON Lines.
    static func lines(_ range: Range<Int>) -> String {
        var text = ""
        for i in range { text += json(i) + "\n" }
        return text
    }
}

/// Chunks of a body made on demand (so that a large body is never in memory
/// whole): `make(i)` gives chunk `i`, or nil at the end.
struct ChunkedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let make: @Sendable (Int) async throws -> ByteBuffer?

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(make: make) }

    struct AsyncIterator: AsyncIteratorProtocol {
        let make: @Sendable (Int) async throws -> ByteBuffer?
        var index = 0

        mutating func next() async throws -> ByteBuffer? {
            defer { index += 1 }
            return try await make(index)
        }
    }

    /// `bytes` in chunks of `size` bytes.
    static func slicing(_ bytes: [UInt8], size: Int) -> ChunkedBody {
        ChunkedBody { index in
            let start = index * size
            guard start < bytes.count else { return nil }
            return ByteBuffer(bytes: bytes[start..<Swift.min(bytes.count, start + size)])
        }
    }
}

/// A client that gave up on its body (thrown from the body's sequence).
struct ClientGaveUp: Error {}

/// An HTTP answer.
struct Reply {
    var status: Int
    var contentType: String?
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func json(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(body))
        return try XCTUnwrap(object as? [String: Any], "not an object: \(text)", file: file, line: line)
    }

    func result() throws -> IngestResult {
        try JSONDecoder().decode(IngestResult.self, from: Data(body))
    }

    var isProblem: Bool { contentType?.hasPrefix("application/problem+json") == true }
}

/// An IngestServer running in this process on 127.0.0.1, on an ephemeral
/// port, with its own SQLite file in a temporary directory.
final class TestServer: Sendable {
    let service: IngestService
    let port: Int
    let directory: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    var databasePath: String { service.configuration.databasePath }
    var stats: IngestStats { service.stats }

    private init(service: IngestService, port: Int, directory: URL, group: ServiceGroup, task: Task<Void, any Error>) {
        self.service = service
        self.group = group
        self.port = port
        self.directory = directory
        self.task = task
    }

    static func start(
        decoder: DecoderMode, batchSize: Int = 1000, maxBodyBytes: Int = 2 << 30,
        errorPolicy: JoltStreamErrorPolicy = .skip
    ) async throws -> TestServer {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("IngestServerTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = IngestConfiguration()
        configuration.port = 0
        configuration.databasePath = directory.appendingPathComponent("events.sqlite").path
        configuration.decoder = decoder
        configuration.batchSize = batchSize
        configuration.maxBodyBytes = maxBodyBytes
        configuration.errorPolicy = errorPolicy
        configuration.logLevel = .warning
        let service = try IngestService(configuration: configuration)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = IngestApp.makeApplication(service) { port in
            continuation.yield(port)
            continuation.finish()
        }
        var logger = Logger(label: "IngestServerTests")
        logger.logLevel = .warning
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task {
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            task.cancel()
            throw XCTSkip("server did not start")
        }
        return TestServer(service: service, port: port, directory: directory, group: group, task: task)
    }

    /// Shuts the server down gracefully, and removes its files.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
        try? FileManager.default.removeItem(at: directory)
    }

    /// The number of rows in `events`, read with a connection of its own.
    func rowCount() throws -> Int {
        try Self.rowCount(at: databasePath)
    }

    static func rowCount(at path: String) throws -> Int {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events") ?? 0 }
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }
}

/// The HTTP client of the tests: AsyncHTTPClient.
let testClient = HTTPClient(eventLoopGroupProvider: .singleton)

extension TestServer {
    /// `POST /events` with `body`.
    func post(_ body: HTTPClientRequest.Body, contentType: String? = "application/json",
              query: String = "") async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + "/events" + query)
        request.method = .POST
        if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        request.body = body
        let response = try await testClient.execute(request, timeout: .seconds(600))
        let buffer = try await response.body.collect(upTo: 64 << 20)
        return Reply(status: Int(response.status.code), contentType: response.headers.first(name: "content-type"),
                     body: Array(buffer: buffer))
    }

    /// `POST /events` with `text` (a known length).
    func post(_ text: String, contentType: String? = "application/json", query: String = "") async throws -> Reply {
        try await post(.bytes(ByteBuffer(string: text)), contentType: contentType, query: query)
    }

    /// `GET /events/count`.
    func count() async throws -> Int {
        let response = try await testClient.execute(HTTPClientRequest(url: baseURL + "/events/count"),
                                                    timeout: .seconds(60))
        let buffer = try await response.body.collect(upTo: 1 << 20)
        return try JSONDecoder().decode(EventCount.self, from: Data(Array(buffer: buffer))).count
    }

    /// Waits until every `POST /events` the server began has ended (its
    /// handler returned or threw), polling for at most `seconds`.
    func settle(seconds: Double = 60, file: StaticString = #filePath, line: UInt = #line) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while stats.finished < stats.requests {
            guard Date() < deadline else {
                XCTFail("\(stats.requests - stats.finished) request(s) still running", file: file, line: line)
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// This process's memory, from /proc/self/status (Linux).
enum ProcessMemory {
    /// `VmRSS` or `VmHWM`, in bytes.
    static func value(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    /// Resets `VmHWM` to the current resident size (Linux 4.0+); false if it cannot.
    static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }
}
