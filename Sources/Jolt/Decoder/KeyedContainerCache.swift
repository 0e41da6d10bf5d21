#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The last `KeyedDecodingContainer` made for each key type, handed out again
/// once the `init(from:)` that asked for it has let go of it.
///
/// A new `KeyedDecodingContainer<Key>` costs two generic metadata lookups in the
/// runtime's caches (`TapeKeyedContainer<Key>` and the standard library's box
/// around it), a witness table lookup and a heap allocation: about 1,240
/// instructions (callgrind), once per JSON object decoded through a keyed
/// container, some 1,260 times per decode of twitter.json. Most containers live
/// only while one `init(from:)` runs, and the next object of the same type (the
/// next element of an array) asks for one with the same key type. When this
/// cache holds the only reference to the container it made last for the key
/// type, the container's fields (``KeyedContainerFields``) are written over in
/// place and the same container is returned, through
/// ``keyedContainer(fromBox:)``: returning it from Swift code would cost one
/// more metadata lookup (`KeyedDecodingContainer<Key>`, about 460 instructions),
/// which unspecialized code needs to learn the layout of a standard library type.
///
/// - Only the cache's own reference lets a container be reused: one that an
///   `init(from:)` still holds (a parent of the same type, a second container
///   asked for while the first is in use, one stored in a property) is never
///   written over.
/// - The box stores the container right after the object header. That is
///   checked for every box before it enters the cache (its bytes there must be
///   the fields just given); a box laid out otherwise is never reused.
/// - A cache belongs to a ``DecodeScratch``: a decoder lends its scratches to
///   one decode at a time (``DecoderCaches``), a stream keeps one for its
///   elements. When a decode ends, ``detach()`` points the cached containers at
///   a placeholder (they held decoders, which hold the decode's context), and
///   the decode's context lets go of the cache, so that a decoder kept past the
///   decode caches nothing.
/// - Used by one decode, or one stream, at a time: never by two threads at once.
///
/// ```swift
/// let cache = KeyedContainerCache()
/// let container: KeyedDecodingContainer<Key> = cache.container(Key.self, fields)
/// cache.detach()   // at the end of the decode
/// ```
final class KeyedContainerCache {
    /// Two candidate slots per key type (two hashes): enough that the dozens of
    /// types of a model rarely evict each other; a type may hold both (two of its
    /// containers in use at once).
    private static var slotCount: Int { 64 }

    private struct Slot {
        /// The key type the slot is for.
        var type: ObjectIdentifier?
        /// That type's last container's box (`KeyedDecodingContainer`'s only
        /// stored property); nil while the type has been met only once.
        var box: AnyObject?
    }

    /// The mutable state, behind a pointer (a class's stored `var`s would cost
    /// a dynamic exclusivity check on every access), in one allocation with the slots.
    private struct State {
        /// Which slots are in use: ``close()`` empties those only.
        var used: UInt64 = 0
        /// What containers kept between decodes point at (see ``detach()``),
        /// with the one byte of input its context borrows.
        var placeholder: TapeDecoder?
        var placeholderInput: UnsafeMutableRawPointer?
    }

    private let state: UnsafeMutablePointer<State>
    private let slots: UnsafeMutablePointer<Slot>

    /// An empty cache.
    init() {
        (state, slots) = UnsafeMutablePointer<State>.allocate(followedBy: Slot.self, count: Self.slotCount)
        state.initialize(to: State())
        slots.initialize(repeating: Slot(), count: Self.slotCount)
    }

    deinit {
        close()
        state.pointee.placeholder = nil
        state.pointee.placeholderInput?.deallocate()
        state.deinitialize(count: 1)
        // The slots hold nothing after close(): they need no deinitializing.
        UnsafeMutableRawPointer(state).deallocate()
    }

    /// Where `box` stores its container: after the object's metadata pointer
    /// and reference counts.
    @inline(__always)
    private static func fields(of box: AnyObject) -> UnsafeMutablePointer<KeyedContainerFields> {
        (Unmanaged.passUnretained(box).toOpaque() + 2 * MemoryLayout<Int>.size)
            .assumingMemoryBound(to: KeyedContainerFields.self)
    }

    /// A container for `Key` holding `fields`: the cached one, refilled, when
    /// nothing else holds it; otherwise a new one.
    @inline(__always)
    func container<Key: CodingKey>(_ key: Key.Type, _ fields: KeyedContainerFields) -> KeyedDecodingContainer<Key> {
        let id = ObjectIdentifier(Key.self)
        let (first, second) = Self.slotIndexes(id)
        // (The box is returned as an `AnyObject`: an optional container would need
        // the metadata of `Optional<KeyedDecodingContainer<Key>>`, looked up at run
        // time in this unspecialized code.)
        if let box = reuse(first, id, fields) ?? reuse(second, id, fields) {
            // The box came out of a container of this key type (makeContainer).
            return keyedContainer(fromBox: box)
        }
        return makeContainer(key, fields, first: first, second: second)
    }

    /// The box of slot `index`, refilled with `fields`, when the slot is for the
    /// key type `id` and nothing else holds its container.
    @inline(__always)
    private func reuse(_ index: Int, _ id: ObjectIdentifier, _ fields: KeyedContainerFields) -> AnyObject? {
        let slot = slots + index
        guard slot.pointee.type == id && slot.pointee.box != nil && isKnownUniquelyReferenced(&slot.pointee.box) else {
            return nil
        }
        let box = slot.pointee.box.unsafelyUnwrapped
        Self.fields(of: box).pointee = fields
        return box
    }

    /// The two slots a key type may use.
    @inline(__always)
    private static func slotIndexes(_ id: ObjectIdentifier) -> (Int, Int) {
        let x = id.slotHash
        let mask = Self.slotCount &- 1
        return (Int(truncatingIfNeeded: x) & mask, Int(truncatingIfNeeded: x &>> 32) & mask)
    }

    /// A new container. The first time a type is met, its slot only records it,
    /// and the container is returned as made: taking its box out (and returning
    /// it after) costs two more metadata lookups, worth paying only for a type
    /// met again. From the second time on, the box is cached.
    @inline(never)
    private func makeContainer<Key: CodingKey>(_ key: Key.Type, _ fields: KeyedContainerFields,
                                                first: Int, second: Int) -> KeyedDecodingContainer<Key> {
        let id = ObjectIdentifier(Key.self)
        // The type's own slot, else an empty one, else one whose container is in
        // use (it cannot be handed out again until let go of), else the first.
        // A type whose container is in use while another is asked for (a nested
        // container with its parent's key type: a key path of the code JoltMacros
        // writes, a recursive model) takes its second slot too, when that is free.
        let index: Int
        if slots[first].type == id && slots[first].box != nil
            && (slots[second].type == nil || slots[second].type == id) {
            index = second
        } else if slots[first].type == id || slots[first].type == nil {
            index = first
        } else if slots[second].type == id || slots[second].type == nil
                    || slots[second].box != nil && !isKnownUniquelyReferenced(&slots[second].box) {
            index = second
        } else {
            index = first
        }
        let slot = slots + index
        state.pointee.used |= 1 &<< UInt64(index)
        guard slot.pointee.type == id else {
            slot.pointee = Slot(type: id, box: nil)
            return KeyedDecodingContainer(TapeKeyedContainer<Key>(fields: fields))
        }
        let container = KeyedDecodingContainer(TapeKeyedContainer<Key>(fields: fields))
        let box = unsafeBitCast(container, to: AnyObject.self)
        if Self.holds(box, fields) { slot.pointee.box = box }
        return container
    }

    /// Whether `box` stores `fields` where ``container(_:_:)`` writes them.
    private static func holds(_ box: AnyObject, _ fields: KeyedContainerFields) -> Bool {
        guard MemoryLayout<KeyedContainerFields>.size == 13 else { return false }
        let storage = UnsafeRawPointer(Self.fields(of: box))
        return storage.load(as: UInt.self) == UInt(bitPattern: Unmanaged.passUnretained(fields.decoder).toOpaque())
            && storage.load(fromByteOffset: 8, as: UInt32.self) == fields.object32
            && storage.load(fromByteOffset: 12, as: Bool.self) == fields.hasAux
    }

    /// Ends one decode of several that share this cache (the elements of a
    /// stream): each cached container nothing else holds is pointed at a
    /// placeholder decoder, so that it no longer holds the decode's state and
    /// the next decode finds it ready; one something still holds is dropped.
    func detach() {
        let placeholder = state.pointee.placeholder ?? makePlaceholder()
        var bits = state.pointee.used
        while bits != 0 {
            let slot = slots + bits.trailingZeroBitCount
            bits &= bits &- 1
            guard slot.pointee.box != nil else { continue }
            if isKnownUniquelyReferenced(&slot.pointee.box) {
                Self.fields(of: slot.pointee.box.unsafelyUnwrapped).pointee = KeyedContainerFields(placeholder: placeholder)
            } else {
                slot.pointee.box = nil
            }
        }
    }

    /// A decoder over an empty tape, with its own context.
    private func makePlaceholder() -> TapeDecoder {
        let input = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        input.storeBytes(of: UInt8(ascii: " "), as: UInt8.self)
        let entries = malloc(MemoryLayout<TapeEntry>.stride)!.bindMemory(to: TapeEntry.self, capacity: 1)
        entries.initialize(to: TapeEntry(kind: .null, offset: 0, payload: 0))
        let context = DecodingContext(tape: Tape(entries: entries, count: 0, capacity: 1),
                                      input: UnsafeRawBufferPointer(start: input, count: 1), options: DecoderOptions())
        let decoder = TapeDecoder(context: context, index: 0, path: [])
        state.pointee.placeholderInput = input
        state.pointee.placeholder = decoder
        return decoder
    }

    /// Drops every cached container (and the decoders they hold), before the
    /// cache is freed.
    private func close() {
        var used = state.pointee.used
        while used != 0 {
            slots[used.trailingZeroBitCount] = Slot()
            used &= used &- 1
        }
        state.pointee.used = 0
    }
}

/// The container whose box is `box` (implemented in JoltRuntimeShim, for a
/// concrete key type: the result is the same one reference whatever the key
/// type). Returning a `KeyedDecodingContainer<Key>` from Swift code that is not
/// specialized for `Key` looks up its metadata at run time, because its layout is
/// the standard library's to change (about 460 instructions in the runtime's
/// cache, once per container); this returns the box without that lookup.
///
/// `box` must have been taken out of a `KeyedDecodingContainer<Key>` by
/// `unsafeBitCast` (which traps unless the container is exactly one reference).
///
/// ```swift
/// let box = unsafeBitCast(container, to: AnyObject.self)
/// let again: KeyedDecodingContainer<Key> = keyedContainer(fromBox: box)
/// ```
@_silgen_name("jolt_keyed_decoding_container_from_box")
func keyedContainer<Key: CodingKey>(fromBox box: AnyObject) -> KeyedDecodingContainer<Key>
