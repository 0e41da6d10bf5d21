#if Vapor
import JoltNIO
import Vapor

/// A ``JoltNIO/JoltProblemDetails`` thrown from a Vapor route is an
/// `AbortError` with its status, and ``JoltProblemMiddleware`` (installed by
/// ``Vapor/Application/useJolt(decoder:encoder:for:maxBodyBytes:)``) answers it
/// with its `application/problem+json` body.
///
/// ```swift
/// app.post("events", body: .stream) { req in
///     var stored = 0
///     do {
///         try await req.forEachJoltElement(Event.self) { try await store.append($0); stored += 1 }
///     } catch var problem as JoltProblemDetails {
///         problem.extensions["stored"] = .number(JSONNumber(stored))
///         throw problem                                   // 400 with "stored": n
///     }
///     return HTTPStatus.noContent
/// }
/// ```
extension JoltProblemDetails: AbortError {
    /// The HTTP status of ``JoltNIO/JoltProblemDetails/statusCode``.
    public var status: HTTPResponseStatus { HTTPResponseStatus(statusCode: statusCode) }

    /// The ``JoltNIO/JoltProblemDetails/detail``.
    public var reason: String { detail }

    /// The problem as a response: its status, `Content-Type:
    /// application/problem+json` and the encoded object.
    ///
    /// ```swift
    /// return JoltProblemDetails.unsupportedMediaType(req.headers.first(name: .contentType)).response(for: req)
    /// ```
    public func response(for request: Request) -> Response {
        let bytes = encoded()
        var buffer = request.byteBufferAllocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: Self.mediaType)
        return Response(status: status, headers: headers,
                        body: .init(buffer: buffer, byteBufferAllocator: request.byteBufferAllocator))
    }
}
#endif
