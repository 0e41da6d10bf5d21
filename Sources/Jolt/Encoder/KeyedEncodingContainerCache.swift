/// The last `KeyedEncodingContainer` made for each key type during one encode,
/// handed out again once the `encode(to:)` that asked for it has let go of it:
/// the encoding side of ``KeyedContainerCache``.
///
/// A new `KeyedEncodingContainer<Key>` costs generic metadata and witness table
/// lookups in the runtime's caches (`JoltKeyedContainer<Key>`, the standard
/// library's box around it and its conformance, `KeyedEncodingContainer<Key>`)
/// and a heap allocation, once per object encoded through a keyed container.
/// When this cache holds the only reference to the container it made last for
/// the key type, the container's state (``KeyedEncoderFields``) is written over
/// in place, and the same container is returned through
/// `keyedEncodingContainer(fromBox:)` (without looking up its metadata).
///
/// - Only the cache's own reference lets a container be reused: one that an
///   `encode(to:)` still holds (a parent of the same type, a container kept in
///   a property) is never written over.
/// - The box stores the container right after the object header. That is
///   checked for every box before it enters the cache (its words there must be
///   the fields just given); a box laid out otherwise is never reused.
/// - Cached containers hold the encode's core, which holds the cache: the
///   encode ends with ``close()``, which lets go of them.
/// - Used by one encode at a time, as its core is.
///
/// ```swift
/// let cache = KeyedEncodingContainerCache()
/// let container: KeyedEncodingContainer<Key> = cache.container(Key.self, fields)
/// cache.close()   // at the end of the encode
/// ```
final class KeyedEncodingContainerCache {
    /// Two candidate slots per key type (two hashes).
    private static var slotCount: Int { 32 }

    private struct Slot {
        /// The key type the slot is for.
        var type: ObjectIdentifier?
        /// That type's last container's box; nil while the type has been met only once.
        var box: AnyObject?
    }

    /// The slots, allocated when the first container is asked for.
    private var slots: UnsafeMutablePointer<Slot>?

    init() {}

    deinit {
        close()
        slots?.deallocate()
    }

    /// Where `box` stores its container: after the object's metadata pointer
    /// and reference counts.
    @inline(__always)
    private static func fields(of box: AnyObject) -> UnsafeMutablePointer<KeyedEncoderFields> {
        (Unmanaged.passUnretained(box).toOpaque() + 2 * MemoryLayout<Int>.size)
            .assumingMemoryBound(to: KeyedEncoderFields.self)
    }

    /// A container for `Key` holding `fields`: the cached one, refilled, when
    /// nothing else holds it; otherwise a new one.
    @inline(__always)
    func container<Key: CodingKey>(_ key: Key.Type, _ fields: KeyedEncoderFields) -> KeyedEncodingContainer<Key> {
        guard let slots else { return makeContainer(key, fields) }
        let id = ObjectIdentifier(Key.self)
        let (first, second) = Self.slotIndexes(id)
        if let box = reuse(slots + first, id, fields) ?? reuse(slots + second, id, fields) {
            // The box came out of a container of this key type (makeContainer).
            return keyedEncodingContainer(fromBox: box)
        }
        return makeContainer(key, fields)
    }

    /// The box of `slot`, refilled with `fields`, when the slot is for the key
    /// type `id` and nothing else holds its container.
    @inline(__always)
    private func reuse(_ slot: UnsafeMutablePointer<Slot>, _ id: ObjectIdentifier, _ fields: KeyedEncoderFields) -> AnyObject? {
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

    /// A new container. The first time a type is met, its slot only records it;
    /// from the second time on, the box is cached (see ``KeyedContainerCache``).
    @inline(never)
    private func makeContainer<Key: CodingKey>(_ key: Key.Type, _ fields: KeyedEncoderFields) -> KeyedEncodingContainer<Key> {
        let slots = self.slots ?? allocateSlots()
        let id = ObjectIdentifier(Key.self)
        let (first, second) = Self.slotIndexes(id)
        // The type's own slot, else an empty one, else one whose container is in
        // use, else the first; a type whose container is in use while another is
        // asked for (a nested container with its parent's key type, a recursive
        // model) takes its second slot too, when that is free.
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
        guard slot.pointee.type == id else {
            slot.pointee = Slot(type: id, box: nil)
            return KeyedEncodingContainer(JoltKeyedContainer<Key>(fields: fields))
        }
        let container = KeyedEncodingContainer(JoltKeyedContainer<Key>(fields: fields))
        let box = unsafeBitCast(container, to: AnyObject.self)
        if Self.holds(box, fields) { slot.pointee.box = box }
        return container
    }

    private func allocateSlots() -> UnsafeMutablePointer<Slot> {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
        self.slots = slots
        return slots
    }

    /// Whether `box` stores `fields` where ``container(_:_:)`` writes them (the
    /// core, and the object's place and id, which no other open object shares).
    private static func holds(_ box: AnyObject, _ fields: KeyedEncoderFields) -> Bool {
        typealias Layout = MemoryLayout<KeyedEncoderFields>
        guard let core = Layout.offset(of: \.core), let index = Layout.offset(of: \.index),
              let id = Layout.offset(of: \.id) else { return false }
        let storage = UnsafeRawPointer(Self.fields(of: box))
        return storage.load(fromByteOffset: core, as: UInt.self) == UInt(bitPattern: Unmanaged.passUnretained(fields.core).toOpaque())
            && storage.load(fromByteOffset: index, as: Int.self) == fields.index
            && storage.load(fromByteOffset: id, as: Int.self) == fields.id
    }

    /// Lets go of every cached container (and the core they hold).
    func close() {
        guard let slots else { return }
        for i in 0..<Self.slotCount { slots[i] = Slot() }
    }
}

/// The container whose box is `box` (implemented in JoltRuntimeShim, for a
/// concrete key type: the result is the same one reference whatever the key
/// type), without looking up `KeyedEncodingContainer<Key>`'s metadata; see
/// `keyedContainer(fromBox:)` for the decoding side.
///
/// `box` must have been taken out of a `KeyedEncodingContainer<Key>` by
/// `unsafeBitCast` (which traps unless the container is exactly one reference).
///
/// ```swift
/// let box = unsafeBitCast(container, to: AnyObject.self)
/// let again: KeyedEncodingContainer<Key> = keyedEncodingContainer(fromBox: box)
/// ```
@_silgen_name("jolt_keyed_encoding_container_from_box")
func keyedEncodingContainer<Key: CodingKey>(fromBox box: AnyObject) -> KeyedEncodingContainer<Key>
