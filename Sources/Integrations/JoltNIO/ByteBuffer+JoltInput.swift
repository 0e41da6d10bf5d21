#if NIO
import Jolt
import NIOCore

/// A `ByteBuffer` is read in place: its readable bytes, without a copy.
///
/// ```swift
/// let user = try JoltDecoder().decode(User.self, from: buffer)   // buffer: ByteBuffer
/// for try await event in decoder.decodeElements(Event.self, from: body) { … }   // body: AsyncSequence of ByteBuffer
/// ```
extension ByteBuffer: JoltInput {
    @inlinable
    public func withJoltBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeReadableBytes(body)
    }
}
#endif
