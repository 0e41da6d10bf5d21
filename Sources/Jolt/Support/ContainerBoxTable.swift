/// The table behind the keyed container caches (``KeyedContainerCache``,
/// ``KeyedEncodingContainerCache``): for each key type met, one slot with the
/// boxes of up to two of its containers (a type may have two in use at once: a
/// parent and a child of the same type, or a second container asked for while
/// the first is in use).
///
/// Every key type keeps its own slot, wherever the runtime put its metadata.
/// The table is open-addressed with linear probing and at most half full: it
/// doubles when a new type would fill it past that, up to
/// ``maximumCapacity`` slots, after which new types are no longer cached (their
/// containers are made as if no cache were there). With a choice of two slots
/// per type, chosen by the hash of its metadata's address, two key types could
/// share both of theirs whenever the binary's layout placed their metadata so:
/// they would evict each other, and every one of their containers would be made
/// anew. Here the layout can only lengthen a probe by a slot or two.
///
/// The table only stores: the caches decide what a box holds and when one is
/// handed out. A copy of the value shares the table (it is one pointer);
/// ``deallocate()`` frees it, after which no copy may be used.
///
/// ```swift
/// let table = ContainerBoxTable()
/// if let box = table.unsharedBox(id) {
///     // Write the new container's fields into `box`, and return it.
/// } else if let slot = table.slotMetBefore(id) {
///     // Make a container; if its box is laid out as expected:
///     ContainerBoxTable.keep(box, in: slot)
/// }
/// table.deallocate()
/// ```
struct ContainerBoxTable {
    /// One key type's slot.
    struct Slot {
        /// The key type (its metadata's identifier); nil for an empty slot.
        var type: ObjectIdentifier?
        /// The box of its last container (`KeyedDecodingContainer`'s or
        /// `KeyedEncodingContainer`'s only stored property); nil while the type
        /// has been met only once.
        var box: AnyObject?
        /// A second box, made while ``box``'s container was in use.
        var spare: AnyObject?
    }

    private struct Header {
        var slots: UnsafeMutablePointer<Slot>
        /// The slot count less one (a power of two less one).
        var mask: Int
        /// The indexes of the occupied slots, in the order their types came:
        /// ``forEachBox(_:)`` visits only those.
        var occupied: UnsafeMutablePointer<Int32>
        var count: Int
    }

    /// The most slots a table grows to: half of them for types.
    static var maximumCapacity: Int { 4096 }

    private let header: UnsafeMutablePointer<Header>

    /// An empty table of `capacity` slots (a power of two, at least 2), which
    /// grows as types come.
    init(capacity: Int = 64) {
        precondition(capacity >= 2 && capacity & (capacity - 1) == 0 && capacity <= Self.maximumCapacity)
        header = .allocate(capacity: 1)
        header.initialize(to: Self.makeHeader(capacity: capacity))
    }

    private static func makeHeader(capacity: Int) -> Header {
        // One allocation: the slots, then the occupied slots' indexes.
        let slotBytes = capacity * MemoryLayout<Slot>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: slotBytes + capacity / 2 * MemoryLayout<Int32>.stride,
                                                   alignment: MemoryLayout<Slot>.alignment)
        let slots = raw.bindMemory(to: Slot.self, capacity: capacity)
        let occupied = (raw + slotBytes).bindMemory(to: Int32.self, capacity: capacity / 2)
        slots.initialize(repeating: Slot(), count: capacity)
        return Header(slots: slots, mask: capacity - 1, occupied: occupied, count: 0)
    }

    /// Lets go of every box and frees the table.
    func deallocate() {
        let header = self.header.pointee
        header.slots.deinitialize(count: header.mask + 1)
        UnsafeMutableRawPointer(header.slots).deallocate()
        self.header.deallocate()
    }

    /// How many key types the table holds.
    var count: Int { header.pointee.count }

    /// The slots the table has now.
    var capacity: Int { header.pointee.mask + 1 }

    /// Where `box` stores its container's fields: right after the object's
    /// metadata pointer and reference counts. (What is there is checked before
    /// a box is kept: see the caches' `holds`.)
    @inline(__always)
    static func fields<Fields>(of box: AnyObject, as type: Fields.Type) -> UnsafeMutablePointer<Fields> {
        (Unmanaged.passUnretained(box).toOpaque() + 2 * MemoryLayout<Int>.size).assumingMemoryBound(to: Fields.self)
    }

    /// A box kept for the key type `id` that nothing but the table holds: its
    /// container can be written over and handed out again.
    @inline(__always)
    func unsharedBox(_ id: ObjectIdentifier) -> AnyObject? {
        let header = self.header.pointee
        var index = Int(truncatingIfNeeded: id.slotHash) & header.mask
        while true {
            let slot = header.slots + index
            guard let type = slot.pointee.type else { return nil }
            if type == id {
                if slot.pointee.box != nil && isKnownUniquelyReferenced(&slot.pointee.box) {
                    return slot.pointee.box.unsafelyUnwrapped
                }
                if slot.pointee.spare != nil && isKnownUniquelyReferenced(&slot.pointee.spare) {
                    return slot.pointee.spare.unsafelyUnwrapped
                }
                return nil
            }
            index = (index &+ 1) & header.mask
        }
    }

    /// The slot of the key type `id` if the type was met before; nil the first
    /// time, when the type is recorded (unless the table is full). A type met
    /// once only is not worth a box: taking one out of a container (and
    /// returning it later) costs more than making the container.
    func slotMetBefore(_ id: ObjectIdentifier) -> UnsafeMutablePointer<Slot>? {
        var header = self.header.pointee
        var index = Int(truncatingIfNeeded: id.slotHash) & header.mask
        while let type = header.slots[index].type {
            if type == id { return header.slots + index }
            index = (index &+ 1) & header.mask
        }
        if (header.count + 1) * 2 > header.mask + 1 {
            guard header.mask + 1 < Self.maximumCapacity else { return nil }
            grow()
            header = self.header.pointee
            index = Int(truncatingIfNeeded: id.slotHash) & header.mask
            while header.slots[index].type != nil { index = (index &+ 1) & header.mask }
        }
        header.slots[index].type = id
        header.occupied[header.count] = Int32(truncatingIfNeeded: index)
        self.header.pointee.count = header.count + 1
        return nil
    }

    /// Keeps `box`, of a container just made for `slot`'s key type, in the
    /// slot: as its box, else as its spare; when both are taken (both in use),
    /// it is not kept.
    static func keep(_ box: AnyObject, in slot: UnsafeMutablePointer<Slot>) {
        if slot.pointee.box == nil {
            slot.pointee.box = box
        } else if slot.pointee.spare == nil {
            slot.pointee.spare = box
        }
    }

    /// Calls `body` with each box kept (as an optional it may set to nil, to
    /// let go of the box), in the order the types came.
    func forEachBox(_ body: (inout AnyObject?) -> Void) {
        let header = self.header.pointee
        for i in 0..<header.count {
            let slot = header.slots + Int(header.occupied[i])
            if slot.pointee.box != nil { body(&slot.pointee.box) }
            if slot.pointee.spare != nil { body(&slot.pointee.spare) }
        }
    }

    /// Keeps the boxes that nothing but the table holds, each given to
    /// `rewrite` first (to point its container at something other than the
    /// operation that made it), and lets go of the others: what a table kept
    /// past its decode or encode holds.
    func keepUnsharedBoxes(_ rewrite: (AnyObject) -> Void) {
        forEachBox { box in
            if isKnownUniquelyReferenced(&box) {
                rewrite(box.unsafelyUnwrapped)
            } else {
                box = nil
            }
        }
    }

    /// Lets go of every box; the types stay.
    func removeBoxes() {
        forEachBox { $0 = nil }
    }

    /// Twice the slots, each type moved to its place in them.
    private func grow() {
        let old = header.pointee
        var new = Self.makeHeader(capacity: 2 * (old.mask + 1))
        for i in 0..<old.count {
            let slot = old.slots + Int(old.occupied[i])
            var index = Int(truncatingIfNeeded: slot.pointee.type.unsafelyUnwrapped.slotHash) & new.mask
            while new.slots[index].type != nil { index = (index &+ 1) & new.mask }
            (new.slots + index).update(from: slot, count: 1)
            new.occupied[i] = Int32(truncatingIfNeeded: index)
        }
        new.count = old.count
        old.slots.deinitialize(count: old.mask + 1)
        UnsafeMutableRawPointer(old.slots).deallocate()
        header.pointee = new
    }
}
