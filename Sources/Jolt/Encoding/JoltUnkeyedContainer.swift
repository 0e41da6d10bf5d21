#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An unkeyed container writing the elements of one JSON array straight into
/// the output.
struct JoltUnkeyedContainer: UnkeyedEncodingContainer {
    let core: EncodingCore
    /// The array's id (low 32 bits), its place on the stack of open containers
    /// (12 bits), `pathCount` (12 bits) and `encoderExtraCount` (8 bits),
    /// packed so that the container fits an existential's inline buffer
    /// (three words): no allocation per array. Nesting stops at 512 levels
    /// (``EncodingCore/maxDepth``), well within 12 bits.
    private let packed: UInt64
    /// The array's path after the first `pathCount` keys of `core.path`: the
    /// encoder's own extra keys (a super encoder's), then the keys of the nested
    /// containers leading to this one.
    let extraPath: [any CodingKey]

    /// The array's place on the stack of open containers.
    var index: Int { Int(truncatingIfNeeded: (packed >> 32) & 0xFFF) }
    /// The array's id, truncated to 32 bits (0 for a dead container).
    var id: Int { Int(truncatingIfNeeded: packed & 0xFFFF_FFFF) }
    var pathCount: Int { Int(truncatingIfNeeded: (packed >> 44) & 0xFFF) }
    /// How many keys of `extraPath` are the encoder's (see ``valueExtraPath``).
    var encoderExtraCount: Int { Int(truncatingIfNeeded: packed >> 56) }

    init(core: EncodingCore, index: Int, id: Int, pathCount: Int, extraPath: [any CodingKey], encoderExtraCount: Int) {
        self.core = core
        self.extraPath = extraPath
        let counts = UInt64(UInt8(clamping: encoderExtraCount)) << 56 | UInt64(pathCount & 0xFFF) << 44
        if index < 0 || id < 0 {
            packed = counts | 0xFFF << 32
        } else {
            packed = counts | UInt64(index & 0xFFF) << 32 | UInt64(UInt32(truncatingIfNeeded: id))
        }
    }

    var codingPath: [any CodingKey] {
        Array(core.path.prefix(pathCount)) + extraPath
    }

    /// The path below which an element's value is encoded (then its index):
    /// the path of the encoder that made the outermost container, without the
    /// keys of nested containers, as in Foundation (see
    /// ``JoltKeyedContainer/valueExtraPath``).
    /// Whether ``valueExtraPath`` is `extraPath` itself (no nested container's key in it).
    @inline(__always)
    var valueHasContainerPath: Bool { encoderExtraCount == extraPath.count }

    @inline(__always)
    var valueExtraPath: [any CodingKey] {
        let count = encoderExtraCount
        return count == extraPath.count ? extraPath : Array(extraPath.prefix(count))
    }

    /// The elements written so far; in merge mode, over all the times the array was opened.
    @inline(__always)
    var count: Int {
        let written = index < core.frames.count && core.frames[index].id & 0xFFFF_FFFF == id ? core.frames[index].count : 0
        if _slowPath(core.tracksHomes) { return countAcrossOpenings(written) }
        return written
    }

    /// ``count`` in merge mode: `written` in this opening, after those of the openings before.
    @inline(never)
    private func countAcrossOpenings(_ written: Int) -> Int {
        core.merge.arrayBases[core.merge.first(id), default: 0] + written
    }

    @inline(__always)
    private func begin() throws {
        if !core.beginArrayElement(index, id, idBits: 32) { try fail() }
    }

    @inline(never)
    private func fail() throws {
        throw core.containerFailure(codingPath: codingPath)
    }

    mutating func encodeNil() throws {
        try begin()
        core.writer.write("null")
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        if value { core.writer.write("true") } else { core.writer.write("false") }
    }

    mutating func encode(_ value: String) throws {
        try begin()
        core.writer.writeString(value, escapeSlashes: core.escapeSlashes)
    }

    mutating func encode(_ value: Double) throws {
        if _fastPath(value.isFinite) {
            try begin()
            core.writer.writeDouble(value)
            core.pendingToken = 0
            return
        }
        try nonFinite(value)
    }

    mutating func encode(_ value: Float) throws {
        if _fastPath(value.isFinite) {
            try begin()
            core.writer.writeFloat(value)
            core.pendingToken = 0
            return
        }
        try nonFinite(value)
    }

    /// A non-finite `Double` or `Float`.
    private func nonFinite<F: BinaryFloatingPoint>(_ value: F) throws {
        // The element's key is for the error only.
        let key = JoltCodingKey.index(count)
        try begin()
        try core.writeNonFinite(value, key: key, extraPath: valueExtraPath, pathCount: pathCount,
                                frame: index, elementStart: core.writer.count)
    }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ value: T) throws {
        try begin()
        core.writer.writeInteger(value)
    }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: Int128) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }
    mutating func encode(_ value: UInt128) throws { try integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = JoltCodingKey.index(count)
        try begin()
        let start = core.writer.count
        if valueHasContainerPath {
            try core.encodeTakingBack(value, key: key, pathCount: pathCount, extraPath: extraPath, frame: index, elementStart: start)
        } else {
            try core.encodeTakingBack(value, key: key, pathCount: pathCount, extraPath: valueExtraPath, frame: index, elementStart: start)
        }
    }


    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = JoltCodingKey.index(count)
        guard (try? begin()) != nil else { return KeyedEncodingContainer(JoltKeyedContainer<NestedKey>.dead(core)) }
        let nestedID = core.openFrame(isObject: true)
        return core.keyedContainer(NestedKey.self, KeyedEncoderFields(
            core: core, index: core.frames.count - 1, id: nestedID, pathCount: pathCount, extraPath: extraPath + [key],
            encoderExtraCount: encoderExtraCount, rawKeys: false, mappings: nil))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = JoltCodingKey.index(count)
        guard (try? begin()) != nil else {
            return JoltUnkeyedContainer(core: core, index: -1, id: -1, pathCount: pathCount, extraPath: extraPath, encoderExtraCount: 0)
        }
        let nestedID = core.openFrame(isObject: false)
        return JoltUnkeyedContainer(core: core, index: core.frames.count - 1, id: nestedID, pathCount: pathCount, extraPath: extraPath + [key],
                                    encoderExtraCount: encoderExtraCount)
    }

    /// A slot for the next element, written where the array stands now; `{}`
    /// if nothing is encoded into it. Used after the array went on, its value
    /// is written in that place (Foundation inserts it where the array stood
    /// when the super encoder was made): see ``EncodingCore/placeLateSuperSlot(_:depth:)``.
    mutating func superEncoder() -> any Encoder {
        let key = JoltCodingKey.index(count)
        let ok = core.beginArrayElement(index, id, idBits: 32)
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
