#if NIO
import Foundation
import Jolt
import JoltNIO
import NIOCore
import XCTest

/// The HTTP semantics shared by the Vapor and Hummingbird integrations: media
/// types, limits and RFC 9457 problems for bodies that do not decode.
final class RequestBodyTests: XCTestCase {
    struct Event: Codable, Equatable {
        var id: Int
        var kind: String
    }

    func body(_ text: String, size: Int = 8) -> BufferStreamTests.Source {
        BufferStreamTests.Source(text, size: size)
    }

    func problem(_ run: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line) async -> JoltProblemDetails? {
        do {
            try await run()
            XCTFail("expected a problem", file: file, line: line)
            return nil
        } catch let problem as JoltProblemDetails {
            return problem
        } catch {
            XCTFail("not a problem: \(error)", file: file, line: line)
            return nil
        }
    }

    func testMediaTypes() {
        XCTAssertEqual(JoltStreamFormat(contentType: "application/json"), .document)
        XCTAssertEqual(JoltStreamFormat(contentType: "Application/JSON; charset=utf-8"), .document)
        XCTAssertEqual(JoltStreamFormat(contentType: "application/vnd.api+json"), .document)
        XCTAssertEqual(JoltStreamFormat(contentType: "application/x-ndjson"), .jsonLines)
        XCTAssertEqual(JoltStreamFormat(contentType: "application/jsonl"), .jsonLines)
        XCTAssertNil(JoltStreamFormat(contentType: "text/plain"))
        XCTAssertNil(JoltStreamFormat(contentType: "application/x-www-form-urlencoded"))
        XCTAssertNil(JoltStreamFormat(contentType: nil))
    }

    func testWholeBodyDecode() async throws {
        let event = try await JoltDecoder().decode(Event.self, fromRequestBody: body(#"{"id": 1, "kind": "a"}"#, size: 1),
                                                   contentType: "application/json", contentLength: nil, maxBodyBytes: 100)
        XCTAssertEqual(event, Event(id: 1, kind: "a"))
        let untyped = try await JoltDecoder().decode(Event.self, fromRequestBody: body(#"{"id": 2, "kind": "b"}"#),
                                                     contentType: nil, contentLength: 22, maxBodyBytes: 22)
        XCTAssertEqual(untyped.id, 2)
    }

    func testUnsupportedMediaTypeIs415BeforeReading() async {
        let source = body(#"{"id": 1}"#)
        let problem = await problem {
            _ = try await JoltDecoder().decode(Event.self, fromRequestBody: source, contentType: "text/plain",
                                               contentLength: nil, maxBodyBytes: 100)
        }
        XCTAssertEqual(problem?.statusCode, 415)
        XCTAssertEqual(source.pulled, 0)
        let streamed = await self.problem {
            try await JoltDecoder().forEachElement(Event.self, fromRequestBody: source, contentType: "application/xml",
                                                   contentLength: nil, maxBodyBytes: 100) { _ in }
        }
        XCTAssertEqual(streamed?.statusCode, 415)
        XCTAssertEqual(streamed?.type, "urn:jolt:problem:unsupported-media-type")
    }

    func testOversizedBodiesAre413WithoutReadingTheRest() async {
        let text = String(repeating: #"{"id": 1, "kind": "a"}"# + "\n", count: 100)
        let declared = body(text)
        let byLength = await problem {
            try await JoltDecoder().forEachElement(Event.self, fromRequestBody: declared, contentType: "application/x-ndjson",
                                                   contentLength: text.utf8.count, maxBodyBytes: 1000) { _ in }
        }
        XCTAssertEqual(byLength?.statusCode, 413)
        XCTAssertEqual(declared.pulled, 0, "a Content-Length over the limit is refused before reading")
        let chunked = body(text, size: 100)
        var stored = 0
        let byBytes = await problem {
            try await JoltDecoder().forEachElement(Event.self, fromRequestBody: chunked, contentType: "application/x-ndjson",
                                                   contentLength: nil, maxBodyBytes: 1000) { _ in stored += 1 }
        }
        XCTAssertEqual(byBytes?.statusCode, 413)
        XCTAssertEqual(chunked.pulled, 11, "the buffer that passes the limit is the last one read")
        XCTAssertEqual(stored, 43, "the whole lines in the first 1,000 bytes")
        let whole = body(text, size: 100)
        let collected = await problem {
            _ = try await JoltDecoder().decode([Event].self, fromRequestBody: whole, contentType: "application/json",
                                               contentLength: nil, maxBodyBytes: 1000)
        }
        XCTAssertEqual(collected?.statusCode, 413)
        XCTAssertEqual(whole.pulled, 11)
    }

    func testSyntaxErrorsAre400WithOffsetLineAndColumn() async {
        let problem = await problem {
            _ = try await JoltDecoder().decode(Event.self, fromRequestBody: body("{\n \"id\": 1,\n \"kind\": x}"),
                                               contentType: "application/json", contentLength: nil, maxBodyBytes: 100)
        }
        XCTAssertEqual(problem?.statusCode, 400)
        XCTAssertEqual(problem?.type, "urn:jolt:problem:syntax-error")
        XCTAssertEqual(problem?.offset, 21)
        XCTAssertEqual(problem?.line, 3)
        XCTAssertEqual(problem?.column, 10)
    }

    func testABadValueIs400WithItsCodingPath() async {
        let problem = await problem {
            _ = try await JoltDecoder().decode([Event].self, fromRequestBody: body(#"[{"id": 1, "kind": "a"}, {"id": "2", "kind": "b"}]"#),
                                               contentType: "application/json", contentLength: nil, maxBodyBytes: 100)
        }
        XCTAssertEqual(problem?.statusCode, 400)
        XCTAssertEqual(problem?.type, "urn:jolt:problem:invalid-value")
        XCTAssertEqual(problem?.codingPath, "[1].id")
        XCTAssertNil(problem?.line)
    }

    func testStreamsSkipBadElementsAndReportThem() async throws {
        let text = #"{"id": 1, "kind": "a"}"# + "\n" + #"{"id": "x", "kind": "b"}"# + "\n" + #"{"kind": "c"}"# + "\n" + #"{"id": 4, "kind": "d"}"# + "\n"
        var ids: [Int] = []
        let report = try await JoltDecoder().forEachElement(Event.self, fromRequestBody: body(text, size: 1),
                                                            contentType: "application/x-ndjson", contentLength: nil,
                                                            errorPolicy: .skip, maxBodyBytes: 1000) { ids.append($0.id) }
        XCTAssertEqual(ids, [1, 4])
        XCTAssertEqual(report.rejectedElements.map(\.index), [1, 2])
        XCTAssertEqual(report.rejectedElements.map(\.offset), [23, 48])
        XCTAssertTrue(report.rejectedElements[0].error.hasPrefix("id: "), report.rejectedElements[0].error)
        XCTAssertFalse(report.rejectedElements[1].error.hasPrefix("id: "), report.rejectedElements[1].error)
    }

    func testStreamsStopAtTheFirstBadElementWith400() async {
        let text = #"[{"id": 1, "kind": "a"}, {"id": 2, "kind": 3}, {"id": 3, "kind": "c"}]"#
        var ids: [Int] = []
        let problem = await problem {
            try await JoltDecoder().forEachElement(Event.self, fromRequestBody: body(text), contentType: "application/json",
                                                   contentLength: nil, maxBodyBytes: 1000) { ids.append($0.id) }
        }
        XCTAssertEqual(ids, [1])
        XCTAssertEqual(problem?.statusCode, 400)
        XCTAssertEqual(problem?.elementIndex, 1)
        XCTAssertEqual(problem?.offset, 25)
        XCTAssertEqual(problem?.codingPath, "[1].kind")
    }

    func testHostileBodiesEndIn400() async {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let cases: [(String, [UInt8], String)] = [
            ("deep", Array(deep.utf8), "urn:jolt:problem:limit-exceeded"),
            ("utf8", Array(#"[{"id": 1, "kind": ""#.utf8) + [0xC3, 0x28] + Array(#""}]"#.utf8), "urn:jolt:problem:syntax-error"),
            ("truncated", Array(#"[{"id": 1, "kind": "a"}, {"id": 2, "ki"#.utf8), "urn:jolt:problem:syntax-error"),
        ]
        for (name, bytes, type) in cases {
            for format in ["application/json", "application/x-ndjson"] {
                for size in [1, 64, bytes.count] {
                    let problem = await problem {
                        try await JoltDecoder().forEachElement(
                            Event.self, fromRequestBody: BufferStreamTests.Source(bytes: bytes, size: size),
                            contentType: format, contentLength: nil, maxBodyBytes: 1 << 20) { _ in }
                    }
                    XCTAssertEqual(problem?.statusCode, 400, "\(name) \(format) \(size)")
                    XCTAssertEqual(problem?.type, type, "\(name) \(format) \(size)")
                    XCTAssertNotNil(problem?.offset, "\(name) \(format) \(size)")
                    XCTAssertNotNil(problem?.line, "\(name) \(format) \(size)")
                }
            }
            let whole = await problem {
                _ = try await JoltDecoder().decode([Event].self, fromRequestBody: BufferStreamTests.Source(bytes: bytes, size: 7),
                                                   contentType: "application/json", contentLength: nil, maxBodyBytes: 1 << 20)
            }
            XCTAssertEqual(whole?.statusCode, 400, name)
            XCTAssertEqual(whole?.type, type, name)
        }
    }

    func testTheHandlersOwnErrorsAreNeverABadBody() async {
        struct DiskFull: Error {}
        do {
            try await JoltDecoder().forEachElement(Event.self, fromRequestBody: body(#"[{"id": 1, "kind": "a"}]"#),
                                                   contentType: "application/json", contentLength: nil,
                                                   maxBodyBytes: 100) { _ in throw DiskFull() }
            XCTFail("expected DiskFull")
        } catch {
            XCTAssertTrue(error is DiskFull, "\(error)")
        }
    }

    func testProblemDetailsJSON() throws {
        var problem = JoltProblemDetails(type: "urn:jolt:problem:syntax-error", title: "Malformed JSON", status: 400,
                                         detail: "Unexpected character", offset: 4, line: 1, column: 5)
        problem.extensions["stored"] = 1200
        let json = try JSONSerialization.jsonObject(with: Data(problem.encoded())) as? [String: Any]
        XCTAssertEqual(json?["type"] as? String, "urn:jolt:problem:syntax-error")
        XCTAssertEqual(json?["status"] as? Int, 400)
        XCTAssertEqual(json?["offset"] as? Int, 4)
        XCTAssertEqual(json?["line"] as? Int, 1)
        XCTAssertEqual(json?["column"] as? Int, 5)
        XCTAssertEqual(json?["stored"] as? Int, 1200)
        XCTAssertNil(json?["codingPath"])
        XCTAssertEqual(JoltProblemDetails.mediaType, "application/problem+json")
        XCTAssertNil(JoltProblemDetails(CancellationError()), "errors that are not about the body are left to the framework")
    }
}
#endif
