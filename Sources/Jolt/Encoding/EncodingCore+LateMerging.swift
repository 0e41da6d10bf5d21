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
// What moves or removes containers keeps what the scan needs to still name
// them, at a cost paid only there: a sort that reorders an object holding
// several containers keeps where each member went (``ValueStart/sortedMembers``),
// a merge that moves containers keeps the id of each bracket it wrote
// (``EncodingCore/bracketIDs``), a write taken back the ids it removed. The
// scan checks that it found every id, and the containers still open where
// they are; should it not, the value is encoded again in merge mode (see
// ``JoltEncoder/encodeCore(_:options:scratch:)``), which records every home
// from the start.

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
    /// ids where nothing below says how (a sort dropped a member, a merge's
    /// output could not be read): late merging is refused.
    var reordered = false
    /// The ids of containers taken back with a failed write, none of which is
    /// in the output (see `EncodingCore+FailedWrites.swift`).
    var removedIDs: [Range<Int>] = []
    /// By object id, for the objects holding several containers whose
    /// members a sort reordered: where each member stands, relative to the
    /// first member's key, in the order they were written.
    var sortedMembers: [Int: [Range<Int>]] = [:]
    /// By object id, for the objects a merge moved containers in (whose
    /// brackets are in ``EncodingCore/bracketIDs``): the id the next
    /// container after the object took.
    var mergedEnds: [Int: Int] = [:]
    /// The containers a merge made one with another (a container key written
    /// again): their id, and the id of the one they are written into.
    var mergedInto: [Int: Int] = [:]

    /// Starts a value at `offset`, `depth` containers deep, whose first
    /// container takes `firstID`. The tables are emptied only when something
    /// filled them: this runs once per encode.
    mutating func reset(offset: Int, depth: Int, firstID: Int) {
        self.offset = offset
        self.depth = depth
        self.firstID = firstID
        reordered = false
        if !removedIDs.isEmpty { removedIDs.removeAll() }
        if !sortedMembers.isEmpty { sortedMembers.removeAll() }
        if !mergedEnds.isEmpty { mergedEnds.removeAll() }
        if !mergedInto.isEmpty { mergedInto.removeAll() }
    }
}

extension EncodingCore {
    @inline(__always) var valueStart: ValueStart {
        get { state.pointee.valueStart }
        _modify { yield &state.pointee.valueStart }
    }

    /// Notes that the output from `offset` on, the last write's, is about to
    /// be taken back: the containers in it were the last opened, and their ids
    /// will be missing from the output.
    func noteRemoved(from offset: Int) {
        var count = 0
        var position = offset
        let bytes = UnsafeBufferPointer(start: writer.base, count: writer.count)
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position = bytes.skippingString(at: position)
                continue
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
        // taken back before (inside this write) and those merged into others.
        var first = nextID
        while count > 0 {
            if let gap = valueStart.removedIDs.first(where: { $0.upperBound == first }) {
                first = gap.lowerBound
                continue
            }
            first -= 1
            if valueStart.mergedInto[first] == nil { count -= 1 }
        }
        valueStart.removedIDs.append(first..<nextID)
    }

    /// Notes that a value (the top-level value, or a stream's element) begins here.
    func beginValue() {
        if lateMerging { leaveLateMerging() }
        // A slot of a value before is not written into any more.
        if !abandonedSuperTokens.isEmpty { abandonedSuperTokens.removeAll() }
        if !bracketIDs.isEmpty { bracketIDs.removeAll() }
        state.pointee.valueStart.reset(offset: writer.count, depth: frames.count, firstID: nextID)
    }

    /// Starts late merging, at the first use of a closed container or super
    /// encoder's slot: reads the homes of the value's containers from its
    /// output. False (the value is then encoded again in merge mode) when the
    /// output cannot say which container is which.
    @inline(never)
    func beginLateMerging() -> Bool {
        guard !mergeMode, !lateMerging, !valueStart.reordered, let found = readAddresses() else { return false }
        state.pointee.addresses = found
        state.pointee.lateMerging = true
        state.pointee.openingLimit = 0
        state.pointee.closesPlainly = false
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
        let cut = cutOutput(from: start)
        cut.bytes.withUnsafeBufferPointer {
            writeMerged($0, containerKeys: cut.containerKeys, reopenedKeys: reopened, emptyValues: cut.emptyValues)
        }
    }

    /// Back to one-pass writing (the value ended, or was rewound).
    func leaveLateMerging() {
        state.pointee.lateMerging = false
        state.pointee.addresses = nil
        state.pointee.openingLimit = Self.maxDepth - 1
        state.pointee.closesPlainly = !pretty
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
        var reader = AddressReader(bytes: UnsafeBufferPointer(start: writer.base, count: writer.count),
                                   emptyValues: emptyValueStarts, mapped: bracketIDs, start: valueStart,
                                   slots: slots, removedIDs: removedIDs(), nextID: valueStart.firstID, position: valueStart.offset)
        let root = MergeAddresses.Home(parent: outer?.id ?? 0, key: nil, element: max((outer?.count ?? 1) - 1, 0),
                                       isObject: false, component: nil)
        // The containers still open must be those on the stack, innermost
        // last, and every id given must have been found: else the output is not
        // what the scan takes it for, and the value is encoded again instead.
        guard reader.read(root, idsUpTo: nextID) else { return nil }
        let open = reader.open.reversed()
        guard open.count == frames.count - valueStart.depth else { return nil }
        for (i, id) in open.enumerated() {
            let frame = frames[valueStart.depth + i]
            guard frame.id == id else { return nil }
            reader.found.frames[id]?.component = frame.component
        }
        // A container merged into another is that one (which may have been
        // merged into a third since).
        for (merged, into) in valueStart.mergedInto {
            var target = into
            while let next = valueStart.mergedInto[target] { target = next }
            reader.found.frames[merged] = reader.found.frames[target]
            reader.found.sameAs[merged] = reader.found.first(target)
        }
        return reader.found
    }

    /// ``ValueStart/removedIDs`` by the first id of each range.
    private func removedIDs() -> [Int: Int] {
        var removed: [Int: Int] = [:]
        for ids in valueStart.removedIDs { removed[ids.lowerBound] = max(removed[ids.lowerBound] ?? 0, ids.upperBound) }
        return removed
    }

    /// The ids of the containers of an object about to be merged, whose
    /// output is `bytes` (its `{` first, not closed), by the offset of their
    /// brackets there; `mapped`: those a merge inside it kept; `firstID`:
    /// the object's id. Nil if the output is not what the read takes it for.
    func readBracketIDs(in bytes: UnsafeBufferPointer<UInt8>, emptyValues: OutputOffsets, mapped: BracketIDs,
                        firstID: Int) -> BracketIDs? {
        var reader = AddressReader(bytes: bytes, emptyValues: emptyValues, mapped: mapped, start: valueStart,
                                   slots: [:], removedIDs: removedIDs(), nextID: firstID, position: 0)
        reader.collects = true
        let root = MergeAddresses.Home(parent: 0, key: nil, element: 0, isObject: true, component: nil)
        return reader.read(root, idsUpTo: nextID) ? reader.collected : nil
    }
}

/// Reads the homes of a value's containers from its output (written in one
/// pass, compact or pretty-printed, well formed up to the containers still
/// open): it gives ids in the order the containers were opened, which is the
/// order of their brackets, except in objects that a sort reordered, whose
/// members it reads in the order they were written, and in objects a merge
/// rewrote, whose brackets' ids the merge kept.
private struct AddressReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let emptyValues: OutputOffsets
    /// The containers whose ids a merge kept (see ``EncodingCore/bracketIDs``).
    let mapped: BracketIDs
    /// See ``ValueStart/sortedMembers``.
    let sortedMembers: [Int: [Range<Int>]]
    /// See ``ValueStart/mergedEnds``.
    let mergedEnds: [Int: Int]
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
    /// Whether to keep the id of every container read (``collected``).
    var collects = false
    var collected = BracketIDs()
    /// How many containers whose ids a merge kept are being read: inside
    /// them, every container's id is kept.
    private var mappedDepth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, emptyValues: OutputOffsets, mapped: BracketIDs, start: ValueStart,
         slots: [Int: [(token: Int, place: SuperSlot)]], removedIDs: [Int: Int], nextID: Int, position: Int) {
        self.bytes = bytes
        self.removedIDs = removedIDs
        self.emptyValues = emptyValues
        self.mapped = mapped
        self.sortedMembers = start.sortedMembers
        self.mergedEnds = start.mergedEnds
        self.slots = slots
        self.nextID = nextID
        self.position = position
    }

    private var atEnd: Bool { position >= bytes.count }

    /// Reads the value at ``position``, whose home is `root`: whether the
    /// output was as expected and held every id below `end` (the next id the
    /// core gives) but those taken back.
    mutating func read(_ root: MergeAddresses.Home, idsUpTo end: Int) -> Bool {
        guard value(root), !failed else { return false }
        while let next = removedIDs[nextID] { nextID = next }
        return nextID == end
    }

    private mutating func skipSpace() {
        position = bytes.skippingSpace(from: position)
    }

    /// Reads the value at ``position``, whose home is `home` (in an array,
    /// the `local`-th element of this opening of it). False if the output is
    /// not as expected.
    mutating func value(_ home: MergeAddresses.Home, local: Int = 0) -> Bool {
        skipSpace()
        // The output ends in a slot waiting for its value.
        guard !atEnd else { return true }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{") where emptyValues.contains(position):
            if let token = slot(at: home, local: local) { found.supers[token] = home }
            while position < bytes.count && bytes[position] != UInt8(ascii: "}") { position += 1 }
            position += 1
            return true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let id: Int
            let kept = mapped.value(at: position)
            if let kept {
                id = kept
                mappedDepth += 1
            } else {
                while let end = removedIDs[nextID] { nextID = end }
                id = nextID
                nextID += 1
            }
            if collects { collected.insert(position, id) }
            var home = home
            home.isObject = byte == UInt8(ascii: "{")
            found.frames[id] = home
            if let key = home.key {
                // The output shows every write of the key (see ``member(of:key:)``).
                found.noteContainer(id, isObject: home.isObject, under: found.place(home.parent, bytes[key]), keyStart: key.lowerBound - 1)
            }
            position += 1
            let read: Bool
            if !home.isObject {
                read = elements(of: id)
            } else if mappedDepth == 0, let order = sortedMembers[id] {
                read = sortedObject(id, order)
            } else {
                read = members(of: id)
            }
            if kept != nil {
                mappedDepth -= 1
                // Past a merged object: the ids after it were given after its own.
                if mappedDepth == 0, let end = mergedEnds[id] { nextID = max(nextID, end) }
            }
            return read
        case UInt8(ascii: "\""):
            skipString()
            return true
        default:
            position = bytes.skippingScalar(at: position)
            return true
        }
    }

    /// The abandoned super slot whose `{}` stands at `home`, if any (`local`:
    /// see ``value(_:local:)``).
    private func slot(at home: MergeAddresses.Home, local: Int) -> Int? {
        guard let candidates = slots[home.parent] else { return nil }
        for (token, place) in candidates {
            if let key = place.key, let range = home.key {
                if key.elementsEqual(bytes[range]) { return token }
            } else if place.key == nil && home.key == nil && place.element == local {
                return token
            }
        }
        return nil
    }

    private mutating func skipString() {
        position = bytes.skippingString(at: position)
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
            guard let key = key(), member(of: id, key: key) else { return false }
        }
        return true
    }

    /// Reads the value of the member of `id` whose key is at `key`. A value
    /// that is not a container is its key's last value: a container asked for
    /// under that key again is a new one.
    private mutating func member(of id: Int, key: Range<Int>) -> Bool {
        skipSpace()
        if !found.lastUnderKey.isEmpty && !atEnd {
            let byte = bytes[position]
            if byte != UInt8(ascii: "[") && (byte != UInt8(ascii: "{") || emptyValues.contains(position)) {
                found.lastUnderKey[found.place(id, bytes[key])] = nil
            }
        }
        return value(MergeAddresses.Home(parent: id, key: key, element: 0, isObject: false, component: nil))
    }

    /// Reads an array; its elements are numbered after those of the arrays it
    /// is one with (see ``MergeAddresses/sameAs``).
    private mutating func elements(of id: Int) -> Bool {
        let base = found.arrayBases[found.first(id)] ?? 0
        var count = 0
        while next(id, first: count == 0, closing: UInt8(ascii: "]")) {
            guard value(MergeAddresses.Home(parent: id, key: nil, element: base + count, isObject: false, component: nil), local: count) else {
                return false
            }
            count += 1
        }
        if open.last != id { found.arrayBases[found.first(id), default: 0] += count }
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
            guard position < bytes.count, let key = key(), self.member(of: id, key: key),
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
