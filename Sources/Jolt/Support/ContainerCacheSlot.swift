/// One slot of a cache of keyed containers (``KeyedContainerCache`` when
/// decoding, ``KeyedEncodingContainerCache`` when encoding): the key type it is
/// for, and the box of that type's last container, once there is one to hand out
/// again. A key type may use two slots (two hashes of its metadata's address).
///
/// ```swift
/// let (first, second) = ContainerCacheSlot.indexes(ObjectIdentifier(Key.self), count: 64)
/// if slots[first].holdsFreeBox(for: ObjectIdentifier(Key.self)) { /* reuse slots[first].box */ }
/// ```
struct ContainerCacheSlot {
    /// The key type the slot is for.
    var type: ObjectIdentifier?
    /// That type's last container's box (the container's only stored property);
    /// nil while the type has been met only once.
    var box: AnyObject?

    /// Where a container's box stores the container (its one stored property, a
    /// value of type `fields`): after the object's metadata pointer and
    /// reference counts. Each cache checks this of a box before keeping it.
    @inline(__always)
    static func storage<Fields>(of box: AnyObject, as fields: Fields.Type) -> UnsafeMutablePointer<Fields> {
        (Unmanaged.passUnretained(box).toOpaque() + 2 * MemoryLayout<Int>.size).assumingMemoryBound(to: Fields.self)
    }

    /// The two slots, of `count` (a power of two), that the key type `id` may use.
    @inline(__always)
    static func indexes(_ id: ObjectIdentifier, count: Int) -> (Int, Int) {
        let x = id.slotHash
        let mask = count &- 1
        return (Int(truncatingIfNeeded: x) & mask, Int(truncatingIfNeeded: x &>> 32) & mask)
    }

    /// Whether the slot is for the key type `id` and holds a box nothing else
    /// holds (no container of it is in use), which may be handed out again.
    @inline(__always)
    mutating func holdsFreeBox(for id: ObjectIdentifier) -> Bool {
        type == id && box != nil && isKnownUniquelyReferenced(&box)
    }

    /// The slot a new container for the key type `id` is recorded in: the type's
    /// own slot, else an empty one, else one whose container is in use (it cannot
    /// be handed out again until let go of), else the first. A type whose
    /// container is in use while another is asked for (a nested container with
    /// its parent's key type, a recursive model) takes its second slot too, when
    /// that is free.
    static func slotForNewContainer(_ id: ObjectIdentifier, first: Int, second: Int,
                                    in slots: UnsafeMutablePointer<ContainerCacheSlot>) -> Int {
        if slots[first].type == id && slots[first].box != nil
            && (slots[second].type == nil || slots[second].type == id) {
            return second
        }
        if slots[first].type == id || slots[first].type == nil {
            return first
        }
        if slots[second].type == id || slots[second].type == nil
            || slots[second].box != nil && !isKnownUniquelyReferenced(&slots[second].box) {
            return second
        }
        return first
    }

    /// Records a new container of the key type `id` in the slot: the first time
    /// the type is met, only the type; from the second time on, its box, when
    /// `isLaidOut` says the box stores the container where the cache writes it.
    /// `box` takes the box out of the container only then: that costs two
    /// metadata lookups, worth paying only for a type met again.
    @inline(__always)
    mutating func record(_ id: ObjectIdentifier, box: () -> AnyObject, isLaidOut: (AnyObject) -> Bool) {
        guard type == id else {
            self = ContainerCacheSlot(type: id, box: nil)
            return
        }
        let taken = box()
        if isLaidOut(taken) { self.box = taken }
    }
}
