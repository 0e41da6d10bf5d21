#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Encoder` a value's `encode(to:)` receives: one slot in the output (the
/// top-level value, a member's value or an array element). It is also the
/// slot's single value container. Slots are reused from one value to the next
/// unless `encode(to:)` kept a reference.
final class JoltByteEncoder: Encoder, SingleValueEncodingContainer {
    let core: EncodingCore
    /// The number of open containers when the slot was made (its nesting level).
    var depth: Int
    /// Identifies the slot while it waits for its value (`core.pendingToken`);
    /// negative for a super encoder.
    var token: Int
    /// The coding path: the first `pathCount` keys of `core.path`, then `extraPath`.
    var pathCount: Int
    var extraPath: [any CodingKey] = []
    /// The container the slot's value opened, once it did.
    var frameID = 0
    var frameIndex = 0
    var frameIsObject = false
    /// Keys of this value's keyed container bypass the key encoding strategy.
    var rawKeys = false
    /// Alternative keys for the type being encoded in this slot.
    var mappings: [String: [String]]?

    init(core: EncodingCore, depth: Int, token: Int, pathCount: Int) {
        self.core = core
        self.depth = depth
        self.token = token
        self.pathCount = pathCount
    }

    @inline(__always)
    func reset(depth: Int, token: Int, pathCount: Int) {
        self.depth = depth
        self.token = token
        self.pathCount = pathCount
        frameID = 0
        rawKeys = false
        mappings = nil
    }

    var codingPath: [any CodingKey] {
        Array(core.path.prefix(pathCount)) + extraPath
    }

    var userInfo: [CodingUserInfoKey: Any] {
        core.options.userInfo.isEmpty ? [:] : core.userInfo
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (index, id, _) = openObject()
        guard index >= 0 else { return KeyedEncodingContainer(JoltKeyedContainer<Key>.dead(core)) }
        return core.keyedContainer(Key.self, KeyedEncoderFields(
            core: core, index: index, id: id, pathCount: pathCount, extraPath: extraPath,
            encoderExtraCount: extraPath.count, rawKeys: rawKeys, mappings: mappings))
    }

    /// The object the slot's keyed containers write into (also
    /// `_.object(distinctKeys:)`'s): opened the first time, the same one when
    /// asked again (a superclass encoding into the same encoder). Its place on
    /// the stack of open containers and its id, or `(-1, -1)` (a misuse,
    /// recorded) when the slot holds something else or the object was closed
    /// (in merge mode, which opens it again, only when it cannot be found).
    /// `opened` says whether this call opened it (it holds no key yet).
    @inline(__always)
    func openObject() -> (index: Int, id: Int, opened: Bool) {
        if frameID != 0 {
            if frameIsObject, frameIndex < core.frames.count, core.frames[frameIndex].id == frameID {
                return (frameIndex, frameID, false)
            }
            // Closed (merge mode opens it again), or an array: a misuse.
            guard frameIsObject else {
                core.recordOutOfOrder()
                return (-1, -1, false)
            }
            return core.reopenOrRecord(frameIndex, frameID) ? (frameIndex, frameID, false) : (-1, -1, false)
        }
        guard core.pendingToken == token || core.placeLateSuperSlot(token, depth: depth) else {
            core.recordOutOfOrder()
            return (-1, -1, false)
        }
        frameIndex = core.frames.count
        frameID = core.openFrame(isObject: true)
        frameIsObject = true
        return (frameIndex, frameID, true)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if frameID != 0 {
            // Open, or closed (merge mode opens it again); an object is a misuse.
            if frameIsObject {
                core.recordOutOfOrder()
            } else if frameIndex < core.frames.count && core.frames[frameIndex].id == frameID || core.reopenOrRecord(frameIndex, frameID) {
                return JoltUnkeyedContainer(core: core, index: frameIndex, id: frameID, pathCount: pathCount, extraPath: extraPath,
                                    encoderExtraCount: extraPath.count)
            }
            return JoltUnkeyedContainer(core: core, index: -1, id: -1, pathCount: pathCount, extraPath: extraPath, encoderExtraCount: 0)
        }
        guard core.pendingToken == token || core.placeLateSuperSlot(token, depth: depth) else {
            core.recordOutOfOrder()
            return JoltUnkeyedContainer(core: core, index: -1, id: -1, pathCount: pathCount, extraPath: extraPath, encoderExtraCount: 0)
        }
        frameIndex = core.frames.count
        frameID = core.openFrame(isObject: false)
        frameIsObject = false
        return JoltUnkeyedContainer(core: core, index: frameIndex, id: frameID, pathCount: pathCount, extraPath: extraPath,
                                    encoderExtraCount: extraPath.count)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    // MARK: Single value

    /// Throws unless the slot is still waiting for its value.
    @inline(__always)
    func checkCanEncode() throws {
        if core.pendingToken != token { try cannotEncode() }
    }

    /// A super encoder whose place was passed before it was used is a use out
    /// of order (Foundation writes its value late): it is written in its place
    /// (see ``EncodingCore/placeLateSuperSlot(_:depth:)``); any other slot that
    /// already holds a value refuses a second one.
    @inline(never)
    func cannotEncode() throws {
        if token < 0 && core.abandonedSuperTokens[token] != nil {
            if core.placeLateSuperSlot(token, depth: depth) { return }
            core.recordOutOfOrder()
        }
        if let failure = core.failure { throw failure }
        throw EncodingError.invalidValue((), EncodingError.Context(
            codingPath: codingPath,
            debugDescription: "Attempt to encode value through single value container when previously value already encoded."))
    }

    func encodeNil() throws {
        try checkCanEncode()
        core.writer.write("null")
        core.pendingToken = 0
    }

    func encode(_ value: Bool) throws {
        try checkCanEncode()
        if value { core.writer.write("true") } else { core.writer.write("false") }
        core.pendingToken = 0
    }

    func encode(_ value: String) throws {
        try checkCanEncode()
        core.writer.writeString(value, escapeSlashes: core.escapeSlashes)
        core.pendingToken = 0
    }

    func encode(_ value: Double) throws {
        try checkCanEncode()
        try core.writeDouble(value, strategy: core.options.nonConformingFloatEncodingStrategy, slot: self, key: nil,
                             extraPath: extraPath, pathCount: pathCount)
    }

    func encode(_ value: Float) throws {
        try checkCanEncode()
        try core.writeFloat(value, key: nil, extraPath: extraPath, pathCount: pathCount)
    }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ value: T) throws {
        try checkCanEncode()
        core.writer.writeInteger(value)
        core.pendingToken = 0
    }

    func encode(_ value: Int) throws { try integer(value) }
    func encode(_ value: Int8) throws { try integer(value) }
    func encode(_ value: Int16) throws { try integer(value) }
    func encode(_ value: Int32) throws { try integer(value) }
    func encode(_ value: Int64) throws { try integer(value) }
    func encode(_ value: Int128) throws { try integer(value) }
    func encode(_ value: UInt) throws { try integer(value) }
    func encode(_ value: UInt8) throws { try integer(value) }
    func encode(_ value: UInt16) throws { try integer(value) }
    func encode(_ value: UInt32) throws { try integer(value) }
    func encode(_ value: UInt64) throws { try integer(value) }
    func encode(_ value: UInt128) throws { try integer(value) }

    func encode<T: Encodable>(_ value: T) throws {
        try checkCanEncode()
        try core.encodeGeneric(value, self)
    }
}
