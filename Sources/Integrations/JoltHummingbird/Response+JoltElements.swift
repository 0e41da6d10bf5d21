#if Hummingbird
import Hummingbird
import Jolt
import JoltNIO

extension Response {
    /// A `200 OK` response whose body streams the elements of an
    /// `AsyncSequence` as one JSON array or as JSON Lines, encoded as they are
    /// pulled: each buffer of about `flushThreshold` bytes is written before the
    /// next element is asked for, so a body of any length (an export, a feed
    /// read from a database cursor) goes out in bounded memory, at the pace of
    /// the client.
    ///
    /// ```swift
    /// router.get("/events/export") { request, context -> Response in
    ///     .joltElements(store.events(after: 0), as: .jsonLines, context: context)
    /// }
    /// ```
    ///
    /// The headers say `Content-Type: application/json; charset=utf-8`
    /// (`.jsonArray`) or `application/x-ndjson` (`.jsonLines`), with chunked
    /// transfer encoding. An error after the headers went out (an element that
    /// does not encode, `values` throwing, the client going away) cannot change
    /// the status any more: the body stops there, without its last chunk, and
    /// Hummingbird closes the connection, so a client sees a failed response,
    /// never a shorter document that looks whole.
    ///
    /// - Parameters:
    ///   - values: the elements, pulled one at a time while the body is written.
    ///   - format: a JSON array (the default) or JSON Lines.
    ///   - context: the request context; its response encoder's options
    ///     encode the elements when it is a ``JoltResponseEncoder``.
    ///   - encoder: the encoder, instead of the context's. Default: the
    ///     context's when it is a ``JoltResponseEncoder``, else a default ``Jolt/JoltEncoder``.
    ///   - flushThreshold: the bytes buffered before each write. Default 64 KiB;
    ///     for a live feed whose elements come slowly, 1 (each element is sent
    ///     as soon as it is encoded).
    public static func joltElements<Values: AsyncSequence & Sendable>(
        _ values: Values, as format: JoltEncoder.StreamFormat = .jsonArray, context: some RequestContext,
        encoder: JoltEncoder? = nil, flushThreshold: Int = 64 * 1024
    ) -> Response where Values.Element: Encodable {
        let encoder = encoder ?? (context.responseEncoder as? JoltResponseEncoder)?.encoder ?? JoltStreamingDefaults.encoder
        var headers = HTTPFields()
        headers[.contentType] = format.contentType
        return Response(status: .ok, headers: headers,
                        body: .joltElements(values, as: format, encoder: encoder, flushThreshold: flushThreshold))
    }
}

extension ResponseBody {
    /// A response body that streams the elements of an `AsyncSequence` as one
    /// JSON array or as JSON Lines (see ``Hummingbird/Response/joltElements(_:as:context:encoder:flushThreshold:)``,
    /// which also sets the `Content-Type`). When encoding or `values` fails,
    /// the body ends without finishing and the error is thrown to Hummingbird,
    /// which closes the connection.
    ///
    /// ```swift
    /// let body = ResponseBody.joltElements(rows, as: .jsonLines, encoder: JoltEncoder())
    /// ```
    public static func joltElements<Values: AsyncSequence & Sendable>(
        _ values: Values, as format: JoltEncoder.StreamFormat = .jsonArray, encoder: JoltEncoder,
        flushThreshold: Int = 64 * 1024
    ) -> ResponseBody where Values.Element: Encodable {
        ResponseBody { writer in
            try await encoder.encodeElements(values, as: format, flushThreshold: flushThreshold) { buffer in
                try await writer.write(buffer)
            }
            try await writer.finish(nil)
        }
    }
}
#endif
