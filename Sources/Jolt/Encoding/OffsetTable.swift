/// Byte offsets into an encode's output, in increasing order, each with a
/// value: where the keys opening containers and the `{}` of values that encoded
/// nothing start (``OutputOffsets``, see ``EncodingCore/containerKeyStarts``),
/// or the ids of containers by their bracket (``BracketIDs``). Offsets are
/// added as the output grows, so adding one is an append; the output's tail is
/// what a sort or a merge rewrites, so that is what they change.
struct OffsetTable<Value> {
    private(set) var entries: [(offset: Int, value: Value)] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Adds `offset` with `value` (usually past every offset kept); an offset
    /// kept already takes the new value.
    @inline(__always)
    mutating func insert(_ offset: Int, _ value: Value) {
        if let last = entries.last, offset <= last.offset {
            insertSlow(offset, value)
        } else {
            entries.append((offset, value))
        }
    }

    @inline(never)
    private mutating func insertSlow(_ offset: Int, _ value: Value) {
        let i = firstIndex(atOrAfter: offset)
        if i < entries.count && entries[i].offset == offset {
            entries[i].value = value
        } else {
            entries.insert((offset, value), at: i)
        }
    }

    /// The value kept at `offset`, if any.
    func value(at offset: Int) -> Value? {
        let i = firstIndex(atOrAfter: offset)
        return i < entries.count && entries[i].offset == offset ? entries[i].value : nil
    }

    func contains(_ offset: Int) -> Bool {
        let i = firstIndex(atOrAfter: offset)
        return i < entries.count && entries[i].offset == offset
    }

    /// Whether an offset at or past `offset` is kept.
    @inline(__always)
    func hasAny(atOrAfter offset: Int) -> Bool {
        if let last = entries.last { return last.offset >= offset }
        return false
    }

    /// The index of the first offset at or past `offset`.
    func firstIndex(atOrAfter offset: Int) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].offset < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The offsets at or past `offset`, made relative to it.
    func tail(from offset: Int) -> OffsetTable {
        var tail = OffsetTable()
        tail.entries = entries[firstIndex(atOrAfter: offset)...].map { ($0.offset - offset, $0.value) }
        return tail
    }

    /// Adds the offsets of `other` that lie in `range`, moved to where the
    /// bytes of `range` were copied (`target`, usually past every offset kept).
    mutating func insert(_ other: OffsetTable, in range: Range<Int>, movedTo target: Int) {
        var i = other.firstIndex(atOrAfter: range.lowerBound)
        while i < other.entries.count && other.entries[i].offset < range.upperBound {
            insert(other.entries[i].offset - range.lowerBound + target, other.entries[i].value)
            i += 1
        }
    }

    /// Forgets the offsets at or past `offset` (the output was cut there).
    mutating func removeAll(from offset: Int) {
        guard hasAny(atOrAfter: offset) else { return }
        entries.removeSubrange(firstIndex(atOrAfter: offset)...)
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    /// Moves the offsets at or past `offset` where `move` says (nil: dropped),
    /// after the bytes there were reordered.
    mutating func moveTail(from offset: Int, _ move: (Int) -> Int?) {
        guard hasAny(atOrAfter: offset) else { return }
        let start = firstIndex(atOrAfter: offset)
        let moved = entries[start...].compactMap { entry in move(entry.offset).map { ($0, entry.value) } }
            .sorted { $0.0 < $1.0 }
        entries.removeSubrange(start...)
        entries += moved
    }
}

extension OffsetTable where Value == Void {
    /// Adds `offset` (usually past every offset kept).
    @inline(__always)
    mutating func insert(_ offset: Int) {
        insert(offset, ())
    }
}

/// Where the keys opening containers, or the `{}` of values that encoded
/// nothing, start in an encode's output.
typealias OutputOffsets = OffsetTable<Void>

/// The ids of containers by where their opening bracket stands in an encode's
/// output, for the brackets that a merge wrote out of the order of their ids
/// (see `EncodingCore+LateMerging.swift`).
typealias BracketIDs = OffsetTable<Int>
