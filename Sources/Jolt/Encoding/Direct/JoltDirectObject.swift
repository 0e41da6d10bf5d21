/// The members of one object written by a `_JoltDirectEncodable` type's
/// generated code (`_.object(distinctKeys:)`): each key as the bytes the
/// macros escaped (`"\"id\""`), each value written as
/// ``JoltEncoder``'s keyed container writes it, through the same core. The
/// `CodingKey` is only read when an error needs the coding path.
///
/// ```swift
/// let object = writer.object()
/// try object.encode(self.id, forKey: CodingKeys.id, "\"id\"")
/// try object.encodeIfPresent(self.name, forKey: CodingKeys.name, "\"name\"")
/// ```
public struct _JoltDirectObject {
    let slot: JoltByteEncoder
    /// The object's place on the stack of open containers and its id; `-1` for
    /// an object the slot could not give (every write then fails).
    let index: Int
    let id: Int
    /// Whether each key is compared with those written before it (see
    /// `_.object(distinctKeys:)`).
    let checksKeys: Bool

    var core: EncodingCore { slot.core }

    /// Starts the member `json` (a key with its quotes, escaped already):
    /// the separator, the key, the colon, and the key recorded as
    /// ``EncodingCore/writeKey(_:)`` records it (for sorted keys and for a key
    /// written twice).
    @inline(__always)
    private func begin(_ json: StaticString) throws {
        let core = self.core
        guard core.activate(index, id) else { throw core.containerFailure(codingPath: slot.codingPath) }
        core.writeQuotedKey(json, checksRepeat: checksKeys)
    }

    /// `null` for an absent value under `.writeNull`, nothing under `.omit`.
    @usableFromInline
    func absent(_ key: some CodingKey, _ json: StaticString) throws {
        if core.options.nilEncodingStrategy == .writeNull { try encodeNil(forKey: key, json) }
    }

    public func encodeNil(forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.write("null")
    }

    public func encode(_ value: Bool, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        if value { core.writer.write("true") } else { core.writer.write("false") }
    }

    public func encode(_ value: String, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeString(value, escapeSlashes: core.escapeSlashes)
    }

    public func encode(_ value: Double, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        let core = self.core
        try core.writeDouble(value, strategy: core.options.nonConformingFloatEncodingStrategy, slot: nil, key: key,
                             extraPath: slot.extraPath, pathCount: slot.pathCount)
    }

    public func encode(_ value: Float, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        try core.writeFloat(value, key: key, extraPath: slot.extraPath, pathCount: slot.pathCount)
    }

    public func encode(_ value: Int, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeInteger(value)
    }

    public func encode(_ value: Int8, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeInteger(value)
    }

    public func encode(_ value: Int16, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeInteger(value)
    }

    public func encode(_ value: Int32, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeInteger(value)
    }

    public func encode(_ value: Int64, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeInteger(value)
    }

    public func encode(_ value: UInt, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeInteger(value)
    }

    public func encode(_ value: UInt8, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeInteger(value)
    }

    public func encode(_ value: UInt16, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeInteger(value)
    }

    public func encode(_ value: UInt32, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeInteger(value)
    }

    public func encode(_ value: UInt64, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        core.writer.writeInteger(value)
    }

    /// A value of any other type, as the keyed container encodes it (its own
    /// slot, its key on the coding path; a `_JoltDirectEncodable` value's
    /// `encode(to:)` writes directly again).
    public func encode<T: Encodable>(_ value: T, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        try core.encodeNested(value, key: key, pathCount: slot.pathCount, extraPath: slot.extraPath)
    }

    /// A value the macros' code knows to write directly: straight to its
    /// `_.joltDirectEncode(to:)`.
    public func encode<T: _JoltDirectEncodable>(_ value: T, forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        try core.encodeNestedDirect(value, key: key, pathCount: slot.pathCount, extraPath: slot.extraPath)
    }

    /// An array of such values: each element straight to its direct writing.
    public func encode<T: _JoltDirectEncodable>(_ value: [T], forKey key: some CodingKey, _ json: StaticString) throws {
        try begin(json)
        try core.encodeDirectArray(value, key: key, pathCount: slot.pathCount, extraPath: slot.extraPath)
    }

    /// An object at the key `json` whose members `body` writes into the object
    /// it is given, as the container code writes into
    /// `nestedContainer(keyedBy:forKey:)`: an enum case's associated values. As
    /// in Foundation, the values below it have this object's coding path (the
    /// nested container's key is not on it). `distinctKeys` as for
    /// `_.object(distinctKeys:)`.
    public func encodeObject(_ json: StaticString, distinctKeys: Bool, _ body: (_JoltDirectObject) throws -> Void) throws {
        try begin(json)
        let core = self.core
        let id = core.openFrame(isObject: true)
        try body(_JoltDirectObject(slot: slot, index: core.frames.count - 1, id: id, checksKeys: !distinctKeys))
    }

    // MARK: encodeIfPresent (nilEncodingStrategy)

    // Inlinable: specialized where the macros' code calls them, they need no
    // metadata for the optional at run time (an unspecialized `T?` asks the
    // runtime for it on every call).

    @inlinable
    public func encodeIfPresent(_ value: Bool?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: String?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: Double?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: Float?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: Int?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: Int8?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: Int16?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: Int32?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: Int64?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: UInt?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: UInt8?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: UInt16?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: UInt32?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent(_ value: UInt64?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent<T: _JoltDirectEncodable>(_ value: T?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }

    @inlinable
    public func encodeIfPresent<T: _JoltDirectEncodable>(_ value: [T]?, forKey key: some CodingKey, _ json: StaticString) throws {
        if let value { try encode(value, forKey: key, json) } else { try absent(key, json) }
    }
}
