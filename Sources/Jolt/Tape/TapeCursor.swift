#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The one way to walk a tape: the next sibling of a value, the members of an
// object, the elements of an array and the comparison of a key with wanted
// bytes. Every reader of the tape goes through these (the `Decoder`
// containers, the direct path, polymorphism, `JSONValue`, reports, sub-tree
// decoding), so the entry layout of `Tape.swift` is known here and nowhere
// else above it.
//
// They are `@inlinable`: the code `@Codable` writes walks an object's members
// in the user's module, and a call per member there costs more than the member
// read itself. A user binary is always built from the same sources as Jolt, so
// inlining the layout into it is safe.

extension TapeEntry {
    /// Whether the entry is an array or an object (kinds 7 and 8).
    @inlinable @inline(__always)
    var isContainer: Bool { rawKind >= TapeKind.array.rawValue }

    /// The index just past the value this entry, at `index`, begins: its next
    /// sibling, over all of a container's descendants in one step.
    @inlinable @inline(__always)
    func sibling(after index: Int) -> Int {
        isContainer ? end : index &+ 1
    }

    /// Whether this key entry's raw text, not escaped, is the `count` bytes at
    /// `wanted`, whose signature is `signature` (``keySignature(_:_:)``): one
    /// compare of the payload rejects almost every other key, and the input is
    /// read only for keys longer than four bytes.
    @inlinable @inline(__always)
    func keyEquals(_ wanted: UnsafePointer<UInt8>, count: Int, signature: UInt64, input: UnsafePointer<UInt8>) -> Bool {
        payload == signature && !isEscaped && (count <= 4 || TapeEntry.equalTail(input + offset, wanted, count))
    }

    /// Whether `count` (more than 4) bytes at `a` and `b` are equal past the first
    /// four (which a signature already matched): inline word compares for keys
    /// up to 16 bytes, `memcmp` beyond.
    @inlinable @inline(__always)
    static func equalTail(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count <= 16 else { return memcmp(a + 4, b + 4, count &- 4) == 0 }
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        if count <= 8 {
            // Bytes count-4 ..< count (overlapping the signature's, which are equal).
            return ra.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                == rb.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        // Bytes count-8 ..< count, and for 12 or more bytes also 4 ..< 12: never
        // past the end of either key.
        let tail = ra.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            == rb.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        guard tail, count >= 12 else { return tail }
        return ra.loadUnaligned(fromByteOffset: 4, as: UInt64.self) == rb.loadUnaligned(fromByteOffset: 4, as: UInt64.self)
    }
}

/// A cursor over the members of one object, in document order: each step
/// lands on a member's key entry, whose value entry follows it.
///
/// ```swift
/// var members = TapeMembers(entries, object: i)
/// while members.next() {
///     print(entries[members.key].length, entries[members.value].kind)
/// }
/// ```
@usableFromInline
struct TapeMembers {
    @usableFromInline let entries: UnsafeMutablePointer<TapeEntry>
    /// The tape index of the current member's key (the object's own index
    /// before the first ``next()``).
    @usableFromInline var key: Int
    /// The tape index of the next member's key.
    @usableFromInline var following: Int
    @usableFromInline let end: Int

    /// The members of the object at `object`.
    @inlinable @inline(__always)
    init(_ entries: UnsafeMutablePointer<TapeEntry>, object: Int) {
        self.init(entries, keys: object &+ 1, to: entries[object].end)
    }

    /// The members whose keys lie in `first..<end`, member boundaries of one object.
    @inlinable @inline(__always)
    init(_ entries: UnsafeMutablePointer<TapeEntry>, keys first: Int, to end: Int) {
        self.entries = entries
        key = first &- 1
        following = first
        self.end = end
    }

    /// Moves to the next member; false past the last one.
    @inlinable @inline(__always)
    mutating func next() -> Bool {
        guard following < end else { return false }
        key = following
        following = entries[key &+ 1].sibling(after: key &+ 1)
        return true
    }

    /// The tape index of the current member's value.
    @inlinable @inline(__always)
    var value: Int { key &+ 1 }

    /// The value index of the first member from the current position on whose
    /// key is `wanted` (see ``TapeEntry/keyEquals(_:count:signature:input:)``);
    /// nil when none is. An escaped key is compared by `escaped`, or, when it
    /// returns nil, ends the search with nil (a caller that cannot afford to
    /// unescape keys takes a slower way).
    @inlinable @inline(__always)
    mutating func find(_ wanted: UnsafePointer<UInt8>, count: Int, signature: UInt64, input: UnsafePointer<UInt8>,
                       escaped: (TapeEntry) -> Bool?) -> Int? {
        while next() {
            let k = entries[key]
            if k.keyEquals(wanted, count: count, signature: signature, input: input) { return value }
            if _slowPath(k.isEscaped) {
                guard let equal = escaped(k) else { return nil }
                if equal { return value }
            }
        }
        return nil
    }
}

/// A cursor over the elements of one array, in document order.
///
/// ```swift
/// var elements = TapeElements(entries, array: i)
/// while elements.next() { print(entries[elements.element].kind) }
/// ```
@usableFromInline
struct TapeElements {
    @usableFromInline let entries: UnsafeMutablePointer<TapeEntry>
    /// The tape index of the current element (the array's own index before
    /// the first ``next()``).
    @usableFromInline var element: Int
    /// The tape index of the next element.
    @usableFromInline var following: Int
    @usableFromInline let end: Int
    /// The current element's position in the array (-1 before the first).
    @usableFromInline var position = -1

    @inlinable @inline(__always)
    init(_ entries: UnsafeMutablePointer<TapeEntry>, array: Int) {
        self.entries = entries
        element = array
        following = array &+ 1
        end = entries[array].end
    }

    /// Moves to the next element; false past the last one.
    @inlinable @inline(__always)
    mutating func next() -> Bool {
        guard following < end else { return false }
        element = following
        position &+= 1
        following = entries[element].sibling(after: element)
        return true
    }

    /// Moves to the next element if `read` takes it, and returns what it read;
    /// nil, and no move, past the last element or when `read` does not take
    /// it. `read` takes scalar entries only (one slot each), so the element
    /// after it is the next slot.
    @inlinable @inline(__always)
    mutating func nextScalar<E>(_ read: (TapeEntry) -> E?) -> E? {
        guard following < end, let value = read(entries[following]) else { return nil }
        element = following
        position &+= 1
        following &+= 1
        return value
    }

    /// Whether the elements are all read.
    @inlinable @inline(__always)
    var isAtEnd: Bool { following >= end }
}
