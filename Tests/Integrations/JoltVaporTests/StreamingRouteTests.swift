#if Vapor
import Foundation
import Jolt
import JoltNIO
import JoltVapor
import XCTVapor
import XCTest

/// `req.forEachJoltElement` on `body: .stream` routes, in memory and over a
/// socket through XCTVapor.
final class StreamingRouteTests: XCTestCase {
    private var app: Application!
    private var store: EventStore!

    override func setUp() async throws {
        store = EventStore()
        app = try await TestApp.make(store: store)
    }

    override func tearDown() async throws {
        try await app.asyncShutdown()
        app = nil
    }

    static func line(_ id: Int) -> String { #"{"id":\#(id),"name":"e\#(id)"}"# }
    static func lines(_ ids: Range<Int>) -> String { ids.map { line($0) + "\n" }.joined() }
    static func events(_ ids: Range<Int>) -> [Event] { ids.map { Event(id: $0, name: "e\($0)") } }

    func testJSONArrayElementsReachTheHandlerInOrder() async throws {
        let body = "[" + (0..<5).map(Self.line).joined(separator: ",") + "]"
        try await app.test(.POST, "events", headers: .json, body: ByteBuffer(body)) { res async throws in
            XCTAssertEqual(res.status, .ok)
            XCTAssertEqual(try res.content.decode(Summary.self), Summary(stored: 5, rejected: []))
        }
        let events = await store.events
        XCTAssertEqual(events, Self.events(0..<5))
    }

    func testJSONLinesAndItsAliases() async throws {
        for type in ["application/x-ndjson", "application/jsonl", "application/x-jsonlines; charset=utf-8"] {
            try await app.test(.POST, "events", headers: ["Content-Type": type], body: ByteBuffer(Self.lines(0..<3))) { res async throws in
                XCTAssertEqual(res.status, .ok, type)
                XCTAssertEqual(try res.content.decode(Summary.self).stored, 3, type)
            }
        }
        let count = await store.events.count
        XCTAssertEqual(count, 9)
    }

    func testASingleObjectIsOneElement() async throws {
        try await app.test(.POST, "events", headers: .json, body: ByteBuffer(Self.line(4))) { res async throws in
            XCTAssertEqual(try res.content.decode(Summary.self), Summary(stored: 1, rejected: []))
        }
    }

    func testSkipModeReportsBadElementsAndKeepsGoodOnes() async throws {
        // line 0 is 21 bytes with its newline, so element 1 starts at byte 21; line 1 is 22, line 2 21, so element 3 starts at 64.
        let body = Self.line(0) + "\n" + #"{"id":"x","name":"b"}"# + "\n" + Self.line(2) + "\n" + #"{"id":3}"# + "\n" + Self.line(4) + "\n"
        try await app.test(.POST, "events/skip", headers: .ndjson, body: ByteBuffer(body)) { res async throws in
            XCTAssertEqual(res.status, .ok)
            let summary = try res.content.decode(Summary.self)
            XCTAssertEqual(summary.stored, 3)
            XCTAssertEqual(summary.rejected.map(\.index), [1, 3])
            XCTAssertEqual(summary.rejected.map(\.offset), [21, 64])
            XCTAssertTrue(summary.rejected[0].error.contains("id"), summary.rejected[0].error)
            XCTAssertTrue(summary.rejected[1].error.contains("name"), summary.rejected[1].error)
        }
        let ids = await store.events.map(\.id)
        XCTAssertEqual(ids, [0, 2, 4])
    }

    func testStopModeAnswers400AtTheFirstBadElementWithWhatWasStored() async throws {
        let body = Self.lines(0..<2) + #"{"id":2,"name":7}"# + "\n" + Self.lines(3..<5)
        try await app.test(.POST, "events", headers: .ndjson, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:invalid-value")
            XCTAssertEqual(problem.elementIndex, 2)
            XCTAssertEqual(problem.offset, 42)
            XCTAssertEqual(problem.codingPath, "[2].name")
            XCTAssertEqual(problem.stored, 2)
        }
        let ids = await store.events.map(\.id)
        XCTAssertEqual(ids, [0, 1], "nothing after the bad element")
        let outcomes = await store.outcomes
        XCTAssertEqual(outcomes, ["problem 400"])
    }

    func testSyntaxErrorEndsTheStreamEvenInSkipMode() async throws {
        let body = Self.lines(0..<2) + "{\"id\":2,\"name\":\"x\"\n" + Self.lines(3..<4)
        try await app.test(.POST, "events/skip", headers: .ndjson, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.elementIndex, 2)
            XCTAssertEqual(problem.line, 3)
            XCTAssertNotNil(problem.column)
            XCTAssertEqual(problem.stored, 2)
        }
    }

    func testTruncatedArrayAnswers400AfterTheCompleteElements() async throws {
        let body = "[" + Self.line(0) + "," + Self.line(1) + #",{"id":2,"na"#
        try await app.test(.POST, "events", headers: .json, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.offset, body.utf8.count)
            XCTAssertEqual(problem.stored, 2)
        }
        let ids = await store.events.map(\.id)
        XCTAssertEqual(ids, [0, 1], "no phantom element from the cut one")
    }

    func testInvalidUTF8InAnElementAnswers400() async throws {
        var body = ByteBuffer(Self.lines(0..<1) + #"{"id":1,"name":""#)
        body.writeBytes([0xC3, 0x28])
        body.writeString("\"}\n")
        try await app.test(.POST, "events/skip", headers: .ndjson, body: body) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.elementIndex, 1)
            XCTAssertEqual(problem.offset, 37)
            XCTAssertEqual(problem.line, 2)
            XCTAssertEqual(problem.stored, 1)
        }
    }

    func testTenThousandDeepNestingAnswers400() async throws {
        let body = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        try await app.test(.POST, "events", headers: .json, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:limit-exceeded")
            XCTAssertEqual(problem.stored, 0)
        }
    }

    func testNonJSONContentTypeAnswers415WithoutReadingTheBody() async throws {
        try await app.test(.POST, "events", headers: ["Content-Type": "text/plain"], body: ByteBuffer(Self.lines(0..<2))) { res async throws in
            let problem = try assertProblem(res, status: .unsupportedMediaType, type: "urn:jolt:problem:unsupported-media-type")
            XCTAssertTrue(problem.detail.contains("text/plain"), problem.detail)
            XCTAssertEqual(problem.stored, 0)
        }
        let count = await store.events.count
        XCTAssertEqual(count, 0)
    }

    // MARK: Limits per route (events/limited: body 100 bytes, element 40 bytes, string 16, number 8, depth 4)

    func testContentLengthOverTheRouteLimitAnswers413BeforeAnyElement() async throws {
        try await app.test(.POST, "events/limited", headers: .ndjson, body: ByteBuffer(Self.lines(0..<6))) { res async throws in
            let problem = try assertProblem(res, status: .payloadTooLarge, type: "urn:jolt:problem:body-too-large")
            XCTAssertTrue(problem.detail.contains("100 bytes"), problem.detail)
            XCTAssertEqual(problem.stored, 0)
        }
        let count = await store.events.count
        XCTAssertEqual(count, 0)
    }

    func testElementOverTheRouteLimitAnswers413() async throws {
        let body = Self.lines(0..<1) + #"{"id":1,  "name":"e1",              "x":0}"# + "\n"
        try await app.test(.POST, "events/limited", headers: .ndjson, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .payloadTooLarge, type: "urn:jolt:problem:body-too-large")
            XCTAssertEqual(problem.elementIndex, 1)
            XCTAssertEqual(problem.stored, 1)
        }
    }

    func testStringNumberAndDepthLimitsOfTheRoutesDecoder() async throws {
        let cases = [
            (#"{"id":1,"name":"seventeen bytes!!"}"#, "string"),
            (#"{"id":123456789,"name":"n"}"#, "number"),
            (#"{"id":1,"name":"n","x":[[[[1]]]]}"#, "depth"),
        ]
        for (element, limit) in cases {
            try await app.test(.POST, "events/limited", headers: .ndjson, body: ByteBuffer(element + "\n")) { res async throws in
                let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:limit-exceeded")
                XCTAssertTrue(problem.detail.lowercased().contains(limit), "\(limit): \(problem.detail)")
                XCTAssertEqual(problem.elementIndex, 0)
            }
            try await app.test(.POST, "events", headers: .ndjson, body: ByteBuffer(element + "\n")) { res async throws in
                XCTAssertEqual(res.status, .ok, "\(limit) is within the default limits: \(res.body.string)")
            }
        }
    }

    func testHandlerErrorsAreNotTurnedIntoBadRequests() async throws {
        try await app.test(.POST, "events/failing", headers: .ndjson, body: ByteBuffer(Self.lines(0..<4))) { res async throws in
            XCTAssertEqual(res.status, .conflict)
            XCTAssertEqual(res.headers.first(name: .contentType), "application/json; charset=utf-8")
            XCTAssertEqual(res.body.string, #"{"error":true,"reason":"duplicate event 2"}"#)
        }
    }

    // MARK: Over a socket (XCTVapor live server)

    func testStreamingRouteOverALiveServer() async throws {
        let tester = try app.testable(method: .running(hostname: "127.0.0.1", port: 0))
        let body = Self.lines(0..<2) + #"{"id":"two","name":"b"}"# + "\n" + Self.lines(3..<2_000)
        try await tester.test(.POST, "events/skip", headers: .ndjson, body: ByteBuffer(body)) { res async throws in
            XCTAssertEqual(res.status, .ok)
            let summary = try res.content.decode(Summary.self)
            XCTAssertEqual(summary.stored, 1_999)
            XCTAssertEqual(summary.rejected.map(\.index), [2])
            XCTAssertEqual(summary.rejected.map(\.offset), [42])
        }
        try await tester.test(.POST, "events", headers: .json, body: ByteBuffer("[" + Self.line(0) + ",{]")) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.line, 1)
            XCTAssertEqual(problem.column, 24)
            XCTAssertEqual(problem.stored, 1)
        }
        let ids = await store.events.map(\.id)
        XCTAssertEqual(ids, [0, 1] + Array(3..<2_000) + [0])
    }
}
#endif
