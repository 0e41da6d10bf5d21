#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The state of one encode: the output buffer, the stack of open containers and
/// the coding path. Containers write straight into the buffer; a container is
/// closed (its bracket written) when a container below it writes again, when
/// the value it belongs to is finished, or at the end.
///
/// The mutable state is a ``State`` behind a pointer the core owns, as a
/// ``TapeDecoder``'s is: a class's stored `var`s would cost a dynamic
/// exclusivity check on every access, and one encode runs on one thread, its
/// containers only calling into the core.
final class EncodingCore {
    /// The mutable state of the encode (see the type's comment).
    struct State: ~Copyable {
        var writer: ByteWriter
        var frames: [Frame] = []
        var topID: Int = 0
        var nextID: Int = 1
        var pendingToken: Int = 0
        var nextToken: Int = 1
        var members: [Member] = []
        var scratch: [UInt8] = []
        var path: [any CodingKey] = []
        var failure: (any Error)?
        var usedContainersOutOfOrder: Bool = false
        var nestedTooDeeply: Bool = false
        var mergingFrames: [Int] = []
        var containerKeyStarts = OutputOffsets()
        var emptyValueStarts = OutputOffsets()
        var bracketIDs = BracketIDs()
        var abandonedSuperTokens: [Int: SuperSlot] = [:]
        var addresses: MergeAddresses?
        var openingLimit: Int = EncodingCore.maxDepth - 1
        var closesPlainly: Bool = true
        var lateMerging: Bool = false
        var valueStart = ValueStart()
        var freeEncoders: [JoltByteEncoder] = []
        var keyedContainers: KeyedEncodingContainerCache = KeyedEncodingContainerCache()
        var convertedKeys: [String: String] = [:]
        var splitKeys: [String: [String]] = [:]
        var ownsWriter: Bool = true
    }

    let state: UnsafeMutablePointer<State>

    @inline(__always) var writer: ByteWriter {
        get { state.pointee.writer }
        _modify { yield &state.pointee.writer }
    }
    let options: EncoderOptions
    let pretty: Bool
    let sortKeys: Bool
    let escapeSlashes: Bool
    let keyStrategyIsDefault: Bool
    /// Whether keys are split at ``pathSeparator`` (a key path separator is set).
    let splitsKeys: Bool
    let hasMappings: Bool
    /// Whether `_JoltDirectWriter` writes the values of `_JoltDirectEncodable`
    /// types here: the direct path is on, and no option renames keys (a key
    /// strategy, key paths, key mappings) or merges objects (merge mode).
    let writesDirectly: Bool

    /// An open container. `component` is set for the objects a key path opens.
    struct Frame {
        var isObject: Bool
        var count: Int
        var id: Int
        var memberBase: Int
        var component: String?
        /// One bit per key fingerprint written into this object (see
        /// ``writeKey(_:)``): a key whose bit is clear is certainly new.
        var keyMask: UInt64 = 0
    }

    /// A member of an open object, recorded for `.sortedKeys`: where it starts in
    /// the buffer (its key's opening quote) and how long the escaped key is.
    struct Member {
        var start: Int
        var keyLength: Int
        var keyEscaped: Bool
    }

    @inline(__always) var frames: [Frame] {
        get { state.pointee.frames }
        _modify { yield &state.pointee.frames }
    }
    /// The id of the innermost open container, 0 when none.
    @inline(__always) var topID: Int {
        get { state.pointee.topID }
        _modify { yield &state.pointee.topID }
    }
    @inline(__always) var nextID: Int {
        get { state.pointee.nextID }
        _modify { yield &state.pointee.nextID }
    }
    /// The token of the value slot waiting for a value at the current position
    /// (after a key, an array separator, or at the start), 0 when none. The
    /// slots of super encoders have negative tokens (see
    /// ``abandonedSuperTokens``).
    @inline(__always) var pendingToken: Int {
        get { state.pointee.pendingToken }
        _modify { yield &state.pointee.pendingToken }
    }
    @inline(__always) var nextToken: Int {
        get { state.pointee.nextToken }
        _modify { yield &state.pointee.nextToken }
    }
    @inline(__always) var members: [Member] {
        get { state.pointee.members }
        _modify { yield &state.pointee.members }
    }
    @inline(__always) var scratch: [UInt8] {
        get { state.pointee.scratch }
        _modify { yield &state.pointee.scratch }
    }
    /// The coding path of the value being encoded.
    @inline(__always) var path: [any CodingKey] {
        get { state.pointee.path }
        _modify { yield &state.pointee.path }
    }
    /// An error found where the `Encoder` API cannot throw; thrown at the end.
    @inline(__always) var failure: (any Error)? {
        get { state.pointee.failure }
        _modify { yield &state.pointee.failure }
    }
    /// Whether a container or super encoder was written to after its parent
    /// went on, and could not be reached in this pass (see
    /// ``JoltEncoder/encodeCore(_:options:scratch:)``, which then encodes the
    /// value again in merge mode).
    @inline(__always) var usedContainersOutOfOrder: Bool {
        get { state.pointee.usedContainersOutOfOrder }
        _modify { yield &state.pointee.usedContainersOutOfOrder }
    }
    /// Whether a value opened `maxDepth` containers inside each other, which
    /// Foundation refuses; the encode then throws Foundation's error.
    @inline(__always) var nestedTooDeeply: Bool {
        get { state.pointee.nestedTooDeeply }
        _modify { yield &state.pointee.nestedTooDeeply }
    }
    /// Merge mode (see `EncodingCore+Merge.swift`): compact and unsorted output
    /// in which a key may repeat, with the places of container keys and of empty
    /// values recorded so that the repeats can be merged afterwards.
    let mergeMode: Bool
    /// In merge mode or late merging, where each container and super encoder's
    /// slot was written (see `EncodingCore+Reopen.swift`); nil otherwise, so
    /// that a one-pass encode neither makes nor frees it. Set with the three
    /// below, by ``beginLateMerging()`` and ``leaveLateMerging()``.
    @inline(__always) var addresses: MergeAddresses? { state.pointee.addresses }
    /// The nesting level from which ``openFrame(isObject:component:)`` takes
    /// its slow path: `maxDepth - 1`, or 0 when every container's place is
    /// recorded (``tracksHomes``), so that one compare serves both.
    @inline(__always) var openingLimit: Int { state.pointee.openingLimit }
    /// Whether closing a container writes its bracket alone: not
    /// pretty-printed, and no array's length to record (one test for both).
    @inline(__always) var closesPlainly: Bool { state.pointee.closesPlainly }
    /// Whether the value being encoded is being merged late (see
    /// `EncodingCore+LateMerging.swift`): a container was used after its parent
    /// went on, and the rest of the value is written as merge mode writes it.
    @inline(__always) var lateMerging: Bool { state.pointee.lateMerging }
    /// Whether every container's place is recorded: merge mode, or late merging.
    @inline(__always) var tracksHomes: Bool { mergeMode || lateMerging }
    /// The ids of the open objects into which a key was written twice,
    /// innermost last: closing one merges the repeats (see
    /// `EncodingCore+Merge.swift`). Kept apart from ``Frame`` so that the
    /// common path's frames stay as they are.
    @inline(__always) var mergingFrames: [Int] {
        get { state.pointee.mergingFrames }
        _modify { yield &state.pointee.mergingFrames }
    }
    /// Where each key opening a container (a key-path prefix, a nested
    /// container) starts: the value of such a key merges with an object already
    /// written under the same key instead of replacing it (see
    /// `EncodingCore+Merge.swift`).
    @inline(__always) var containerKeyStarts: OutputOffsets {
        get { state.pointee.containerKeyStarts }
        _modify { yield &state.pointee.containerKeyStarts }
    }
    /// Where each `{}` written for a value that encoded nothing starts
    /// (pretty-printed differently from an empty container).
    @inline(__always) var emptyValueStarts: OutputOffsets {
        get { state.pointee.emptyValueStarts }
        _modify { yield &state.pointee.emptyValueStarts }
    }
    /// The ids of the containers that merges wrote out of the order of their
    /// ids, by where their brackets stand (see `EncodingCore+LateMerging.swift`).
    @inline(__always) var bracketIDs: BracketIDs {
        get { state.pointee.bracketIDs }
        _modify { yield &state.pointee.bracketIDs }
    }
    /// The tokens of super encoders whose place was filled with `{}` because
    /// their container went on before they were used, with where that `{}`
    /// stands. Foundation writes a super encoder's value into its place when
    /// the encoder is released; such a late use is a use out of order (see
    /// ``JoltByteEncoder/cannotEncode()``), whose value is written over the
    /// `{}` (``placeLateSuperSlot(_:depth:)``).
    @inline(__always) var abandonedSuperTokens: [Int: SuperSlot] {
        get { state.pointee.abandonedSuperTokens }
        _modify { yield &state.pointee.abandonedSuperTokens }
    }
    /// Foundation's limit: 512 arrays or objects inside each other fail.
    static let maxDepth = 512
    @inline(__always) var freeEncoders: [JoltByteEncoder] {
        get { state.pointee.freeEncoders }
        _modify { yield &state.pointee.freeEncoders }
    }
    /// Keyed containers handed out again (see ``KeyedEncodingContainerCache``).
    @inline(__always) var convertedKeys: [String: String] {
        get { state.pointee.convertedKeys }
        _modify { yield &state.pointee.convertedKeys }
    }
    /// The separator of key paths: the key path separator, or `"."` for mapped
    /// keys when none is set.
    let pathSeparator: String
    /// ``pathSeparator`` when it is one ASCII byte.
    let pathSeparatorByte: UInt8?
    @inline(__always) var splitKeys: [String: [String]] {
        get { state.pointee.splitKeys }
        _modify { yield &state.pointee.splitKeys }
    }
    lazy var userInfo: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }

    /// Whether ``writer``'s memory is the core's to free (not handed to a
    /// scratch by ``finish(into:)``).
    @inline(__always) private var ownsWriter: Bool {
        get { state.pointee.ownsWriter }
        _modify { yield &state.pointee.ownsWriter }
    }

    /// A core for one encode (or one stream) with `options`. With a `scratch`,
    /// it starts with what the scratch kept from the encodes before (an output
    /// buffer, which is then at least `capacity`, its stacks and
    /// cached containers), and hands what it leaves back with ``finish(into:)``.
    init(options: EncoderOptions, capacity: Int = 1024, mergeMode: Bool = false, scratch: EncodeScratch? = nil) {
        self.options = options
        self.mergeMode = mergeMode
        var writer: ByteWriter
        if let kept = scratch?.takeWriter() {
            writer = kept
            writer.reserve(capacity)
        } else {
            writer = ByteWriter(capacity: capacity)
        }
        state = .allocate(capacity: 1)
        state.initialize(to: State(writer: writer))
        if mergeMode {
            state.pointee.addresses = MergeAddresses()
            state.pointee.openingLimit = 0
        }
        pretty = !mergeMode && options.outputFormatting.contains(.prettyPrinted)
        sortKeys = !mergeMode && options.outputFormatting.contains(.sortedKeys)
        state.pointee.closesPlainly = !pretty && !mergeMode
        escapeSlashes = !options.outputFormatting.contains(.withoutEscapingSlashes)
        keyStrategyIsDefault = options.keyEncodingStrategy.isDefault
        splitsKeys = options.keyPathSeparator != nil
        pathSeparator = options.keyPathSeparator ?? "."
        pathSeparatorByte = pathSeparator.utf8.count == 1 && pathSeparator.utf8.first! < 0x80 ? pathSeparator.utf8.first : nil
        hasMappings = !options.keyMappings.isEmpty
        writesDirectly = options.usesDirectPath && !mergeMode && keyStrategyIsDefault && !splitsKeys && !hasMappings
        if let scratch {
            (frames, members, path) = scratch.takeStacks()
            state.pointee.keyedContainers.adopt(scratch.takeContainers())
        }
    }

    deinit {
        if ownsWriter { writer.deallocate() }
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Ends the core's encode, once its output has been read: hands what it
    /// leaves to `scratch` for the next encode, or without one lets go of its
    /// free slots and cached containers (which refer to the core). The core is
    /// not used again.
    func finish(into scratch: EncodeScratch?) {
        if let scratch {
            scratch.keep(from: self)
        } else {
            releaseReferences()
        }
    }

    /// The output buffer, emptied, which the caller now owns (see ``finish(into:)``).
    func surrenderWriter() -> ByteWriter {
        ownsWriter = false
        writer.count = 0
        return writer
    }

    /// The stacks, emptied but keeping their capacity; the core's are left empty.
    func surrenderStacks() -> (frames: [Frame], members: [Member], path: [any CodingKey]) {
        frames.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        path.removeAll(keepingCapacity: true)
        defer { frames = []; members = []; path = [] }
        return (frames, members, path)
    }

    // MARK: Top level

    func encodeTopLevel<T: Encodable>(_ value: T) throws {
        beginValue()
        let slot = takeEncoder(pathCount: 0)
        pendingToken = slot.token
        try encodeGeneric(value, slot)
        if nestedTooDeeply {
            throw EncodingError.invalidValue(Self.reported(value), EncodingError.Context(
                codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON."))
        }
        if let failure { throw failure }
        if pendingToken == slot.token {
            let type = (value as? any TopLevelProxy)?.reportedType ?? T.self
            throw EncodingError.invalidValue(Self.reported(value), EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(type) did not encode any values."))
        }
        closeFrames(downTo: 0)
        if let failure { throw failure }
        if _slowPath(lateMerging) { endLateMerging() }
        giveBack(slot)
    }

    /// The value an error about the top-level `value` carries: the value a
    /// ``TopLevelProxy`` stands for.
    static func reported<T>(_ value: T) -> Any {
        (value as? any TopLevelProxy)?.reportedValue ?? value
    }

    /// Clears the state after a value written at the top level (streaming),
    /// keeping the output.
    func resetForNextValue() {
        abandonedSuperTokens.removeAll()
        rewind(to: Mark(count: writer.count, frames: 0, members: 0))
        path.removeAll(keepingCapacity: true)
    }

    // MARK: Encoder slots

    func takeEncoder(pathCount: Int) -> JoltByteEncoder {
        let token = nextToken
        nextToken &+= 1
        if let encoder = freeEncoders.popLast() {
            encoder.reset(depth: frames.count, token: token, pathCount: pathCount)
            return encoder
        }
        return JoltByteEncoder(core: self, depth: frames.count, token: token, pathCount: pathCount)
    }

    /// A keyed container holding `fields`: a cached one when one is free.
    @inline(__always)
    func keyedContainer<Key: CodingKey>(_ key: Key.Type, _ fields: KeyedEncoderFields) -> KeyedEncodingContainer<Key> {
        state.pointee.keyedContainers.container(key, fields)
    }

    /// Lets go of the free slots and the cached containers, which refer to this
    /// core, when the encode (or the stream) ends.
    func releaseReferences() {
        freeEncoders.removeAll()
        state.pointee.keyedContainers.close()
    }

    func giveBack(_ encoder: consuming JoltByteEncoder) {
        var encoder = encoder
        if isKnownUniquelyReferenced(&encoder) {
            encoder.extraPath = []
            freeEncoders.append(encoder)
        }
    }

    // MARK: Containers

    /// Writes `{` or `[` for the slot waiting at the current position.
    func openFrame(isObject: Bool, component: String? = nil) -> Int {
        let id = nextID
        nextID &+= 1
        if _slowPath(frames.count >= openingLimit) { openingDeepOrMerged(id, isObject: isObject, component: component) }
        pushFrame(id, isObject: isObject, component: component)
        return id
    }

    /// Writes the bracket of the container `id` and makes it the innermost one:
    /// a new container, or one merge mode opens again with its own id.
    @inline(__always)
    func pushFrame(_ id: Int, isObject: Bool, component: String?) {
        writer.write(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        frames.append(Frame(isObject: isObject, count: 0, id: id, memberBase: members.count, component: component))
        topID = id
        pendingToken = 0
    }

    /// ``openFrame(isObject:component:)`` at ``openingLimit``: a container
    /// opened `maxDepth` deep (Foundation refuses it), or any in merge mode,
    /// whose place is recorded.
    @inline(never)
    private func openingDeepOrMerged(_ id: Int, isObject: Bool, component: String?) {
        if frames.count >= Self.maxDepth - 1 { nestedTooDeeply = true }
        if tracksHomes { recordHome(ofFrame: id, isObject: isObject, component: component) }
    }

    /// Writes what stays pending as `{}` (Foundation's value for a value that
    /// encodes nothing), then closes the containers above `depth`.
    func closeFrames(downTo depth: Int) {
        if pendingToken != 0 {
            writeEmptyObject()
        }
        while frames.count > depth {
            closeTopFrame()
        }
    }

    func writeEmptyObject() {
        if _slowPath(pendingToken < 0) { abandonSuperSlot() }
        pendingToken = 0
        emptyValueStarts.insert(writer.count)
        if pretty {
            writer.write(UInt8(ascii: "{"), UInt8(ascii: "\n"))
            writer.writeNewlineAndIndent(frames.count)
            writer.write(UInt8(ascii: "}"))
        } else {
            writer.write(UInt8(ascii: "{"), UInt8(ascii: "}"))
        }
    }

    /// Records that the super encoder's slot pending here is filled with `{}`
    /// (see ``abandonedSuperTokens``); late merging records its home, if the
    /// slot was made before late merging began.
    @inline(never)
    private func abandonSuperSlot() {
        var place = SuperSlot(parent: topID, key: nil, element: 0)
        if let parent = frames.last {
            if parent.isObject, let key = members.last {
                place.key = Array(UnsafeBufferPointer(start: writer.base + key.start + 1, count: key.keyLength))
            } else {
                place.element = parent.count - 1
            }
        }
        abandonedSuperTokens[pendingToken] = place
        if lateMerging && merge.supers[pendingToken] == nil { recordHome(ofSuper: pendingToken) }
    }

    /// Whether the key just written at `start` equals a key written before into
    /// the object of frame `index`.
    @inline(never)
    func isRepeatedKey(start: Int, length: Int, in index: Int) -> Bool {
        let base = writer.base
        for member in members[frames[index].memberBase...] where member.keyLength == length {
            if memcmp(base + member.start + 1, base + start + 1, length) == 0 { return true }
        }
        return false
    }

    func closeTopFrame() {
        // Tested before the frame is taken off, so that the common path reads
        // only the fields it uses.
        if _slowPath(mergingFrames.last == topID) { return closeMerging() }
        let frame = frames.removeLast()
        let level = frames.count
        if frame.isObject {
            if sortKeys && frame.count > 1 { sortMembers(base: frame.memberBase, level: level, id: frame.id) }
            if members.count > frame.memberBase { members.removeSubrange(frame.memberBase...) }
        }
        if !closesPlainly {
            if pretty {
                if frame.count == 0 { writer.write(UInt8(ascii: "\n")) }
                writer.writeNewlineAndIndent(level)
            }
            if tracksHomes && !frame.isObject { merge.noteClosedArray(frame.id, count: frame.count) }
        }
        writer.write(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        topID = frames.last?.id ?? 0
    }

    /// Makes the container `id` at `index` the innermost one, closing those above
    /// it. False (and a recorded failure) if it was closed already.
    @inline(__always)
    func activate(_ index: Int, _ id: Int) -> Bool {
        if pendingToken == 0 && topID == id { return true }
        return activateSlow(index, id)
    }

    @inline(never)
    func activateSlow(_ index: Int, _ id: Int) -> Bool {
        guard index >= 0, index < frames.count, frames[index].id == id else {
            return reopenOrRecord(index, id)
        }
        closeFrames(downTo: index + 1)
        return true
    }

    /// Records a write into a container (or super encoder) closed already: the
    /// one-pass encode stops with this failure, and the value is encoded again
    /// in merge mode, which opens the container again. In merge mode the
    /// failure stands: the container is one no longer held by its value (kept
    /// past the end of the encode).
    func recordOutOfOrder() {
        usedContainersOutOfOrder = true
        if failure == nil {
            failure = EncodingError.invalidValue((), EncodingError.Context(
                codingPath: path, debugDescription: "Invalid container: it was used after the value it belongs to was finished."))
        }
    }

    /// The separator before the next element or member of the innermost container.
    @inline(__always)
    func beginElement() {
        let index = frames.count &- 1
        if frames[index].count > 0 { writer.write(UInt8(ascii: ",")) }
        frames[index].count &+= 1
        if pretty { writer.writeNewlineAndIndent(index &+ 1) }
    }

    /// Where the separator that ``beginElement()`` wrote before the member or
    /// element at `offset` starts: its comma (none before a container's first),
    /// then the indentation of pretty-printed output. A value never ends in
    /// white space, so the scan cannot go into the one before.
    func separatorStart(before offset: Int) -> Int {
        var start = offset
        let base = writer.base
        while start > 0 && (base[start - 1] == UInt8(ascii: " ") || base[start - 1] == UInt8(ascii: "\n")) { start -= 1 }
        if start > 0 && base[start - 1] == UInt8(ascii: ",") { start -= 1 }
        return start
    }

    /// Writes a member's key (escaped, with its colon) into the innermost object.
    ///
    /// Members are recorded (where each key starts) for `.sortedKeys`, which
    /// sorts them when the object closes, and to notice a key written twice into
    /// one object: a fingerprint of
    /// the written key (length, first and last bytes) selects a bit of the
    /// object's mask; only when that bit is already set are the keys compared.
    @inline(__always)
    func writeKey(_ key: String) {
        beginElement()
        let start = writer.count
        let escaped: Bool
        if sortKeys {
            escaped = writer.writeStringReturningEscaped(key, escapeSlashes: escapeSlashes)
        } else {
            writer.writeString(key, escapeSlashes: escapeSlashes)
            escaped = false
        }
        recordKey(start: start, escaped: escaped)
    }

    /// Writes a key already escaped (a core's output read back to be merged), as
    /// ``writeKey(_:)`` does.
    func writeEscapedKey(_ bytes: UnsafeBufferPointer<UInt8>) {
        beginElement()
        let start = writer.count
        writer.write(UInt8(ascii: "\""))
        writer.write(bytes)
        writer.write(UInt8(ascii: "\""))
        recordKey(start: start, escaped: sortKeys && bytes.contains(UInt8(ascii: "\\")))
    }

    /// Writes a key given as its JSON text, quotes included, which holds no
    /// escape (`_JoltDirectObject`'s keys, written by the macros), as
    /// ``writeKey(_:)`` does; `checksRepeat` as in ``recordKey(start:escaped:checksRepeat:)``.
    @inline(__always)
    func writeQuotedKey(_ json: StaticString, checksRepeat: Bool) {
        beginElement()
        let start = writer.count
        writer.write(json)
        recordKey(start: start, escaped: false, checksRepeat: checksRepeat)
    }

    /// What a write into a container that cannot take it throws: the error
    /// that stopped the encode, or else "Invalid container." at `codingPath` (a
    /// container kept past the value it was made for).
    @inline(never)
    func containerFailure(codingPath: [any CodingKey]) -> any Error {
        failure ?? EncodingError.invalidValue((), EncodingError.Context(codingPath: codingPath, debugDescription: "Invalid container."))
    }

    /// Records the key written at `start` among the members of the innermost
    /// object (see ``writeKey(_:)``), and writes its colon.
    ///
    /// With `checksRepeat` false the key is not compared with those before it: the
    /// caller knows it is new (`_JoltDirectObject`'s keys, distinct by
    /// construction, in an object it opened). It is still recorded, for the
    /// keys written after it.
    @inline(__always)
    func recordKey(start: Int, escaped: Bool, checksRepeat: Bool = true) {
        let length = writer.count - start - 2
        let index = frames.count &- 1
        let first = length > 0 ? Int(writer.base[start + 1]) : 0
        let last = length > 0 ? Int(writer.base[start + length]) : 0
        let bit: UInt64 = 1 << UInt64((length &* 7 &+ first &* 3 &+ last) & 63)
        if checksRepeat && _slowPath(frames[index].keyMask & bit != 0) && !mergeMode
            && isRepeatedKey(start: start, length: length, in: index) {
            noteRepeatedKey(in: index)
        }
        frames[index].keyMask |= bit
        members.append(Member(start: start, keyLength: length, keyEscaped: escaped))
        if pretty {
            writer.write(" : ")
        } else {
            writer.write(UInt8(ascii: ":"))
        }
    }

    /// Starts a member of the object `id` at `index`: key paths open (or reuse)
    /// the objects of their prefix. False if the container was closed already.
    @inline(__always)
    func beginMember(_ index: Int, _ id: Int, key: String, isPath: Bool) -> Bool {
        if isPath, let components = pathComponents(of: key) {
            return beginPathMember(index, id, components: components)
        }
        guard activate(index, id) else { return false }
        writeKey(key)
        return true
    }

    /// The components of `key` if it contains the path separator (the key path
    /// separator, or `"."` for mapped keys when none is set), else nil. A
    /// one-byte separator is looked for in the key's bytes; the split of a key
    /// is kept for its next use (an encode writes the same keys again and again).
    @inline(__always)
    func pathComponents(of key: String) -> [String]? {
        if let byte = pathSeparatorByte {
            guard key.utf8.contains(byte) else { return nil }
        } else if !key.contains(pathSeparator) {
            return nil
        }
        return splitPathKey(key)
    }

    @inline(never)
    func splitPathKey(_ key: String) -> [String] {
        if let components = splitKeys[key] { return components }
        let components: [String]
        if let byte = pathSeparatorByte {
            components = key.utf8.split(separator: byte, omittingEmptySubsequences: false).map { String(Substring($0)) }
        } else {
            components = key.components(separatedBy: pathSeparator)
        }
        splitKeys[key] = components
        return components
    }

    func beginPathMember(_ index: Int, _ id: Int, components: [String]) -> Bool {
        guard index >= 0, index < frames.count, frames[index].id == id else {
            return reopenOrRecord(index, id) && beginPathMember(index, id, components: components)
        }
        if pendingToken != 0 { writeEmptyObject() }
        var depth = index
        var matched = 0
        while matched < components.count - 1, depth + 1 < frames.count,
              let component = frames[depth + 1].component, component == components[matched] {
            depth += 1
            matched += 1
        }
        closeFrames(downTo: depth + 1)
        // A prefix whose object was closed already (`location.city`, `name`,
        // `location.zip`) is written again: `writeKey` notices the repeated key,
        // and closing the parent merges the two.
        for component in components[matched..<(components.count - 1)] {
            writeKey(component)
            markContainerKey()
            _ = openFrame(isObject: true, component: component)
        }
        writeKey(components[components.count - 1])
        return true
    }

    /// Starts an element of the array `id` at `index` (`id` truncated to its low
    /// `idBits` bits, as the unkeyed container keeps it).
    @inline(__always)
    func beginArrayElement(_ index: Int, _ id: Int, idBits: Int) -> Bool {
        let mask = idBits >= 64 ? -1 : (1 << idBits) - 1
        if pendingToken == 0 && id != 0 && topID & mask == id {
            beginElement()
            return true
        }
        guard index < frames.count, frames[index].id & mask == id else {
            guard reopenOrRecord(index, id) else { return false }
            beginElement()
            return true
        }
        closeFrames(downTo: index + 1)
        beginElement()
        return true
    }

    // MARK: Sorting

    /// Reorders the members of the object being closed by the UTF-8 bytes of their
    /// keys, keeping the last of equal keys (Foundation's dictionary keeps the last
    /// value written).
    ///
    /// When the object holds several containers, where each member went is
    /// kept (``ValueStart/sortedMembers``): late merging reads the containers
    /// in the order they were opened.
    func sortMembers(base: Int, level: Int, id: Int) {
        // Late merging sorts the whole value when it ends.
        if lateMerging { return }
        let n = members.count - base
        let separatorLength = pretty ? 2 + 2 * (level + 1) : 1
        let regionStart = members[base].start
        let regionEnd = writer.count
        let buffer = writer.base

        func keyBytes(_ m: Member) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: buffer + m.start + 1, count: m.keyLength)
        }
        func compare(_ a: Member, _ b: Member) -> Int {
            if !a.keyEscaped && !b.keyEscaped {
                return compareBytes(keyBytes(a), keyBytes(b))
            }
            let ua = unescape(keyBytes(a)), ub = unescape(keyBytes(b))
            return ua.withUnsafeBufferPointer { pa in ub.withUnsafeBufferPointer { pb in compareBytes(pa, pb) } }
        }
        // Already strictly ascending: nothing to do.
        var sorted = true
        for i in base..<(members.count - 1) where compare(members[i], members[i + 1]) >= 0 {
            sorted = false
            break
        }
        if sorted { return }
        let keepsOrder = nextID &- id > 2

        var order = Array(0..<n)
        order.sort { x, y in
            let c = compare(members[base + x], members[base + y])
            return c != 0 ? c < 0 : x < y
        }
        func end(_ i: Int) -> Int {
            i + 1 < n ? members[base + i + 1].start - separatorLength : regionEnd
        }
        // Of equal keys keep the last one written (decided before the buffer is rewritten).
        var kept: [Int] = []
        kept.reserveCapacity(n)
        for (position, i) in order.enumerated()
        where position + 1 == order.count || compare(members[base + i], members[base + order[position + 1]]) != 0 {
            kept.append(i)
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: buffer + regionStart, count: regionEnd - regionStart))
        writer.count = regionStart
        let movesOffsets = containerKeyStarts.hasAny(atOrAfter: regionStart) || emptyValueStarts.hasAny(atOrAfter: regionStart)
            || bracketIDs.hasAny(atOrAfter: regionStart)
        var moves: [(from: Range<Int>, to: Int)] = []
        var placed: [Range<Int>] = keepsOrder ? Array(repeating: 0..<0, count: n) : []
        for (position, i) in kept.enumerated() {
            if position > 0 {
                writer.write(UInt8(ascii: ","))
                if pretty { writer.writeNewlineAndIndent(level + 1) }
            }
            let start = members[base + i].start - regionStart
            let length = end(i) - members[base + i].start
            if movesOffsets { moves.append((members[base + i].start..<end(i), writer.count)) }
            if keepsOrder { placed[i] = (writer.count - regionStart)..<(writer.count - regionStart + length) }
            scratch.withUnsafeBufferPointer { writer.write(UnsafeBufferPointer(rebasing: $0[start..<(start + length)])) }
        }
        if movesOffsets { moveOffsets(from: regionStart, moves) }
        if keepsOrder {
            // A member dropped (a repeated key) took its containers with it.
            if kept.count < n { valueStart.reordered = true }
            valueStart.sortedMembers[id] = placed
        }
    }

    /// Moves the offsets of ``containerKeyStarts``, ``emptyValueStarts`` and ``bracketIDs``
    /// past `regionStart` with the members that hold them (`moves`: where each
    /// kept member was and where it starts now); those of dropped members go.
    @inline(never)
    private func moveOffsets(from regionStart: Int, _ moves: [(from: Range<Int>, to: Int)]) {
        let byStart = moves.sorted { $0.from.lowerBound < $1.from.lowerBound }
        func move(_ offset: Int) -> Int? {
            var low = 0, high = byStart.count
            while low < high {
                let mid = (low + high) / 2
                if byStart[mid].from.upperBound <= offset { low = mid + 1 } else { high = mid }
            }
            guard low < byStart.count, byStart[low].from.contains(offset) else { return nil }
            return offset - byStart[low].from.lowerBound + byStart[low].to
        }
        containerKeyStarts.moveTail(from: regionStart, move)
        emptyValueStarts.moveTail(from: regionStart, move)
        bracketIDs.moveTail(from: regionStart, move)
    }
}

@inline(__always)
func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let n = min(a.count, b.count)
    if n > 0 {
        let c = memcmp(a.baseAddress!, b.baseAddress!, n)
        if c != 0 { return Int(c) }
    }
    return a.count - b.count
}

/// The UTF-8 bytes of an escaped JSON string body as written by ``ByteWriter``.
func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        let b = bytes[i]
        guard b == UInt8(ascii: "\\"), i + 1 < bytes.count else {
            out.append(b)
            i += 1
            continue
        }
        let e = bytes[i + 1]
        i += 2
        switch e {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            // Only \u00XX is written.
            var value: UInt8 = 0
            for k in 2..<4 where i + k < bytes.count {
                let h = bytes[i + k]
                value = value << 4 | (h <= UInt8(ascii: "9") ? h - UInt8(ascii: "0") : h - UInt8(ascii: "a") + 10)
            }
            out.append(value)
            i += 4
        default: out.append(e)
        }
    }
    return out
}

extension ByteWriter {
    @inline(__always)
    mutating func writeStringReturningEscaped(_ string: String, escapeSlashes: Bool) -> Bool {
        var string = string
        return string.withUTF8 { writeQuoted($0, escapeSlashes: escapeSlashes) }
    }
}
