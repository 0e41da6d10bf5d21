#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a ``PolymorphicRegistry`` reads on the tape, as raw bytes: the keys of
/// the discriminator's path, the payload key, and the registered identifiers.
/// Immutable; its buffers live as long as it does.
final class DiscriminatorMatcher: @unchecked Sendable {
    /// Registries with at most this many identifiers are matched as bytes.
    static var identifierLimit: Int { 16 }

    /// One object key: its UTF-8 and its tape signature.
    struct Key {
        let bytes: UnsafeMutableBufferPointer<UInt8>
        let signature: UInt64

        init(_ name: String) {
            bytes = .allocate(capacity: max(name.utf8.count, 1))
            _ = bytes.initialize(from: name.utf8)
            signature = TapeEntry.keySignature(bytes.baseAddress, name.utf8.count)
            count = name.utf8.count
        }

        let count: Int
    }

    /// The discriminator's path, outermost key first.
    private let path: UnsafeMutableBufferPointer<Key>
    private let payloadKey: Key?
    /// The identifiers one after the other: identifier `k` is
    /// `bytes[offsets[k] ..< offsets[k + 1]]`.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let offsets: UnsafeMutableBufferPointer<Int>
    private let identifierCount: Int

    /// A matcher for the discriminator at `path`, the payload under `payloadKey`
    /// (nil: inline) and `identifiers` (numbered in this order by ``match(_:count:)``).
    init(path: [String], payloadKey: String?, identifiers: [String]) {
        self.path = .allocate(capacity: path.count)
        _ = self.path.initialize(from: path.map(Key.init))
        self.payloadKey = payloadKey.map(Key.init)
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
        identifierCount = identifiers.count
    }

    deinit {
        for key in path { key.bytes.deallocate() }
        path.deallocate()
        payloadKey?.bytes.deallocate()
        bytes.deallocate()
        offsets.deallocate()
    }

    /// The tape index of the discriminator's value in the object at `object`, or
    /// -1 when a key of the path is missing, a step is not an object, or an
    /// escaped key comes before the one sought.
    @inline(__always)
    func findDiscriminator(in entries: UnsafeMutablePointer<TapeEntry>, input: UnsafePointer<UInt8>, object: Int) -> Int {
        var current = object
        for step in 0..<path.count {
            if step > 0 && entries[current].rawKind != TapeKind.object.rawValue { return -1 }
            current = find(path[step], in: entries, input: input, object: current)
            if current < 0 { return -1 }
        }
        return current
    }

    /// The tape index of the payload's value in the object at `object` (the
    /// object itself for an inline payload), or -1 as for ``findDiscriminator(in:input:object:)``.
    @inline(__always)
    func findPayload(in entries: UnsafeMutablePointer<TapeEntry>, input: UnsafePointer<UInt8>, object: Int) -> Int {
        guard let payloadKey else { return object }
        return find(payloadKey, in: entries, input: input, object: object)
    }

    /// The value of the first member of the object at `object` whose key is
    /// `key`, or -1.
    @inline(__always)
    private func find(_ key: Key, in entries: UnsafeMutablePointer<TapeEntry>, input: UnsafePointer<UInt8>, object: Int) -> Int {
        var members = TapeMembers(entries, object: object)
        return members.find(key.bytes.baseAddress!, count: key.count, signature: key.signature, input: input) { _ in nil } ?? -1
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
