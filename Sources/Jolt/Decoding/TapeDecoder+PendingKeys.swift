/// The keys of the values a decoder stands on, put on the coding path only when
/// something reads it.
///
/// Every nested value a decode reads (a member or element through
/// ``TapeDecoder/with(index:extra:key:_:)``, a property or array element the
/// direct path reads) stands the decoder on that value with its key on the
/// coding path, so that an `init(from:)` run there, a hook, or an error thrown
/// there sees the path Foundation's would. Pushing a key on the
/// `[any CodingKey]` path and popping it costs an existential copy through
/// value witnesses and the array's uniqueness and capacity checks each way, a
/// noticeable share of a decode on the direct path. Almost always nothing reads
/// the path.
///
/// So a key is recorded as a ``TapeDecoder/PendingKey``: the key's type, and a
/// copy of the key in a slot of ``TapeDecoder/pendingKeyStorage`` (initialized
/// as that type by `initializeMemory(as:to:)`, deinitialized by the pop), or an
/// array index, in a small stack beside the decoder's state. Reading or changing
/// ``TapeDecoder/path`` first appends copies of the pending keys to it, bottom
/// first (``TapeDecoder/materializePendingKeys()``), and marks them as on the
/// path; a pop then removes a key from the path only if it got there. A key
/// larger than a slot, extra keys of a container, and any key beyond
/// ``TapeDecoder/pendingKeySlots`` pending ones go on the path at once.
///
/// Pushes and pops nest: every push is undone by its pop (in a `defer`), in the
/// opposite order, as the path's own pushes are.
///
/// ```swift
/// try tape.withPendingKey(index: i, key: key) {
///     // ... read the value; tape.path, if read, ends with key
/// }
/// ```
extension TapeDecoder {
    /// A key not on the path yet: its type (its value is in the slot of the
    /// same number in ``pendingKeyStorage``), or, when `type` is `NoKey`, the
    /// array index `index` (`JoltCodingKey.index`).
    struct PendingKey {
        var type: any CodingKey.Type
        var index: Int
    }

    /// The bytes of one slot of ``pendingKeyStorage``: room for the keys the
    /// compiler and the macros write (an enum of one byte, the macros'
    /// `StaticString` keys of enum payloads, 17 bytes).
    static var pendingKeySlotBytes: Int { 24 }

    /// Pushes `key`: pending when it fits a slot and there is one free, else on
    /// the path itself.
    /// - Returns: whether the key is pending, for ``popKey(pending:_:)``.
    @inline(__always)
    func pushKey<K: CodingKey>(_ key: K) -> Bool {
        if K.self == JoltCodingKey.self {
            // An array element's key (the unkeyed containers' and the arrays read
            // straight from the tape) is an index: pending as one.
            if let index = identityCast(key, to: JoltCodingKey.self).arrayIndex { return pushIndexKey(index) }
        }
        let s = state
        let n = s.pointee.pendingCount
        guard n < Self.pendingKeySlots && MemoryLayout<K>.size <= Self.pendingKeySlotBytes
                && MemoryLayout<K>.alignment <= MemoryLayout<UInt64>.alignment else {
            path.append(key)
            return false
        }
        (pendingKeyStorage + n &* Self.pendingKeySlotBytes).initializeMemory(as: K.self, to: key)
        pendingKeys[n] = PendingKey(type: K.self, index: 0)
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
        pendingKeys[n] = PendingKey(type: NoKey.self, index: position)
        s.pointee.pendingCount = n &+ 1
        return true
    }

    /// Pops the key of type `K` pushed last, pending (`pending`) or on the path.
    @inline(__always)
    func popKey<K: CodingKey>(pending: Bool, _ type: K.Type) {
        guard pending else {
            path.removeLast()
            return
        }
        let s = state
        let n = s.pointee.pendingCount &- 1
        if ObjectIdentifier(pendingKeys[n].type) != ObjectIdentifier(NoKey.self) {
            (pendingKeyStorage + n &* Self.pendingKeySlotBytes).assumingMemoryBound(to: K.self).deinitialize(count: 1)
        }
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
            let pending = pendingKeys[k]
            if ObjectIdentifier(pending.type) == ObjectIdentifier(NoKey.self) {
                s.pointee.path.append(JoltCodingKey.index(pending.index))
            } else {
                s.pointee.path.append(Self.key(pending.type, at: pendingKeyStorage + k &* Self.pendingKeySlotBytes))
            }
            k &+= 1
        }
        s.pointee.materializedCount = k
    }

    /// A copy of the pending key of type `K` in the slot at `slot`.
    private static func key<K: CodingKey>(_ type: K.Type, at slot: UnsafeMutableRawPointer) -> any CodingKey {
        slot.assumingMemoryBound(to: K.self).pointee
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
            if let pending { popKey(pending: pending, K.self) }
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
            popKey(pending: pending, NoKey.self)
        }
        return try body()
    }
}
