#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Decoder` behind ``JoltDecoder``: it walks the tape.
///
/// One instance serves a whole decode. Decoding a nested value does not create a
/// new decoder: the instance moves to the value's tape index, pushes the key on
/// its coding path, calls `init(from:)`, and moves back (as Foundation's
/// `JSONDecoderImpl` does). Only `superDecoder()` makes another instance.
///
/// Containers record their position beyond the decoder's path (`extra`: keys of
/// nested containers), so a coding path is only assembled when someone asks for
/// it, normally to throw an error. A container that has such extras holds a
/// ``ContainerAux``: a second instance over the same state that carries them.
@usableFromInline
class TapeDecoder: Decoder {
    let context: DecodingContext
    let entries: UnsafeMutablePointer<TapeEntry>
    let inputCell: UnsafeMutablePointer<UnsafePointer<UInt8>>
    /// The mutable state, behind a pointer: a class's stored `var`s would cost a
    /// dynamic exclusivity check on every access. (Read only here and in
    /// `TapeDecoder+PendingKeys.swift`.)
    let state: UnsafeMutablePointer<State>
    /// Per object, the tape index just past the member found last: where the
    /// next search in that object starts. A direct-mapped table on the object's
    /// tape index, so that a parent object keeps its place while a nested
    /// object is decoded (one slot per object would restart the parent's search
    /// from its first member after every nested value).
    private let hints: UnsafeMutablePointer<(object: Int, next: Int)>
    static let hintSlots = 16
    /// The keys of the direct path not on ``path`` yet, bottom first (see
    /// `TapeDecoder+PendingKeys.swift`); in the allocation of the state, after the hints.
    let pendingKeys: UnsafeMutablePointer<PendingKey>
    /// The values of the pending keys, a slot of ``pendingKeySlotBytes`` each;
    /// after the pending keys.
    let pendingKeyStorage: UnsafeMutableRawPointer
    static var pendingKeySlots: Int { 16 }
    /// The decoder whose state this one shares (a ``ContainerAux``), kept alive
    /// for it; nil for a decoder that owns its state.
    private let stateOwner: TapeDecoder?

    struct State {
        /// The tape index of the value this decoder stands on.
        var index: Int
        /// The coding path of that value.
        var path: [any CodingKey]
        /// The type whose `init(from:)` runs on `index`, recorded only when the
        /// decode has ``KeyMappings``.
        var currentType: ObjectIdentifier?
        /// Where the decoder was made to stand (the root, a sub-tree, a
        /// `superDecoder`'s value) and that value's path: what the paths of
        /// containers used after the decoder moved on are worked out from
        /// (see `TapeDecoder+Anchor.swift`).
        let baseIndex: Int
        let basePath: [any CodingKey]
        /// How many keys ``pendingKeys`` holds, and how many of those, from the
        /// bottom, are on `path` already (the last entries of `path`, in order).
        var pendingCount = 0
        var materializedCount = 0
    }

    init(context: DecodingContext, index: Int, path: [any CodingKey]) {
        self.context = context
        self.entries = context.entries
        self.inputCell = context.inputCell
        // The state, the hint table and the pending keys in one allocation.
        let hintBytes = Self.hintSlots * MemoryLayout<(object: Int, next: Int)>.stride
        let pendingBytes = Self.pendingKeySlots * MemoryLayout<PendingKey>.stride
        let words = (hintBytes + pendingBytes + Self.pendingKeySlots * Self.pendingKeySlotBytes) / MemoryLayout<UInt64>.stride
        let (state, trailing) = UnsafeMutablePointer<State>.allocate(followedBy: UInt64.self, count: words)
        self.state = state
        hints = UnsafeMutableRawPointer(trailing).bindMemory(to: (object: Int, next: Int).self, capacity: Self.hintSlots)
        pendingKeys = (UnsafeMutableRawPointer(trailing) + hintBytes).bindMemory(to: PendingKey.self, capacity: Self.pendingKeySlots)
        pendingKeyStorage = UnsafeMutableRawPointer(trailing) + hintBytes + pendingBytes
        state.initialize(to: State(index: index, path: path, baseIndex: index, basePath: path))
        state.pointee.path.reserveCapacity(16)
        hints.initialize(repeating: (-1, 0), count: Self.hintSlots)
        stateOwner = nil
    }

    /// A decoder over the same state as `decoder`: it stands where `decoder`
    /// stands and moves with it.
    init(sharing decoder: TapeDecoder) {
        context = decoder.context
        entries = decoder.entries
        inputCell = decoder.inputCell
        state = decoder.state
        hints = decoder.hints
        pendingKeys = decoder.pendingKeys
        pendingKeyStorage = decoder.pendingKeyStorage
        stateOwner = decoder.stateOwner ?? decoder
    }

    deinit {
        guard stateOwner == nil else { return }
        state.deinitialize(count: 1)
        UnsafeMutableRawPointer(state).deallocate()
    }

    /// The tape index of the value this decoder stands on.
    @inline(__always) var index: Int {
        get { state.pointee.index }
        set { state.pointee.index = newValue }
    }

    /// Where a member search in `object` should start (the tape index just past
    /// the member found last there), or nil.
    @inline(__always) func hint(for object: Int) -> Int? {
        let slot = hints[object & (Self.hintSlots &- 1)]
        return slot.object == object ? slot.next : nil
    }

    @inline(__always) func setHint(for object: Int, next: Int) {
        hints[object & (Self.hintSlots &- 1)] = (object, next)
    }

    /// Where the decoder was made to stand, and that value's path.
    @inline(__always) var base: (index: Int, path: [any CodingKey]) {
        (state.pointee.baseIndex, state.pointee.basePath)
    }

    /// The type whose `init(from:)` runs on the current value (with key mappings only).
    @inline(__always) var currentType: ObjectIdentifier? {
        get { state.pointee.currentType }
        set { state.pointee.currentType = newValue }
    }

    /// The coding path of that value. Reading or changing it first puts the
    /// direct path's pending keys on it (``materializePendingKeys()``).
    @inline(__always) var path: [any CodingKey] {
        get {
            if _slowPath(state.pointee.materializedCount != state.pointee.pendingCount) { materializePendingKeys() }
            return state.pointee.path
        }
        _modify {
            if _slowPath(state.pointee.materializedCount != state.pointee.pendingCount) { materializePendingKeys() }
            yield &state.pointee.path
        }
    }

    @inline(__always) var input: UnsafePointer<UInt8> { inputCell.pointee }
    @inline(__always) var options: DecoderOptions { context.options }

    @usableFromInline var codingPath: [any CodingKey] { path }
    @usableFromInline var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    /// The tape index standing for a missing value (a `null` past the tape's end).
    @inline(__always) var nullIndex: Int { context.tape.count }

    /// The index just past the value at `i`.
    @inline(__always) func next(after i: Int) -> Int {
        entries[i].sibling(after: i)
    }

    // MARK: Containers

    @usableFromInline func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(at: index, extra: [], keyedBy: type)
    }

    @usableFromInline func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(at: index, extra: [])
    }

    @usableFromInline func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    /// What asking for a keyed container on the value at `i`, not an object,
    /// throws (Foundation's errors), its path `path + extra`.
    @inline(never)
    func keyedContainerError(at i: Int, extra: [any CodingKey]) -> DecodingError {
        let kind = entries[i].rawKind
        if kind == TapeKind.null.rawValue {
            return DecodingError.valueNotFound([String: Any].self, DecodingError.Context(
                codingPath: extra.isEmpty ? path : path + extra,
                debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        }
        return DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
            codingPath: extra.isEmpty ? path : path + extra,
            debugDescription: ErrorMessages.typeMismatch([String: Any].self, kind)))
    }

    /// A keyed container on the object at `i`, whose path is `path + extra`.
    func keyedContainer<Key: CodingKey>(at i: Int, extra: [any CodingKey], keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let e = entries[i]
        guard e.rawKind == TapeKind.object.rawValue else { throw keyedContainerError(at: i, extra: extra) }
        if _fastPath(context.reusesKeyedContainers) {
            let fields = KeyedContainerFields(decoder: self, object: i, extra: extra)
            guard let cache = context.keyedContainerCache else {
                return KeyedDecodingContainer(TapeKeyedContainer<Key>(fields: fields))
            }
            return cache.container(type, fields)
        }
        let container = TapeKeyedContainer<Key>(decoder: self, object: i, extra: extra)
        if _slowPath(context.duplicateKeyPolicy == .reject) { try container.rejectDuplicateKeys() }
        if _slowPath(context.tracksKeys || context.isReporting), context.keyedObjects[i] == nil {
            context.keyedObjects[i] = path + extra
            if context.isReporting && context.duplicateKeyPolicy != .reject { container.reportDuplicateKeys() }
        }
        return KeyedDecodingContainer(container)
    }

    /// An unkeyed container on the array at `i`, whose path is `path + extra`.
    func unkeyedContainer(at i: Int, extra: [any CodingKey]) throws -> any UnkeyedDecodingContainer {
        let e = entries[i]
        guard e.rawKind == TapeKind.array.rawValue else {
            if e.rawKind == TapeKind.null.rawValue {
                throw DecodingError.valueNotFound([Any].self, DecodingError.Context(
                    codingPath: extra.isEmpty ? path : path + extra,
                    debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
            }
            throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
                codingPath: extra.isEmpty ? path : path + extra,
                debugDescription: ErrorMessages.typeMismatch([Any].self, e.rawKind)))
        }
        return TapeUnkeyedContainer(decoder: self, array: i, extra: extra)
    }

    /// A separate decoder for the value at `i` with the given full path
    /// (`superDecoder()`).
    func subDecoder(at i: Int, path: [any CodingKey]) -> TapeDecoder {
        TapeDecoder(context: context, index: i, path: path)
    }

    /// Runs `body` with this decoder standing on the value at `i`, its path
    /// extended by `extra` and `key`: without `extra`, `key` as a pending key
    /// (``withPendingKey(index:key:_:)``), put on the path only if it is read.
    @inline(__always)
    func with<R, K: CodingKey>(index i: Int, extra: [any CodingKey], key: K, _ body: () throws -> R) rethrows -> R {
        if extra.isEmpty { return try withPendingKey(index: i, key: key, body) }
        return try withExtra(index: i, extra: extra, key: key, body)
    }

    /// ``with(index:extra:key:_:)`` with extra keys: all of them on the path.
    @inline(__always)
    private func withExtra<R, K: CodingKey>(index i: Int, extra: [any CodingKey], key: K, _ body: () throws -> R) rethrows -> R {
        let savedIndex = index
        let savedCount = path.count
        if !extra.isEmpty { path.append(contentsOf: extra) }
        if K.self != NoKey.self { path.append(key) }
        index = i
        defer {
            index = savedIndex
            // One key pushed is the common case: removeLast() is far cheaper than
            // removeLast(_:), which goes through replaceSubrange.
            let pushed = path.count &- savedCount
            if pushed == 1 { path.removeLast() } else if pushed > 1 { path.removeLast(pushed) }
        }
        return try body()
    }

    /// The path `path + extra + [key]`, for errors: the decoder's own array (one
    /// retain) when there is nothing to add, as for a single value container.
    @inline(__always)
    func errorPath<K: CodingKey>(_ extra: [any CodingKey], _ key: K) -> [any CodingKey] {
        if K.self == NoKey.self && extra.isEmpty { return path }
        return extendedPath(extra, key)
    }

    @inline(never)
    func extendedPath<K: CodingKey>(_ extra: [any CodingKey], _ key: K) -> [any CodingKey] {
        var result = path
        result.reserveCapacity(result.count &+ extra.count &+ 1)
        result.append(contentsOf: extra)
        if K.self != NoKey.self { result.append(key) }
        return result
    }

    /// Foundation's description of a value's type in error messages.
    func describe(_ e: TapeEntry) -> String {
        ErrorMessages.describe(e.rawKind)
    }
}

extension TapeDecoder: SingleValueDecodingContainer {
    @usableFromInline func decodeNil() -> Bool {
        entries[index].rawKind == TapeKind.null.rawValue
    }

    @usableFromInline func decode(_ type: Bool.Type) throws -> Bool { try unwrapBool(at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: String.Type) throws -> String { try unwrapString(at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: Double.Type) throws -> Double { try unwrapDouble(at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: Float.Type) throws -> Float { try unwrapFloat(at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: Int.Type) throws -> Int { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: Int8.Type) throws -> Int8 { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: Int16.Type) throws -> Int16 { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: Int32.Type) throws -> Int32 { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: Int64.Type) throws -> Int64 { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: UInt.Type) throws -> UInt { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: UInt8.Type) throws -> UInt8 { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: UInt16.Type) throws -> UInt16 { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: UInt32.Type) throws -> UInt32 { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: UInt64.Type) throws -> UInt64 { try unwrapInteger(type, at: index, [], NoKey()) }
    // Without these two, the standard library's defaults throw typeMismatch.
    @usableFromInline func decode(_ type: Int128.Type) throws -> Int128 { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode(_ type: UInt128.Type) throws -> UInt128 { try unwrapInteger(type, at: index, [], NoKey()) }
    @usableFromInline func decode<T: Decodable>(_ type: T.Type) throws -> T { try unwrap(type, at: index, extra: [], key: NoKey()) }
}
