#if Hummingbird
import Hummingbird

/// A ready-made request context whose coders are Jolt's: the one-line set-up.
///
/// ```swift
/// let router = Router(context: JoltRequestContext.self)
/// router.post("/orders") { request, context -> Order in
///     let order = try await request.decode(as: Order.self, context: context)   // JoltDecoder
///     return order                                                             // JoltEncoder
/// }
/// router.post("/events") { request, context -> HTTPResponse.Status in
///     try await request.forEachJoltElement(Event.self, context: context) { try await store.append($0) }
///     return .accepted
/// }
/// let app = Application(router: router)
/// ```
///
/// Request bodies are limited to `maxUploadSize` (Hummingbird's default,
/// 2 MiB). For options (key strategies, limits, a larger body), make your own
/// context with a ``JoltRequestDecoder`` and a ``JoltResponseEncoder`` built
/// from a configured decoder and encoder:
///
/// ```swift
/// struct AppContext: RequestContext {
///     static let decoder: JoltRequestDecoder = {
///         let decoder = JoltDecoder()
///         decoder.keyDecodingStrategy = .convertFromSnakeCase
///         decoder.limits.maxDepth = 64
///         return JoltRequestDecoder(decoder, maxBodyBytes: 16 << 20)
///     }()
///     var coreContext: CoreRequestContextStorage
///     init(source: Source) { coreContext = .init(source: source) }
///     var requestDecoder: JoltRequestDecoder { Self.decoder }
///     var responseEncoder: JoltResponseEncoder { JoltResponseEncoder() }
/// }
/// ```
public struct JoltRequestContext: RequestContext {
    /// Hummingbird's own per-request storage (logger, parameters, endpoint path).
    public var coreContext: CoreRequestContextStorage

    /// A context for one request.
    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// A ``JoltRequestDecoder`` with a default ``Jolt/JoltDecoder`` (shared by all requests).
    public var requestDecoder: JoltRequestDecoder { Self.sharedDecoder }
    /// A ``JoltResponseEncoder`` with a default ``Jolt/JoltEncoder`` (shared by all requests).
    public var responseEncoder: JoltResponseEncoder { Self.sharedEncoder }

    private static let sharedDecoder = JoltRequestDecoder()
    private static let sharedEncoder = JoltResponseEncoder()
}
#endif
