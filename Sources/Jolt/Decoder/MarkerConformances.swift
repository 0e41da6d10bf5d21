/// Per decode, whether the types met conform to ``JoltArrayMarker``,
/// ``JoltStringDictionaryMarker`` and ``JoltDirectDecodable``: a two-way set-associative table on the type's
/// metadata address.
///
/// `T.self as? JoltArrayMarker.Type` goes through the runtime's conformance lookup
/// (about 800 instructions even when cached there); `unwrap` asks it for every
/// array of a non-scalar element type, and for every object under a key strategy.
/// A hit here is a compare and a load. Owned by one ``DecodingContext``, so used
/// by one thread at a time.
///
/// ```swift
/// let conformances = MarkerConformances()
/// if let marker = conformances.arrayMarker(for: [Item].self) { … }
/// ```
final class MarkerConformances {
    private struct Slot {
        var type: ObjectIdentifier?
        var array: JoltArrayMarker.Type?
        var dictionary: JoltStringDictionaryMarker.Type?
        var direct: (any JoltDirectDecodable.Type)?
        var arrayKnown = false
        var dictionaryKnown = false
        var directKnown = false
    }

    private static var slotCount: Int { 32 }
    private static var shift: UInt { 59 }
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The slot of `type`: its preferred slot, or the other slot of the pair the
    /// preferred one belongs to (index `^ 1`). A type found in neither takes the
    /// preferred slot, whose previous type moves to the other one (evicting what
    /// was there).
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
        let bits = UInt(bitPattern: id)
        // Fibonacci hashing: the top bits of the product mix every bit of the address.
        let index = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> Self.shift)
        let preferred = slots + index
        if _fastPath(preferred.pointee.type == id) { return preferred }
        return otherWay(preferred, slots + (index ^ 1), id)
    }

    /// ``slot(for:)`` when the preferred slot holds another type.
    @inline(never)
    private func otherWay(_ preferred: UnsafeMutablePointer<Slot>, _ other: UnsafeMutablePointer<Slot>,
                          _ id: ObjectIdentifier) -> UnsafeMutablePointer<Slot> {
        if other.pointee.type == id { return other }
        if preferred.pointee.type != nil { other.pointee = preferred.pointee }
        preferred.pointee = Slot(type: id)
        return preferred
    }

    /// `T.self as? JoltArrayMarker.Type`.
    @inline(__always)
    func arrayMarker<T>(for type: T.Type) -> JoltArrayMarker.Type? {
        let slot = slot(for: type)
        if !slot.pointee.arrayKnown {
            slot.pointee.array = type as? JoltArrayMarker.Type
            slot.pointee.arrayKnown = true
        }
        return slot.pointee.array
    }

    /// `T.self as? JoltStringDictionaryMarker.Type`.
    @inline(__always)
    func dictionaryMarker<T>(for type: T.Type) -> JoltStringDictionaryMarker.Type? {
        let slot = slot(for: type)
        if !slot.pointee.dictionaryKnown {
            slot.pointee.dictionary = type as? JoltStringDictionaryMarker.Type
            slot.pointee.dictionaryKnown = true
        }
        return slot.pointee.dictionary
    }

    /// For a type decoded from an object: ``dictionaryMarker(for:)``, and
    /// `T.self as? JoltDirectDecodable.Type` when it decodes directly, with one
    /// slot look-up.
    @inline(__always)
    func objectConformances<T>(for type: T.Type) -> (dictionary: JoltStringDictionaryMarker.Type?,
                                                     direct: (any JoltDirectDecodable.Type)?) {
        let slot = slot(for: type)
        if !slot.pointee.dictionaryKnown {
            slot.pointee.dictionary = type as? JoltStringDictionaryMarker.Type
            slot.pointee.dictionaryKnown = true
        }
        if !slot.pointee.directKnown {
            let direct = type as? any JoltDirectDecodable.Type
            slot.pointee.direct = direct?.joltDecodesDirectly == true ? direct : nil
            slot.pointee.directKnown = true
        }
        return (slot.pointee.dictionary, slot.pointee.direct)
    }
}
