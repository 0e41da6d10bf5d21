#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
// FileHandle (Foundation, not FoundationEssentials): the FullFoundation trait's overload.
#if FullFoundation
import Foundation
#endif

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

    #if FullFoundation
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
    #endif

    /// Decodes the elements of a stream of byte chunks, awaiting `body` with
    /// each one before the next chunk is pulled (backpressure: at most one chunk
    /// is read ahead of the element being handled), and returns the stream's
    /// report. For a request body whose elements are stored as they arrive:
    ///
    /// ```swift
    /// let report = try await decoder.forEachElement(Event.self, from: request.body, errorPolicy: .skip) { event in
    ///     try await store.append(event)
    /// }
    /// for issue in report.issues { log(issue) }   // the elements skipped, with index, offset and reason
    /// ```
    ///
    /// - Parameters:
    ///   - type: the element type.
    ///   - chunks: the input, in chunks of any size.
    ///   - format: how the values are laid out. Default ``JoltStreamFormat/automatic``.
    ///   - errorPolicy: ``JoltStreamErrorPolicy/stop`` (default) or ``JoltStreamErrorPolicy/skip``.
    ///   - maxElementBytes: the largest element accepted. Default 64 MiB.
    ///   - body: called with each element, in order.
    /// - Returns: the report: under `.skip`, a `.droppedElement` issue for each element left out.
    /// - Throws: a ``JoltStreamError`` (a syntax error, a limit, or an element
    ///   that does not decode under `.stop`), after `body` has had every element
    ///   before it; what `chunks` or `body` throws; `CancellationError` when the
    ///   task is cancelled (checked before each chunk).
    @discardableResult
    public func forEachElement<Element: Decodable, Chunks: AsyncSequence>(
        _ type: Element.Type, from chunks: Chunks, format: JoltStreamFormat = .automatic,
        errorPolicy: JoltStreamErrorPolicy = .stop, maxElementBytes: Int = 64 << 20,
        _ body: (Element) async throws -> Void
    ) async throws -> JoltDecodeReport where Chunks.Element: JoltInput {
        let stream = JoltElementDecoder(Element.self, options: options, format: format, errorPolicy: errorPolicy,
                                        maxElementBytes: maxElementBytes)
        var iterator = chunks.makeAsyncIterator()
        var elements: [Element] = []
        while true {
            try Task.checkCancellation()
            elements.removeAll(keepingCapacity: true)
            var failure: (any Error)?
            var ended = false
            do {
                if let chunk = try await iterator.next() {
                    try stream.feed(chunk) { elements.append($0) }
                } else {
                    // A cancelled upstream may end early: that is not the end of the input.
                    try Task.checkCancellation()
                    ended = true
                    try stream.finish { elements.append($0) }
                }
            } catch {
                failure = error
            }
            // The elements completed before an error come first, then the error.
            for element in elements { try await body(element) }
            if let failure { throw failure }
            if ended { return stream.report }
        }
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
