extension TapeDecoder {
    /// Decodes the object at `i` as `T` through its `_JoltDirectDecodable`
    /// conformance `direct` (the same type), with this decoder standing on it
    /// and its path extended by `extra` and `key`, as for `init(from:)`.
    ///
    /// The direct path is the value's one decode: it throws the error
    /// `init(from:)` would throw (case, coding path and message) and runs each
    /// hook once; nothing reads the value again.
    @inline(never)
    func decodeDirect<T: Decodable, K: CodingKey>(_ direct: any _JoltDirectDecodable.Type, _ type: T.Type, at i: Int,
                                                  _ extra: [any CodingKey], _ key: K) throws -> T {
        try readDirect(at: i, extra, key) { try Self.directValue(direct, $0, as: T.self) }
    }

    /// `read` with this decoder standing on the value at `i`, its path extended
    /// by `extra` and `key`.
    ///
    /// Without extra keys, `key` is pushed as a pending key (see
    /// `TapeDecoder+PendingKeys.swift`): it goes on the coding path only if the
    /// path is read, by a hook or an error.
    @inline(__always)
    private func readDirect<T, K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K,
                                             _ read: (_JoltDirectReader) throws -> T) throws -> T {
        guard extra.isEmpty else {
            return try with(index: i, extra: extra, key: key) { try readDirect(read) }
        }
        return try withPendingKey(index: i, key: key) { try readDirect(read) }
    }

    /// `read` on this decoder where it stands (counted for `DirectPathProbe`
    /// in debug builds).
    @inline(__always)
    private func readDirect<T>(_ read: (_JoltDirectReader) throws -> T) throws -> T {
        #if DEBUG
        context.containerState.pointee.directReads &+= 1
        #endif
        return try read(_JoltDirectReader(self))
    }

    /// `D.joltDirectDecode(_:)` as a `T`: the caller checked that `D` is `T`.
    ///
    /// The value is moved, not copied: `as!` of a type to itself takes the value,
    /// where `identityCast` (`unsafeBitCast`) would copy it (a retain per string)
    /// and release the original, for every value read.
    private static func directValue<D: _JoltDirectDecodable, T>(_ direct: D.Type, _ reader: _JoltDirectReader, as: T.Type) throws -> T {
        try D.joltDirectDecode(reader) as! T
    }

    /// The value at `i` as `T`, a type the caller knows statically to conform
    /// (the macros' code for a property of such a type): straight to its direct
    /// reading, without `unwrap`'s checks of the type, when this decode takes the
    /// direct path; through `unwrap` otherwise.
    func decodeDirectValue<T: _JoltDirectDecodable, K: CodingKey>(_ type: T.Type, at i: Int, key: K) throws -> T {
        guard context.usesDirectPath, T.joltDecodesDirectly else { return try unwrap(type, at: i, extra: [], key: key) }
        return try readDirect(at: i, [], key) { try T.joltDirectDecode($0) }
    }

    /// ``decodeDirectValue(_:at:key:)`` for the element at `position` of an
    /// array (its key Foundation's `"Index n"`, pushed as a pending key).
    func decodeDirectElement<T: _JoltDirectDecodable>(_ type: T.Type, at i: Int, position: Int) throws -> T {
        guard context.usesDirectPath, T.joltDecodesDirectly else {
            return try unwrap(type, at: i, extra: [], key: JoltCodingKey.index(position))
        }
        return try withPendingIndexKey(index: i, position: position) { try readDirect { try T.joltDirectDecode($0) } }
    }
}
