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
    let decoder: TapeDecoder
    /// Tape index of the object.
    let object: Int
    /// The container's path beyond `decoder.path`.
    let extra: [any CodingKey]
    /// Lookup structure for large objects and converted keys; nil for a plain linear search.
    let lookup: KeyLookup?

    /// Objects with more members than this get a hash index.
    static var linearSearchLimit: Int { 64 }

    init(decoder: TapeDecoder, object: Int, extra: [any CodingKey]) {
        self.decoder = decoder
        self.object = object
        self.extra = extra
        let count = decoder.entries[object].count
        if !decoder.context.usesDefaultKeys {
            lookup = KeyLookup(converting: decoder, object: object, strategy: decoder.options.keyDecodingStrategy, path: decoder.path + extra)
        } else if count > Self.linearSearchLimit {
            lookup = KeyLookup(indexing: decoder, object: object)
        } else {
            lookup = nil
        }
    }

    var codingPath: [any CodingKey] { decoder.path + extra }

    var allKeys: [Key] {
        var seen = Set<String>()
        var keys: [Key] = []
        forEachMemberKey { name in
            if seen.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    /// Calls `body` with each member's key as matched (converted when a strategy asks).
    func forEachMemberKey(_ body: (String) -> Void) {
        if let converted = lookup?.convertedKeys {
            converted.forEach(body)
            return
        }
        let e = decoder.entries[object]
        var j = object &+ 1
        while j < e.end {
            body(decoder.keyString(at: j))
            j = decoder.next(after: j &+ 1)
        }
    }

    /// The tape index of the value for `key`, or nil.
    @inline(__always)
    func find(_ key: some CodingKey) -> Int? {
        if let lookup { return lookup.find(key.stringValue) }
        var name = key.stringValue
        return name.withUTF8 { wanted in
            let entries = decoder.entries
            let input = decoder.input
            let end = entries[object].end
            let count = wanted.count
            // A key entry's payload is its length and first four bytes: one compare
            // rejects almost every other member without touching the input.
            let signature = TapeEntry.keySignature(wanted.baseAddress, count)
            var j = object &+ 1
            while j < end {
                let k = entries[j]
                if k.payload == signature && !k.isEscaped {
                    if count <= 4 || memcmp(input + (k.offset &+ 4), wanted.baseAddress! + 4, count &- 4) == 0 { return j &+ 1 }
                } else if _slowPath(k.isEscaped) && KeyLookup.escapedKey(k, in: input, equals: wanted) {
                    return j &+ 1
                }
                let v = entries[j &+ 1]
                j = v.rawKind >= TapeKind.array.rawValue ? v.end : j &+ 2
            }
            return nil
        }
    }

    @inline(__always)
    func value(for key: Key) throws -> Int {
        guard let v = find(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return v
    }

    func contains(_ key: Key) -> Bool {
        find(key) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.entries[try value(for: key)].rawKind == TapeKind.null.rawValue
    }

    @inline(__always)
    func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unwrap(type, at: try value(for: key), extra: extra, key: key)
    }

    @inline(__always)
    func decodeValueIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let v = find(key), decoder.entries[v].rawKind != TapeKind.null.rawValue else { return nil }
        return try decoder.unwrap(type, at: v, extra: extra, key: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeValue(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeValue(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeValue(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeValue(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeValue(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeValue(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeValue(type, forKey: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeValue(type, forKey: key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeValueIfPresent(type, forKey: key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try decodeValueIfPresent(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.keyedContainer(at: try value(for: key), extra: extra + [key], keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.unkeyedContainer(at: try value(for: key), extra: extra + [key])
    }

    func superDecoder() throws -> any Decoder {
        decoder.subDecoder(at: find(JoltCodingKey.superKey) ?? decoder.nullIndex, path: codingPath + [JoltCodingKey.superKey])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.subDecoder(at: find(key) ?? decoder.nullIndex, path: codingPath + [key])
    }
}
