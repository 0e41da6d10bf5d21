#if Vapor
import Jolt
import JoltNIO
import Vapor

/// A ``Jolt/JoltDecoder`` is a Vapor `ContentDecoder`: `req.content.decode(_:)`
/// reads the collected body's `ByteBuffer` in place, without a copy into `Data`.
///
/// ```swift
/// app.useJolt()                                          // every JSON body, or:
/// ContentConfiguration.global.use(decoder: JoltDecoder(), for: .json)
/// let order = try req.content.decode(Order.self)         // JoltDecoder
///
/// let strict = JoltDecoder()                             // per route:
/// strict.limits.maxDepth = 16
/// let order = try req.content.decode(Order.self, using: strict)
/// ```
///
/// A body that does not decode throws the `DecodingError` Jolt throws (a
/// syntax error carries a ``Jolt/JoltSyntaxError`` with offset, line and
/// column); ``JoltProblemMiddleware`` answers it `400` with an RFC 9457 body.
extension JoltDecoder: ContentDecoder {
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(D.self, from: body)
    }

    /// Decodes with `userInfo` merged over this decoder's own (the values given
    /// here win), on a copy: the shared decoder is not changed.
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders,
                                     userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
        let decoder = userInfo.isEmpty ? self : copy(mergingUserInfo: userInfo)
        return try decoder.decode(D.self, from: body)
    }
}
#endif
