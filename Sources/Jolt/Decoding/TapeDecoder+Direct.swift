extension TapeDecoder {
    /// Decodes the object at `i` as `T` through its `_JoltDirectDecodable`
    /// conformance `direct` (the same type), with this decoder standing on it
    /// and its path extended by `extra` and `key`, as for `init(from:)`.
    ///
    /// The direct path throws the error `init(from:)` would throw (case,
    /// coding path and message), and runs each hook once. A reader that throws
    /// `_JoltDirectReader.failure` hands the value back: it is decoded again
    /// through `init(from:)`, with the direct path off below it. The macros'
    /// code never does (the macro tests check it with `DirectPathProbe`).
    @inline(never)
    func decodeDirect<T: Decodable, K: CodingKey>(_ direct: any _JoltDirectDecodable.Type, _ type: T.Type, at i: Int,
                                                  _ extra: [any CodingKey], _ key: K) throws -> T {
        try readDirectOrInitFrom(type, at: i, extra, key) { try Self.readDirect(direct, $0, as: T.self) }
    }

    /// `read` with this decoder standing on the value at `i` (its path extended
    /// by `extra` and `key`), or, when it hands the value back, `type.init(from:)`
    /// there with the direct path off below it: the one place a value is read again.
    ///
    /// Without extra keys, `key` is pushed as a pending key (see
    /// `TapeDecoder+PendingKeys.swift`): it goes on the coding path only if the
    /// path is read, by the `init(from:)` of a failed read, a hook or an error.
    @inline(__always)
    private func readDirectOrInitFrom<T: Decodable, K: CodingKey>(_ type: T.Type, at i: Int, _ extra: [any CodingKey], _ key: K,
                                                                  _ read: (_JoltDirectReader) throws -> T) throws -> T {
        guard extra.isEmpty else {
            return try with(index: i, extra: extra, key: key) { try readDirectOrInitFrom(type, read) }
        }
        return try withPendingKey(index: i, key: key) { try readDirectOrInitFrom(type, read) }
    }

    /// `read` on this decoder where it stands, or, when it throws
    /// ``JoltDirectFailure`` (hands the value back), `type.init(from:)` with the
    /// direct path off below it. Any other error is the value's error.
    @inline(__always)
    private func readDirectOrInitFrom<T: Decodable>(_ type: T.Type, _ read: (_JoltDirectReader) throws -> T) throws -> T {
        #if DEBUG
        context.containerState.pointee.directReads &+= 1
        #endif
        do {
            return try read(_JoltDirectReader(self))
        } catch is JoltDirectFailure {
            #if DEBUG
            context.containerState.pointee.directRereads &+= 1
            #endif
            context.containerState.pointee.directSuspended &+= 1
            defer { context.containerState.pointee.directSuspended &-= 1 }
            return try type.init(from: self)
        }
    }

    /// `D.joltDirectDecode(_:)` as a `T`: the caller checked that `D` is `T`.
    ///
    /// The value is moved, not copied: `as!` of a type to itself takes the value,
    /// where `identityCast` (`unsafeBitCast`) would copy it (a retain per string)
    /// and release the original, for every value read.
    private static func readDirect<D: _JoltDirectDecodable, T>(_ direct: D.Type, _ reader: _JoltDirectReader, as: T.Type) throws -> T {
        try D.joltDirectDecode(reader) as! T
    }

    /// The value at `i` as `T`, a type the caller knows statically to conform
    /// (the macros' code for a property of such a type): straight to its direct
    /// reading, without `unwrap`'s checks of the type, when this decode takes the
    /// direct path; through `unwrap` otherwise.
    func decodeDirectValue<T: _JoltDirectDecodable, K: CodingKey>(_ type: T.Type, at i: Int, key: K) throws -> T {
        guard context.usesDirectPath, T.joltDecodesDirectly else { return try unwrap(type, at: i, extra: [], key: key) }
        return try readDirectOrInitFrom(type, at: i, [], key) { try T.joltDirectDecode($0) }
    }

    /// ``decodeDirectValue(_:at:key:)`` for the element at `position` of an
    /// array (its key Foundation's `"Index n"`, pushed as a pending key).
    func decodeDirectElement<T: _JoltDirectDecodable>(_ type: T.Type, at i: Int, position: Int) throws -> T {
        guard context.usesDirectPath, T.joltDecodesDirectly else {
            return try unwrap(type, at: i, extra: [], key: JoltCodingKey.index(position))
        }
        return try withPendingIndexKey(index: i, position: position) { try readDirectOrInitFrom(type) { try T.joltDirectDecode($0) } }
    }
}
