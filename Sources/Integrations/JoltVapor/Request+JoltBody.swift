#if Vapor
import Jolt
import JoltNIO
import Vapor

extension Request {
    /// Decodes the elements of this request's body as they arrive (the
    /// elements of a JSON array, or JSON Lines under `application/x-ndjson` and
    /// its aliases), awaiting `body` with each before the next buffer is read
    /// (backpressure); the body is never collected whole. Register the route
    /// with `body: .stream`.
    ///
    /// ```swift
    /// app.on(.POST, "events", body: .stream) { req in
    ///     var stored = 0
    ///     let report = try await req.forEachJoltElement(Event.self, errorPolicy: .skip,
    ///                                                   maxBodyBytes: 1 << 30) { event in
    ///         try await store.append(event); stored += 1
    ///     }
    ///     return Summary(stored: stored, rejected: report.rejectedElements)
    /// }
    /// ```
    /// - Parameters:
    ///   - type: the element type.
    ///   - decoder: the decoder whose options and ``Jolt/JoltLimits`` (depth,
    ///     string, number) decode each element. Default: the app's
    ///     ``Vapor/Application/joltDecoder``.
    ///   - errorPolicy: `.stop` (default: `400` at the first bad element) or
    ///     `.skip` (bad elements are left out and reported).
    ///   - maxBodyBytes: the largest body accepted: a larger `Content-Length` is
    ///     answered `413` before a byte is read, and a body without one is cut
    ///     when it passes the limit. Default: `app.routes.defaultMaxBodySize`.
    ///   - maxElementBytes: the largest element accepted (`413` past it). Default 64 MiB.
    ///   - body: called with each element, in order.
    /// - Returns: the stream's report (``JoltNIO/JoltRejectedElement``s through `rejectedElements`).
    /// - Throws: a ``JoltNIO/JoltProblemDetails`` (`415`, `413`, `400`), answered
    ///   as `application/problem+json` by ``JoltProblemMiddleware``; what `body`
    ///   throws, as it is.
    @discardableResult
    public func forEachJoltElement<Element: Decodable>(
        _ type: Element.Type, decoder: JoltDecoder? = nil, errorPolicy: JoltStreamErrorPolicy = .stop,
        maxBodyBytes: Int? = nil, maxElementBytes: Int = 64 << 20,
        _ body: (Element) async throws -> Void
    ) async throws -> JoltDecodeReport {
        try await (decoder ?? application.joltDecoder).forEachElement(
            type, fromRequestBody: self.body, contentType: headers.first(name: .contentType),
            contentLength: declaredContentLength, errorPolicy: errorPolicy,
            maxBodyBytes: maxBodyBytes ?? application.routes.defaultMaxBodySize.value,
            maxElementBytes: maxElementBytes, body)
    }

    /// Decodes this request's whole body into one value with Jolt, on a route
    /// registered with `body: .stream` (the body is read up to `maxBodyBytes`,
    /// never further) or `.collect`.
    ///
    /// ```swift
    /// app.on(.POST, "imports", body: .stream) { req in
    ///     let batch = try await req.decodeJolt(Batch.self, maxBodyBytes: 8 << 20)
    ///     return try await importer.run(batch)
    /// }
    /// ```
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - decoder: the decoder to use. Default: the app's ``Vapor/Application/joltDecoder``.
    ///   - maxBodyBytes: the largest body accepted (`413`; a larger
    ///     `Content-Length` is refused before a byte is read). Default:
    ///     `app.routes.defaultMaxBodySize`.
    /// - Throws: a ``JoltNIO/JoltProblemDetails``: `415` for a `Content-Type`
    ///   that is not JSON, `413`, `400` for a body that does not decode.
    public func decodeJolt<T: Decodable>(_ type: T.Type, decoder: JoltDecoder? = nil,
                                         maxBodyBytes: Int? = nil) async throws -> T {
        try await (decoder ?? application.joltDecoder).decode(
            type, fromRequestBody: self.body, contentType: headers.first(name: .contentType),
            contentLength: declaredContentLength,
            maxBodyBytes: maxBodyBytes ?? application.routes.defaultMaxBodySize.value)
    }

    /// The `Content-Length` the client declared, if any.
    private var declaredContentLength: Int? {
        headers.first(name: .contentLength).flatMap { Int($0) }
    }
}
#endif
