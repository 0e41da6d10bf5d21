import Foundation

extension JoltDecoder {
    /// Decodes the elements of a stream of byte chunks one at a time: the
    /// elements of a top-level array, JSON Lines, or concatenated values.
    ///
    /// ```swift
    /// let decoder = JoltDecoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// for try await event in decoder.decodeElements(Event.self, from: chunks) {   // AsyncSequence of [UInt8] / Data / ArraySlice<UInt8>
    ///     handle(event)
    /// }
    /// ```
    ///
    /// Each element is decoded with this decoder's options (copied now) by the
    /// same code as `decode(_:from:)`, on either backend. Memory is bounded by
    /// the largest element plus one chunk. Errors are ``JoltStreamError``s.
    ///
    /// - Parameters:
    ///   - type: the element type.
    ///   - chunks: the input, in chunks of any size (a 1-byte chunk costs no more
    ///     than its byte).
    ///   - format: how the values are laid out. Default ``JoltStreamFormat/automatic``.
    ///   - errorPolicy: ``JoltStreamErrorPolicy/stop`` (default) or ``JoltStreamErrorPolicy/skip``.
    ///   - maxElementBytes: the largest element accepted. Default 64 MiB.
    public func decodeElements<Element: Decodable, Chunks: AsyncSequence>(
        _ type: Element.Type, from chunks: Chunks, format: JoltStreamFormat = .automatic,
        errorPolicy: JoltStreamErrorPolicy = .stop, maxElementBytes: Int = 64 << 20
    ) -> JoltElementSequence<Element, Chunks> where Chunks.Element: JoltInput {
        let options = self.options
        return JoltElementSequence(chunks: chunks) {
            JoltElementDecoder(Element.self, options: options, format: format, errorPolicy: errorPolicy,
                               maxElementBytes: maxElementBytes)
        }
    }

    /// Decodes the elements of the file at `path`, read in chunks of
    /// `chunkSize` bytes; see ``decodeElements(_:from:format:errorPolicy:maxElementBytes:)``.
    ///
    /// ```swift
    /// for try await status in decoder.decodeElements(Status.self, fromFileAt: "/data/tweets.json") { … }
    /// ```
    public func decodeElements<Element: Decodable>(
        _ type: Element.Type, fromFileAt path: String, chunkSize: Int = 64 << 10, format: JoltStreamFormat = .automatic,
        errorPolicy: JoltStreamErrorPolicy = .stop, maxElementBytes: Int = 64 << 20
    ) -> JoltElementSequence<Element, JoltFileChunks> {
        let options = self.options
        return JoltElementSequence(chunks: JoltFileChunks(path: path, chunkSize: chunkSize)) {
            JoltElementDecoder(Element.self, options: options, format: format, errorPolicy: errorPolicy,
                               maxElementBytes: maxElementBytes, waitsForWholeElements: true)
        }
    }

    /// Decodes the elements of the file at `path` synchronously, calling `body`
    /// with each as soon as it is decoded: for code without an async context.
    ///
    /// ```swift
    /// var count = 0
    /// let report = try decoder.forEachElement(Status.self, inFileAt: path) { _ in count += 1 }
    /// ```
    /// - Returns: the stream's report (elements skipped under `.skip`).
    @discardableResult
    public func forEachElement<Element: Decodable>(
        _ type: Element.Type, inFileAt path: String, chunkSize: Int = 64 << 10, format: JoltStreamFormat = .automatic,
        errorPolicy: JoltStreamErrorPolicy = .stop, maxElementBytes: Int = 64 << 20, _ body: (Element) throws -> Void
    ) throws -> JoltDecodeReport {
        try forEachElement(type, reading: FileChunkReader(path: path, chunkSize: max(1, chunkSize)), format: format,
                           errorPolicy: errorPolicy, maxElementBytes: maxElementBytes, body)
    }

    /// Decodes the elements read from `fileHandle` until its end; see
    /// ``forEachElement(_:inFileAt:chunkSize:format:errorPolicy:maxElementBytes:_:)``.
    /// The handle is not closed.
    @discardableResult
    public func forEachElement<Element: Decodable>(
        _ type: Element.Type, in fileHandle: FileHandle, chunkSize: Int = 64 << 10, format: JoltStreamFormat = .automatic,
        errorPolicy: JoltStreamErrorPolicy = .stop, maxElementBytes: Int = 64 << 20, _ body: (Element) throws -> Void
    ) throws -> JoltDecodeReport {
        try forEachElement(type, reading: FileChunkReader(fileDescriptor: fileHandle.fileDescriptor, chunkSize: max(1, chunkSize)),
                           format: format, errorPolicy: errorPolicy, maxElementBytes: maxElementBytes, body)
    }

    /// Feeds the chunks of `reader` to a stream decoder, calling `body` with each element.
    private func forEachElement<Element: Decodable>(
        _ type: Element.Type, reading reader: FileChunkReader, format: JoltStreamFormat,
        errorPolicy: JoltStreamErrorPolicy, maxElementBytes: Int, _ body: (Element) throws -> Void
    ) throws -> JoltDecodeReport {
        let stream = JoltElementDecoder(Element.self, options: options, format: format, errorPolicy: errorPolicy,
                                        maxElementBytes: maxElementBytes, waitsForWholeElements: true)
        while let chunk = try reader.next() {
            try stream.feed(chunk, deliver: body)
        }
        try stream.finish(deliver: body)
        return stream.report
    }
}
