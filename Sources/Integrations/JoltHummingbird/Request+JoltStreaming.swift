#if Hummingbird
import Hummingbird
import Jolt
import JoltNIO

extension Request {
    /// Decodes the elements of this request's body as they arrive, awaiting
    /// `body` with each before the next buffer is read (backpressure); the body
    /// is never collected whole, so its size is bounded only by `maxBodyBytes`.
    ///
    /// The body is a JSON array (`application/json` or `…+json`, or no
    /// `Content-Type`: each element of the top-level array; a body that is one
    /// value is one element) or JSON Lines (`application/x-ndjson`,
    /// `application/jsonl`, `application/jsonlines`: one value a line).
    ///
    /// ```swift
    /// struct Summary: ResponseEncodable { var stored: Int; var rejected: [JoltRejectedElement] }
    ///
    /// router.post("/events") { request, context -> Summary in
    ///     var stored = 0
    ///     let report = try await request.forEachJoltElement(Event.self, context: context, errorPolicy: .skip,
    ///                                                       maxBodyBytes: 1 << 30) { event in
    ///         try await store.append(event)
    ///         stored += 1
    ///     }
    ///     return Summary(stored: stored, rejected: report.rejectedElements)   // index, offset, error of each
    /// }
    /// ```
    ///
    /// Bad input is answered with an RFC 9457 `application/problem+json` body
    /// (a thrown ``JoltNIO/JoltProblemDetails``), after `body` has had every
    /// element before it:
    /// - a `Content-Type` that is neither JSON nor JSON Lines: `415`, nothing read;
    /// - a `Content-Length` over `maxBodyBytes`: `413`, nothing read; a body
    ///   whose bytes pass it (chunked): `413` when they do, the rest not read;
    ///   an element over `maxElementBytes`: `413`;
    /// - a syntax error (also invalid UTF-8, a truncated body, a limit of the
    ///   decoder's ``Jolt/JoltDecoder/limits``): `400` with its offset, line,
    ///   column and `elementIndex`; under `.stop`, an element that does not
    ///   decode: `400` with its `elementIndex`, offset and `codingPath`. Under
    ///   `.skip` such an element is left out and reported in the returned
    ///   report's ``Jolt/JoltDecodeReport/rejectedElements``.
    ///
    /// - Parameters:
    ///   - type: the element type.
    ///   - context: the request context.
    ///   - decoder: the decoder whose options and ``Jolt/JoltDecoder/limits``
    ///     (depth, string, number sizes) decode each element. Default: the
    ///     context's, when its `requestDecoder` is a ``JoltRequestDecoder``,
    ///     else a default ``Jolt/JoltDecoder``.
    ///   - errorPolicy: `.stop` (default: `400` at the first element that does
    ///     not decode) or `.skip` (such elements are left out and reported).
    ///   - maxBodyBytes: the largest body accepted. Default: `context.maxUploadSize`
    ///     (2 MiB unless the context says otherwise).
    ///   - maxElementBytes: the largest element accepted (`413` past it). Default 64 MiB.
    ///   - body: called with each element, in order.
    /// - Returns: the stream's report (the rejected elements through ``Jolt/JoltDecodeReport/rejectedElements``).
    /// - Throws: a ``JoltNIO/JoltProblemDetails`` (`415`, `413`, `400`); what
    ///   `body` throws, as it is (an error of your store is never answered as a
    ///   bad body); what reading the body throws (a client that went away).
    @discardableResult
    public func forEachJoltElement<Element: Decodable>(
        _ type: Element.Type, context: some RequestContext, decoder: JoltDecoder? = nil,
        errorPolicy: JoltStreamErrorPolicy = .stop, maxBodyBytes: Int? = nil, maxElementBytes: Int = 64 << 20,
        _ body: (Element) async throws -> Void
    ) async throws -> JoltDecodeReport {
        let decoder = decoder ?? (context.requestDecoder as? JoltRequestDecoder)?.decoder ?? JoltStreamingDefaults.decoder
        return try await decoder.forEachElement(
            type, fromRequestBody: self.body, contentType: headers[.contentType],
            contentLength: headers[.contentLength].flatMap { Int($0) }, errorPolicy: errorPolicy,
            maxBodyBytes: maxBodyBytes ?? context.maxUploadSize, maxElementBytes: maxElementBytes, body)
    }
}

/// The coders a route uses when neither the call nor the context names a Jolt one.
enum JoltStreamingDefaults {
    static let decoder = JoltDecoder()
    static let encoder = JoltEncoder()
}
#endif
