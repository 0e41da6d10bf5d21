#if NIO
import Jolt
import NIOCore

extension JoltDecoder {
    /// Decodes the elements of a body that arrives as `ByteBuffer`s (a
    /// Hummingbird `RequestBody`, a Vapor `Request.Body`, any `AsyncSequence`
    /// of buffers), awaiting `body` with each element before the next buffer is
    /// pulled, and refusing a body longer than `maxBodyBytes` as soon as its
    /// bytes pass the limit (the rest is never read).
    ///
    /// ```swift
    /// let report = try await decoder.forEachElement(Event.self, from: request.body,
    ///                                               format: .jsonLines, errorPolicy: .skip,
    ///                                               maxBodyBytes: 1 << 30) { event in
    ///     try await batch.append(event)
    /// }
    /// ```
    /// - Parameters:
    ///   - maxBodyBytes: the most bytes read from `buffers`; past it the stream
    ///     throws ``JoltBodyTooLargeError``. Default: no limit.
    ///   - Other parameters: as ``JoltDecoder/forEachElement(_:from:format:errorPolicy:maxElementBytes:_:)``.
    /// - Returns: the stream's report (under `.skip`, the elements left out:
    ///   see ``Jolt/JoltDecodeReport/rejectedElements``).
    /// - Throws: ``JoltBodyTooLargeError``, a ``JoltStreamError``, what `buffers`
    ///   or `body` throws, `CancellationError`.
    @discardableResult
    public func forEachElement<Element: Decodable, Buffers: AsyncSequence>(
        _ type: Element.Type, from buffers: Buffers, format: JoltStreamFormat = .automatic,
        errorPolicy: JoltStreamErrorPolicy = .stop, maxElementBytes: Int = 64 << 20, maxBodyBytes: Int,
        _ body: (Element) async throws -> Void
    ) async throws -> JoltDecodeReport where Buffers.Element == ByteBuffer {
        try await forEachElement(type, from: JoltLimitedBody(buffers, maxBytes: maxBodyBytes), format: format,
                                 errorPolicy: errorPolicy, maxElementBytes: maxElementBytes, body)
    }
}
#endif
