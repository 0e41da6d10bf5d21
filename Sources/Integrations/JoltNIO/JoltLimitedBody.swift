#if NIO
import NIOCore

/// A body that is too long: more than the route's limit of bytes.
///
/// ```swift
/// catch let error as JoltBodyTooLargeError { print("over \(error.limit) bytes") }   // HTTP 413
/// ```
public struct JoltBodyTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The most bytes the body may have.
    public let limit: Int

    /// An error for a body longer than `limit` bytes.
    public init(limit: Int) {
        self.limit = limit
    }

    public var description: String {
        "The body is larger than the limit of \(limit) bytes"
    }
}

/// The buffers of a body, passed through until their total passes `maxBytes`:
/// then the sequence throws ``JoltBodyTooLargeError`` instead of the buffer that
/// passed it, and reads nothing more.
///
/// ```swift
/// for try await buffer in JoltLimitedBody(request.body, maxBytes: 1 << 20) { … }
/// ```
public struct JoltLimitedBody<Base: AsyncSequence>: AsyncSequence where Base.Element == ByteBuffer {
    public typealias Element = ByteBuffer

    let base: Base
    let maxBytes: Int

    /// The buffers of `base`, up to `maxBytes` bytes in all.
    public init(_ base: Base, maxBytes: Int) {
        self.base = base
        self.maxBytes = Swift.max(0, maxBytes)
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), maxBytes: maxBytes)
    }

    /// Pulls from the base iterator, counting bytes.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let maxBytes: Int
        var seen = 0
        var failed = false

        public mutating func next() async throws -> ByteBuffer? {
            guard !failed, let buffer = try await base.next() else { return nil }
            seen += buffer.readableBytes
            if seen > maxBytes {
                failed = true
                throw JoltBodyTooLargeError(limit: maxBytes)
            }
            return buffer
        }
    }
}
#endif
