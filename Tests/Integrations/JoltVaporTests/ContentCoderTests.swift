#if Vapor
import Foundation
import Jolt
import JoltNIO
import JoltVapor
import XCTVapor
import XCTest

/// `useJolt()`: the content coders, the routing of `req.content` and of
/// responses through Jolt, and the `userInfo` variants.
final class ContentCoderTests: XCTestCase {
    private var app: Application!
    private let store = EventStore()

    override func setUp() async throws {
        app = try await TestApp.make(store: store)
    }

    override func tearDown() async throws {
        try await app.asyncShutdown()
        app = nil
    }

    func testUseJoltRegistersJoltForJSONAndJSONAPIAndInstallsMiddlewareInsideErrorMiddleware() throws {
        XCTAssertTrue(try ContentConfiguration.global.requireDecoder(for: .json) is JoltDecoder)
        XCTAssertTrue(try ContentConfiguration.global.requireEncoder(for: .json) is JoltEncoder)
        XCTAssertTrue(try ContentConfiguration.global.requireDecoder(for: .jsonAPI) is JoltDecoder)
        XCTAssertTrue(try ContentConfiguration.global.requireEncoder(for: .jsonAPI) is JoltEncoder)
        let middleware = app.middleware.resolve()
        let errorIndex = try XCTUnwrap(middleware.firstIndex { $0 is ErrorMiddleware })
        let joltIndex = try XCTUnwrap(middleware.firstIndex { $0 is JoltProblemMiddleware })
        XCTAssertLessThan(errorIndex, joltIndex, "errors must reach JoltProblemMiddleware before ErrorMiddleware")
        XCTAssertEqual(middleware.filter { $0 is JoltProblemMiddleware }.count, 1)
    }

    func testContentDecodeRoundTripsThroughJolt() async throws {
        let body = #"{"id":1,"items":[{"sku":"A-1","price":9.5}],"placedAt":"2023-11-14T22:13:20Z"}"#
        try await app.test(.POST, "orders", headers: .json, body: ByteBuffer(body)) { res async throws in
            XCTAssertEqual(res.status, .ok)
            XCTAssertEqual(res.headers.first(name: .contentType), "application/json; charset=utf-8")
            // `note` is nil: Foundation (and Vapor's default coder) would leave it out;
            // the app's JoltEncoder writes it, so the response went through Jolt.
            XCTAssertEqual(res.body.string,
                           #"{"id":1,"items":[{"price":9.5,"sku":"A-1"}],"note":null,"placedAt":"2023-11-14T22:13:20Z"}"#)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let order = try decoder.decode(Order.self, from: Data(res.body.readableBytesView))
            XCTAssertEqual(order, Order(id: 1, items: [Item(sku: "A-1", price: 9.5)], placedAt: TestApp.sampleDate))
        }
    }

    func testResponsesAreEncodedByTheAppsJoltEncoder() async throws {
        try await app.test(.GET, "orders/sample") { res async throws in
            XCTAssertEqual(res.status, .ok)
            XCTAssertEqual(res.headers.first(name: .contentType), "application/json; charset=utf-8")
            XCTAssertEqual(res.body.string,
                           #"{"id":7,"items":[{"price":2.5,"sku":"A-1"}],"note":null,"placedAt":"2023-11-14T22:13:20Z"}"#)
        }
    }

    func testMalformedBodyAnswersProblemWithLineAndColumn() async throws {
        // 'x' is the 13th byte of line 3, and byte 25 of the body.
        let body = "{\n  \"id\": 1,\n  \"items\": [x]\n}"
        try await app.test(.POST, "orders", headers: .json, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.title, "Malformed JSON")
            XCTAssertEqual(problem.line, 3)
            XCTAssertEqual(problem.column, 13)
            XCTAssertEqual(problem.offset, 25)
            XCTAssertFalse(problem.detail.isEmpty)
            XCTAssertFalse(res.body.string.contains("Swift"), "no stack trace or type names")
        }
    }

    func testJSONAPIBodiesGoThroughJoltToo() async throws {
        let headers: HTTPHeaders = ["Content-Type": "application/vnd.api+json"]
        try await app.test(.POST, "orders", headers: headers, body: ByteBuffer(#"{"id": tru}"#)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:syntax-error")
            XCTAssertEqual(problem.line, 1)
            XCTAssertNotNil(problem.column)
        }
    }

    func testBadValueAnswersProblemWithCodingPath() async throws {
        let body = #"{"id":1,"items":[{"sku":"A-1","price":1},{"sku":"B-2","price":"cheap"}]}"#
        try await app.test(.POST, "orders", headers: .json, body: ByteBuffer(body)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:invalid-value")
            XCTAssertEqual(problem.codingPath, "items[1].price")
            XCTAssertNil(problem.line)
            XCTAssertTrue(problem.detail.hasPrefix("Expected Double"), problem.detail)
        }
    }

    func testMissingKeyAnswersProblemNamingTheKey() async throws {
        try await app.test(.POST, "orders", headers: .json, body: ByteBuffer(#"{"id":1}"#)) { res async throws in
            let problem = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:invalid-value")
            XCTAssertTrue(problem.detail.contains(#"Missing key "items""#), problem.detail)
        }
    }

    func testOtherErrorsAreLeftToVaporsErrorMiddleware() async throws {
        try await app.test(.GET, "no/such/route") { res async throws in
            XCTAssertEqual(res.status, .notFound)
            XCTAssertEqual(res.headers.first(name: .contentType), "application/json; charset=utf-8")
            XCTAssertEqual(res.body.string, #"{"error":true,"reason":"Not Found"}"#)
        }
    }

    func testUseJoltMaxBodyBytesGuardsEveryJSONRouteByContentLength() async throws {
        let guarded = try await Application.make(.testing)
        guarded.logger.logLevel = .critical
        guarded.useJolt(maxBodyBytes: 16)
        guarded.post("echo") { req in try req.content.decode(Event.self) }
        guarded.post("text") { req in req.body.string ?? "" }
        do {
            try await guarded.asyncBoot()
            try await guarded.test(.POST, "echo", headers: .json, body: ByteBuffer(#"{"id":1,"name":"seventeen"}"#)) { res async throws in
                let problem = try assertProblem(res, status: .payloadTooLarge, type: "urn:jolt:problem:body-too-large")
                XCTAssertTrue(problem.detail.contains("16 bytes"), problem.detail)
            }
            try await guarded.test(.POST, "echo", headers: .json, body: ByteBuffer(#"{"id":1,"name":""}"#)) { res async throws in
                XCTAssertEqual(res.status, .payloadTooLarge, "18 bytes is over 16 too")
            }
            try await guarded.test(.POST, "echo", headers: .json, body: ByteBuffer(#"{"id":1,}"#)) { res async throws in
                _ = try assertProblem(res, status: .badRequest, type: "urn:jolt:problem:syntax-error")
            }
            try await guarded.test(.POST, "text", headers: ["Content-Type": "text/plain"],
                                   body: ByteBuffer(String(repeating: "t", count: 40))) { res async throws in
                XCTAssertEqual(res.status, .ok, "only JSON and JSON Lines bodies are guarded")
            }
        } catch {
            try await guarded.asyncShutdown()
            throw error
        }
        try await guarded.asyncShutdown()
    }

    func testProblemsThrownWithoutTheMiddlewareStillCarryTheirStatus() async throws {
        // An app that registers the coders by hand, without useJolt's middleware:
        // Vapor's ErrorMiddleware answers a JoltProblemDetails as the AbortError it is.
        let plain = try await Application.make(.testing)
        plain.logger.logLevel = .critical
        plain.post("refuse") { req -> String in
            throw JoltProblemDetails.unsupportedMediaType(req.headers.first(name: .contentType))
        }
        do {
            try await plain.asyncBoot()
            try await plain.test(.POST, "refuse", headers: ["Content-Type": "text/csv"], body: ByteBuffer("a")) { res async throws in
                XCTAssertEqual(res.status, .unsupportedMediaType)
                XCTAssertTrue(res.body.string.contains(#""error":true"#), res.body.string)
                XCTAssertTrue(res.body.string.contains("csv"), res.body.string)
            }
        } catch {
            try await plain.asyncShutdown()
            throw error
        }
        try await plain.asyncShutdown()
    }

    // MARK: The coders on their own

    func testDecoderReadsTheBuffersReadableBytesAndMergesUserInfoOnACopy() throws {
        let decoder = JoltDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.userInfo[.tenant] = "shared"
        var buffer = ByteBuffer(string: #"xx{"user_name":"ann"}"#)
        buffer.moveReaderIndex(forwardBy: 2)

        let plain = try decoder.decode(Tenanted.self, from: buffer, headers: [:])
        XCTAssertEqual(plain, Tenanted(userName: "ann", tenant: "shared", extra: nil))

        let merged = try decoder.decode(Tenanted.self, from: buffer, headers: [:],
                                        userInfo: [.tenant: "request", .extra: "e"])
        XCTAssertEqual(merged, Tenanted(userName: "ann", tenant: "request", extra: "e"))
        XCTAssertEqual(decoder.userInfo[.tenant] as? String, "shared", "the shared decoder is not changed")
        XCTAssertNil(decoder.userInfo[.extra])
        XCTAssertEqual(buffer.readerIndex, 2)
    }

    func testDecoderCopyKeepsLimits() throws {
        let decoder = JoltDecoder()
        decoder.limits.maxDepth = 2
        let deep = ByteBuffer(string: #"{"user_name":[[1]]}"#)
        XCTAssertThrowsError(try decoder.decode(JSONValue.self, from: deep, headers: [:], userInfo: [.tenant: "t"])) { error in
            XCTAssertEqual(JoltProblemDetails(error)?.type, "urn:jolt:problem:limit-exceeded")
        }
    }

    func testEncoderAppendsAtTheWriterIndexSetsContentTypeAndMergesUserInfoOnACopy() throws {
        let encoder = JoltEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.userInfo[.tenant] = "shared"
        var buffer = ByteBuffer(string: "prefix:")
        var headers = HTTPHeaders()

        try encoder.encode(Tenanted(userName: "ann", tenant: nil, extra: nil), to: &buffer, headers: &headers)
        XCTAssertEqual(buffer.string, #"prefix:{"user_name":"ann","tenant":"shared"}"#)
        XCTAssertEqual(headers.contentType, .json)
        XCTAssertEqual(headers.first(name: .contentType), "application/json; charset=utf-8")

        buffer.clear()
        try encoder.encode(Tenanted(userName: "bo", tenant: nil, extra: nil), to: &buffer, headers: &headers,
                           userInfo: [.tenant: "request"])
        XCTAssertEqual(buffer.string, #"{"user_name":"bo","tenant":"request"}"#)
        XCTAssertEqual(encoder.userInfo[.tenant] as? String, "shared", "the shared encoder is not changed")
    }

    func testEncoderLeavesBufferAsItWasOnError() throws {
        var buffer = ByteBuffer(string: "keep")
        var headers = HTTPHeaders()
        XCTAssertThrowsError(try JoltEncoder().encode(Double.nan, to: &buffer, headers: &headers))
        XCTAssertEqual(buffer.string, "keep")
    }
}

/// A type whose coding reads `userInfo`.
private struct Tenanted: Codable, Equatable {
    var userName: String
    var tenant: String?
    var extra: String?

    private enum CodingKeys: String, CodingKey { case userName, tenant }

    init(userName: String, tenant: String?, extra: String?) {
        self.userName = userName
        self.tenant = tenant
        self.extra = extra
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userName = try container.decode(String.self, forKey: .userName)
        tenant = decoder.userInfo[.tenant] as? String
        extra = decoder.userInfo[.extra] as? String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userName, forKey: .userName)
        try container.encodeIfPresent(encoder.userInfo[.tenant] as? String, forKey: .tenant)
    }
}

private extension CodingUserInfoKey {
    static let tenant = CodingUserInfoKey(rawValue: "tenant")!
    static let extra = CodingUserInfoKey(rawValue: "extra")!
}

/// Asserts a problem+json answer and returns its body.
func assertProblem(_ res: XCTHTTPResponse, status: HTTPStatus, type: String,
                   file: StaticString = #filePath, line: UInt = #line) throws -> Problem {
    XCTAssertEqual(res.status, status, res.body.string, file: file, line: line)
    XCTAssertEqual(res.headers.first(name: .contentType), "application/problem+json", file: file, line: line)
    let problem = try JSONDecoder().decode(Problem.self, from: Data(res.body.readableBytesView))
    XCTAssertEqual(problem.status, Int(status.code), file: file, line: line)
    XCTAssertEqual(problem.type, type, problem.detail, file: file, line: line)
    return problem
}
#endif
