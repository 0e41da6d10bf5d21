#if NIO
import Jolt
import NIOCore

extension JoltEncoder {
    /// Encodes a value as JSON and writes its UTF-8 bytes at the writer index of
    /// `buffer`. On error `buffer` is left as it was.
    ///
    /// ```swift
    /// var buffer = allocator.buffer(capacity: 256)
    /// try JoltEncoder().encode(order, into: &buffer)
    /// ```
    /// - Throws: `EncodingError`, as ``JoltEncoder/encode(_:)`` does.
    public func encode<T: Encodable>(_ value: T, into buffer: inout ByteBuffer) throws {
        try withEncodedBytes(of: value) { (bytes) -> Void in
            buffer.writeBytes(bytes)
        }
    }

    /// Encodes a value as JSON into a new `ByteBuffer` from `allocator`, sized
    /// to fit.
    ///
    /// ```swift
    /// let body = try JoltEncoder().encodeAsByteBuffer(order, allocator: ByteBufferAllocator())
    /// ```
    /// - Throws: `EncodingError`, as ``JoltEncoder/encode(_:)`` does.
    public func encodeAsByteBuffer<T: Encodable>(_ value: T, allocator: ByteBufferAllocator) throws -> ByteBuffer {
        try withEncodedBytes(of: value) { bytes in
            var buffer = allocator.buffer(capacity: bytes.count)
            buffer.writeBytes(bytes)
            return buffer
        }
    }
}
#endif
