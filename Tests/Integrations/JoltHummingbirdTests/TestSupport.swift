#if Hummingbird
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Jolt
import JoltHummingbird
import JoltNIO
import Synchronization
import XCTest

// MARK: - Models

struct Line: Codable, Equatable, Sendable {
    var sku: String
    var quantity: Int
}

struct Order: Codable, Equatable, Sendable, ResponseEncodable {
    var id: Int
    var item: String
    var lines: [Line]
}

struct Event: Codable, Equatable, Sendable {
    var id: Int
    var name: String
}

struct StreamSummary: Codable, Equatable, Sendable, ResponseEncodable {
    var stored: Int
    var ids: [Int]
    var rejected: [JoltRejectedElement]
}

/// The members of a problem+json body, decoded loosely so that a missing member is seen as nil.
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
}

/// An error of the application's own, thrown by a stream handler.
struct StoreUnavailable: Error {}

// MARK: - What the server saw

/// What the routes and the body probe saw, shared between the server and the test.
final class Recorder: Sendable {
    struct State {
        var bytesPulled = 0
        var buffersPulled = 0
        var largestBuffer = 0
        var events: [Event] = []
        /// `bytesPulled` when each element was handed to the handler.
        var bytesPulledAtElement: [Int] = []
        /// How each stream handler ended: "ok", or the type of the error it threw.
        var outcomes: [String] = []
    }

    let state = Mutex(State())

    var snapshot: State { state.withLock { $0 } }

    func pulled(_ buffer: ByteBuffer) {
        state.withLock {
            $0.bytesPulled += buffer.readableBytes
            $0.buffersPulled += 1
            $0.largestBuffer = max($0.largestBuffer, buffer.readableBytes)
        }
    }

    func handled(_ event: Event) {
        state.withLock {
            $0.events.append(event)
            $0.bytesPulledAtElement.append($0.bytesPulled)
        }
    }

    func ended(_ outcome: String) {
        state.withLock { $0.outcomes.append(outcome) }
    }

    /// Waits until `condition` holds of the state, for at most `seconds`.
    func wait(seconds: Double = 10, until condition: (State) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition(snapshot) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition(snapshot)
    }
}

/// A value shared between tasks.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    var value: Value { mutex.withLock { $0 } }
    func update(_ body: (inout Value) -> Void) { mutex.withLock { body(&$0) } }
}

// MARK: - Body probe

/// The request body, counted as the route pulls it, and cut into `chunkSize`-byte
/// buffers when the request has an `x-test-chunk` header.
struct ProbedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let base: RequestBody
    let recorder: Recorder
    let chunkSize: Int?

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let recorder: Recorder
        let chunkSize: Int?
        var pending = ByteBuffer()

        mutating func next() async throws -> ByteBuffer? {
            let buffer: ByteBuffer
            if let chunkSize {
                while pending.readableBytes == 0 {
                    guard let next = try await base.next() else { return nil }
                    pending = next
                }
                buffer = pending.readSlice(length: Swift.min(chunkSize, pending.readableBytes))!
            } else {
                guard let next = try await base.next() else { return nil }
                buffer = next
            }
            recorder.pulled(buffer)
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), recorder: recorder, chunkSize: chunkSize)
    }
}

struct BodyProbeMiddleware<Context: RequestContext>: RouterMiddleware {
    let recorder: Recorder

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        let chunkSize = request.headers.first { $0.name.rawName == "x-test-chunk" }.flatMap { Int($0.value) }
        request.body = RequestBody(asyncSequence: ProbedBody(base: request.body, recorder: recorder, chunkSize: chunkSize))
        return try await next(request, context)
    }
}

// MARK: - A context with configured coders

/// A context whose decoder and encoder use snake_case keys: the "make your own context" set-up.
struct SnakeCaseContext: RequestContext {
    static let decoder: JoltRequestDecoder = {
        let decoder = JoltDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return JoltRequestDecoder(decoder)
    }()
    static let encoder: JoltResponseEncoder = {
        let encoder = JoltEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return JoltResponseEncoder(encoder)
    }()

    var coreContext: CoreRequestContextStorage
    init(source: Source) { coreContext = .init(source: source) }
    var requestDecoder: JoltRequestDecoder { Self.decoder }
    var responseEncoder: JoltResponseEncoder { Self.encoder }
}

struct SnakeOrder: Codable, Equatable, Sendable, ResponseEncodable {
    var orderId: Int
    var customerName: String
}

// MARK: - The application under test

enum Limits {
    /// The body limit of the `/small/…` routes.
    static let smallBody = 1024
    /// The element limit of `/events/small-elements`.
    static let smallElement = 64
}

func makeRouter(recorder: Recorder) -> Router<JoltRequestContext> {
    let router = Router(context: JoltRequestContext.self)
    router.add(middleware: BodyProbeMiddleware(recorder: recorder))

    router.get("/health") { _, _ in "ok" }

    // Decode and encode through the context's coders.
    router.post("/orders") { request, context -> Order in
        try await request.decode(as: Order.self, context: context)
    }
    router.get("/orders/sample") { _, _ -> Order in
        Order(id: 7, item: "Pen \u{1F58A}", lines: [Line(sku: "A-1", quantity: 2), Line(sku: "B\"2", quantity: 0)])
    }
    // A per-route body limit and decoder limits.
    router.post("/small/orders") { request, context -> Order in
        do {
            let order = try await JoltRequestDecoder(maxBodyBytes: Limits.smallBody).decode(Order.self, from: request, context: context)
            recorder.ended("ok")
            return order
        } catch {
            recorder.ended(String(describing: type(of: error)))
            throw error
        }
    }
    router.post("/shallow/orders") { request, context -> Order in
        let decoder = JoltDecoder()
        decoder.limits.maxDepth = 3
        decoder.limits.maxStringBytes = 16
        return try await JoltRequestDecoder(decoder).decode(Order.self, from: request, context: context)
    }
    // A route that decides before it reads any of the body.
    router.post("/closed") { _, _ -> Order in
        throw JoltProblemDetails(type: "urn:test:closed", title: "Closed", status: 403, detail: "Orders are closed")
    }

    // Streams.
    @Sendable func stream(_ request: Request, _ context: JoltRequestContext, policy: JoltStreamErrorPolicy,
                decoder: JoltDecoder? = nil, maxBodyBytes: Int? = nil,
                maxElementBytes: Int = 64 << 20, failAt: Int? = nil) async throws -> StreamSummary {
        var ids: [Int] = []
        do {
            let report = try await request.forEachJoltElement(
                Event.self, context: context, decoder: decoder, errorPolicy: policy, maxBodyBytes: maxBodyBytes,
                maxElementBytes: maxElementBytes
            ) { event in
                if event.id == failAt { throw StoreUnavailable() }
                recorder.handled(event)
                ids.append(event.id)
            }
            recorder.ended("ok")
            return StreamSummary(stored: ids.count, ids: ids, rejected: report.rejectedElements)
        } catch {
            recorder.ended(String(describing: type(of: error)))
            throw error
        }
    }
    router.post("/events") { request, context in try await stream(request, context, policy: .stop) }
    router.post("/events/skip") { request, context in try await stream(request, context, policy: .skip) }
    router.post("/events/small") { request, context in
        try await stream(request, context, policy: .stop, maxBodyBytes: Limits.smallBody)
    }
    router.post("/events/small-elements") { request, context in
        try await stream(request, context, policy: .stop, maxElementBytes: Limits.smallElement)
    }
    router.post("/events/shallow") { request, context in
        let decoder = JoltDecoder()
        decoder.limits.maxDepth = 2
        decoder.limits.maxNumberBytes = 4
        return try await stream(request, context, policy: .stop, decoder: decoder)
    }
    router.post("/events/fail-at-3") { request, context in try await stream(request, context, policy: .stop, failAt: 3) }
    router.post("/events/large") { request, context in
        try await stream(request, context, policy: .stop, maxBodyBytes: 1 << 30)
    }
    return router
}

func makeSnakeCaseRouter(recorder: Recorder) -> Router<SnakeCaseContext> {
    let router = Router(context: SnakeCaseContext.self)
    router.post("/orders") { request, context -> SnakeOrder in
        try await request.decode(as: SnakeOrder.self, context: context)
    }
    // No decoder given: the context's (snake_case keys) decodes the elements.
    router.post("/orders/stream") { request, context -> SnakeOrder in
        var last: SnakeOrder?
        try await request.forEachJoltElement(SnakeOrder.self, context: context) { last = $0 }
        return last ?? SnakeOrder(orderId: -1, customerName: "")
    }
    return router
}

func makeApp(recorder: Recorder) -> some ApplicationProtocol {
    Application(router: makeRouter(recorder: recorder),
                configuration: .init(address: .hostname("127.0.0.1", port: 0)))
}

// MARK: - Request helpers

func buffer(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

func json(_ contentType: String = "application/json") -> HTTPFields {
    [.contentType: contentType]
}

/// `count` events as a JSON array, and the offset just past each element's closing brace.
func eventArray(_ range: Range<Int>) -> (text: String, ends: [Int]) {
    var text = "["
    var ends: [Int] = []
    for id in range {
        if id != range.lowerBound { text += "," }
        text += #"{"id":\#(id),"name":"event \#(id)"}"#
        ends.append(text.utf8.count)
    }
    return (text + "]", ends)
}

func eventLines(_ range: Range<Int>) -> String {
    range.map { #"{"id":\#($0),"name":"event \#($0)"}"# + "\n" }.joined()
}

func decodeProblem(_ response: TestResponse, file: StaticString = #filePath, line: UInt = #line) throws -> Problem {
    XCTAssertEqual(response.headers[.contentType], "application/problem+json", file: file, line: line)
    return try JSONDecoder().decode(Problem.self, from: Data(buffer: response.body))
}

func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    try JSONDecoder().decode(type, from: Data(buffer: response.body))
}

extension Data {
    init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}

// MARK: - AsyncHTTPClient helpers

/// A response read whole from AsyncHTTPClient.
struct ClientResponse {
    var status: Int
    var headers: [String: String]
    var body: ByteBuffer

    func problem(file: StaticString = #filePath, line: UInt = #line) throws -> Problem {
        XCTAssertEqual(headers["content-type"], "application/problem+json", file: file, line: line)
        return try JSONDecoder().decode(Problem.self, from: Data(buffer: body))
    }
}

func send(_ client: HTTPClient, port: Int, path: String, contentType: String = "application/json",
          body: HTTPClientRequest.Body?, timeout: Int64 = 30) async throws -> ClientResponse {
    var request = HTTPClientRequest(url: "http://localhost:\(port)\(path)")
    request.method = body == nil ? .GET : .POST
    request.headers.add(name: "content-type", value: contentType)
    request.body = body
    let response = try await client.execute(request, timeout: .seconds(timeout))
    var headers: [String: String] = [:]
    for (name, value) in response.headers { headers[name.lowercased()] = value }
    let body = try await response.body.collect(upTo: 1 << 24)
    return ClientResponse(status: Int(response.status.code), headers: headers, body: body)
}

/// Runs `body` with a new AsyncHTTPClient, shut down after it.
func withHTTPClient<T>(_ body: (HTTPClient) async throws -> T) async throws -> T {
    let client = HTTPClient(eventLoopGroupProvider: .singleton)
    do {
        let value = try await body(client)
        try await client.shutdown()
        return value
    } catch {
        try? await client.shutdown()
        throw error
    }
}

/// Byte buffers produced on demand: each `next()` calls `produce` with the
/// index of the buffer, which returns nil at the end.
struct ProducedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let produce: @Sendable (Int) async throws -> ByteBuffer?

    struct AsyncIterator: AsyncIteratorProtocol {
        let produce: @Sendable (Int) async throws -> ByteBuffer?
        var index = 0
        mutating func next() async throws -> ByteBuffer? {
            defer { index += 1 }
            return try await produce(index)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(produce: produce) }
}

/// The bytes of `text`, one `ByteBuffer` a byte.
func oneByteChunks(_ text: String) -> ProducedBody {
    let bytes = Array(text.utf8)
    return ProducedBody { index in
        index < bytes.count ? ByteBuffer(bytes: [bytes[index]]) : nil
    }
}
#endif
