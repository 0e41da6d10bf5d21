#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a ``PolymorphicRegistry`` reads on the tape, as raw bytes: the
/// discriminator key and the registered identifiers. Immutable; its buffers live
/// as long as it does.
final class DiscriminatorMatcher: @unchecked Sendable {
    /// Registries with at most this many identifiers are matched as bytes.
    static var identifierLimit: Int { 16 }

    private let key: UnsafeMutableBufferPointer<UInt8>
    private let keySignature: UInt64
    /// The identifiers one after the other: identifier `k` is
    /// `bytes[offsets[k] ..< offsets[k + 1]]`.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let offsets: UnsafeMutableBufferPointer<Int>

    /// A matcher for the discriminator key `key` and `identifiers` (in the order
    /// ``match(_:count:)`` numbers them).
    init(key: String, identifiers: [String]) {
        self.key = .allocate(capacity: max(key.utf8.count, 1))
        _ = self.key.initialize(from: key.utf8)
        keySignature = TapeEntry.keySignature(self.key.baseAddress, key.utf8.count)
        let all = identifiers.flatMap { Array($0.utf8) }
        bytes = .allocate(capacity: max(all.count, 1))
        _ = bytes.initialize(from: all)
        offsets = .allocate(capacity: identifiers.count + 1)
        var offset = 0
        offsets[0] = 0
        for (k, identifier) in identifiers.enumerated() {
            offset += identifier.utf8.count
            offsets[k + 1] = offset
        }
        keyCount = key.utf8.count
        identifierCount = identifiers.count
    }

    private let keyCount: Int
    private let identifierCount: Int

    deinit {
        key.deallocate()
        bytes.deallocate()
        offsets.deallocate()
    }

    /// The tape index of the value of the first member of the object at
    /// `object` whose key is the discriminator's, or -1 when there is none or a
    /// member before it has an escaped key.
    @inline(__always)
    func findValue(in entries: UnsafeMutablePointer<TapeEntry>, input: UnsafePointer<UInt8>, object: Int) -> Int {
        let end = entries[object].end
        let count = keyCount
        var j = object &+ 1
        while j < end {
            let k = entries[j]
            if k.payload == keySignature && !k.isEscaped
                && (count <= 4 || memcmp(input + (k.offset &+ 4), key.baseAddress! + 4, count &- 4) == 0) {
                return j &+ 1
            }
            if k.isEscaped { return -1 }
            let v = entries[j &+ 1]
            j = v.rawKind >= TapeKind.array.rawValue ? v.end : j &+ 2
        }
        return -1
    }

    /// The number of the identifier whose UTF-8 is the `count` bytes at `text`, or -1.
    @inline(__always)
    func match(_ text: UnsafePointer<UInt8>, count: Int) -> Int {
        for k in 0..<identifierCount {
            let start = offsets[k]
            if offsets[k &+ 1] &- start == count && (count == 0 || memcmp(bytes.baseAddress! + start, text, count) == 0) {
                return k
            }
        }
        return -1
    }
}
