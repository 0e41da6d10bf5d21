#if Vapor
import Jolt
import JoltNIO
import Vapor

extension Application {
    /// Makes Jolt the app's JSON coders, in one line: `req.content.decode(_:)`
    /// and every JSON response go through ``Jolt/JoltDecoder`` and
    /// ``Jolt/JoltEncoder``, and a body that cannot be used is answered with an
    /// RFC 9457 `application/problem+json` body (``JoltProblemMiddleware``).
    ///
    /// ```swift
    /// let app = try await Application.make()
    /// app.useJolt()
    /// app.post("orders") { req in
    ///     let order = try req.content.decode(Order.self)   // JoltDecoder; bad JSON → 400 with line/column
    ///     return order                                    // JoltEncoder
    /// }
    /// ```
    ///
    /// It registers the coders for `mediaTypes` in `ContentConfiguration.global`
    /// (Vapor's content configuration is process-wide), keeps them as
    /// ``joltDecoder`` and ``joltEncoder`` (the defaults of
    /// ``Vapor/Request/forEachJoltElement(_:decoder:errorPolicy:maxBodyBytes:maxElementBytes:_:)``
    /// and ``Vapor/Request/decodeJolt(_:decoder:maxBodyBytes:)``), and adds one
    /// ``JoltProblemMiddleware`` at the end of `app.middleware`, inside Vapor's
    /// `ErrorMiddleware`, so that it sees errors first. Call it once, before
    /// adding middleware that should run inside it.
    ///
    /// - Parameters:
    ///   - decoder: the decoder for every JSON body. Default: a ``Jolt/JoltDecoder``
    ///     with Vapor's default options (ISO 8601 dates).
    ///   - encoder: the encoder for every JSON response. Default: a
    ///     ``Jolt/JoltEncoder`` with Vapor's default options (ISO 8601 dates).
    ///   - mediaTypes: the media types to register. Default `.json` and `.jsonAPI`.
    ///   - maxBodyBytes: when set, a JSON or JSON Lines request whose
    ///     `Content-Length` is over it is answered `413` before its body is read.
    ///     Default: each route's own limit (`.collect(maxSize:)`, `maxBodyBytes:`).
    public func useJolt(decoder: JoltDecoder? = nil, encoder: JoltEncoder? = nil,
                        for mediaTypes: [HTTPMediaType] = [.json, .jsonAPI], maxBodyBytes: Int? = nil) {
        let decoder = decoder ?? Self.defaultJoltDecoder()
        let encoder = encoder ?? Self.defaultJoltEncoder()
        for mediaType in mediaTypes {
            ContentConfiguration.global.use(decoder: decoder, for: mediaType)
            ContentConfiguration.global.use(encoder: encoder, for: mediaType)
        }
        storage[JoltCodersKey.self] = JoltCoders(decoder: decoder, encoder: encoder)
        middleware.use(JoltProblemMiddleware(maxBodyBytes: maxBodyBytes))
    }

    /// The decoder ``useJolt(decoder:encoder:for:maxBodyBytes:)`` installed, or,
    /// before it is called, a decoder with Vapor's default options.
    ///
    /// ```swift
    /// let event = try app.joltDecoder.decode(Event.self, from: buffer)
    /// ```
    public var joltDecoder: JoltDecoder {
        storage[JoltCodersKey.self]?.decoder ?? Self.defaultJoltDecoder()
    }

    /// The encoder ``useJolt(decoder:encoder:for:maxBodyBytes:)`` installed, or,
    /// before it is called, an encoder with Vapor's default options.
    ///
    /// ```swift
    /// let body = try app.joltEncoder.encodeAsByteBuffer(summary, allocator: app.allocator)
    /// ```
    public var joltEncoder: JoltEncoder {
        storage[JoltCodersKey.self]?.encoder ?? Self.defaultJoltEncoder()
    }

    /// Vapor's default JSON decoder options (`JSONDecoder.custom(dates: .iso8601)`) on Jolt.
    static func defaultJoltDecoder() -> JoltDecoder {
        let decoder = JoltDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Vapor's default JSON encoder options (`JSONEncoder.custom(dates: .iso8601)`) on Jolt.
    static func defaultJoltEncoder() -> JoltEncoder {
        let encoder = JoltEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

/// The coders `useJolt` installed.
struct JoltCoders: Sendable {
    let decoder: JoltDecoder
    let encoder: JoltEncoder
}

/// Where the app keeps them.
enum JoltCodersKey: StorageKey {
    typealias Value = JoltCoders
}
#endif
