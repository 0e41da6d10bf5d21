#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Bytes Jolt can read in place, without copying: `Data`, `[UInt8]`,
/// `ArraySlice<UInt8>`, `String`, `Substring` and `UnsafeRawBufferPointer`.
///
/// ```swift
/// try JoltDecoder().decode(User.self, from: data)           // Data
/// try JoltDecoder().decode(User.self, from: "{\"id\": 1}")  // String
/// ```
///
/// A native `String` is read through its UTF-8 storage; a bridged or non-UTF-8
/// string is made contiguous first (one copy, as `String.withUTF8` does).
public protocol JoltInput {
    /// Calls `body` with the input's bytes. The pointer is valid only inside `body`.
    func withJoltBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension Data: JoltInput {
    @inlinable
    public func withJoltBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(body)
    }
}

extension Array: JoltInput where Element == UInt8 {
    @inlinable
    public func withJoltBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(body)
    }
}

extension ArraySlice: JoltInput where Element == UInt8 {
    @inlinable
    public func withJoltBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(body)
    }
}

extension String: JoltInput {
    @inlinable
    public func withJoltBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}

extension Substring: JoltInput {
    @inlinable
    public func withJoltBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}

extension UnsafeRawBufferPointer: JoltInput {
    @inlinable
    public func withJoltBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(self)
    }
}
