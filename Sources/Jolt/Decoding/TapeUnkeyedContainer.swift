/// An unkeyed container over one array of the tape. It advances only when a
/// decode succeeds, so a caller may retry an element as another type (lossy
/// collections rely on this).
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    /// The decoder, or a ``ContainerAux`` over its state when the container's
    /// path goes beyond the decoder's: one reference, so that a copy costs one retain.
    let decoder: TapeDecoder
    /// Tape index of the array.
    let array: Int
    /// Whether `decoder` is a ``ContainerAux``.
    private let hasAux: Bool
    /// Tape index of the current element.
    var cursor: Int
    private(set) var currentIndex: Int = 0

    init(decoder: TapeDecoder, array: Int, extra: [any CodingKey]) {
        self.decoder = extra.isEmpty ? decoder : ContainerAux(decoder, extra: extra, lookup: nil)
        self.array = array
        self.hasAux = !extra.isEmpty
        self.cursor = array &+ 1
    }

    /// Tape index just past the array.
    @inline(__always) var end: Int { decoder.entries[array].end }
    @inline(__always) var extra: [any CodingKey] {
        hasAux ? unsafeDowncast(decoder, to: ContainerAux.self).extra : []
    }
    /// The tape index whose path, plus ``extra``, is the container's path (see
    /// ``TapeDecoder/standing(on:_:)``).
    @inline(__always) var anchor: Int {
        hasAux ? unsafeDowncast(decoder, to: ContainerAux.self).anchor : array
    }
    var count: Int? { decoder.entries[array].count }

    var codingPath: [any CodingKey] { decoder.path(to: anchor) + extra }
    var isAtEnd: Bool { currentIndex >= count! }

    @inline(__always)
    private mutating func advance() {
        cursor = decoder.next(after: cursor)
        currentIndex &+= 1
    }

    private func atEnd(_ type: Any.Type, _ message: String = "Unkeyed container is at end.") -> DecodingError {
        DecodingError.valueNotFound(type, DecodingError.Context(
            codingPath: codingPath + [JoltCodingKey.index(currentIndex)], debugDescription: message))
    }

    mutating func decodeNil() throws -> Bool {
        guard cursor < end else { throw atEnd(Never.self) }
        if decoder.entries[cursor].rawKind == TapeKind.null.rawValue {
            advance()
            return true
        }
        return false
    }

    @inline(__always)
    mutating func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = self.decoder
        if _slowPath(decoder.index != anchor) { return try decoder.restanding(on: anchor) { try decodeValue(type) } }
        guard cursor < end else { throw atEnd(type) }
        let value = try decoder.unwrap(type, at: cursor, extra: extra, key: JoltCodingKey.index(currentIndex))
        advance()
        return value
    }

    @inline(__always)
    mutating func decodeValueIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        let decoder = self.decoder
        if _slowPath(decoder.index != anchor) { return try decoder.restanding(on: anchor) { try decodeValueIfPresent(type) } }
        guard cursor < end else {
            currentIndex &+= 1
            return nil
        }
        if decoder.entries[cursor].rawKind == TapeKind.null.rawValue {
            advance()
            return nil
        }
        let value = try decoder.unwrap(type, at: cursor, extra: extra, key: JoltCodingKey.index(currentIndex))
        advance()
        return value
    }

    /// Integers go to ``TapeDecoder/unwrapInteger(_:at:_:_:)`` directly (see
    /// ``TapeKeyedContainer/decodeInteger(_:forKey:)``).
    @inline(__always)
    mutating func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let decoder = self.decoder
        if _slowPath(decoder.index != anchor) { return try decoder.restanding(on: anchor) { try decodeInteger(type) } }
        guard cursor < end else { throw atEnd(type) }
        let value = try decoder.unwrapInteger(type, at: cursor, extra, JoltCodingKey.index(currentIndex))
        advance()
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeInteger(type) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeInteger(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? { try decodeValueIfPresent(type) }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try decodeValueIfPresent(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        guard cursor < end else { throw atEnd(KeyedDecodingContainer<NestedKey>.self) }
        let container = try decoder.standing(on: anchor) {
            try decoder.keyedContainer(at: cursor, extra: extra + [JoltCodingKey.index(currentIndex)], keyedBy: type)
        }
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard cursor < end else {
            throw atEnd((any UnkeyedDecodingContainer).self, "Cannot get nested unkeyed container -- unkeyed container is at end.")
        }
        let container = try decoder.standing(on: anchor) {
            try decoder.unkeyedContainer(at: cursor, extra: extra + [JoltCodingKey.index(currentIndex)])
        }
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        guard cursor < end else { throw atEnd((any Decoder).self, "Cannot get superDecoder() -- unkeyed container is at end.") }
        let sub = decoder.subDecoder(at: cursor, path: codingPath + [JoltCodingKey.index(currentIndex)])
        advance()
        return sub
    }
}
