#if Hummingbird
import Hummingbird
import JoltNIO

/// A ``JoltNIO/JoltProblemDetails`` thrown from a Hummingbird route (or from
/// ``JoltRequestDecoder`` and ``Hummingbird/Request/forEachJoltElement(_:context:decoder:errorPolicy:maxBodyBytes:maxElementBytes:_:)``)
/// is answered with its status and its RFC 9457 `application/problem+json`
/// body, never with a stack trace.
///
/// ```swift
/// router.post("/quota") { request, context -> HTTPResponse.Status in
///     guard await quota.allows(request) else {
///         throw JoltProblemDetails(type: "urn:example:quota", title: "Quota Exceeded", status: 429,
///                                  detail: "Try again in a minute")
///     }
///     return .ok
/// }
/// ```
/// Hummingbird's `request.decode(as:context:)` passes it through untouched
/// (it only rewrites `DecodingError`s, which ``JoltRequestDecoder`` never lets out).
extension JoltProblemDetails: HTTPResponseError {
    /// The HTTP status: ``JoltNIO/JoltProblemDetails/statusCode``, or `500` when
    /// that is not a status code (outside 100...599).
    public var status: HTTPResponse.Status {
        (100...599).contains(statusCode) ? HTTPResponse.Status(code: statusCode) : .internalServerError
    }

    /// The response: this problem's status, `Content-Type: application/problem+json`
    /// and the encoded object as body.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var problem = self
        problem.statusCode = status.code
        let bytes = problem.encoded()
        var headers = HTTPFields()
        headers[.contentType] = Self.mediaType
        headers[.contentLength] = String(bytes.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
#endif
