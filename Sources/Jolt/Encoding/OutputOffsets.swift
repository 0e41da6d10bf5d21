/// Byte offsets into an encode's output, kept in increasing order: where the
/// keys opening containers start and where the `{}` of values that encoded
/// nothing start (see ``EncodingCore/containerKeyStarts``). Offsets are added
/// as the output grows, so adding one is an append; the output's tail is what
/// a sort or a merge rewrites, so that is what they change.
struct OutputOffsets {
    private(set) var values: [Int] = []

    /// Adds `offset` (usually past every offset kept).
    @inline(__always)
    mutating func insert(_ offset: Int) {
        if let last = values.last, offset <= last {
            insertSlow(offset)
        } else {
            values.append(offset)
        }
    }

    @inline(never)
    private mutating func insertSlow(_ offset: Int) {
        let i = firstIndex(atOrAfter: offset)
        if i < values.count && values[i] == offset { return }
        values.insert(offset, at: i)
    }

    func contains(_ offset: Int) -> Bool {
        let i = firstIndex(atOrAfter: offset)
        return i < values.count && values[i] == offset
    }

    /// Whether an offset at or past `offset` is kept.
    @inline(__always)
    func hasAny(atOrAfter offset: Int) -> Bool {
        if let last = values.last { return last >= offset }
        return false
    }

    /// The index of the first offset at or past `offset`.
    func firstIndex(atOrAfter offset: Int) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The offsets at or past `offset`, made relative to it.
    func tail(from offset: Int) -> OutputOffsets {
        var tail = OutputOffsets()
        tail.values = values[firstIndex(atOrAfter: offset)...].map { $0 - offset }
        return tail
    }

    /// Adds the offsets of `other` that lie in `range`, moved to where the
    /// bytes of `range` were copied (`target`, usually past every offset kept).
    mutating func insert(_ other: OutputOffsets, in range: Range<Int>, movedTo target: Int) {
        var i = other.firstIndex(atOrAfter: range.lowerBound)
        while i < other.values.count && other.values[i] < range.upperBound {
            insert(other.values[i] - range.lowerBound + target)
            i += 1
        }
    }

    /// Forgets the offsets at or past `offset` (the output was cut there).
    mutating func removeAll(from offset: Int) {
        guard hasAny(atOrAfter: offset) else { return }
        values.removeSubrange(firstIndex(atOrAfter: offset)...)
    }

    mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
    }

    /// Moves the offsets at or past `offset` where `move` says (nil: dropped),
    /// after the bytes there were reordered.
    mutating func moveTail(from offset: Int, _ move: (Int) -> Int?) {
        guard hasAny(atOrAfter: offset) else { return }
        let start = firstIndex(atOrAfter: offset)
        let moved = values[start...].compactMap(move).sorted()
        values.removeSubrange(start...)
        values += moved
    }
}
