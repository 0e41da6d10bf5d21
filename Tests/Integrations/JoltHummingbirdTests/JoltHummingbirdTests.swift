#if Hummingbird
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Jolt
import JoltHummingbird
import JoltNIO
import XCTest

final class JoltHummingbirdTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        // Hummingbird's default logger reads LOG_LEVEL: keep "Server started" lines out of the test log.
        setenv("LOG_LEVEL", "error", 0)
    }

    // MARK: - Round trips through JoltRequestContext

    func testDecodeAndEncodeRoundTripThroughJoltRequestContext() async throws {
        let app = makeApp(recorder: Recorder())
        try await app.test(.router) { client in
            let order = Order(id: 42, item: "Désk \u{1F4BC} \"quoted\"",
                              lines: [Line(sku: "D-1", quantity: 1), Line(sku: "C-9", quantity: -12)])
            let body = ByteBuffer(bytes: try JSONEncoder().encode(order))
            for contentType in ["application/json", "application/json; charset=utf-8", "application/vnd.api+json"] {
                let response = try await client.execute(uri: "/orders", method: .post, headers: json(contentType), body: body)
                XCTAssertEqual(response.status, .ok, contentType)
                XCTAssertEqual(response.headers[.contentType], "application/json; charset=utf-8")
                XCTAssertEqual(response.headers[.contentLength], String(response.body.readableBytes))
                XCTAssertEqual(try decode(Order.self, response), order)
            }
            // No Content-Type: taken as JSON.
            let untyped = try await client.execute(uri: "/orders", method: .post, body: body)
            XCTAssertEqual(untyped.status, .ok)
            XCTAssertEqual(try decode(Order.self, untyped), order)

            let sample = try await client.execute(uri: "/orders/sample", method: .get)
            XCTAssertEqual(sample.status, .ok)
            XCTAssertEqual(sample.headers[.contentType], "application/json; charset=utf-8")
            XCTAssertEqual(try decode(Order.self, sample),
                           Order(id: 7, item: "Pen \u{1F58A}", lines: [Line(sku: "A-1", quantity: 2), Line(sku: "B\"2", quantity: 0)]))
        }
    }

    func testOwnContextUsesTheConfiguredDecoderAndEncoder() async throws {
        let app = Application(router: makeSnakeCaseRouter(recorder: Recorder()))
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/orders", method: .post, headers: json(),
                                                    body: buffer(#"{"order_id":5,"customer_name":"Ann"}"#))
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(String(buffer: response.body), #"{"order_id":5,"customer_name":"Ann"}"#)

            // The streaming route was given no decoder: it must use the context's.
            let stream = try await client.execute(
                uri: "/orders/stream", method: .post, headers: json("application/x-ndjson"),
                body: buffer("{\"order_id\":1,\"customer_name\":\"A\"}\n{\"order_id\":2,\"customer_name\":\"B\"}\n"))
            XCTAssertEqual(stream.status, .ok)
            XCTAssertEqual(String(buffer: stream.body), #"{"order_id":2,"customer_name":"B"}"#)
        }
    }

    func testRoundTripThroughALiveServerWithAsyncHTTPClient() async throws {
        let app = makeApp(recorder: Recorder())
        try await app.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                let order = Order(id: 9, item: "Lamp", lines: [Line(sku: "L", quantity: 3)])
                let response = try await send(http, port: port, path: "/orders",
                                              body: .bytes(ByteBuffer(bytes: try JSONEncoder().encode(order))))
                XCTAssertEqual(response.status, 200)
                XCTAssertEqual(response.headers["content-type"], "application/json; charset=utf-8")
                XCTAssertEqual(try JSONDecoder().decode(Order.self, from: Data(buffer: response.body)), order)

                let bad = try await send(http, port: port, path: "/orders", body: .bytes(buffer(#"{"id":1,"item":tru}"#)))
                XCTAssertEqual(bad.status, 400)
                let problem = try bad.problem()
                XCTAssertEqual(problem.type, "urn:jolt:problem:syntax-error")
                XCTAssertEqual(problem.offset, 15)
            }
        }
    }

    // MARK: - 400 for a body that does not decode

    func testSyntaxErrorIs400WithOffsetLineAndColumn() async throws {
        let app = makeApp(recorder: Recorder())
        try await app.test(.router) { client in
            let text = "{\"id\": 1,\n  \"item\": x}"
            let response = try await client.execute(uri: "/orders", method: .post, headers: json(), body: buffer(text))
            XCTAssertEqual(response.status, .badRequest)
            let problem = try decodeProblem(response)
            XCTAssertEqual(problem.type, "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.title, "Malformed JSON")
            XCTAssertEqual(problem.status, 400)
            XCTAssertEqual(problem.offset, 20)
            XCTAssertEqual(problem.line, 2)
            XCTAssertEqual(problem.column, 11)
            XCTAssertNil(problem.elementIndex)
            XCTAssertFalse(problem.detail.isEmpty)
        }
    }

    func testTypeMismatchIs400WithCodingPath() async throws {
        let app = makeApp(recorder: Recorder())
        try await app.test(.router) { client in
            let text = #"{"id":1,"item":"pen","lines":[{"sku":"a","quantity":1},{"sku":"b","quantity":"two"}]}"#
            let response = try await client.execute(uri: "/orders", method: .post, headers: json(), body: buffer(text))
            XCTAssertEqual(response.status, .badRequest)
            let problem = try decodeProblem(response)
            XCTAssertEqual(problem.type, "urn:jolt:problem:invalid-value")
            XCTAssertEqual(problem.status, 400)
            XCTAssertEqual(problem.codingPath, "lines[1].quantity")
            XCTAssertNil(problem.line)

            let missing = try await client.execute(uri: "/orders", method: .post, headers: json(),
                                                   body: buffer(#"{"id":1,"lines":[]}"#))
            XCTAssertEqual(missing.status, .badRequest)
            let missingProblem = try decodeProblem(missing)
            XCTAssertEqual(missingProblem.type, "urn:jolt:problem:invalid-value")
            XCTAssertTrue(missingProblem.detail.contains("item"), missingProblem.detail)
        }
    }

    func testInvalidUTF8Is400() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.router) { client in
            var bytes = Array(#"{"id":1,"item":"a"#.utf8)
            bytes += [0xFF, 0xFE]
            bytes += Array(#"","lines":[]}"#.utf8)
            let response = try await client.execute(uri: "/orders", method: .post, headers: json(),
                                                    body: ByteBuffer(bytes: bytes))
            XCTAssertEqual(response.status, .badRequest)
            let problem = try decodeProblem(response)
            XCTAssertEqual(problem.type, "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.offset, 17)

            var stream = Array(#"[{"id":0,"name":"ok"},{"id":1,"name":""#.utf8)
            stream += [0xC3, 0x28]
            stream += Array(#""}]"#.utf8)
            let streamed = try await client.execute(uri: "/events", method: .post, headers: json(),
                                                    body: ByteBuffer(bytes: stream))
            XCTAssertEqual(streamed.status, .badRequest)
            let streamProblem = try decodeProblem(streamed)
            XCTAssertEqual(streamProblem.type, "urn:jolt:problem:syntax-error")
            XCTAssertEqual(streamProblem.elementIndex, 1)
            XCTAssertEqual(streamProblem.offset, 38)
        }
        XCTAssertEqual(recorder.snapshot.events.map(\.id), [0])
    }

    func testTruncatedBodiesAre400() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.router) { client in
            let truncatedArray = #"[{"id":0,"name":"a"},{"id":1,"name":"b"},{"id":2"#
            let response = try await client.execute(uri: "/events", method: .post, headers: json(),
                                                    body: buffer(truncatedArray))
            XCTAssertEqual(response.status, .badRequest)
            let problem = try decodeProblem(response)
            XCTAssertEqual(problem.type, "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.offset, truncatedArray.utf8.count)

            let document = try await client.execute(uri: "/orders", method: .post, headers: json(),
                                                    body: buffer(#"{"id":1,"item":"a","lines":["#))
            XCTAssertEqual(document.status, .badRequest)
            XCTAssertEqual(try decodeProblem(document).type, "urn:jolt:problem:syntax-error")

            let empty = try await client.execute(uri: "/orders", method: .post, headers: json(), body: ByteBuffer())
            XCTAssertEqual(empty.status, .badRequest)
            XCTAssertEqual(try decodeProblem(empty).offset, 0)
        }
        // The handler had the whole elements before the cut, and no more.
        XCTAssertEqual(recorder.snapshot.events.map(\.id), [0, 1])
        XCTAssertEqual(recorder.snapshot.outcomes, ["JoltProblemDetails"])
    }

    // MARK: - Limits

    func testTenThousandDeepNestingIs400LimitProblem() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.router) { client in
            let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
            for path in ["/orders", "/events"] {
                let response = try await client.execute(uri: path, method: .post, headers: json(), body: buffer(deep))
                XCTAssertEqual(response.status, .badRequest, path)
                let problem = try decodeProblem(response)
                XCTAssertEqual(problem.type, "urn:jolt:problem:limit-exceeded", path)
                XCTAssertEqual(problem.title, "Limit Exceeded", path)
                XCTAssertTrue(problem.detail.contains("maxDepth"), problem.detail)
                // The 513th "[" of the document; of the stream's element 0, which starts after the first "[".
                let expected = path == "/orders" ? 512 : 513
                XCTAssertEqual(problem.offset, expected, path)
                XCTAssertEqual(problem.line, 1, path)
                XCTAssertEqual(problem.column, expected + 1, path)
                XCTAssertEqual(problem.elementIndex, path == "/orders" ? nil : 0, path)
            }
            let objects = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
            let response = try await client.execute(uri: "/orders", method: .post, headers: json(), body: buffer(objects))
            XCTAssertEqual(response.status, .badRequest)
            XCTAssertEqual(try decodeProblem(response).type, "urn:jolt:problem:limit-exceeded")
        }
        XCTAssertEqual(recorder.snapshot.events, [])
    }

    func testLimitsAreConfigurablePerRoute() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.router) { client in
            // maxDepth 3 on /shallow/orders: object, array, object is fine; one more array is not.
            let fine = #"{"id":1,"item":"a","lines":[{"sku":"a","quantity":1}]}"#
            let ok = try await client.execute(uri: "/shallow/orders", method: .post, headers: json(), body: buffer(fine))
            XCTAssertEqual(ok.status, .ok)
            XCTAssertEqual(try decode(Order.self, ok), Order(id: 1, item: "a", lines: [Line(sku: "a", quantity: 1)]))
            let tooDeep = #"{"id":1,"item":"a","lines":[{"sku":"a","quantity":1,"x":[]}]}"#
            let deep = try await client.execute(uri: "/shallow/orders", method: .post, headers: json(), body: buffer(tooDeep))
            XCTAssertEqual(deep.status, .badRequest)
            let deepProblem = try decodeProblem(deep)
            XCTAssertEqual(deepProblem.type, "urn:jolt:problem:limit-exceeded")
            XCTAssertTrue(deepProblem.detail.contains("maxDepth"), deepProblem.detail)
            // The same body is fine on a route with the default limits.
            let lenient = try await client.execute(uri: "/orders", method: .post, headers: json(), body: buffer(tooDeep))
            XCTAssertEqual(lenient.status, .ok)

            // maxStringBytes 16.
            let longString = #"{"id":1,"item":"seventeen bytes!!","lines":[]}"#
            let long = try await client.execute(uri: "/shallow/orders", method: .post, headers: json(), body: buffer(longString))
            XCTAssertEqual(long.status, .badRequest)
            let longProblem = try decodeProblem(long)
            XCTAssertEqual(longProblem.type, "urn:jolt:problem:limit-exceeded")
            XCTAssertTrue(longProblem.detail.contains("maxStringBytes"), longProblem.detail)
            XCTAssertEqual(longProblem.offset, 15)   // the string's opening quote

            // maxNumberBytes 4 on the /events/shallow stream.
            let numbers = #"[{"id":1234,"name":"a"},{"id":12345,"name":"b"}]"#
            let number = try await client.execute(uri: "/events/shallow", method: .post, headers: json(), body: buffer(numbers))
            XCTAssertEqual(number.status, .badRequest)
            let numberProblem = try decodeProblem(number)
            XCTAssertEqual(numberProblem.type, "urn:jolt:problem:limit-exceeded")
            XCTAssertTrue(numberProblem.detail.contains("maxNumberBytes"), numberProblem.detail)
            XCTAssertEqual(numberProblem.elementIndex, 1)

            // maxElementBytes 64 on /events/small-elements: 413 naming the element.
            let big = #"[{"id":0,"name":"a"},{"id":1,"name":""# + String(repeating: "x", count: 100) + #""}]"#
            let element = try await client.execute(uri: "/events/small-elements", method: .post, headers: json(), body: buffer(big))
            XCTAssertEqual(element.status, .contentTooLarge)
            let elementProblem = try decodeProblem(element)
            XCTAssertEqual(elementProblem.type, "urn:jolt:problem:body-too-large")
            XCTAssertEqual(elementProblem.status, 413)
            XCTAssertEqual(elementProblem.elementIndex, 1)
        }
        XCTAssertEqual(recorder.snapshot.events.map(\.id), [1234, 0])
    }

    // MARK: - 415

    func testUnsupportedMediaTypeIs415WithoutReadingTheBody() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.router) { client in
            let cases: [(path: String, contentType: String)] = [
                ("/orders", "text/plain"), ("/orders", "application/x-ndjson"), ("/orders", "application/xml"),
                ("/events", "text/plain"), ("/events", "application/x-www-form-urlencoded"),
            ]
            for (path, contentType) in cases {
                let response = try await client.execute(uri: path, method: .post, headers: json(contentType),
                                                        body: buffer(#"{"id":1,"name":"a"}"#))
                XCTAssertEqual(response.status, .unsupportedMediaType, "\(path) \(contentType)")
                let problem = try decodeProblem(response)
                XCTAssertEqual(problem.type, "urn:jolt:problem:unsupported-media-type")
                XCTAssertEqual(problem.status, 415)
                XCTAssertTrue(problem.detail.contains(contentType), problem.detail)
            }
        }
        XCTAssertEqual(recorder.snapshot.bytesPulled, 0)
    }

    // MARK: - 413

    func testContentLengthOverTheLimitIs413BeforeAnyByteIsRead() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.router) { client in
            let (text, _) = eventArray(0..<100)
            XCTAssertGreaterThan(text.utf8.count, Limits.smallBody)
            for path in ["/small/orders", "/events/small"] {
                let response = try await client.execute(uri: path, method: .post, headers: json(), body: buffer(text))
                XCTAssertEqual(response.status, .contentTooLarge, path)
                let problem = try decodeProblem(response)
                XCTAssertEqual(problem.type, "urn:jolt:problem:body-too-large")
                XCTAssertEqual(problem.status, 413)
                XCTAssertTrue(problem.detail.contains("\(Limits.smallBody)"), problem.detail)
            }
            // Exactly the limit is accepted.
            let order = #"{"id":1,"item":""# + String(repeating: "a", count: Limits.smallBody - 29) + #"","lines":[]}"#
            XCTAssertEqual(order.utf8.count, Limits.smallBody)
            let fits = try await client.execute(uri: "/small/orders", method: .post, headers: json(), body: buffer(order))
            XCTAssertEqual(fits.status, .ok)
        }
        XCTAssertEqual(recorder.snapshot.events, [])
        XCTAssertEqual(recorder.snapshot.bytesPulled, Limits.smallBody)   // only the body that fitted
    }

    /// The 413 path: the handler throws before it reads the body. Hummingbird
    /// writes the response, then reads and discards the rest of the body so the
    /// next request on the same connection is parsed correctly.
    func testAnswerBeforeTheBodyIsReadKeepsTheConnectionUsable() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.live) { client in
            // One keep-alive connection: each answer must go out, and the unread body must not
            // be taken for the next request.
            let large = buffer(eventArray(0..<5_000).text)   // ~170 KB, declared by Content-Length
            for _ in 0..<2 {
                let tooLarge = try await client.execute(uri: "/small/orders", method: .post, headers: json(), body: large)
                XCTAssertEqual(tooLarge.status, .contentTooLarge)
                XCTAssertEqual(try decodeProblem(tooLarge).type, "urn:jolt:problem:body-too-large")

                let streamTooLarge = try await client.execute(uri: "/events/small", method: .post, headers: json(), body: large)
                XCTAssertEqual(streamTooLarge.status, .contentTooLarge)

                let closed = try await client.execute(uri: "/closed", method: .post, headers: json(), body: large)
                XCTAssertEqual(closed.status, .forbidden)
                XCTAssertEqual(try decodeProblem(closed).type, "urn:test:closed")

                let unsupported = try await client.execute(uri: "/events", method: .post, headers: json("text/csv"), body: large)
                XCTAssertEqual(unsupported.status, .unsupportedMediaType)

                let order = Order(id: 3, item: "after", lines: [])
                let next = try await client.execute(uri: "/orders", method: .post, headers: json(),
                                                    body: ByteBuffer(bytes: try JSONEncoder().encode(order)))
                XCTAssertEqual(next.status, .ok)
                XCTAssertEqual(try decode(Order.self, next), order)
            }
            let orderBytes = try JSONEncoder().encode(Order(id: 3, item: "after", lines: [])).count
            XCTAssertEqual(recorder.snapshot.bytesPulled, 2 * orderBytes)   // only the bodies that were decoded

            // The same through AsyncHTTPClient: a declared 8 MiB body that is never read.
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 64 << 10)
                let body = ProducedBody { index in index < 128 ? chunk : nil }
                let start = ContinuousClock.now
                let response = try await send(http, port: port, path: "/small/orders",
                                              body: .stream(body, length: .known(Int64(128 * chunk.readableBytes))))
                XCTAssertEqual(response.status, 413)
                XCTAssertEqual(try response.problem().type, "urn:jolt:problem:body-too-large")
                XCTAssertLessThan(ContinuousClock.now - start, .seconds(10))

                let health = try await send(http, port: port, path: "/health", body: nil)
                XCTAssertEqual(health.status, 200)
            }
        }
    }

    /// A body of unknown length (chunked) is cut when its bytes pass the limit:
    /// the route answers 413 without reading the rest. If the client gets ten
    /// times the limit out before it sees the 413, it holds the rest back until
    /// the route has ended: a route that needed the rest of the body would never
    /// end, and the test would fail. (AsyncHTTPClient, told 413 early, stops
    /// sending; what it had sent already Hummingbird reads and discards.)
    func testChunkedBodyIsCutWhenItPassesTheLimit() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                let total = 2_000
                let holdAt = 50   // ~11 KB sent, ten times the limit
                let padding = String(repeating: "p", count: 200)
                for path in ["/events/small", "/small/orders"] {
                    let outcomesBefore = recorder.snapshot.outcomes.count
                    // nil: the client, told 413 early, stopped before the hold point.
                    let answeredEarly = Locked<Bool?>(nil)
                    let body = ProducedBody { index in
                        if index == holdAt {
                            let ended = await recorder.wait(until: { $0.outcomes.count > outcomesBefore })
                            answeredEarly.update { $0 = ended }
                        }
                        guard index < total else { return index == total ? buffer("]") : nil }
                        return buffer((index == 0 ? "[" : ",") + #"{"id":\#(index),"name":"\#(padding)"}"#)
                    }
                    let before = recorder.snapshot.bytesPulled
                    let response = try await send(http, port: port, path: path, body: .stream(body, length: .unknown))
                    XCTAssertNotEqual(answeredEarly.value, false, "the route should end before the rest of the body is sent: \(path)")
                    XCTAssertEqual(response.status, 413, path)
                    let problem = try response.problem()
                    XCTAssertEqual(problem.type, "urn:jolt:problem:body-too-large")
                    XCTAssertEqual(problem.status, 413)
                    XCTAssertEqual(recorder.snapshot.outcomes.last, "JoltProblemDetails")
                    let pulled = recorder.snapshot.bytesPulled - before
                    XCTAssertLessThanOrEqual(pulled, Limits.smallBody + 256, path)
                }
                let health = try await send(http, port: port, path: "/health", body: nil)
                XCTAssertEqual(health.status, 200)
            }
        }
        // The stream route had the elements that fitted in the limit, and no more.
        let ids = recorder.snapshot.events.map(\.id)
        XCTAssertEqual(ids, Array(0..<ids.count))
        XCTAssertGreaterThan(ids.count, 0)
        XCTAssertLessThan(ids.count, 6)
    }

    // MARK: - Streams: stop and skip

    func testStopModeAnswers400AtTheFirstBadElement() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.router) { client in
            let text = #"[{"id":0,"name":"a"},{"id":1,"name":"b"},{"id":"two","name":"c"},{"id":3,"name":"d"}]"#
            let response = try await client.execute(uri: "/events", method: .post, headers: json(), body: buffer(text))
            XCTAssertEqual(response.status, .badRequest)
            let problem = try decodeProblem(response)
            XCTAssertEqual(problem.type, "urn:jolt:problem:invalid-value")
            XCTAssertEqual(problem.elementIndex, 2)
            XCTAssertEqual(problem.codingPath, "[2].id")
            XCTAssertEqual(problem.offset, offset(of: #"{"id":"two""#, in: text))
        }
        XCTAssertEqual(recorder.snapshot.events.map(\.id), [0, 1])
        XCTAssertEqual(recorder.snapshot.outcomes, ["JoltProblemDetails"])
    }

    func testSkipModeReportsBadElementsAndKeepsTheGoodOnes() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.router) { client in
            let text = #"[{"id":0,"name":"a"},{"id":"one","name":"b"},{"id":2,"name":"c"},{"id":3},{"id":4,"name":"e"}]"#
            let response = try await client.execute(uri: "/events/skip", method: .post, headers: json(), body: buffer(text))
            XCTAssertEqual(response.status, .ok)
            let summary = try decode(StreamSummary.self, response)
            XCTAssertEqual(summary.stored, 3)
            XCTAssertEqual(summary.ids, [0, 2, 4])
            XCTAssertEqual(summary.rejected.map(\.index), [1, 3])
            XCTAssertEqual(summary.rejected.map(\.offset),
                           [offset(of: #"{"id":"one""#, in: text), offset(of: #"{"id":3}"#, in: text)])
            XCTAssertTrue(summary.rejected.allSatisfy { !$0.error.isEmpty })

            // A syntax error is never skipped: 400 with where it is.
            let broken = "[{\"id\":0,\"name\":\"a\"},\n{\"id\":1,\"name\":\"b\" x}]"
            let syntax = try await client.execute(uri: "/events/skip", method: .post, headers: json(), body: buffer(broken))
            XCTAssertEqual(syntax.status, .badRequest)
            let problem = try decodeProblem(syntax)
            XCTAssertEqual(problem.type, "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.elementIndex, 1)
            XCTAssertEqual(problem.offset, offset(of: "x}", in: broken))
            XCTAssertEqual(problem.line, 2)
            XCTAssertEqual(problem.column, 20)
        }
        XCTAssertEqual(recorder.snapshot.events.map(\.id), [0, 2, 4, 0])
    }

    func testJSONLinesAndJSONArrayOnTheSameStreamingRoute() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.router) { client in
            let bodies: [(String, String)] = [
                ("application/json", eventArray(0..<5).text),
                ("application/x-ndjson", eventLines(0..<5)),
                ("application/jsonl; charset=utf-8", eventLines(0..<5).replacingOccurrences(of: "\n", with: "\r\n")),
                ("application/json", #"{"id":0,"name":"one value is one element"}"#),
            ]
            for (contentType, text) in bodies {
                let response = try await client.execute(uri: "/events", method: .post, headers: json(contentType), body: buffer(text))
                XCTAssertEqual(response.status, .ok, contentType)
                let summary = try decode(StreamSummary.self, response)
                XCTAssertEqual(summary.ids, text.hasPrefix("{\"id\":0,\"name\":\"one") ? [0] : Array(0..<5), contentType)
                XCTAssertEqual(summary.rejected, [])
            }
            // A bad line: its element index and line.
            let lines = eventLines(0..<2) + "{\"id\":2,\"name\":}\n" + eventLines(3..<4)
            let response = try await client.execute(uri: "/events", method: .post, headers: json("application/x-ndjson"),
                                                    body: buffer(lines))
            XCTAssertEqual(response.status, .badRequest)
            let problem = try decodeProblem(response)
            XCTAssertEqual(problem.type, "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.elementIndex, 2)
            XCTAssertEqual(problem.line, 3)
            XCTAssertEqual(problem.column, 16)

            // JSON Lines, skip mode: the bad line is reported.
            let mixed = eventLines(0..<1) + "{\"id\":\"x\",\"name\":\"b\"}\n" + eventLines(2..<3)
            let skipped = try await client.execute(uri: "/events/skip", method: .post, headers: json("application/x-ndjson"),
                                                   body: buffer(mixed))
            XCTAssertEqual(skipped.status, .ok)
            let summary = try decode(StreamSummary.self, skipped)
            XCTAssertEqual(summary.ids, [0, 2])
            XCTAssertEqual(summary.rejected.map(\.index), [1])
            XCTAssertEqual(summary.rejected.map(\.offset), [eventLines(0..<1).utf8.count])
        }
    }

    func testHandlerErrorsAreNotAnsweredAsABadBody() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/events/fail-at-3", method: .post, headers: json(),
                                                    body: buffer(eventArray(0..<6).text))
            XCTAssertEqual(response.status, .internalServerError)
            XCTAssertNotEqual(response.headers[.contentType], "application/problem+json")
        }
        XCTAssertEqual(recorder.snapshot.events.map(\.id), [0, 1, 2])
        XCTAssertEqual(recorder.snapshot.outcomes, ["StoreUnavailable"])
    }

    // MARK: - Backpressure and chunking

    /// With the body cut into 1-byte buffers, each element reaches the handler
    /// before the bytes after it are read: the body is never collected.
    func testEachElementIsHandledBeforeTheRestOfTheBodyIsRead() async throws {
        for contentType in ["application/json", "application/x-ndjson"] {
            let recorder = Recorder()
            let app = makeApp(recorder: recorder)
            let text: String
            let ends: [Int]
            if contentType == "application/json" {
                (text, ends) = eventArray(0..<20)
            } else {
                text = eventLines(0..<20)
                var end = 0
                ends = (0..<20).map { id in
                    end += eventLines(id..<(id + 1)).utf8.count
                    return end - 1   // the closing brace, before the newline
                }
            }
            try await app.test(.router) { client in
                var headers = json(contentType)
                headers[.init("x-test-chunk")!] = "1"
                let response = try await client.execute(uri: "/events", method: .post, headers: headers, body: buffer(text))
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(try decode(StreamSummary.self, response).ids, Array(0..<20))
            }
            let state = recorder.snapshot
            XCTAssertEqual(state.largestBuffer, 1)
            XCTAssertEqual(state.bytesPulled, text.utf8.count)
            XCTAssertEqual(state.bytesPulledAtElement.count, 20)
            for (index, pulled) in state.bytesPulledAtElement.enumerated() {
                // At most one byte read past the element's end (a newline), never the rest.
                XCTAssertLessThanOrEqual(pulled, ends[index] + 1, "\(contentType) element \(index)")
                XCTAssertGreaterThanOrEqual(pulled, ends[index], "\(contentType) element \(index)")
            }
        }
    }

    /// Through a live server: the client sends element `i` only after the
    /// handler has had element `i - 1`. A server that collected the body before
    /// handling it would wait forever (and the test would time out).
    func testLiveBackpressureClientWaitsForTheHandler() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        let count = 30
        try await app.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                let body = ProducedBody { index in
                    if index > 0, index <= count {
                        guard await recorder.wait(until: { $0.events.count >= index }) else {
                            throw StoreUnavailable()   // the server did not hand element index - 1 over
                        }
                    }
                    if index < count { return buffer((index == 0 ? "[" : ",") + #"{"id":\#(index),"name":"n"}"#) }
                    return index == count ? buffer("]") : nil
                }
                let response = try await send(http, port: port, path: "/events/large", body: .stream(body, length: .unknown))
                XCTAssertEqual(response.status, 200)
                let summary = try JSONDecoder().decode(StreamSummary.self, from: Data(buffer: response.body))
                XCTAssertEqual(summary.ids, Array(0..<count))
            }
        }
    }

    func testOneByteChunksFromAsyncHTTPClient() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                let array = eventArray(0..<150).text
                let response = try await send(http, port: port, path: "/events/large",
                                              body: .stream(oneByteChunks(array), length: .unknown))
                XCTAssertEqual(response.status, 200)
                XCTAssertEqual(try JSONDecoder().decode(StreamSummary.self, from: Data(buffer: response.body)).ids,
                               Array(0..<150))

                let lines = eventLines(0..<150)
                let linesResponse = try await send(http, port: port, path: "/events/large", contentType: "application/x-ndjson",
                                                   body: .stream(oneByteChunks(lines), length: .known(Int64(lines.utf8.count))))
                XCTAssertEqual(linesResponse.status, 200)
                XCTAssertEqual(try JSONDecoder().decode(StreamSummary.self, from: Data(buffer: linesResponse.body)).ids,
                               Array(0..<150))

                // A bad element, sent byte by byte, still gets its problem.
                let bad = #"[{"id":0,"name":"a"},{"id":1,"name":2}]"#
                let badResponse = try await send(http, port: port, path: "/events/large",
                                                 body: .stream(oneByteChunks(bad), length: .unknown))
                XCTAssertEqual(badResponse.status, 400)
                let problem = try badResponse.problem()
                XCTAssertEqual(problem.elementIndex, 1)
                XCTAssertEqual(problem.codingPath, "[1].name")
            }
        }
        let state = recorder.snapshot
        XCTAssertEqual(state.events.map(\.id), Array(0..<150) + Array(0..<150) + [0])
        XCTAssertGreaterThan(state.buffersPulled, 2, "the body should have arrived in many buffers")
    }

    // MARK: - A client that goes away

    func testClientDisconnectingMidBodyEndsTheHandlerCleanly() async throws {
        let recorder = Recorder()
        let app = makeApp(recorder: recorder)
        try await app.test(.live) { client in
            let port = try XCTUnwrap(client.port)
            try await withHTTPClient { http in
                let released = Locked(false)
                let body = ProducedBody { index in
                    switch index {
                    case 0..<5:
                        return buffer((index == 0 ? "[" : ",") + #"{"id":\#(index),"name":"whole"}"#)
                    case 5:
                        return buffer(#",{"id":5,"na"#)   // half an element, then nothing
                    default:
                        while !Task.isCancelled, !released.value {
                            try? await Task.sleep(for: .milliseconds(10))
                        }
                        throw CancellationError()
                    }
                }
                let upload = Task {
                    try await send(http, port: port, path: "/events/large", body: .stream(body, length: .unknown))
                }
                let sawWholeElements = await recorder.wait(until: { $0.events.count >= 5 })
                XCTAssertTrue(sawWholeElements)
                try await Task.sleep(for: .milliseconds(100))
                upload.cancel()
                let result = await upload.result
                released.update { $0 = true }
                XCTAssertThrowsError(try result.get(), "the cancelled request should fail")

                // The handler ends (no task left waiting for bytes that never come)…
                let ended = await recorder.wait(until: { !$0.outcomes.isEmpty })
                XCTAssertTrue(ended, "the handler should end when the client goes away")
                XCTAssertNotEqual(recorder.snapshot.outcomes.first, "ok")
                // …having had only the whole elements.
                XCTAssertEqual(recorder.snapshot.events.map(\.id), [0, 1, 2, 3, 4])

                // And the server still answers.
                let health = try await send(http, port: port, path: "/health", body: nil)
                XCTAssertEqual(health.status, 200)
                let after = try await send(http, port: port, path: "/events", body: .bytes(buffer(eventArray(0..<2).text)))
                XCTAssertEqual(after.status, 200)
            }
        }
    }

    // MARK: - Problem details as Hummingbird responses

    func testProblemDetailsResponse() async throws {
        let app = makeApp(recorder: Recorder())
        try await app.test(.router) { client in
            let closed = try await client.execute(uri: "/closed", method: .post, headers: json(), body: buffer("{}"))
            XCTAssertEqual(closed.status, .forbidden)
            let problem = try decodeProblem(closed)
            XCTAssertEqual(problem, Problem(type: "urn:test:closed", title: "Closed", status: 403, detail: "Orders are closed"))
            XCTAssertEqual(closed.headers[.contentLength], String(closed.body.readableBytes))
        }
        // A status that is not one answers 500 rather than trapping.
        let odd = JoltProblemDetails(type: "urn:test:odd", title: "Odd", status: 42, detail: "not a status")
        XCTAssertEqual(odd.status, .internalServerError)
        let tooLarge = JoltProblemDetails.bodyTooLarge(limit: 10)
        XCTAssertEqual(tooLarge.status, .contentTooLarge)
    }
}

/// The byte offset of the first `needle` in `text`.
func offset(of needle: String, in text: String) -> Int? {
    guard let range = text.range(of: needle) else { return nil }
    return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
}
#endif
