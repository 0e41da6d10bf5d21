#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A keyed container over one object of the tape.
///
/// Keys are matched as bytes: the coding key's UTF-8 is compared with the raw key
/// text in the input, so no `String` is made for a JSON key and no dictionary is
/// built per object (Foundation builds a `[String: Value]` for every object,
/// hashing every key whether it is used or not). Small objects are searched
/// linearly from the first member, which also gives Foundation's
/// "first duplicate wins"; large ones, and any object under a key conversion
/// strategy, get a ``KeyLookup`` built once for the container.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// Everything the container stores; nothing depends on `Key`, so a
    /// ``KeyedContainerCache`` can refill a container it made before without
    /// the generic metadata a new one costs.
    let fields: KeyedContainerFields

    /// The decoder, or, when the container has extras (a path beyond the
    /// decoder's, a lookup table), a ``ContainerAux`` over the same state that
    /// carries them: one stored reference, so that copying the container (which
    /// the standard library's type-erasing box does on every `decode(_:forKey:)`)
    /// costs one retain and one release.
    @inline(__always) var decoder: TapeDecoder { fields.decoder }

    /// Tape index of the object.
    @inline(__always) var object: Int { Int(fields.object32) }

    /// What most containers do not need.
    @inline(__always) var aux: ContainerAux? {
        fields.hasAux ? unsafeDowncast(fields.decoder, to: ContainerAux.self) : nil
    }

    /// The container's path beyond `decoder.path`.
    @inline(__always) var extra: [any CodingKey] { aux?.extra ?? [] }
    /// Lookup structure for large objects and converted keys; nil for a plain linear search.
    @inline(__always) var lookup: KeyLookup? { aux?.lookup }

    /// The tape index whose path, plus ``extra``, is the container's path: the
    /// object itself, or where the decoder stood when a nested container was
    /// made (see ``TapeDecoder/standing(on:_:)``).
    @inline(__always) var anchor: Int { aux?.anchor ?? object }

    init(fields: KeyedContainerFields) {
        self.fields = fields
    }

    init(decoder: TapeDecoder, object: Int, extra: [any CodingKey]) {
        fields = KeyedContainerFields(decoder: decoder, object: object, extra: extra)
    }

    var codingPath: [any CodingKey] { decoder.path(to: anchor) + extra }

    var allKeys: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(decoder.entries[object].count)
        if lookup == nil && keysAreDistinct {
            forEachMemberKey { name in
                if let key = Key(stringValue: name) { keys.append(key) }
            }
        } else {
            // Duplicate names (possibly after conversion) are listed once.
            var seen = Set<String>()
            forEachMemberKey { name in
                if seen.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
            }
        }
        return keys
    }

    /// Whether the object's raw keys are known to be pairwise different.
    var keysAreDistinct: Bool { decoder.keysAreDistinct(inObject: object) }

    /// Objects up to this size are searched from their first member every time;
    /// larger ones use the distinct-keys check and the search hint.
    static var hintedSearchMinimum: Int { 8 }

    /// Calls `body` with each member's key as matched (converted when a strategy asks).
    func forEachMemberKey(_ body: (String) -> Void) {
        forEachMemberKeyIndex { name, _ in body(name) }
    }

    /// The tape index of the value for `key`, or nil.
    ///
    /// When the object's keys are known to be distinct, the search starts just
    /// after the member found last (synthesized `init(from:)` asks for keys in
    /// declaration order, which usually is the document's), so a lookup costs one
    /// compare; otherwise it starts at the first member, so the first of
    /// duplicate keys wins, as in Foundation.
    @inline(__always)
    func find(_ key: some CodingKey) -> Int? {
        let context = decoder.context
        if _fastPath(!context.tracksKeys && !context.hasKeyFallbacks) {
            return searchLiteral(key.stringValue)
        }
        return findTracked(key.stringValue)
    }

    /// ``find(_:)`` when members must be recorded as asked for, or a key may be
    /// found through a path or an alternative.
    @inline(never)
    func findTracked(_ name: String) -> Int? {
        if let found = findLiteral(name) { return found }
        return decoder.context.hasKeyFallbacks ? findFallback(name) : nil
    }

    /// A key path (``JoltDecoder/keyPathSeparator``) or an alternative key
    /// (``KeyMappings``) for a name that is not a key of the object.
    @inline(never)
    func findFallback(_ name: String) -> Int? {
        let separator = decoder.options.keyPathSeparator
        if let separator, name.contains(separator), let found = findPath(name, separator: separator) {
            return found
        }
        guard let alternatives = aux?.alternatives?[name] else { return nil }
        for alternative in alternatives {
            if let found = findLiteral(alternative) { return found }
            let pathSeparator = separator ?? "."
            if alternative.contains(pathSeparator), let found = findPath(alternative, separator: pathSeparator) {
                return found
            }
        }
        return nil
    }

    /// The value at a path of keys below this object, each matched like a key of
    /// its object (after the key strategy, honouring the duplicate key policy).
    func findPath(_ name: String, separator: String) -> Int? {
        let components = name.components(separatedBy: separator)
        guard components.count > 1, let firstValue = findLiteral(components[0]) else { return nil }
        var value = firstValue
        var path = codingPath + [JoltCodingKey.string(components[0])]
        for component in components.dropFirst() {
            guard decoder.entries[value].rawKind == TapeKind.object.rawValue else { return nil }
            let lookup = decoder.context.usesDefaultKeys
                ? KeyLookup(indexing: decoder, object: value)
                : KeyLookup(converting: decoder, object: value, strategy: decoder.options.keyDecodingStrategy, path: path)
            guard let next = lookup.find(component) else { return nil }
            value = next
            path.append(JoltCodingKey.string(component))
        }
        return value
    }

    /// The tape index of the value of the member named `name` (after conversion
    /// under a key strategy), or nil; the member counts as asked for.
    @inline(__always)
    func findLiteral(_ name: String) -> Int? {
        let found = searchLiteral(name)
        if _slowPath(decoder.context.tracksKeys), let found { decoder.context.askedValues.insert(found) }
        return found
    }

    @inline(__always)
    func searchLiteral(_ name: consuming String) -> Int? {
        if let lookup { return lookup.find(name) }
        return name.withUTF8 { wanted in member(named: wanted) }
    }

    /// The tape index of the value of the member whose raw key is `wanted`, or
    /// nil (the linear search of ``searchLiteral(_:)``). Not inlined: its code
    /// then does not depend on what it would be inlined into (inlined, the same
    /// search can cost much more in one build than in another).
    @inline(never)
    func member(named wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        let entries = decoder.entries
        let first = object &+ 1
        let end = entries[object].end
        let signature = TapeEntry.keySignature(wanted.baseAddress, wanted.count)
        let e = entries[object]
        var flags = e.flags
        if _slowPath(decoder.context.duplicateKeyPolicy == .useLast) && !keysAreDistinct {
            return searchLast(wanted, signature, from: first, to: end)
        }
        guard e.count > Self.hintedSearchMinimum else {
            return search(wanted, signature, from: first, to: end)
        }
        if _slowPath(flags & TapeFlags.keysChecked == 0) {
            flags = checkKeysDistinct()
        }
        guard flags & TapeFlags.keysDistinct != 0 else {
            return search(wanted, signature, from: first, to: end)
        }
        let hint = decoder.hint(for: object) ?? first
        let start = hint < end ? hint : first
        var found = search(wanted, signature, from: start, to: end)
        if found == nil && start != first {
            found = search(wanted, signature, from: first, to: start)
        }
        if let v = found {
            decoder.setHint(for: object, next: decoder.next(after: v))
        }
        return found
    }

    /// Searches the members whose keys lie in `from..<to` (tape indexes of keys).
    @inline(__always)
    func search(_ wanted: UnsafeBufferPointer<UInt8>, _ signature: UInt64, from: Int, to: Int) -> Int? {
        let input = decoder.input
        var members = TapeMembers(decoder.entries, keys: from, to: to)
        return members.find(wanted.baseAddress!, count: wanted.count, signature: signature, input: input) {
            KeyLookup.escapedKey($0, in: input, equals: wanted)
        }
    }

    /// The last member whose key is `wanted`, for ``JoltDecoder/DuplicateKeyPolicy/useLast``.
    func searchLast(_ wanted: UnsafeBufferPointer<UInt8>, _ signature: UInt64, from: Int, to: Int) -> Int? {
        var found: Int?
        var j = from
        while j < to, let v = search(wanted, signature, from: j, to: to) {
            found = v
            j = decoder.next(after: v)
        }
        return found
    }

    /// Records each key this object has more than once in the decode report (under
    /// `useFirst` and `useLast`).
    func reportDuplicateKeys() {
        if lookup == nil && keysAreDistinct { return }
        var seen: [String: Int] = [:]
        forEachMemberKeyIndex { name, keyIndex in
            seen[name, default: 0] += 1
            if seen[name] == 2 {
                decoder.context.recordDuplicateKey(name, keyIndex: keyIndex, objectPath: codingPath)
            }
        }
    }

    /// Calls `body` with each member's key as matched and the tape index of its key entry.
    func forEachMemberKeyIndex(_ body: (String, Int) throws -> Void) rethrows {
        let converted = lookup?.convertedKeys
        var members = TapeMembers(decoder.entries, object: object)
        var n = 0
        while members.next() {
            try body(converted?[n] ?? decoder.keyString(at: members.key), members.key)
            n &+= 1
        }
    }

    /// Throws the ``JoltDecoder/DuplicateKeyPolicy/reject`` error for the first
    /// key this object has twice (after unescaping, and after conversion under a
    /// key strategy).
    func rejectDuplicateKeys() throws {
        if let lookup {
            if let (name, keyIndex) = lookup.firstCollision {
                throw decoder.context.duplicateKeyError(name, keyIndex: keyIndex, path: codingPath)
            }
            return
        }
        if keysAreDistinct { return }
        var seen = Set<String>()
        try forEachMemberKeyIndex { name, keyIndex in
            if !seen.insert(name).inserted {
                throw decoder.context.duplicateKeyError(name, keyIndex: keyIndex, path: codingPath)
            }
        }
    }

    /// See ``TapeDecoder/checkKeysDistinct(inObject:)``.
    @inline(__always)
    func checkKeysDistinct() -> UInt8 { decoder.checkKeysDistinct(inObject: object) }

    @inline(__always)
    func value(for key: Key) throws -> Int {
        guard let v = find(key) else { throw keyNotFound(key) }
        return v
    }

    /// The error for a key the object does not hold: out of line, so that the
    /// lookup inlined into every `decode(_:forKey:)` stays small.
    @inline(never)
    func keyNotFound(_ key: Key) -> DecodingError {
        DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: ErrorMessages.keyNotFound(key)))
    }

    func contains(_ key: Key) -> Bool {
        find(key) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.entries[try value(for: key)].rawKind == TapeKind.null.rawValue
    }

    @inline(__always)
    func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if _slowPath(decoder.index != anchor) { return try decoder.restanding(on: anchor) { try decodeValue(type, forKey: key) } }
        return try decoder.unwrap(type, at: try value(for: key), extra: extra, key: key)
    }

    /// The tape index of the value of `key` unless the key is missing or the
    /// value `null` (`decodeIfPresent`'s nil).
    @inline(__always)
    func presentValue(for key: Key) -> Int? {
        guard let v = find(key), decoder.entries[v].rawKind != TapeKind.null.rawValue else { return nil }
        return v
    }

    @inline(__always)
    func decodeValueIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if _slowPath(decoder.index != anchor) { return try decoder.restanding(on: anchor) { try decodeValueIfPresent(type, forKey: key) } }
        guard let v = presentValue(for: key) else { return nil }
        return try decoder.unwrap(type, at: v, extra: extra, key: key)
    }

    /// Integers go to ``TapeDecoder/unwrapInteger(_:at:_:_:)`` directly: through
    /// the generic `unwrap` the integer parse is not specialized for the type
    /// (an `Optional<T>` metadata lookup per value).
    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
        if _slowPath(decoder.index != anchor) { return try decoder.restanding(on: anchor) { try decodeInteger(type, forKey: key) } }
        return try decoder.unwrapInteger(type, at: try value(for: key), extra, key)
    }

    @inline(__always)
    func decodeIntegerIfPresent<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T? {
        if _slowPath(decoder.index != anchor) { return try decoder.restanding(on: anchor) { try decodeIntegerIfPresent(type, forKey: key) } }
        guard let v = presentValue(for: key) else { return nil }
        return try decoder.unwrapInteger(type, at: v, extra, key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeValue(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeValue(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeValue(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeInteger(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeInteger(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeInteger(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeInteger(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeInteger(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeInteger(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeInteger(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeInteger(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeInteger(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeInteger(type, forKey: key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeInteger(type, forKey: key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decodeInteger(type, forKey: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeValue(type, forKey: key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try decodeIntegerIfPresent(type, forKey: key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try decodeValueIfPresent(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.standing(on: anchor) {
            try decoder.keyedContainer(at: try value(for: key), extra: extra + [key], keyedBy: type)
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.standing(on: anchor) {
            try decoder.unkeyedContainer(at: try value(for: key), extra: extra + [key])
        }
    }

    func superDecoder() throws -> any Decoder {
        decoder.subDecoder(at: find(JoltCodingKey.superKey) ?? decoder.nullIndex, path: codingPath + [JoltCodingKey.superKey])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.subDecoder(at: find(key) ?? decoder.nullIndex, path: codingPath + [key])
    }
}

/// The rarely needed parts of a container: its path beyond the decoder's, a key
/// lookup table, key alternatives. It is a decoder itself, over the state of the
/// decoder it was made from (see ``TapeDecoder/init(sharing:)``), so that a
/// container holds a single reference.
final class ContainerAux: TapeDecoder {
    let extra: [any CodingKey]
    let lookup: KeyLookup?
    /// The ``KeyMappings`` alternatives of the type that asked for the container.
    let alternatives: [String: [String]]?

    /// The tape index the decoder stood on when the container was made: the
    /// value whose path `extra` extends (see ``TapeDecoder/standing(on:_:)``).
    let anchor: Int

    init(_ decoder: TapeDecoder, extra: [any CodingKey], lookup: KeyLookup?, alternatives: [String: [String]]? = nil) {
        self.anchor = decoder.index
        self.extra = extra
        self.lookup = lookup
        self.alternatives = alternatives
        super.init(sharing: decoder)
    }
}
