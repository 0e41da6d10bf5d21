#if Vapor
import Jolt
import JoltNIO
import Vapor

/// Answers a request body that cannot be used with an RFC 9457
/// `application/problem+json` body instead of Vapor's `{"error": true, …}`,
/// and never with a stack trace:
///
/// - a ``JoltNIO/JoltProblemDetails`` thrown by a route (``Vapor/Request/forEachJoltElement(_:decoder:errorPolicy:maxBodyBytes:maxElementBytes:_:)``,
///   ``Vapor/Request/decodeJolt(_:decoder:maxBodyBytes:)``, or your own): its status and body;
/// - a `DecodingError` (`req.content.decode(_:)` of a body that does not
///   decode): `400` with the syntax error's `offset`, `line` and `column`, or
///   the `codingPath` of the bad value; a Jolt stream or size error likewise;
/// - Vapor's own `413` (a body over the route's `.collect(maxSize:)`) and
///   `415` (no decoder for the request's `Content-Type`) aborts: the same
///   status, as a problem.
///
/// With `maxBodyBytes`, a JSON or JSON Lines request whose `Content-Length`
/// (or collected body) is over it is answered `413` before the route runs and
/// before its body is read.
///
/// Other errors go on to the next middleware out (Vapor's `ErrorMiddleware`).
/// ``Vapor/Application/useJolt(decoder:encoder:for:maxBodyBytes:)`` installs it
/// after (so inside) the `ErrorMiddleware`; it can also guard a group with a
/// tighter limit:
///
/// ```swift
/// app.middleware.use(JoltProblemMiddleware())            // what useJolt() does
/// let small = app.grouped(JoltProblemMiddleware(maxBodyBytes: 4096))
/// small.post("login") { req in try req.content.decode(Login.self) }
/// ```
public struct JoltProblemMiddleware: AsyncMiddleware {
    /// The largest JSON body let through to the route; nil for no check here
    /// (the route's own limit applies).
    public var maxBodyBytes: Int?

    /// A problem middleware.
    /// - Parameter maxBodyBytes: the largest JSON or JSON Lines body let
    ///   through, judged by `Content-Length` before the body is read. Default:
    ///   no check here.
    public init(maxBodyBytes: Int? = nil) {
        self.maxBodyBytes = maxBodyBytes
    }

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let maxBodyBytes, let problem = Self.oversized(request, maxBodyBytes: maxBodyBytes) {
            request.logger.debug("Refused a JSON body over \(maxBodyBytes) bytes before reading it")
            return problem.response(for: request)
        }
        do {
            return try await next.respond(to: request)
        } catch {
            guard let problem = Self.problem(for: error) else { throw error }
            request.logger.debug("Answered \(problem.statusCode) problem+json: \(problem.detail)")
            return problem.response(for: request)
        }
    }

    /// The problem for an error, or nil for one this middleware leaves to the next.
    ///
    /// ```swift
    /// JoltProblemMiddleware.problem(for: Abort(.payloadTooLarge))?.statusCode   // 413
    /// ```
    public static func problem(for error: any Error) -> JoltProblemDetails? {
        if let problem = JoltProblemDetails(error) { return problem }
        guard let abort = error as? any AbortError else { return nil }
        switch abort.status {
        case .payloadTooLarge:
            var problem = JoltProblemDetails.bodyTooLarge(limit: 0)
            problem.detail = abort.reason == abort.status.reasonPhrase
                ? "The body is larger than the route accepts" : abort.reason
            return problem
        case .unsupportedMediaType:
            var problem = JoltProblemDetails.unsupportedMediaType(nil)
            problem.detail = abort.reason
            return problem
        default:
            return nil
        }
    }

    /// `413` for a JSON request whose declared or collected length is over `maxBodyBytes`.
    static func oversized(_ request: Request, maxBodyBytes: Int) -> JoltProblemDetails? {
        guard JoltStreamFormat(contentType: request.headers.first(name: .contentType)) != nil else { return nil }
        let declared = request.headers.first(name: .contentLength).flatMap { Int($0) }
        let collected = request.body.data?.readableBytes
        guard max(declared ?? 0, collected ?? 0) > maxBodyBytes else { return nil }
        return .bodyTooLarge(limit: maxBodyBytes)
    }
}
#endif
