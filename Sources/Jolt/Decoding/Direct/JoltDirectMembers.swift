#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A cursor over the members of one object, for the code the macros write for
/// `_JoltDirectDecodable`: it compares each member's key with the type's keys
/// as bytes (``keySignature``, then ``keyIs(_:)`` for keys longer than four
/// bytes) and reads the member's value straight from its tape entry.
///
/// Public for that code; not meant to be used by hand. Errors thrown by its
/// reads are not the ones a decode reports (see `_JoltDirectDecodable`).
///
/// ```swift
/// var members = try reader.members()
/// while members.next() {
///     switch members.keySignature {
///     case 0x6469_0000_0002: id = try members.decode(Int.self)                // "id"
///     case 0x6573_7275_0000_0008 where members.keyIs("username"): name = try members.decode(String.self)
///     default: break
///     }
/// }
/// ```
public struct _JoltDirectMembers {
    @usableFromInline let input: UnsafePointer<UInt8>
    /// The position among the object's members.
    @usableFromInline var cursor: TapeMembers
    /// The tape's entries (the cursor's).
    @inlinable var entries: UnsafeMutablePointer<TapeEntry> { cursor.entries }
    /// The current key's length and first four bytes (a tape key entry's payload),
    /// and its bytes: in the input, or unescaped in the decode's scratch buffer.
    @usableFromInline var signature: UInt64 = 0
    @usableFromInline var keyBytes: UnsafePointer<UInt8>
    /// The decoder, standing on the object.
    let tape: TapeDecoder
    /// The place in the declaration order of the first failing property so far
    /// (`Int.max`: none), and where its error is kept (see ``fail(_:order:)``).
    @usableFromInline var failureOrder = Int.max
    @usableFromInline var failureSlot = -1

    /// `body` on the decoder.
    @inline(__always)
    func withTape<R>(_ body: (TapeDecoder) throws -> R) rethrows -> R {
        try body(tape)
    }

    init(_ tape: TapeDecoder, object: Int, end: Int) {
        self.tape = tape
        input = tape.input
        cursor = TapeMembers(tape.entries, keys: object &+ 1, to: end)
        keyBytes = input
    }

    /// Moves to the next member; false past the last one. Always inlined: left
    /// to the optimizer, it stays a call in the member loops of large types
    /// (dozens of properties), paid for every member.
    @inlinable @inline(__always)
    public mutating func next() -> Bool {
        guard cursor.next() else { return false }
        let k = entries[cursor.key]
        if _fastPath(!k.isEscaped) {
            // A key entry's payload is the signature.
            signature = k.payload
            keyBytes = input + k.offset
        } else {
            unescapeKey()
        }
        return true
    }

    /// For a key with escapes: its unescaped bytes and their signature.
    @usableFromInline
    mutating func unescapeKey() {
        let k = entries[cursor.key]
        let buffer = withTape { $0.context.keyScratch(capacity: k.length) }
        let count = StringDecoding.unescape(input + k.offset, count: k.length, into: buffer)
        keyBytes = UnsafePointer(buffer)
        signature = TapeEntry.keySignature(keyBytes, count)
    }

    /// The current key's length in bytes (low 32 bits) and its first four bytes,
    /// little-endian and zero-padded (high 32 bits): one compare rejects almost
    /// every other key.
    @inlinable
    public var keySignature: UInt64 { signature }

    /// Whether the current key's bytes are `text`'s. Called once
    /// ``keySignature`` matched (so the lengths are equal).
    @inlinable
    public func keyIs(_ text: StaticString) -> Bool {
        memcmp(keyBytes, text.utf8Start, text.utf8CodeUnitCount) == 0
    }

    /// The tape index of the current member's value (for `_.member(_:of:)`
    /// and the reads by index).
    @inlinable public var valueIndex: Int { cursor.value }

    /// Whether the current member's value is `null`.
    @inlinable
    public var isNull: Bool { entries[cursor.value].rawKind == TapeKind.null.rawValue }

    // MARK: Failures

    // `init(from:)` reads the properties in the order they are declared and
    // throws the first failure; the members come in document order. So the
    // generated code records a property's failure with its place in the
    // declaration order and goes on, and after the pass throws what
    // `init(from:)` would have thrown first: a recorded failure, or the
    // `keyNotFound` of a required property declared before it.
    //
    // The error is kept in a slot of the decode's state, not in this struct:
    // an existential field would make every object's cursor cost its
    // destruction. Objects inside this one take slots after this one's, and
    // leave them (the slots live until the decode ends).

    /// Records `error`, the failure of the property declared at `order`, unless
    /// a property declared before it failed already.
    public mutating func fail(_ error: any Error, order: Int) {
        guard order < failureOrder else { return }
        failureOrder = order
        withTape { tape in
            if failureSlot < 0 {
                failureSlot = tape.context.containerState.pointee.directFailures.count
                tape.context.containerState.pointee.directFailures.append(error)
            } else {
                tape.context.containerState.pointee.directFailures[failureSlot] = error
            }
        }
    }

    /// The failure recorded, if any.
    var failure: (any Error)? {
        failureSlot < 0 ? nil : withTape { $0.context.containerState.pointee.directFailures[failureSlot] }
    }

    /// What a required property declared at `order`, read by a keyed container's
    /// `decode(_:forKey:)` in `init(from:)`, throws when it has no value: the
    /// failure of a property declared before it (or its own), else Foundation's
    /// `keyNotFound` for `key` at the object's path.
    public func missing<K: CodingKey>(_ key: K, order: Int) -> any Error {
        if failureOrder <= order, let failure { return failure }
        return DecodingError.keyNotFound(key, DecodingError.Context(
            codingPath: withTape { $0.path }, debugDescription: ErrorMessages.keyNotFound(key)))
    }

    /// ``missing(_:order:)`` for a property read through wrappers, which
    /// `init(from:)` reads with `_joltDecode(_:forKey:)` (`null` counts as
    /// missing there): its `keyNotFound` message.
    public func missingValue<K: CodingKey>(_ key: K, order: Int) -> any Error {
        if failureOrder <= order, let failure { return failure }
        return DecodingError.keyNotFound(key, DecodingError.Context(
            codingPath: withTape { $0.path }, debugDescription: ErrorMessages.noValue(forAnyOf: [key.stringValue])))
    }

    /// What a property with several paths or a closure, declared at `order`,
    /// throws when it has no value (missing, or none of its present values
    /// decoded): the failure of a property declared before it, else the error
    /// `read` throws, given a keyed container on the object (the property's
    /// own decode as `init(from:)` writes it: its helpers word the error).
    /// Only that property is read again, through the container, for its error.
    public func error<K: CodingKey>(order: Int, keyedBy type: K.Type,
                                    reading read: (KeyedDecodingContainer<K>) throws -> Void) -> any Error {
        if failureOrder < order, let failure { return failure }
        do {
            try read(try withTape { try $0.container(keyedBy: type) })
        } catch {
            return error
        }
        return _JoltDirectReader.disagreement(at: withTape { $0.path })
    }

    /// Throws the failure recorded, if any: the checks of the required
    /// properties came first.
    @inlinable
    public func throwFailure() throws {
        if _slowPath(failureOrder != Int.max) { throw recordedFailure() }
    }

    @usableFromInline
    func recordedFailure() -> any Error {
        failure ?? _JoltDirectReader.disagreement(at: withTape { $0.path })
    }

    // MARK: Values

    public func decode(_ type: Bool.Type) throws -> Bool { try withTape { try $0.unwrapBool(at: valueIndex, [], NoKey()) } }
    public func decode(_ type: String.Type) throws -> String { try withTape { try $0.unwrapString(at: valueIndex, [], NoKey()) } }
    public func decode(_ type: Double.Type) throws -> Double { try withTape { try $0.unwrapDouble(at: valueIndex, [], NoKey()) } }
    public func decode(_ type: Float.Type) throws -> Float { try withTape { try $0.unwrapFloat(at: valueIndex, [], NoKey()) } }
    public func decode(_ type: Int.Type) throws -> Int { try withTape { try $0.unwrapInteger(type, at: valueIndex, [], NoKey()) } }
    public func decode(_ type: Int8.Type) throws -> Int8 { try withTape { try $0.unwrapInteger(type, at: valueIndex, [], NoKey()) } }
    public func decode(_ type: Int16.Type) throws -> Int16 { try withTape { try $0.unwrapInteger(type, at: valueIndex, [], NoKey()) } }
    public func decode(_ type: Int32.Type) throws -> Int32 { try withTape { try $0.unwrapInteger(type, at: valueIndex, [], NoKey()) } }
    public func decode(_ type: Int64.Type) throws -> Int64 { try withTape { try $0.unwrapInteger(type, at: valueIndex, [], NoKey()) } }
    public func decode(_ type: UInt.Type) throws -> UInt { try withTape { try $0.unwrapInteger(type, at: valueIndex, [], NoKey()) } }
    public func decode(_ type: UInt8.Type) throws -> UInt8 { try withTape { try $0.unwrapInteger(type, at: valueIndex, [], NoKey()) } }
    public func decode(_ type: UInt16.Type) throws -> UInt16 { try withTape { try $0.unwrapInteger(type, at: valueIndex, [], NoKey()) } }
    public func decode(_ type: UInt32.Type) throws -> UInt32 { try withTape { try $0.unwrapInteger(type, at: valueIndex, [], NoKey()) } }
    public func decode(_ type: UInt64.Type) throws -> UInt64 { try withTape { try $0.unwrapInteger(type, at: valueIndex, [], NoKey()) } }


    // The scalars above are read without a key: for a property with a default
    // for an invalid value, whose error is never seen. Those below, with the
    // property's key, are read without it too (nothing is pushed for a value
    // that decodes); a value that does not decode is read again through the
    // decoder with the key, which throws the error a keyed container's
    // `decode(_:forKey:)` throws, with the key on its path.
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: Bool.Type, forKey key: K) throws -> Bool {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: String.Type, forKey key: K) throws -> String {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: Double.Type, forKey key: K) throws -> Double {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: Float.Type, forKey key: K) throws -> Float {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: Int.Type, forKey key: K) throws -> Int {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: Int8.Type, forKey key: K) throws -> Int8 {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: Int16.Type, forKey key: K) throws -> Int16 {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: Int32.Type, forKey key: K) throws -> Int32 {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: Int64.Type, forKey key: K) throws -> Int64 {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: UInt.Type, forKey key: K) throws -> UInt {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: UInt8.Type, forKey key: K) throws -> UInt8 {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: UInt16.Type, forKey key: K) throws -> UInt16 {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: UInt32.Type, forKey key: K) throws -> UInt32 {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }
    @inlinable @inline(__always)
    public func decode<K: CodingKey>(_ type: UInt64.Type, forKey key: K) throws -> UInt64 {
        do { return try decode(type) } catch { return try decodeThroughDecoder(type, forKey: key) }
    }

    /// Any other type, through the decoder (which takes the direct path again for
    /// a `_JoltDirectDecodable` type), with `key` pushed on the coding path for
    /// the value's own `init(from:)`.
    public func decode<T: Decodable, K: CodingKey>(_ type: T.Type, forKey key: K) throws -> T {
        try withTape { try $0.unwrap(type, at: valueIndex, extra: [], key: key) }
    }

    /// A type known here to read itself directly: straight to its reading.
    public func decode<T: _JoltDirectDecodable, K: CodingKey>(_ type: T.Type, forKey key: K) throws -> T {
        try withTape { try $0.decodeDirectValue(type, at: valueIndex, key: key) }
    }

    /// The value, read as `decode(_:forKey:)` reads it, into `slot`.
    /// The code `@Codable` writes reads every type but the scalars this way. A
    /// local assigned by value is carried from member to member of the member
    /// loop as a value: for a large struct, a copy of the whole struct at each
    /// member (two `memcpy`s of 422 and 728 bytes per member of a tweet). So a
    /// value of more than 64 bytes is read by a call that is never
    /// inlined, which takes the local's address and keeps it in memory; a smaller
    /// one is assigned here, inlined (the size is a constant once specialized).
    @inlinable @inline(__always)
    public func decode<T: Decodable, K: CodingKey>(_ type: T.Type, forKey key: K, into slot: inout T?) throws {
        if MemoryLayout<T?>.size > Self.largeValueSize {
            try decodeLarge(type, forKey: key, into: &slot)
        } else {
            slot = try decode(type, forKey: key)
        }
    }

    /// A type known here to read itself directly, into `slot` (see above).
    @inlinable @inline(__always)
    public func decode<T: _JoltDirectDecodable, K: CodingKey>(_ type: T.Type, forKey key: K, into slot: inout T?) throws {
        if MemoryLayout<T?>.size > Self.largeValueSize {
            try decodeLarge(type, forKey: key, into: &slot)
        } else {
            slot = try decode(type, forKey: key)
        }
    }

    /// The size above which `decode(_:forKey:into:)` reads out of line.
    @inlinable static var largeValueSize: Int { 64 }

    @inlinable @inline(never)
    func decodeLarge<T: Decodable, K: CodingKey>(_ type: T.Type, forKey key: K, into slot: inout T?) throws {
        slot = try decode(type, forKey: key)
    }

    @inlinable @inline(never)
    func decodeLarge<T: _JoltDirectDecodable, K: CodingKey>(_ type: T.Type, forKey key: K, into slot: inout T?) throws {
        slot = try decode(type, forKey: key)
    }

    /// An array of such a type, into `slot`: as `decode(_:forKey:)`.
    @inlinable
    public func decode<T: _JoltDirectDecodable, K: CodingKey>(_ type: [T].Type, forKey key: K, into slot: inout [T]?) throws {
        slot = try decode(type, forKey: key)
    }

    /// A dictionary of such a type, into `slot`: as `decode(_:forKey:)`.
    @inlinable
    public func decode<T: _JoltDirectDecodable, K: CodingKey>(_ type: [String: T].Type, forKey key: K, into slot: inout [String: T]?) throws {
        slot = try decode(type, forKey: key)
    }

    /// An array of such a type, built here: inlined into the caller, where `[T]`
    /// is a concrete type (see `_JoltDirectElements`). Each element is read as a
    /// property of type `T` is; the array's key and each element's index are on
    /// the coding path while it is read.
    @inlinable
    public func decode<T: _JoltDirectDecodable, K: CodingKey>(_ type: [T].Type, forKey key: K) throws -> [T] {
        guard let count = try directElementCount(T.self) else { return try decodeThroughDecoder(type, forKey: key) }
        if count == 0 { return [] }
        var elements = openElements(count: count, forKey: key)
        defer { elements.finish() }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        while elements.next() { result.append(try elements.decode(T.self)) }
        return result
    }

    /// A dictionary of such a type, built here as the array above is, by the
    /// rules of any `[String: Value]` (see `DictionaryMembers`).
    @inlinable
    public func decode<T: _JoltDirectDecodable, K: CodingKey>(_ type: [String: T].Type, forKey key: K) throws -> [String: T] {
        guard var members = try directDictionary(T.self, forKey: key) else {
            return try decodeThroughDecoder(type, forKey: key)
        }
        defer { members.finish() }
        var result: [String: T] = [:]
        result.reserveCapacity(members.count)
        while let name = members.nextKey() {
            if members.insertsWithoutLookup || result[name] == nil { result[name] = try members.decode(T.self) }
        }
        return result
    }

    /// The number of elements of the current value, an array, when they take
    /// the direct path; nil when they do not, or the value is not an array (the
    /// decode reads it as any `[T]`, which throws that error).
    @usableFromInline
    func directElementCount<T: _JoltDirectDecodable>(_ type: T.Type) throws -> Int? {
        guard withTape({ $0.context.usesDirectPath }), T.joltDecodesDirectly else { return nil }
        let e = entries[valueIndex]
        guard e.rawKind == TapeKind.array.rawValue else { return nil }
        return e.count
    }

    /// The cursor over the current value, an array of `count` elements (at least one).
    @usableFromInline
    func openElements<K: CodingKey>(count: Int, forKey key: K) -> _JoltDirectElements {
        _JoltDirectElements(tape, array: valueIndex, count: count, key: key)
    }

    /// The cursor over the current value, an object, opened (the decoder stands
    /// on it with `key` pushed), when it is read as `Dictionary.joltDecode(from:at:)`
    /// reads it (keyed containers reused: no `.reject` policy, no key tracking,
    /// no report) and its values take the direct path; nil otherwise (the decode
    /// reads it as any `[String: T]`).
    @usableFromInline
    func directDictionary<T: _JoltDirectDecodable, K: CodingKey>(_ type: T.Type, forKey key: K) throws -> DictionaryMembers? {
        let context = withTape { $0.context }
        guard context.usesDirectPath, context.reusesKeyedContainers, T.joltDecodesDirectly else { return nil }
        let e = entries[valueIndex]
        // Not an object: read as any `[String: T]`, which throws the error.
        guard e.rawKind == TapeKind.object.rawValue else { return nil }
        let members = DictionaryMembers(tape, object: valueIndex, entry: e)
        members.open(key: key)
        return members
    }

    /// The current value as any `T`, through the decoder.
    @usableFromInline
    func decodeThroughDecoder<T: Decodable, K: CodingKey>(_ type: T.Type, forKey key: K) throws -> T {
        try withTape { try $0.unwrap(type, at: valueIndex, extra: [], key: key) }
    }
}
