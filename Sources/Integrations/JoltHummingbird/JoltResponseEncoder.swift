#if Hummingbird
import Hummingbird
import Jolt
import JoltNIO

/// Hummingbird's `ResponseEncoder` on Jolt: a route's `Encodable` result is
/// written by a ``Jolt/JoltEncoder`` straight into the response's `ByteBuffer`,
/// with `Content-Type: application/json; charset=utf-8` and its `Content-Length`.
///
/// ```swift
/// struct AppContext: RequestContext {
///     static let encoder: JoltResponseEncoder = {
///         let encoder = JoltEncoder()
///         encoder.keyEncodingStrategy = .convertToSnakeCase
///         return JoltResponseEncoder(encoder)
///     }()
///     var coreContext: CoreRequestContextStorage
///     init(source: Source) { coreContext = .init(source: source) }
///     var requestDecoder: JoltRequestDecoder { JoltRequestDecoder() }
///     var responseEncoder: JoltResponseEncoder { Self.encoder }
/// }
///
/// router.get("/orders/:id") { request, context -> Order in try await orders.find(context) }   // 200, JSON
/// ```
public struct JoltResponseEncoder: ResponseEncoder, Sendable {
    /// The encoder whose options encode every response.
    public var encoder: JoltEncoder

    /// A response encoder.
    /// - Parameter encoder: the encoder to use. Default: a new ``Jolt/JoltEncoder``.
    public init(_ encoder: JoltEncoder = JoltEncoder()) {
        self.encoder = encoder
    }

    /// A `200 OK` response whose body is `value` as JSON.
    /// - Throws: `EncodingError`, as ``Jolt/JoltEncoder/encode(_:)`` does
    ///   (Hummingbird answers it `500`).
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        let buffer = try encoder.encodeAsByteBuffer(value, allocator: ByteBufferAllocator())
        var headers = HTTPFields()
        headers.reserveCapacity(4)
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLength] = String(buffer.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: buffer))
    }
}
#endif
