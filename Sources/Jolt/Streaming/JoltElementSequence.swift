#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The decoded elements of a stream of byte chunks, one at a time, as an
/// `AsyncSequence`. Made by
/// ``JoltDecoder/decodeElements(_:from:format:errorPolicy:maxElementBytes:)``.
///
/// ```swift
/// for try await event in decoder.decodeElements(Event.self, from: request.body) {
///     try await store(event)
/// }
/// ```
///
/// Iterating pulls one chunk at a time from the upstream sequence, so memory is
/// bounded by the largest element plus one chunk. Cancelling the consuming task
/// ends the iteration at the next element with `CancellationError`, and releases
/// the upstream iterator (and the file handle of a file source).
public struct JoltElementSequence<Element: Decodable, Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: JoltInput {
    let chunks: Chunks
    let makeDecoder: () -> JoltElementDecoder<Element>

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(upstream: chunks.makeAsyncIterator(), decoder: makeDecoder())
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var upstream: Chunks.AsyncIterator
        let decoder: JoltElementDecoder<Element>
        var pending: [Element] = []
        var next = 0
        var done = false
        /// An error to throw once the elements decoded before it are taken.
        var failure: (any Error)?

        init(upstream: Chunks.AsyncIterator, decoder: JoltElementDecoder<Element>) {
            self.upstream = upstream
            self.decoder = decoder
        }

        public mutating func next() async throws -> Element? {
            while true {
                if next < pending.count {
                    defer { next += 1 }
                    return pending[next]
                }
                if let failure {
                    self.failure = nil
                    done = true
                    throw failure
                }
                if done { return nil }
                try Task.checkCancellation()
                pending.removeAll(keepingCapacity: true)
                next = 0
                // Elements are taken one by one, so that those decoded before an
                // error come first, then the error (which finish() alone would lose).
                var taken: [Element] = []
                do {
                    if let chunk = try await upstream.next() {
                        try decoder.feed(chunk) { taken.append($0) }
                    } else {
                        // A cancelled upstream may end early: that is not the end of the input.
                        try Task.checkCancellation()
                        done = true
                        try decoder.finish { taken.append($0) }
                    }
                } catch {
                    if taken.isEmpty { throw error }
                    failure = error
                }
                pending = taken
            }
        }
    }

    /// The elements skipped so far under ``JoltStreamErrorPolicy/skip`` are in
    /// the report of the decoder behind each iterator; iterate with
    /// ``JoltElementDecoder`` directly to read it.
}
