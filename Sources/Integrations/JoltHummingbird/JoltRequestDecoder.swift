#if Hummingbird
import Hummingbird
import Jolt
import JoltNIO

/// Hummingbird's `RequestDecoder` on Jolt: `request.decode(as:context:)` reads
/// the body with a ``Jolt/JoltDecoder``, from its `ByteBuffer`s without a copy
/// into `Data`.
///
/// ```swift
/// struct AppContext: RequestContext {
///     var coreContext: CoreRequestContextStorage
///     init(source: Source) { coreContext = .init(source: source) }
///     var requestDecoder: JoltRequestDecoder { JoltRequestDecoder(maxBodyBytes: 1 << 20) }
///     var responseEncoder: JoltResponseEncoder { JoltResponseEncoder() }
/// }
///
/// router.post("/orders") { request, context -> Order in
///     try await request.decode(as: Order.self, context: context)
/// }
/// ```
/// (or use ``JoltRequestContext``, which is that context with the defaults).
///
/// Each bad body is answered with an RFC 9457 `application/problem+json` body
/// (a thrown ``JoltNIO/JoltProblemDetails``):
/// - a `Content-Type` that is not JSON (`application/json`, `…+json`): `415`
///   (a missing one is taken as JSON);
/// - a body over the limit: `413`, before any byte is read when its
///   `Content-Length` says so, else as soon as the bytes read pass the limit
///   (the rest is not read);
/// - a body that does not decode: `400`, with the offset, line and column of a
///   syntax error, or the coding path of the bad value; a limit of the
///   decoder's ``Jolt/JoltDecoder/limits`` (depth, string, number): `400` naming it.
public struct JoltRequestDecoder: RequestDecoder, Sendable {
    /// The decoder whose options and limits decode every body.
    public var decoder: JoltDecoder
    /// The largest body accepted, in bytes; nil for the context's `maxUploadSize`.
    public var maxBodyBytes: Int?

    /// A request decoder.
    /// - Parameters:
    ///   - decoder: the decoder to use. Default: a new ``Jolt/JoltDecoder``.
    ///   - maxBodyBytes: the largest body accepted. Default: the context's `maxUploadSize`.
    public init(_ decoder: JoltDecoder = JoltDecoder(), maxBodyBytes: Int? = nil) {
        self.decoder = decoder
        self.maxBodyBytes = maxBodyBytes
    }

    /// Decodes the request's body as one `T`.
    /// - Throws: a ``JoltNIO/JoltProblemDetails`` (`415`, `413`, `400`); what
    ///   reading the body throws (a client that went away), as it is.
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        try await decoder.decode(type, fromRequestBody: request.body, contentType: request.headers[.contentType],
                                 contentLength: request.headers[.contentLength].flatMap { Int($0) },
                                 maxBodyBytes: maxBodyBytes ?? context.maxUploadSize)
    }
}
#endif
