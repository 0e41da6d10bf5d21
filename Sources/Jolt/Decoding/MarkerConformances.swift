/// Per decode, whether the types met conform to ``JoltArrayMarker``,
/// ``JoltStringDictionaryMarker`` and `_JoltDirectDecodable`: a table on the
/// type's metadata address, filled from the decoder's ``ConformanceMemo``.
///
/// `T.self as? JoltArrayMarker.Type` goes through the runtime's conformance lookup
/// (costly on Linux); `unwrap` needs an answer for every array of a non-scalar
/// element type and for every object of a type it may read directly or as a
/// dictionary. A hit here is a compare and a load; a miss asks the memo (a lock
/// and a hash look-up), which asks the runtime only for a type no decode of the
/// decoder has met. Owned by one ``DecodingContext``, so used by one thread at a time.
///
/// Every type met keeps its slot: the table is open-addressed with linear
/// probing, at most half full, and doubles when a new type would fill it past
/// that (up to ``maximumCapacity`` slots; past that, a new type's answers are
/// asked of the memo each time). With a choice of two slots per type, three
/// types whose addresses hash alike would evict each other on every value, and
/// which types those are depends on where the binary's layout puts the metadata.
///
/// ```swift
/// let conformances = MarkerConformances(memo: ConformanceMemo())
/// if let marker = conformances.arrayMarker(for: [Item].self) { … }
/// ```
final class MarkerConformances {
    private struct Slot {
        var type: ObjectIdentifier?
        var answers = ConformanceMemo.Answers()
    }

    /// The mutable state, behind a pointer (a class's stored `var`s would cost
    /// a dynamic exclusivity check on every access).
    private struct Table {
        /// `mask + 1` slots, then one more: where a type that finds the table
        /// full gets its answers.
        var slots: UnsafeMutablePointer<Slot>
        var mask: Int
        var count: Int
        /// How many times the memo was asked.
        var memoLookups: Int
    }

    /// Room for the types of a large model to start with (counting their
    /// optionals and arrays, more than a few dozen slots hold). The table is
    /// kept with its ``DecodeScratch`` from one decode to the next, so its size
    /// costs nothing per decode.
    private static var initialCapacity: Int { 128 }
    /// The most slots the table grows to (half of them for types).
    static var maximumCapacity: Int { 4096 }
    private let table: UnsafeMutablePointer<Table>
    private let memo: ConformanceMemo

    init(memo: ConformanceMemo) {
        self.memo = memo
        table = .allocate(capacity: 1)
        table.initialize(to: Table(slots: Self.makeSlots(Self.initialCapacity), mask: Self.initialCapacity - 1,
                                   count: 0, memoLookups: 0))
    }

    deinit {
        Self.freeSlots(table.pointee.slots, table.pointee.mask + 1)
        table.deallocate()
    }

    private static func makeSlots(_ capacity: Int) -> UnsafeMutablePointer<Slot> {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity + 1)
        slots.initialize(repeating: Slot(), count: capacity + 1)
        return slots
    }

    private static func freeSlots(_ slots: UnsafeMutablePointer<Slot>, _ capacity: Int) {
        slots.deinitialize(count: capacity + 1)
        slots.deallocate()
    }

    /// How many times a type's answers were asked of the memo: once per type
    /// met, unless the table is full.
    var memoLookups: Int { table.pointee.memoLookups }

    /// The slot of `type`: its own slot, found from the one its hash points at.
    /// The next slot is looked at here too: a type that lost its slot to
    /// another is most often there, and which types collide depends on where
    /// the binary's layout puts their metadata, so that a look-up costs the
    /// same whichever types collide.
    @inline(__always)
    private func slot(for type: Any.Type) -> UnsafeMutablePointer<Slot> {
        let id = ObjectIdentifier(type)
        let slots = table.pointee.slots
        let mask = table.pointee.mask
        let hash = Int(truncatingIfNeeded: id.slotHash)
        let preferred = slots + (hash & mask)
        if _fastPath(preferred.pointee.type == id) { return preferred }
        let next = slots + ((hash &+ 1) & mask)
        if next.pointee.type == id { return next }
        return probe(for: type)
    }

    /// ``slot(for:)`` when the slot the hash points at holds another type (or
    /// none): the slots after it, up to the type's or an empty one, which the
    /// type then takes with its answers from the memo.
    @inline(never)
    private func probe(for type: Any.Type) -> UnsafeMutablePointer<Slot> {
        let id = ObjectIdentifier(type)
        var t = table.pointee
        var index = Int(truncatingIfNeeded: id.slotHash) & t.mask
        while let other = t.slots[index].type {
            if other == id { return t.slots + index }
            index = (index &+ 1) & t.mask
        }
        table.pointee.memoLookups += 1
        let answers = memo.answers(for: type)
        if (t.count + 1) * 2 > t.mask + 1 {
            guard t.mask + 1 < Self.maximumCapacity else {
                let overflow = t.slots + (t.mask + 1)
                overflow.pointee = Slot(type: id, answers: answers)
                return overflow
            }
            grow()
            t = table.pointee
            index = Int(truncatingIfNeeded: id.slotHash) & t.mask
            while t.slots[index].type != nil { index = (index &+ 1) & t.mask }
        }
        t.slots[index] = Slot(type: id, answers: answers)
        table.pointee.count = t.count + 1
        return t.slots + index
    }

    /// Twice the slots, each type moved to its place in them.
    private func grow() {
        let old = table.pointee
        let capacity = 2 * (old.mask + 1)
        let slots = Self.makeSlots(capacity)
        let mask = capacity - 1
        for i in 0...old.mask {
            guard let id = old.slots[i].type else { continue }
            var index = Int(truncatingIfNeeded: id.slotHash) & mask
            while slots[index].type != nil { index = (index &+ 1) & mask }
            slots[index] = old.slots[i]
        }
        Self.freeSlots(old.slots, old.mask + 1)
        table.pointee.slots = slots
        table.pointee.mask = mask
    }

    /// `T.self as? JoltArrayMarker.Type`.
    @inline(__always)
    func arrayMarker<T>(for type: T.Type) -> JoltArrayMarker.Type? {
        slot(for: type).pointee.answers.array
    }

    /// `T.self as? JoltStringDictionaryMarker.Type`.
    @inline(__always)
    func dictionaryMarker<T>(for type: T.Type) -> JoltStringDictionaryMarker.Type? {
        slot(for: type).pointee.answers.dictionary
    }

    /// `T.self as? _JoltDirectDecodable.Type` when it decodes directly (for a
    /// type decoded from a scalar: the macros' enums).
    @inline(__always)
    func directConformance<T>(for type: T.Type) -> (any _JoltDirectDecodable.Type)? {
        slot(for: type).pointee.answers.direct
    }

    /// For a type decoded from an object: ``dictionaryMarker(for:)``, and
    /// `T.self as? _JoltDirectDecodable.Type` when it decodes directly, with one
    /// slot look-up.
    @inline(__always)
    func objectConformances<T>(for type: T.Type) -> (dictionary: JoltStringDictionaryMarker.Type?,
                                                     direct: (any _JoltDirectDecodable.Type)?) {
        let slot = slot(for: type)
        return (slot.pointee.answers.dictionary, slot.pointee.answers.direct)
    }
}
