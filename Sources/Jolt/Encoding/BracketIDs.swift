/// The ids of containers by where their opening bracket stands in an encode's
/// output, for the brackets that a merge wrote out of the order of their ids
/// (see `EncodingCore+LateMerging.swift`). Kept in increasing order of
/// offsets, and moved by sorts and merges with the bytes, as ``OutputOffsets``.
struct BracketIDs {
    private(set) var offsets: [Int] = []
    private(set) var ids: [Int] = []

    var isEmpty: Bool { offsets.isEmpty }

    /// The id of the container whose bracket is at `offset`, if kept.
    func id(at offset: Int) -> Int? {
        guard !offsets.isEmpty else { return nil }
        let i = firstIndex(atOrAfter: offset)
        return i < offsets.count && offsets[i] == offset ? ids[i] : nil
    }

    /// Adds the bracket of `id` at `offset` (usually past every offset kept).
    mutating func insert(_ offset: Int, id: Int) {
        if let last = offsets.last, offset <= last {
            let i = firstIndex(atOrAfter: offset)
            if i < offsets.count && offsets[i] == offset {
                ids[i] = id
            } else {
                offsets.insert(offset, at: i)
                ids.insert(id, at: i)
            }
        } else {
            offsets.append(offset)
            ids.append(id)
        }
    }

    /// Whether an offset at or past `offset` is kept.
    func hasAny(atOrAfter offset: Int) -> Bool {
        if let last = offsets.last { return last >= offset }
        return false
    }

    private func firstIndex(atOrAfter offset: Int) -> Int {
        var low = 0, high = offsets.count
        while low < high {
            let mid = (low + high) / 2
            if offsets[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The brackets at or past `offset`, their offsets made relative to it.
    func tail(from offset: Int) -> BracketIDs {
        var tail = BracketIDs()
        let start = firstIndex(atOrAfter: offset)
        tail.offsets = offsets[start...].map { $0 - offset }
        tail.ids = Array(ids[start...])
        return tail
    }

    /// Adds the brackets of `other` that lie in `range`, moved to where the
    /// bytes of `range` were copied (`target`).
    mutating func insert(_ other: BracketIDs, in range: Range<Int>, movedTo target: Int) {
        var i = other.firstIndex(atOrAfter: range.lowerBound)
        while i < other.offsets.count && other.offsets[i] < range.upperBound {
            insert(other.offsets[i] - range.lowerBound + target, id: other.ids[i])
            i += 1
        }
    }

    /// Forgets the brackets at or past `offset` (the output was cut there).
    mutating func removeAll(from offset: Int) {
        guard hasAny(atOrAfter: offset) else { return }
        let start = firstIndex(atOrAfter: offset)
        offsets.removeSubrange(start...)
        ids.removeSubrange(start...)
    }

    mutating func removeAll() {
        offsets.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
    }

    /// Moves the brackets at or past `offset` where `move` says (nil: dropped),
    /// after the bytes there were reordered.
    mutating func moveTail(from offset: Int, _ move: (Int) -> Int?) {
        guard hasAny(atOrAfter: offset) else { return }
        let start = firstIndex(atOrAfter: offset)
        let moved = zip(offsets[start...], ids[start...]).compactMap { offset, id in move(offset).map { ($0, id) } }
            .sorted { $0.0 < $1.0 }
        offsets.removeSubrange(start...)
        ids.removeSubrange(start...)
        for (offset, id) in moved {
            offsets.append(offset)
            ids.append(id)
        }
    }
}
