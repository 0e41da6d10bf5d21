#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A keyed container writing the members of one JSON object straight into the
/// output. Its state is one non-generic value (``KeyedEncoderFields``), which
/// ``KeyedEncodingContainerCache`` writes over in the box of a container handed
/// out again.
struct JoltKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let fields: KeyedEncoderFields

    init(fields: KeyedEncoderFields) {
        self.fields = fields
    }

    /// A container for a misuse already recorded: every write fails.
    static func dead(_ core: EncodingCore) -> Self {
        Self(fields: .dead(core))
    }

    @inline(__always) var core: EncodingCore { fields.core }
    @inline(__always) var index: Int { fields.index }
    @inline(__always) var id: Int { fields.id }
    @inline(__always) var pathCount: Int { fields.pathCount }
    @inline(__always) var extraPath: [any CodingKey] { fields.extraPath }
    @inline(__always) var encoderExtraCount: Int { fields.encoderExtraCount }
    @inline(__always) var rawKeys: Bool { fields.rawKeys }
    @inline(__always) var mappings: [String: [String]]? { fields.mappings }

    var codingPath: [any CodingKey] {
        Array(core.path.prefix(pathCount)) + extraPath
    }

    /// The path below which a member's value is encoded (then its key): the
    /// path of the encoder that made the outermost container, without the keys
    /// of nested containers. Foundation gives a value in a nested container
    /// (its encoder, a super encoder, the error for a non-conforming float)
    /// that path, and a custom key strategy inside the value sees it.
    /// Whether ``valueExtraPath`` is `extraPath` itself (no nested container's key in it).
    @inline(__always)
    var valueHasContainerPath: Bool { encoderExtraCount == extraPath.count }

    @inline(__always)
    var valueExtraPath: [any CodingKey] {
        encoderExtraCount == extraPath.count ? extraPath : Array(extraPath.prefix(encoderExtraCount))
    }

    @inline(__always)
    private func begin(_ key: Key) throws {
        let (name, isPath) = core.jsonKey(key, rawKeys: rawKeys, mappings: mappings, codingPath: { codingPath })
        if !core.beginMember(index, id, key: name, isPath: isPath) { try fail() }
    }

    @inline(never)
    private func fail() throws {
        throw core.containerFailure(codingPath: codingPath)
    }

    @inline(__always)
    private var writeNull: Bool {
        core.options.nilEncodingStrategy == .writeNull
    }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        core.writer.write("null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        if value { core.writer.write("true") } else { core.writer.write("false") }
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        core.writer.writeString(value, escapeSlashes: core.escapeSlashes)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        if _fastPath(value.isFinite) {
            core.writer.writeDouble(value)
            core.pendingToken = 0
            return
        }
        try nonFinite(value, key)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try begin(key)
        if _fastPath(value.isFinite) {
            core.writer.writeFloat(value)
            core.pendingToken = 0
            return
        }
        try nonFinite(value, key)
    }

    /// A non-finite `Double` or `Float`, its key written (in the innermost
    /// container: this one, or the object of a key path's prefix).
    private func nonFinite<F: BinaryFloatingPoint>(_ value: F, _ key: Key) throws {
        try core.writeNonFinite(value, key: key, extraPath: valueExtraPath, pathCount: pathCount,
                                frame: core.frames.count - 1, elementStart: nil)
    }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ value: T, _ key: Key) throws {
        try begin(key)
        core.writer.writeInteger(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try integer(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        // The key's container: this one, or the object of a key path's prefix.
        let frame = core.frames.count - 1
        if valueHasContainerPath {
            try core.encodeTakingBack(value, key: key, pathCount: pathCount, extraPath: extraPath, frame: frame, elementStart: nil)
        } else {
            try core.encodeTakingBack(value, key: key, pathCount: pathCount, extraPath: valueExtraPath, frame: frame, elementStart: nil)
        }
    }

    // MARK: encodeIfPresent (nilEncodingStrategy)

    @inline(__always)
    private mutating func absent(_ key: Key) throws {
        if writeNull { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }

    // MARK: Nested containers

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        guard (try? begin(key)) != nil else { return KeyedEncodingContainer(JoltKeyedContainer<NestedKey>.dead(core)) }
        core.markContainerKey()
        let nestedID = core.openFrame(isObject: true)
        return core.keyedContainer(NestedKey.self, KeyedEncoderFields(
            core: core, index: core.frames.count - 1, id: nestedID, pathCount: pathCount, extraPath: extraPath + [key],
            encoderExtraCount: encoderExtraCount, rawKeys: false, mappings: nil))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard (try? begin(key)) != nil else {
            return JoltUnkeyedContainer(core: core, index: -1, id: -1, pathCount: pathCount, extraPath: extraPath, encoderExtraCount: 0)
        }
        core.markContainerKey()
        let nestedID = core.openFrame(isObject: false)
        return JoltUnkeyedContainer(core: core, index: core.frames.count - 1, id: nestedID, pathCount: pathCount, extraPath: extraPath + [key],
                                    encoderExtraCount: encoderExtraCount)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(jsonKey: JoltCodingKey.superKey, mappings: nil)
    }

    /// Also what Foundation's `encode(_:forKey:configuration:)` writes through.
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(jsonKey: key, mappings: mappings)
    }

    /// A slot for the value at `key`, written where the object stands now. If
    /// nothing is encoded into it, `{}` is written (as in Foundation). Used
    /// after the object went on (Foundation writes a super encoder's value when
    /// the encoder is released), its value is written in its place (see
    /// ``EncodingCore/abandonedSuperTokens``).
    private func superEncoder<K: CodingKey>(jsonKey key: K, mappings: [String: [String]]?) -> any Encoder {
        let (name, isPath) = core.jsonKey(key, rawKeys: rawKeys, mappings: mappings, codingPath: { codingPath })
        let ok = core.beginMember(index, id, key: name, isPath: isPath)
        let encoder = JoltByteEncoder(core: core, depth: core.frames.count, token: -core.nextToken, pathCount: pathCount)
        core.nextToken &+= 1
        encoder.extraPath = valueExtraPath + [key]
        if ok {
            core.pendingToken = encoder.token
            if core.tracksHomes { core.recordHome(ofSuper: encoder.token) }
        }
        return encoder
    }
}
