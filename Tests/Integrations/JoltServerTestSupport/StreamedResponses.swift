#if Vapor || Hummingbird
import AsyncHTTPClient
import Foundation
import NIOCore
import Synchronization
import XCTest

/// A response read to its end by AsyncHTTPClient, part by part: what the
/// streamed-response tests of both frameworks look at.
///
/// ```swift
/// let export = try await StreamedBody.fetch(client, "http://127.0.0.1:\(port)/export")
/// XCTAssertGreaterThan(export.parts, 1)
/// ```
public struct StreamedBody: Sendable {
    public var response: HTTPClientResponse
    /// How many parts the body came in.
    public var parts: Int
    public var bytes: [UInt8]

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// `GET url`, its body read to the end.
    public static func fetch(_ client: HTTPClient, _ url: String, timeout: Int64 = 60) async throws -> StreamedBody {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(timeout))
        var parts = 0
        var bytes: [UInt8] = []
        for try await part in response.body {
            parts += 1
            bytes += part.readableBytesView
        }
        return StreamedBody(response: response, parts: parts, bytes: bytes)
    }
}

/// `GET url` answers `200` and part of a body, then fails before the body's
/// end: what a client must see of a streamed response the server could not
/// finish, never a shorter body that ends as if whole. Returns the bytes
/// received before the failure.
///
/// ```swift
/// try await assertTheBodyFails(client, "http://127.0.0.1:\(port)/export?fail=3000")
/// ```
@discardableResult
public func assertTheBodyFails(_ client: HTTPClient, _ url: String,
                               file: StaticString = #filePath, line: UInt = #line) async throws -> Int {
    let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
    XCTAssertEqual(response.status, .ok, file: file, line: line)
    var received = 0
    do {
        for try await part in response.body { received += part.readableBytes }
        XCTFail("\(url): the body ended normally after \(received) bytes", file: file, line: line)
    } catch {
        XCTAssertGreaterThan(received, 0, "\(url): \(error)", file: file, line: line)
    }
    return received
}

/// A client that reads the first part of the response at `url` and then
/// nothing: asserts that `pulled()` (the elements the server has taken from
/// its feed of `total`) stops growing far from the end once the connection's
/// buffers are full; then the client goes away (its task is cancelled and has
/// ended when this returns; `whileStalled` runs just before it leaves).
/// Returns what `pulled()` said while the client waited.
///
/// ```swift
/// let held = try await assertAStalledClientHoldsTheFeedBack(client, url, total: 200_000) { log.pulled }
/// ```
@discardableResult
public func assertAStalledClientHoldsTheFeedBack(
    _ client: HTTPClient, _ url: String, total: Int, whileStalled: () -> Void = {},
    pulled: @escaping @Sendable () -> Int, file: StaticString = #filePath, line: UInt = #line
) async throws -> Int {
    let firstPart = Mutex(false)
    let reader = Task {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(60))
        var parts = response.body.makeAsyncIterator()
        _ = try await parts.next()
        firstPart.withLock { $0 = true }
        try await Task.sleep(for: .seconds(60))   // reads nothing more, until cancelled
        _ = try await parts.next()
    }
    let deadline = ContinuousClock.now + .seconds(20)
    while !firstPart.withLock({ $0 }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    XCTAssertTrue(firstPart.withLock { $0 }, "no part of the body arrived", file: file, line: line)
    // Let the server fill the connection's buffers, then see it wait.
    try await Task.sleep(for: .milliseconds(1500))
    let held = pulled()
    try await Task.sleep(for: .milliseconds(500))
    let later = pulled()
    XCTAssertLessThan(later, total / 4, "the server pulled \(later) of \(total) elements of a body nobody read",
                      file: file, line: line)
    XCTAssertLessThan(later - held, 2000, "still pulling: \(held) then \(later)", file: file, line: line)
    whileStalled()
    reader.cancel()
    _ = await reader.result
    return later
}

/// A value that encodes as `value` does, or, when `broken`, throws instead:
/// an element a streamed response cannot write.
///
/// ```swift
/// let feed = (0..<10).map { Breakable(Row(id: $0), broken: $0 == 7) }
/// ```
public struct Breakable<Value: Encodable & Sendable>: Encodable, Sendable {
    public var value: Value
    public var broken: Bool

    public init(_ value: Value, broken: Bool = false) {
        self.value = value
        self.broken = broken
    }

    public func encode(to encoder: any Encoder) throws {
        if broken {
            throw EncodingError.invalidValue(value, .init(codingPath: encoder.codingPath, debugDescription: "a broken element"))
        }
        try value.encode(to: encoder)
    }
}
#endif
