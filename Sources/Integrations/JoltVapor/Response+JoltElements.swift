#if Vapor
import Jolt
import JoltNIO
import Vapor

extension Response {
    /// A `200 OK` response whose body streams the elements of an
    /// `AsyncSequence` as one JSON array or as JSON Lines, encoded as they are
    /// pulled: each buffer of about `flushThreshold` bytes is written before the
    /// next element is asked for, so a body of any length (an export, a feed
    /// read from a database cursor) goes out in bounded memory, at the pace of
    /// the client.
    ///
    /// ```swift
    /// app.get("events", "export") { req -> Response in
    ///     .joltElements(store.events(after: 0), as: .jsonLines, for: req)
    /// }
    /// ```
    ///
    /// The headers say `Content-Type: application/json; charset=utf-8`
    /// (`.jsonArray`) or `application/x-ndjson` (`.jsonLines`), with chunked
    /// transfer encoding. An error after the headers went out (an element that
    /// does not encode, `values` throwing, the client going away) cannot change
    /// the status any more: the body stops there, without its last chunk, and
    /// Vapor closes the connection, so a client sees a failed response, never
    /// a shorter document that looks whole.
    ///
    /// - Parameters:
    ///   - values: the elements, pulled one at a time while the body is written.
    ///   - format: a JSON array (the default) or JSON Lines.
    ///   - request: the request answered; its app's ``Vapor/Application/joltEncoder``
    ///     and its allocator are used.
    ///   - encoder: the encoder, instead of the app's.
    ///   - flushThreshold: the bytes buffered before each write. Default 64 KiB;
    ///     for a live feed whose elements come slowly, 1 (each element is sent
    ///     as soon as it is encoded).
    public static func joltElements<Values: AsyncSequence & Sendable>(
        _ values: Values, as format: JoltEncoder.StreamFormat = .jsonArray, for request: Request,
        encoder: JoltEncoder? = nil, flushThreshold: Int = 64 * 1024
    ) -> Response where Values.Element: Encodable {
        let encoder = encoder ?? request.application.joltEncoder
        let allocator = request.byteBufferAllocator
        let body = Response.Body(managedAsyncStream: { writer in
            try await encoder.encodeElements(values, as: format, flushThreshold: flushThreshold, allocator: allocator) { buffer in
                try await writer.writeBuffer(buffer)
            }
        }, byteBufferAllocator: allocator)
        return Response(status: .ok, headers: ["Content-Type": format.contentType], body: body)
    }
}
#endif
