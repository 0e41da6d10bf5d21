/// The object a `_JoltDirectDecodable` type reads itself from: what the code
/// the macros write for `init(joltDirect:)` is given. Public for that code; not
/// meant to be used by hand.
///
/// ```swift
/// init(joltDirect reader: borrowing _JoltDirectReader) throws {
///     var id: Int?
///     var members = try reader.members()
///     while members.next() {
///         if members.keySignature == 0x6469_0000_0002 { id = try members.decode(Int.self) }  // "id"
///     }
///     guard let id else { throw members.missing(CodingKeys.id, order: 0) }
///     self.id = id
/// }
/// ```
public struct _JoltDirectReader {
    /// The decoder, standing on the object with the object's coding path.
    @usableFromInline let tape: TapeDecoder

    init(_ tape: TapeDecoder) {
        self.tape = tape
    }

    /// `body` on the decoder.
    @inline(__always)
    func withTape<R>(_ body: (TapeDecoder) throws -> R) rethrows -> R {
        try body(tape)
    }

    /// The decoder standing on the object, for what needs one: the type's hooks,
    /// a `superDecoder`-style read. Inlined, so that it costs nothing where it
    /// is not used: the generated code asks for it for the hooks, and the
    /// default hooks do nothing with it.
    @inlinable public var decoder: any Decoder { tape }

    /// The members of the object, in document order.
    /// - Throws: what `decoder.container(keyedBy:)` throws when the value is not
    ///   an object (`typeMismatch`, or `valueNotFound` for `null`).
    public func members() throws -> _JoltDirectMembers {
        try withTape { tape in
            let i = tape.index
            let e = tape.entries[i]
            guard e.rawKind == TapeKind.object.rawValue else { throw tape.keyedContainerError(at: i, extra: []) }
            return _JoltDirectMembers(tape, object: i, end: e.end)
        }
    }
}

// Values found by tape index: the members of nested objects a property's key
// path goes through (`"profile.name"`), and the values of alternative keys,
// which the generated code tries in order once the pass over the members is done.
extension _JoltDirectReader {
    /// The tape index of the value of the member of the object at `index` whose
    /// key is `key`; nil when `index` is nil, or not an object, or the object has
    /// no such member. Found as a keyed container finds a key (the first of
    /// duplicates, escaped keys unescaped), so that a path reads what
    /// `init(from:)` reads.
    public func member(_ key: StaticString, of index: Int?) -> Int? {
        // The key's bytes as they are: no String made.
        member(bytes: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount), of: index)
    }

    /// The tape index of the value of this object's member `key`: ``member(_:of:)``
    /// on the value the reader stands on (nil when that is not an object). What an
    /// enum's direct reading asks for each of its cases' keys, in order.
    public func member(_ key: StaticString) -> Int? {
        member(key, of: withTape { $0.index })
    }

    /// ``member(_:of:)`` for a key known at run time.
    func member(named name: String, of index: Int?) -> Int? {
        var name = name
        return name.withUTF8 { member(bytes: $0, of: index) }
    }

    /// ``member(_:of:)`` for the key's UTF-8 bytes: the search of a keyed
    /// container over the object (`TapeKeyedContainer.member(named:)`).
    private func member(bytes key: UnsafeBufferPointer<UInt8>, of index: Int?) -> Int? {
        guard let index, withTape({ $0.entries[index].rawKind }) == TapeKind.object.rawValue else { return nil }
        return TapeKeyedContainer<NoKey>(decoder: tape, object: index, extra: []).member(named: key)
    }

    /// The reader for the object at the end of `path` below this one: a type's
    /// `@CodingContainer("data.info")`, whose keys are read there. Each key is
    /// found as `nestedContainer(keyedBy:forKey:)` finds it (the first of
    /// duplicates), and the values read below it have `path` in their coding path.
    /// - Throws: when a key is missing or a value on the way is not an object,
    ///   what `nestedContainer(keyedBy:forKey:)` throws there (the last value is
    ///   checked by ``members()``).
    public func nested<Key: CodingKey>(_ path: [Key]) throws -> _JoltDirectReader {
        let tape = self.tape
        var found: Int? = tape.index
        for key in path { found = member(named: key.stringValue, of: found) }
        // A last value that is not an object fails in `members()`.
        guard let index = found else { throw Self.nestingError(tape, path) }
        var full = tape.path
        full.append(contentsOf: path as [any CodingKey])
        return _JoltDirectReader(tape.subDecoder(at: index, path: full))
    }

    /// The error of `path`'s nested containers asked for in turn from the object
    /// `tape` stands on, as `init(from:)` asks for them.
    @inline(never)
    static func nestingError<Key: CodingKey>(_ tape: TapeDecoder, _ path: [Key]) -> any Error {
        do {
            var container = try tape.container(keyedBy: Key.self)
            for key in path { container = try container.nestedContainer(keyedBy: Key.self, forKey: key) }
        } catch {
            return error
        }
        return disagreement(at: tape.path)
    }

    /// What the direct path throws where it finds no value or no error and a
    /// keyed container, asked the same, finds one. Its reads and the
    /// containers' go through the same tape cursor, so this is a bug in Jolt;
    /// it fails the decode rather than reading the value a second way.
    @inline(never)
    static func disagreement(at codingPath: [any CodingKey]) -> any Error {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "Jolt's direct reader and init(from:) disagree about this value (a bug in Jolt: please report it with the document)."))
    }

    /// `body`'s result on the reader for the object at `index`, the value of
    /// this object's member `key` (found by ``member(_:)``): what
    /// `nestedContainer(keyedBy:forKey:)` gives, with `key` on the coding path
    /// while `body` runs (this reader must not be used inside `body`). An enum
    /// case's associated values are read in it.
    /// - Throws: when the value is not an object, what `nestedContainer(keyedBy:forKey:)`
    ///   throws there; or what `body` throws.
    public func nested<R>(at index: Int, forKey key: some CodingKey, _ body: (_JoltDirectReader) throws -> R) throws -> R {
        try withTape { tape in
            guard tape.entries[index].rawKind == TapeKind.object.rawValue else { throw Self.nestingError(tape, [key]) }
            return try tape.withPendingKey(index: index, key: key) { try body(self) }
        }
    }

    /// Whether the value at `index` is `null`.
    public func isNull(at index: Int) -> Bool {
        withTape { $0.entries[index].rawKind } == TapeKind.null.rawValue
    }

    /// Whether the value at `index` is an object.
    public func isObject(at index: Int) -> Bool {
        withTape { $0.entries[index].rawKind } == TapeKind.object.rawValue
    }

    public func decode(_ type: Bool.Type, at index: Int) throws -> Bool { try withTape { try $0.unwrapBool(at: index, [], NoKey()) } }
    public func decode(_ type: String.Type, at index: Int) throws -> String { try withTape { try $0.unwrapString(at: index, [], NoKey()) } }
    public func decode(_ type: Double.Type, at index: Int) throws -> Double { try withTape { try $0.unwrapDouble(at: index, [], NoKey()) } }
    public func decode(_ type: Float.Type, at index: Int) throws -> Float { try withTape { try $0.unwrapFloat(at: index, [], NoKey()) } }
    public func decode(_ type: Int.Type, at index: Int) throws -> Int { try withTape { try $0.unwrapInteger(type, at: index, [], NoKey()) } }
    public func decode(_ type: Int8.Type, at index: Int) throws -> Int8 { try withTape { try $0.unwrapInteger(type, at: index, [], NoKey()) } }
    public func decode(_ type: Int16.Type, at index: Int) throws -> Int16 { try withTape { try $0.unwrapInteger(type, at: index, [], NoKey()) } }
    public func decode(_ type: Int32.Type, at index: Int) throws -> Int32 { try withTape { try $0.unwrapInteger(type, at: index, [], NoKey()) } }
    public func decode(_ type: Int64.Type, at index: Int) throws -> Int64 { try withTape { try $0.unwrapInteger(type, at: index, [], NoKey()) } }
    public func decode(_ type: UInt.Type, at index: Int) throws -> UInt { try withTape { try $0.unwrapInteger(type, at: index, [], NoKey()) } }
    public func decode(_ type: UInt8.Type, at index: Int) throws -> UInt8 { try withTape { try $0.unwrapInteger(type, at: index, [], NoKey()) } }
    public func decode(_ type: UInt16.Type, at index: Int) throws -> UInt16 { try withTape { try $0.unwrapInteger(type, at: index, [], NoKey()) } }
    public func decode(_ type: UInt32.Type, at index: Int) throws -> UInt32 { try withTape { try $0.unwrapInteger(type, at: index, [], NoKey()) } }
    public func decode(_ type: UInt64.Type, at index: Int) throws -> UInt64 { try withTape { try $0.unwrapInteger(type, at: index, [], NoKey()) } }

    /// The result of `decode` (a `@CustomCoding(decode:encode:)` closure) on a
    /// decoder of its own for the value at `index`, whose path below the object
    /// is `path` and `key`: what `superDecoder(forKey:)` gives `init(from:)`.
    public func decode<T, K: CodingKey>(at index: Int, path: [K], forKey key: K,
                                        using decode: (any Decoder) throws -> T) throws -> T {
        let tape = self.tape
        var full = tape.path
        full.append(contentsOf: path as [any CodingKey])
        full.append(key)
        return try decode(tape.subDecoder(at: index, path: full))
    }

    /// Any other type at `index`, whose path below the object is `path` and `key`
    /// (pushed on the coding path for the value's own `init(from:)`).
    public func decode<T: Decodable, K: CodingKey>(_ type: T.Type, at index: Int, path: [K], forKey key: K) throws -> T {
        // An empty `[K]` as `[any CodingKey]` is still a cast of the array, a call.
        // (`count`, Array's own: `isEmpty` is Collection's here, which looks up
        // `[K]`'s metadata and conformance in this unspecialized code.)
        if path.count == 0 { return try withTape { try $0.unwrap(type, at: index, extra: [], key: key) } }
        return try withTape { try $0.unwrap(type, at: index, extra: path, key: key) }
    }
}
