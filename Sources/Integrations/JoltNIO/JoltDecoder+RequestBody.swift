#if NIO
import Jolt
import NIOCore

extension JoltDecoder {
    /// Decodes a whole request body into one value, with HTTP semantics: what
    /// the Vapor and Hummingbird integrations call, for any framework whose
    /// body is an `AsyncSequence` of `ByteBuffer`.
    ///
    /// ```swift
    /// let order = try await decoder.decode(Order.self, fromRequestBody: request.body,
    ///                                      contentType: request.headers[.contentType],
    ///                                      contentLength: request.headers[.contentLength].flatMap { Int($0) },
    ///                                      maxBodyBytes: 1 << 20)
    /// ```
    ///
    /// - A `Content-Type` that is not JSON (`application/json`, `…+json`) throws
    ///   `415`; a missing one is taken as JSON.
    /// - A `Content-Length` over `maxBodyBytes` throws `413` before any byte is
    ///   read; a body whose bytes pass it throws `413` when they do, and the
    ///   rest is not read.
    /// - A body that does not decode throws `400` (offset, line and column of a
    ///   syntax error, or the coding path of the bad value).
    /// - Throws: a ``JoltProblemDetails`` for each of these; what `buffers`
    ///   throws (a client that went away) as it is.
    public func decode<T: Decodable, Buffers: AsyncSequence>(
        _ type: T.Type, fromRequestBody buffers: Buffers, contentType: String?, contentLength: Int?, maxBodyBytes: Int
    ) async throws -> T where Buffers.Element == ByteBuffer {
        if contentType != nil, JoltStreamFormat(contentType: contentType) != .document {
            throw JoltProblemDetails.unsupportedMediaType(contentType)
        }
        if let contentLength, contentLength > maxBodyBytes { throw JoltProblemDetails.bodyTooLarge(limit: maxBodyBytes) }
        var collected = ByteBuffer()
        do {
            for try await buffer in JoltLimitedBody(buffers, maxBytes: maxBodyBytes) {
                if collected.readableBytes == 0 {
                    collected = buffer
                } else {
                    var buffer = buffer
                    collected.writeBuffer(&buffer)
                }
            }
        } catch let error as JoltBodyTooLargeError {
            throw JoltProblemDetails(error) ?? error
        }
        do {
            return try decode(type, from: collected)
        } catch {
            throw JoltProblemDetails(error) ?? error
        }
    }

    /// Decodes the elements of a request body as they arrive, with HTTP
    /// semantics: a JSON array (`application/json`, whose elements are the
    /// stream; a body that is one value is one element) or JSON Lines
    /// (`application/x-ndjson` and its aliases). `body` is awaited with each
    /// element before the next buffer is read (backpressure).
    ///
    /// ```swift
    /// let report = try await decoder.forEachElement(Event.self, fromRequestBody: request.body,
    ///                                               contentType: request.headers[.contentType],
    ///                                               contentLength: nil, errorPolicy: .skip,
    ///                                               maxBodyBytes: 1 << 30) { event in
    ///     try await store.append(event)
    /// }
    /// let rejected = report.rejectedElements   // index, offset, error of each element left out
    /// ```
    ///
    /// - A `Content-Type` that is neither JSON nor JSON Lines throws `415`; a
    ///   missing one is taken as JSON.
    /// - `413` as in ``decode(_:fromRequestBody:contentType:contentLength:maxBodyBytes:)``,
    ///   and for an element over `maxElementBytes`.
    /// - A syntax error throws `400` with its offset, line and column, and the
    ///   index of the element it is in; so does an element that does not decode
    ///   under `.stop`. Under `.skip` such an element is left out and reported.
    /// - Throws: a ``JoltProblemDetails`` for each of these; what `buffers` and
    ///   `body` throw, as they are (an error of your store never becomes a `400`).
    @discardableResult
    public func forEachElement<Element: Decodable, Buffers: AsyncSequence>(
        _ type: Element.Type, fromRequestBody buffers: Buffers, contentType: String?, contentLength: Int?,
        errorPolicy: JoltStreamErrorPolicy = .stop, maxBodyBytes: Int, maxElementBytes: Int = 64 << 20,
        _ body: (Element) async throws -> Void
    ) async throws -> JoltDecodeReport where Buffers.Element == ByteBuffer {
        let format = try JoltStreamFormat.forRequestBody(contentType: contentType)
        if let contentLength, contentLength > maxBodyBytes { throw JoltProblemDetails.bodyTooLarge(limit: maxBodyBytes) }
        do {
            return try await forEachElement(type, from: buffers, format: format, errorPolicy: errorPolicy,
                                            maxElementBytes: maxElementBytes, maxBodyBytes: maxBodyBytes) { element in
                do {
                    try await body(element)
                } catch {
                    throw ConsumerError(error: error)
                }
            }
        } catch let error as ConsumerError {
            throw error.error
        } catch let error as JoltBodyTooLargeError {
            throw JoltProblemDetails(error) ?? error
        } catch let error as JoltStreamError {
            throw JoltProblemDetails(error) ?? error
        }
    }
}

/// An error thrown by the caller's element handler, kept apart from the
/// stream's own so that it is never answered as a bad body.
private struct ConsumerError: Error {
    let error: any Error
}
#endif
