/// Per decode, whether the types met conform to ``JoltArrayMarker``,
/// ``JoltStringDictionaryMarker`` and ``JoltDirectDecodable``: a two-way set-associative table on the type's
/// metadata address, filled from the decoder's ``ConformanceMemo``.
///
/// `T.self as? JoltArrayMarker.Type` goes through the runtime's conformance lookup
/// (thousands of instructions on Linux); `unwrap` needs an answer for every array of
/// a non-scalar element type and for every object of a type it may read directly or
/// as a dictionary. A hit here is a compare and a load; a miss asks the memo (a lock
/// and a hash look-up), which asks the runtime only for a type no decode of the
/// decoder has met. Owned by one ``DecodingContext``, so used by one thread at a time.
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

    /// Room for the types of a large model (twitter's, with their optionals and
    /// arrays, missed 366 times a decode in 32 slots). The table is kept with
    /// its ``DecodeScratch`` from one decode to the next, so its size costs
    /// nothing per decode.
    private static var slotCount: Int { 128 }
    private let slots: UnsafeMutablePointer<Slot>
    private let memo: ConformanceMemo

    init(memo: ConformanceMemo) {
        self.memo = memo
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The slot of `type`: its preferred slot, or the other slot of the
    /// pair the preferred one belongs to (index `^ 1`). A type found in neither
    /// takes the preferred slot, with its answers from the memo, and the slot's
    /// previous type moves to the other one (evicting what was there).
    ///
    /// Two ways, not one: with a direct-mapped table, two types whose metadata
    /// addresses hash alike (say a model and the type of one of its members, both
    /// large objects) evicted each other on every value, and which types collide
    /// changes with the binary's layout (twitter.json once paid a conformance
    /// check for each of its 100 statuses after an unrelated change moved the
    /// metadata). A hit in the preferred slot costs what it did.
    @inline(__always)
    private func slot(for type: Any.Type) -> UnsafeMutablePointer<Slot> {
        let id = ObjectIdentifier(type)
        let index = Int(truncatingIfNeeded: id.slotHash) & (Self.slotCount &- 1)
        let preferred = slots + index
        if _fastPath(preferred.pointee.type == id) { return preferred }
        return otherWay(preferred, slots + (index ^ 1), type)
    }

    /// ``slot(for:)`` when the preferred slot holds another type.
    @inline(never)
    private func otherWay(_ preferred: UnsafeMutablePointer<Slot>, _ other: UnsafeMutablePointer<Slot>,
                          _ type: Any.Type) -> UnsafeMutablePointer<Slot> {
        let id = ObjectIdentifier(type)
        if other.pointee.type == id { return other }
        if preferred.pointee.type != nil { other.pointee = preferred.pointee }
        preferred.pointee = Slot(type: id, answers: memo.answers(for: type))
        return preferred
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

    /// `T.self as? JoltDirectDecodable.Type` when it decodes directly (for a
    /// type decoded from a scalar: the macros' enums).
    @inline(__always)
    func directConformance<T>(for type: T.Type) -> (any JoltDirectDecodable.Type)? {
        slot(for: type).pointee.answers.direct
    }

    /// For a type decoded from an object: ``dictionaryMarker(for:)``, and
    /// `T.self as? JoltDirectDecodable.Type` when it decodes directly, with one
    /// slot look-up.
    @inline(__always)
    func objectConformances<T>(for type: T.Type) -> (dictionary: JoltStringDictionaryMarker.Type?,
                                                     direct: (any JoltDirectDecodable.Type)?) {
        let slot = slot(for: type)
        return (slot.pointee.answers.dictionary, slot.pointee.answers.direct)
    }
}
