/// The keys of the values a decoder stands on, put on the coding path only when
/// something reads it.
///
/// Every nested value a decode reads (a member or element through
/// ``TapeDecoder/with(index:extra:key:_:)``, a property or array element the
/// direct path reads) stands the decoder on that value with its key on the
/// coding path, so that an `init(from:)` run there, a hook, or an error thrown
/// there sees the path Foundation's would. Pushing a key on the
/// `[any CodingKey]` path and popping it costs an existential copy through
/// value witnesses and the array's uniqueness and capacity checks each way:
/// about 3% of a twitter.json decode on the direct path (callgrind). Almost
/// always nothing reads the path.
///
/// So a key is recorded as a ``TapeDecoder/PendingKey``: the key's type and its
/// bytes (for a key that is plain data of at most 24 bytes: the `CodingKeys`
/// enums the compiler and the macros write, the macros' `StaticString` keys of
/// enum payloads), or an array index, in a small stack beside the decoder's
/// state. Reading or changing ``TapeDecoder/path`` first appends the pending
/// keys to it, bottom first (``TapeDecoder/materializePendingKeys()``), and marks
/// them as on the path; a pop then removes a key from the path only if it got
/// there. Any other key (a dictionary's `String` keys), extra keys of a
/// container, and any key beyond ``TapeDecoder/pendingKeySlots`` pending ones
/// go on the path at once.
///
/// Pushes and pops nest: every push is undone by its pop (in a `defer`), in the
/// opposite order, as the path's own pushes are.
///
/// ```swift
/// let pending = tape.pushKey(key)      // or pushIndexKey(position)
/// defer { tape.popKey(pending: pending) }
/// // ... read the value; tape.path, if read, ends with key
/// ```
extension TapeDecoder {
    /// A key not on the path yet: its type and bytes, or, when `type` is
    /// `NoKey`, the array index in the first word (`JoltCodingKey.index`).
    struct PendingKey {
        var type: any CodingKey.Type
        var bits: (UInt64, UInt64, UInt64)
    }

    /// Pushes `key` on the coding path: pending when it is plain data of at most
    /// 24 bytes (the macros' `StaticString` keys of enum payloads are 17) and
    /// there is room, else on the path itself.
    /// - Returns: whether the key is pending, for ``popKey(pending:)``.
    @inline(__always)
    func pushKey<K: CodingKey>(_ key: K) -> Bool {
        if K.self == JoltCodingKey.self {
            // An array element's key (the unkeyed containers' and the arrays read
            // straight from the tape) is an index: pending too.
            let index = withUnsafePointer(to: key) { UnsafeRawPointer($0).assumingMemoryBound(to: JoltCodingKey.self).pointee.arrayIndex }
            if let index { return pushIndexKey(index) }
        }
        let s = state
        let n = s.pointee.pendingCount
        guard _isPOD(K.self) && MemoryLayout<K>.size <= MemoryLayout<(UInt64, UInt64, UInt64)>.size && n < Self.pendingKeySlots else {
            path.append(key)
            return false
        }
        var bits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let size = MemoryLayout<K>.size
        if size == 1 {
            // A `CodingKeys` enum of up to 256 cases: one byte, one load (this code
            // is not specialized for `K`, where a copy of the key's bytes is a call).
            bits.0 = UInt64(withUnsafePointer(to: key) { UnsafeRawPointer($0).load(as: UInt8.self) })
        } else if size != 0 {
            withUnsafeBytes(of: key) { key in
                withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: key) }
            }
        }
        pendingKeys[n] = PendingKey(type: K.self, bits: bits)
        s.pointee.pendingCount = n &+ 1
        return true
    }

    /// Pushes the key of the array element at `position` (Foundation's
    /// `"Index n"`), as ``pushKey(_:)`` does.
    @inline(__always)
    func pushIndexKey(_ position: Int) -> Bool {
        let s = state
        let n = s.pointee.pendingCount
        guard n < Self.pendingKeySlots else {
            path.append(JoltCodingKey.index(position))
            return false
        }
        pendingKeys[n] = PendingKey(type: NoKey.self, bits: (UInt64(bitPattern: Int64(position)), 0, 0))
        s.pointee.pendingCount = n &+ 1
        return true
    }

    /// Pops the key pushed last, pending (`pending`) or on the path.
    @inline(__always)
    func popKey(pending: Bool) {
        guard pending else {
            path.removeLast()
            return
        }
        let s = state
        let n = s.pointee.pendingCount &- 1
        if s.pointee.materializedCount > n {
            // It went on the path when something read it.
            s.pointee.path.removeLast()
            s.pointee.materializedCount = n
        }
        s.pointee.pendingCount = n
    }

    /// Appends the pending keys that are not on the path yet to it, in order.
    @inline(never)
    func materializePendingKeys() {
        let s = state
        var k = s.pointee.materializedCount
        while k < s.pointee.pendingCount {
            let key = pendingKeys[k]
            if ObjectIdentifier(key.type) == ObjectIdentifier(NoKey.self) {
                s.pointee.path.append(JoltCodingKey.index(Int(Int64(bitPattern: key.bits.0))))
            } else {
                s.pointee.path.append(Self.key(key.type, key.bits))
            }
            k &+= 1
        }
        s.pointee.materializedCount = k
    }

    /// The key of type `K` whose bytes are `bits`.
    private static func key<K: CodingKey>(_ type: K.Type, _ bits: (UInt64, UInt64, UInt64)) -> any CodingKey {
        withUnsafeBytes(of: bits) { $0.loadUnaligned(as: K.self) }
    }

    /// `body`'s result with the decoder standing on the value at `i`, `key`
    /// pushed (pending when it can be): what ``with(index:extra:key:_:)`` does
    /// for a value without extra keys, for the direct path.
    @inline(__always)
    func withPendingKey<R, K: CodingKey>(index i: Int, key: K, _ body: () throws -> R) rethrows -> R {
        let savedIndex = index
        let pending = K.self == NoKey.self ? nil : pushKey(key)
        index = i
        defer {
            index = savedIndex
            if let pending { popKey(pending: pending) }
        }
        return try body()
    }

    /// ``withPendingKey(index:key:_:)`` for the array element at `position`.
    @inline(__always)
    func withPendingIndexKey<R>(index i: Int, position: Int, _ body: () throws -> R) rethrows -> R {
        let savedIndex = index
        let pending = pushIndexKey(position)
        index = i
        defer {
            index = savedIndex
            popKey(pending: pending)
        }
        return try body()
    }
}
