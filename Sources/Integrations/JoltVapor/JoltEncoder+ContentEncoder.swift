#if Vapor
import Jolt
import JoltNIO
import Vapor

/// A ``Jolt/JoltEncoder`` is a Vapor `ContentEncoder`: a route's `Content` is
/// written straight into the response's `ByteBuffer`, and the `Content-Type`
/// is set to `application/json; charset=utf-8`, as Vapor's `JSONEncoder` does.
///
/// ```swift
/// app.useJolt()                                          // every JSON response, or:
/// ContentConfiguration.global.use(encoder: JoltEncoder(), for: .json)
/// app.get("orders", ":id") { req in try await Order.find(req) }   // encoded by JoltEncoder
/// ```
extension JoltEncoder: ContentEncoder {
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        try encode(encodable, to: &body, headers: &headers, userInfo: [:])
    }

    /// Encodes with `userInfo` merged over this encoder's own (the values given
    /// here win), on a copy: the shared encoder is not changed.
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders,
                                     userInfo: [CodingUserInfoKey: any Sendable]) throws {
        let encoder = userInfo.isEmpty ? self : copy(mergingUserInfo: userInfo)
        try encoder.encode(encodable, into: &body)
        headers.contentType = .json
    }
}
#endif
