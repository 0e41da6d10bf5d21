#if NIO
import Jolt
import NIOCore

extension JoltEncoder {
    /// Encodes the elements of an `AsyncSequence` as one JSON array or as JSON
    /// Lines, handing the output to `write` in `ByteBuffer`s of about
    /// `flushThreshold` bytes and awaiting each write before the next element
    /// is pulled: a response body of any length (an export, a feed) in bounded
    /// memory, at the pace of the client.
    ///
    /// ```swift
    /// try await encoder.encodeElements(rows, as: .jsonLines) { buffer in
    ///     try await writer.write(buffer)   // a response body's writer
    /// }
    /// ```
    ///
    /// The bytes are those the synchronous streaming encode
    /// (`encode(_:as:flushThreshold:to:)`) writes for the same values: for
    /// `.jsonArray`, what `encode(Array(values))` writes. A buffer is handed
    /// over between two elements, never inside one.
    ///
    /// - Parameters:
    ///   - values: the elements, pulled one at a time.
    ///   - format: a JSON array (the default) or JSON Lines.
    ///   - flushThreshold: the bytes buffered before a write (at least 1).
    ///   - allocator: where the buffers come from.
    ///   - write: called with each buffer; the next element is pulled only when it returns.
    /// - Throws: what an element's encode, `values` or `write` throws, or
    ///   `CancellationError` (checked before each element is pulled). Nothing
    ///   more is pulled or written after an error, and what was written before it is
    ///   not a whole document: a server must end such a response abnormally
    ///   (close the connection, no final chunk), so that the client cannot
    ///   take it for a complete one. The integrations' streamed responses do.
    public func encodeElements<Values: AsyncSequence>(
        _ values: Values, as format: StreamFormat = .jsonArray, flushThreshold: Int = 64 * 1024,
        allocator: ByteBufferAllocator = ByteBufferAllocator(),
        to write: (ByteBuffer) async throws -> Void
    ) async throws where Values.Element: Encodable {
        let stream = JoltStreamEncoder<Values.Element>(encoder: self, format: format, flushThreshold: flushThreshold)
        var ready: ByteBuffer?
        let keep = { (bytes: UnsafeRawBufferPointer) in ready = allocator.buffer(bytes: bytes) }
        var elements = values.makeAsyncIterator()
        while true {
            // Before the pull: a cancelled task asks for no element more.
            try Task.checkCancellation()
            guard let value = try await elements.next() else { break }
            try stream.append(value, flushingTo: keep)
            if let buffer = ready {
                ready = nil
                try await write(buffer)
            }
        }
        try Task.checkCancellation()
        try stream.finish(flushingTo: keep)
        if let buffer = ready { try await write(buffer) }
    }
}

extension JoltEncoder.StreamFormat {
    /// The `Content-Type` of a response body in this format:
    /// `application/json; charset=utf-8` for ``Jolt/JoltEncoder/StreamFormat/jsonArray``,
    /// `application/x-ndjson` for ``Jolt/JoltEncoder/StreamFormat/jsonLines``.
    ///
    /// ```swift
    /// headers[.contentType] = JoltEncoder.StreamFormat.jsonLines.contentType   // "application/x-ndjson"
    /// ```
    public var contentType: String {
        switch self {
        case .jsonArray: "application/json; charset=utf-8"
        case .jsonLines: "application/x-ndjson"
        }
    }
}
#endif
