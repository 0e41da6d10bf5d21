#if Vapor
import Foundation
import Jolt
import JoltNIO
import JoltVapor
import XCTVapor
import XCTest

/// HTTP semantics of bad input on `req.content.decode` and `req.decodeJolt`
/// routes: 400, 413, 415, each an RFC 9457 body.
final class ProblemResponseTests: XCTestCase {
    private var app: Application!
    private let store = EventStore()

    override func setUp() async throws {
        app = try await TestApp.make(store: store)
    }

    override func tearDown() async throws {
        try await app.asyncShutdown()
        app = nil
    }

    static let validOrder = #"{"id":1,"items":[{"sku":"A-1","price":9.5}]}"#

    // MARK: 415

    func testContentTypeWithoutADecoderAnswers415() async throws {
        let headers: HTTPHeaders = ["Content-Type": "application/xml"]
        try await app.test(.POST, "orders", headers: headers, body: ByteBuffer("<order/>")) { res async throws in
            let problem = try assertProblem(res, status: .unsupportedMediaType, type: "urn:jolt:problem:unsupported-media-type")
            XCTAssertEqual(problem.title, "Unsupported Media Type")
            XCTAssertTrue(problem.detail.contains("application/xml"), problem.detail)
        }
    }

    func testMissingContentTypeAnswers415() async throws {
        try await app.test(.POST, "orders", body: ByteBuffer(Self.validOrder)) { res async throws in
            _ = try assertProblem(res, status: .unsupportedMediaType, type: "urn:jolt:problem:unsupported-media-type")
        }
    }

    func testJSONLinesOnADocumentRouteAnswers415() async throws {
        try await app.test(.POST, "orders", headers: .ndjson, body: ByteBuffer(Self.validOrder)) { res async throws in
            _ = try assertProblem(res, status: .unsupportedMediaType, type: "urn:jolt:problem:unsupported-media-type")
        }
    }

    func testDecodeJoltRefusesNonJSONWith415() async throws {
        let headers: HTTPHeaders = ["Content-Type": "text/plain"]
        try await app.test(.POST, "documents", headers: headers, body: ByteBuffer(Self.validOrder)) { res async throws in
            let problem = try assertProblem(res, status: .unsupportedMediaType, type: "urn:jolt:problem:unsupported-media-type")
            XCTAssertTrue(problem.detail.contains("text/plain"), problem.detail)
        }
    }

    // MARK: 413

    func testContentLengthOverTheGuardedLimitAnswers413BeforeTheRouteRuns() async throws {
        let body = #"{"id":1,"items":[],"note":"\#(String(repeating: "n", count: 80))"}"#
        try await app.test(.POST, "orders/guarded", headers: .json, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .payloadTooLarge, type: "urn:jolt:problem:body-too-large")
            XCTAssertEqual(problem.title, "Content Too Large")
            XCTAssertTrue(problem.detail.contains("64 bytes"), problem.detail)
        }
        try await app.test(.POST, "orders/guarded", headers: .json, body: ByteBuffer(#"{"id":1,"items":[]}"#)) { res async throws in
            XCTAssertEqual(res.status, .ok)
        }
    }

    func testDecodeJoltAnswers413ForABodyOverItsLimit() async throws {
        let body = #"{"id":1,"items":[],"note":"\#(String(repeating: "n", count: 200))"}"#
        try await app.test(.POST, "documents", headers: .json, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .payloadTooLarge, type: "urn:jolt:problem:body-too-large")
            XCTAssertTrue(problem.detail.contains("200 bytes"), problem.detail)
        }
    }

    func testVaporsCollectLimitIsAnsweredAsProblemOnALiveServer() async throws {
        // In memory the body arrives collected and Vapor skips `.collect(maxSize:)`;
        // over a socket a body split into several reads is collected and refused.
        let tester = try app.testable(method: .running(hostname: "127.0.0.1", port: 0))
        let body = #"{"id":1,"items":[],"note":"\#(String(repeating: "n", count: 300_000))"}"#
        try await tester.test(.POST, "orders/small", headers: .json, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .payloadTooLarge, type: "urn:jolt:problem:body-too-large")
            XCTAssertEqual(problem.detail, "The body is larger than the route accepts")
        }
    }

    // MARK: 400

    func testInvalidUTF8Answers400WithItsOffset() async throws {
        var body = ByteBuffer(#"{"id":1,"name":"ab"#)
        body.writeBytes([0xFF, 0xFE])
        body.writeString(#""}"#)
        try await app.test(.POST, "event", headers: .json, body: body) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.offset, 18)
            XCTAssertEqual(problem.line, 1)
            XCTAssertEqual(problem.column, 19)
        }
    }

    func testTruncatedBodyAnswers400AtItsEnd() async throws {
        let body = #"{"id":1,"items":[{"sku":"A-1","#
        try await app.test(.POST, "orders", headers: .json, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.offset, body.utf8.count)
            XCTAssertEqual(problem.line, 1)
        }
    }

    func testTenThousandDeepNestingAnswers400NotACrash() async throws {
        let body = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        try await app.test(.POST, "orders", headers: .json, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:limit-exceeded")
            XCTAssertEqual(problem.offset, 512)
        }
        try await app.test(.POST, "documents", headers: .json, body: ByteBuffer(String(repeating: "{\"a\":", count: 10_000))) { res async throws in
            // Over decodeJolt's 200-byte limit first.
            _ = try assertProblem(res, status: .payloadTooLarge, type: "urn:jolt:problem:body-too-large")
        }
        try await app.test(.GET, "health") { res async throws in
            XCTAssertEqual(res.status, .ok)
        }
    }

    func testDecodeJoltDecodesAndAnswers400WithCodingPath() async throws {
        try await app.test(.POST, "documents", headers: .json, body: ByteBuffer(Self.validOrder)) { res async throws in
            XCTAssertEqual(res.status, .ok)
            XCTAssertEqual(res.body.string, #"{"id":1,"items":[{"price":9.5,"sku":"A-1"}],"note":null,"placedAt":null}"#)
        }
        try await app.test(.POST, "documents", headers: .json, body: ByteBuffer(#"{"id":1,"items":[{"sku":2}]}"#)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:invalid-value")
            XCTAssertEqual(problem.codingPath, "items[0].sku")
        }
    }

    // MARK: Limits per route

    func testRouteDecoderLimitsApplyOnlyToThatRoute() async throws {
        let longString = #"{"id":1,"items":[],"note":"seventeen bytes!!"}"#
        let longNumber = #"{"id":123456789,"items":[]}"#
        let deep = #"{"id":1,"items":[{"sku":"a","price":1}],"note":null,"x":[[[[1]]]]}"#
        for (body, limit) in [(longString, "string"), (longNumber, "number"), (deep, "depth")] {
            try await app.test(.POST, "orders/strict", headers: .json, body: ByteBuffer(body)) { res async throws in
                let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:limit-exceeded")
                XCTAssertEqual(problem.title, "Limit Exceeded")
                XCTAssertTrue(problem.detail.lowercased().contains(limit), "\(limit): \(problem.detail)")
            }
            try await app.test(.POST, "orders", headers: .json, body: ByteBuffer(body)) { res async throws in
                XCTAssertEqual(res.status, .ok, "the app's decoder has the default limits: \(res.body.string)")
            }
        }
    }

    // MARK: Over a socket

    func testProblemsOverALiveServer() async throws {
        let tester = try app.testable(method: .running(hostname: "127.0.0.1", port: 0))
        try await tester.test(.POST, "orders", headers: .json, body: ByteBuffer("{\n\"id\": 1,,\n}")) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.line, 2)
            XCTAssertEqual(problem.column, 9)
            XCTAssertEqual(problem.offset, 10)
        }
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        try await tester.test(.POST, "orders", headers: .json, body: ByteBuffer(deep)) { res async throws in
            _ = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:limit-exceeded")
        }
        try await tester.test(.POST, "orders", headers: ["Content-Type": "text/csv"], body: ByteBuffer("a,b")) { res async throws in
            _ = try assertProblem(res, status: .unsupportedMediaType, type: "urn:jolt:problem:unsupported-media-type")
        }
        try await tester.test(.POST, "orders", headers: .json, body: ByteBuffer(Self.validOrder)) { res async throws in
            XCTAssertEqual(res.status, .ok)
        }
    }
}
#endif
