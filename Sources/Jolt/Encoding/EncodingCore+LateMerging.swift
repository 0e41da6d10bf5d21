// Late merging: a container used after its parent went on, in the same pass.
//
// An `encode(to:)` may keep a container, go on with its parent, and write into
// the kept one later; Foundation's tree puts that write where the container
// stands. A one-pass writer has closed that container. Merge mode (see
// `EncodingCore+Reopen.swift`) answers it by writing the container's address
// again, which needs the home of every container: where it was written.
//
// A one-pass encode does not record homes (that would cost every container).
// When a late use comes, it reads them from the value's output instead: the
// containers' brackets stand in the order their ids were given, so one scan
// names each container and finds its key or index. From then on the value is
// written as merge mode writes it (homes recorded, repeats and sorting left
// for the end), and when the value ends its output is merged and written again
// in its place with the real formatting. `encode(to:)` runs once.
//
// The scan needs the brackets in the order of their ids: it is refused when a
// sort, a merge or a write taken back has moved or removed containers of the
// value (``ValueStart/reordered``), and the value is then encoded again in merge
// mode (see ``JoltEncoder/encodeCore(_:options:scratch:)``).

/// Where the `{}` of an abandoned super slot stands: in which container, under
/// which key (escaped, without quotes) or at which element. Kept as the
/// place, not the offset, which sorts and merges move.
struct SuperSlot {
    var parent: Int
    var key: [UInt8]?
    var element: Int
}

/// Where the value being encoded began: the top-level value, or an element of
/// a stream (see `EncodingCore+LateMerging.swift`).
struct ValueStart {
    /// Where its output starts.
    var offset = 0
    /// The containers open around it (a stream's array).
    var depth = 0
    /// The id of the first container it opened.
    var firstID = 1
    /// Whether containers of the value may stand out of the order of their
    /// ids where ``sortedMembers`` does not say: an object holding several
    /// was merged.
    var reordered = false
    /// The ids of containers taken back with a failed write, none of which is
    /// in the output (see `EncodingCore+FailedWrites.swift`).
    var removedIDs: [Range<Int>] = []
    /// By object id, for the objects holding several containers whose
    /// members a sort reordered: where each member stands, relative to the
    /// first member's key, in the order they were written.
    var sortedMembers: [Int: [Range<Int>]] = [:]
}

extension EncodingCore {
    @inline(__always) var valueStart: ValueStart {
        get { state.pointee.valueStart }
        _modify { yield &state.pointee.valueStart }
    }

    /// Notes that the output from `offset` on was rewritten in another order
    /// (a sort, a merge): `containers` if containers may have moved past each
    /// other.
    func noteMoved(from offset: Int, containers: Bool) {
        if containers { valueStart.reordered = true }
    }

    /// Notes that the output from `offset` on, the last write's, is about to
    /// be taken back: the containers in it were the last opened, and their ids
    /// will be missing from the output.
    func noteRemoved(from offset: Int) {
        var count = 0
        var position = offset
        let base = writer.base
        while position < writer.count {
            switch base[position] {
            case UInt8(ascii: "\""):
                position += 1
                while base[position] != UInt8(ascii: "\"") { position += base[position] == UInt8(ascii: "\\") ? 2 : 1 }
            case UInt8(ascii: "{") where emptyValueStarts.contains(position):
                break
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                count += 1
            default:
                break
            }
            position += 1
        }
        guard count > 0 else { return }
        // The ids of those containers, below the next one, skipping those
        // taken back before (inside this write).
        var first = nextID
        while count > 0 {
            if let gap = valueStart.removedIDs.first(where: { $0.upperBound == first }) {
                first = gap.lowerBound
                continue
            }
            first -= 1
            count -= 1
        }
        valueStart.removedIDs.append(first..<nextID)
    }

    /// Notes that a value (the top-level value, or a stream's element) begins here.
    func beginValue() {
        if lateMerging { leaveLateMerging() }
        // A slot of a value before is not written into any more.
        if !abandonedSuperTokens.isEmpty { abandonedSuperTokens.removeAll() }
        valueStart = ValueStart(offset: writer.count, depth: frames.count, firstID: nextID)
    }

    /// Starts late merging, at the first use of a closed container or super
    /// encoder's slot: reads the homes of the value's containers from its
    /// output. False (the value is then encoded again in merge mode) when the
    /// output cannot say which container is which.
    @inline(never)
    func beginLateMerging() -> Bool {
        guard !mergeMode, !lateMerging, !valueStart.reordered, let found = readAddresses() else {
            return false }
        addresses = found
        lateMerging = true
        openingLimit = 0
        closesPlainly = false
        // Repeats are merged when the value ends, with the rest.
        mergingFrames.removeAll()
        return true
    }

    /// Merges the value's output and writes it again in its place, with the
    /// real formatting; the value's containers are all closed.
    @inline(never)
    func endLateMerging() {
        let start = valueStart.offset
        let reopened = Set(merge.reopenedKeys.compactMap { $0 >= start ? $0 - start : nil })
        leaveLateMerging()
        let bytes = Array(UnsafeBufferPointer(start: writer.base + start, count: writer.count - start))
        let containerKeys = containerKeyStarts.tail(from: start)
        let emptyValues = emptyValueStarts.tail(from: start)
        containerKeyStarts.removeAll(from: start)
        emptyValueStarts.removeAll(from: start)
        writer.count = start
        bytes.withUnsafeBufferPointer {
            writeMerged($0, containerKeys: containerKeys, reopenedKeys: reopened, emptyValues: emptyValues)
        }
    }

    /// Back to one-pass writing (the value ended, or was rewound).
    func leaveLateMerging() {
        lateMerging = false
        addresses = nil
        openingLimit = Self.maxDepth - 1
        closesPlainly = !pretty
    }

    /// The homes of the containers and abandoned super slots of the value, read
    /// from its output as merge mode would have recorded them (see
    /// ``AddressReader``); nil if the containers found are not those the core
    /// gave ids to.
    private func readAddresses() -> MergeAddresses? {
        var slots: [Int: [(token: Int, place: SuperSlot)]] = [:]
        for (token, place) in abandonedSuperTokens where place.parent >= valueStart.firstID {
            slots[place.parent, default: []].append((token, place))
        }
        let outer: Frame? = valueStart.depth > 0 ? frames[valueStart.depth - 1] : nil
        var removed: [Int: Int] = [:]
        for ids in valueStart.removedIDs { removed[ids.lowerBound] = max(removed[ids.lowerBound] ?? 0, ids.upperBound) }
        var reader = AddressReader(bytes: UnsafeBufferPointer(start: writer.base, count: writer.count),
                                   emptyValues: emptyValueStarts, sortedMembers: valueStart.sortedMembers,
                                   slots: slots, removedIDs: removed, nextID: valueStart.firstID, position: valueStart.offset)
        let root = MergeAddresses.Home(parent: outer?.id ?? 0, key: nil, element: max((outer?.count ?? 1) - 1, 0),
                                       isObject: false, component: nil)
        guard reader.value(root), !reader.failed else { return nil }
        // The containers still open must be those on the stack, innermost
        // last, and every id given must have been found: else the output is not
        // what the scan takes it for, and the value is encoded again instead.
        let open = reader.open.reversed()
        while let end = removed[reader.nextID] { reader.nextID = end }
        guard reader.nextID == nextID, open.count == frames.count - valueStart.depth else { return nil }
        for (i, id) in open.enumerated() {
            let frame = frames[valueStart.depth + i]
            guard frame.id == id else { return nil }
            reader.found.frames[id]?.component = frame.component
        }
        return reader.found
    }
}

/// Reads the homes of a value's containers from its output (written in one
/// pass, compact or pretty-printed, well formed up to the containers still
/// open): it gives ids in the order the containers were opened, which is the
/// order of their brackets, except in objects that a sort reordered, whose
/// members it reads in the order they were written.
private struct AddressReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let emptyValues: OutputOffsets
    /// See ``ValueStart/sortedMembers``.
    let sortedMembers: [Int: [Range<Int>]]
    /// The abandoned super slots by parent container.
    let slots: [Int: [(token: Int, place: SuperSlot)]]
    /// Ids of containers taken back: from each range's first to its end.
    let removedIDs: [Int: Int]
    /// The id the next container gets.
    var nextID: Int
    var position: Int
    let found = MergeAddresses()
    /// The containers the output ends in (still open), innermost first.
    var open: [Int] = []
    /// Whether a separator was not where one was expected.
    var failed = false

    init(bytes: UnsafeBufferPointer<UInt8>, emptyValues: OutputOffsets, sortedMembers: [Int: [Range<Int>]],
         slots: [Int: [(token: Int, place: SuperSlot)]], removedIDs: [Int: Int], nextID: Int, position: Int) {
        self.bytes = bytes
        self.removedIDs = removedIDs
        self.emptyValues = emptyValues
        self.sortedMembers = sortedMembers
        self.slots = slots
        self.nextID = nextID
        self.position = position
    }

    private var atEnd: Bool { position >= bytes.count }

    private mutating func skipSpace() {
        while position < bytes.count && (bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\n")) {
            position += 1
        }
    }

    /// Reads the value at ``position``, whose home is `home`. False if the
    /// output is not as expected.
    mutating func value(_ home: MergeAddresses.Home) -> Bool {
        skipSpace()
        // The output ends in a slot waiting for its value.
        guard !atEnd else { return true }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{") where emptyValues.contains(position):
            if let token = slot(at: home) { found.supers[token] = home }
            while position < bytes.count && bytes[position] != UInt8(ascii: "}") { position += 1 }
            position += 1
            return true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            while let end = removedIDs[nextID] { nextID = end }
            let id = nextID
            nextID += 1
            var home = home
            home.isObject = byte == UInt8(ascii: "{")
            found.frames[id] = home
            position += 1
            if !home.isObject { return elements(of: id) }
            if let order = sortedMembers[id] { return sortedObject(id, order) }
            return members(of: id)
        case UInt8(ascii: "\""):
            skipString()
            return true
        default:
            while position < bytes.count {
                let b = bytes[position]
                if b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || b <= 0x20 { break }
                position += 1
            }
            return true
        }
    }

    /// The abandoned super slot whose `{}` stands at `home`, if any.
    private func slot(at home: MergeAddresses.Home) -> Int? {
        guard let candidates = slots[home.parent] else { return nil }
        for (token, place) in candidates {
            if let key = place.key, let range = home.key {
                if key.elementsEqual(bytes[range]) { return token }
            } else if place.key == nil && home.key == nil && place.element == home.element {
                return token
            }
        }
        return nil
    }

    private mutating func skipString() {
        position += 1
        while position < bytes.count && bytes[position] != UInt8(ascii: "\"") {
            position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        position += 1
    }

    /// Reads a member's key and colon; its range, without the quotes.
    private mutating func key() -> Range<Int>? {
        skipSpace()
        guard !atEnd, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let start = position
        skipString()
        let key = (start + 1)..<(position - 1)
        skipSpace()
        guard !atEnd, bytes[position] == UInt8(ascii: ":") else { return nil }
        position += 1
        return key
    }

    /// Reads, past the separator of the member or element before, the next
    /// one; false at the container's end, or at the output's end (the
    /// container `id` is still open).
    private mutating func next(_ id: Int, first: Bool, closing: UInt8) -> Bool {
        skipSpace()
        if atEnd {
            open.append(id)
            return false
        }
        if bytes[position] == closing {
            position += 1
            return false
        }
        if !first {
            guard bytes[position] == UInt8(ascii: ",") else {
                failed = true
                return false
            }
            position += 1
            skipSpace()
            if atEnd {
                open.append(id)
                return false
            }
        }
        return true
    }

    private mutating func members(of id: Int) -> Bool {
        var first = true
        while next(id, first: first, closing: UInt8(ascii: "}")) {
            first = false
            guard let key = key(),
                  value(MergeAddresses.Home(parent: id, key: key, element: 0, isObject: false, component: nil)) else { return false }
        }
        return true
    }

    private mutating func elements(of id: Int) -> Bool {
        var count = 0
        while next(id, first: count == 0, closing: UInt8(ascii: "]")) {
            guard value(MergeAddresses.Home(parent: id, key: nil, element: count, isObject: false, component: nil)) else { return false }
            count += 1
        }
        if open.last != id { found.arrayBases[id] = count }
        return true
    }

    /// A closed object whose members a sort reordered: `order` holds where
    /// each member stands, relative to the first, in the order they were written.
    private mutating func sortedObject(_ id: Int, _ order: [Range<Int>]) -> Bool {
        skipSpace()
        let first = position
        var end = first
        for member in order where !member.isEmpty {
            position = first + member.lowerBound
            guard position < bytes.count, let key = key(),
                  value(MergeAddresses.Home(parent: id, key: key, element: 0, isObject: false, component: nil)),
                  position == first + member.upperBound else { return false }
            end = max(end, position)
        }
        position = end
        skipSpace()
        guard !atEnd, bytes[position] == UInt8(ascii: "}") else { return false }
        position += 1
        return true
    }
}
