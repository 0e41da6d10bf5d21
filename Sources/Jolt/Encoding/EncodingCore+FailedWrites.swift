// A write that fails after its key or separator is written.
//
// The core writes a member's key before its value, and a nested value's
// containers as it goes. When the value then throws (a non-conforming float, an
// `encode(to:)` that fails half-way) and the `encode(to:)` above catches the
// error and goes on, Foundation keeps nothing of that write: its containers set
// a value only once it is whole. So the containers take the write back here
// before rethrowing: the key, the separator, and whatever the value wrote.

extension EncodingCore {
    /// Removes the member or element of the container `frames[frame]` whose
    /// value failed: the containers the value opened and their members, its
    /// bytes, its separator, and a member's key (the last member of that
    /// container), as if it had never been begun. `elementStart` is where an
    /// element's value started (nil for a member).
    ///
    /// Nothing is recorded before the write: on the common path a write costs
    /// only its own work.
    @inline(never)
    func takeBack(frame: Int, elementStart: Int?) {
        guard frame >= 0, frame < frames.count else { return }
        let memberCount = frames.count > frame + 1 ? frames[frame + 1].memberBase : members.count
        frames.removeLast(frames.count - frame - 1)
        members.removeLast(members.count - memberCount)
        var start = writer.count
        if let elementStart {
            start = min(elementStart, start)
        } else if members.count > frames[frame].memberBase, let key = members.popLast() {
            start = key.start
        }
        let cut = separatorStart(before: start)
        if !tracksHomes { noteRemoved(from: cut) }
        writer.count = cut
        frames[frame].count -= 1
        topID = frames[frame].id
        pendingToken = 0
        // The frames taken off were opened after those left: their ids are higher.
        while let last = mergingFrames.last, last > topID { mergingFrames.removeLast() }
        containerKeyStarts.removeAll(from: cut)
        emptyValueStarts.removeAll(from: cut)
        bracketIDs.removeAll(from: cut)
    }

    /// ``encodeNested(_:key:pathCount:extraPath:)`` for the member or element
    /// just begun in `frames[frame]` (`elementStart`: see
    /// ``takeBack(frame:elementStart:)``), taken back if it throws.
    @inline(__always)
    func encodeTakingBack<T: Encodable>(_ value: T, key: some CodingKey, pathCount: Int, extraPath: [any CodingKey],
                                        frame: Int, elementStart: Int?) throws {
        do {
            try encodeNested(value, key: key, pathCount: pathCount, extraPath: extraPath)
        } catch {
            try takeBack(frame: frame, elementStart: elementStart, rethrowing: error)
        }
    }

    /// A non-finite `Double` or `Float` for the member or element just begun in
    /// `frames[frame]`: the non-conforming float strategy writes it or throws,
    /// and a throw takes the write back.
    @inline(never)
    func writeNonFinite<F: BinaryFloatingPoint>(_ value: F, key: any CodingKey, extraPath: [any CodingKey], pathCount: Int,
                                                frame: Int, elementStart: Int?) throws {
        do {
            try writeNonConforming(value, strategy: options.nonConformingFloatEncodingStrategy, key: key,
                                   extraPath: extraPath, pathCount: pathCount)
        } catch {
            try takeBack(frame: frame, elementStart: elementStart, rethrowing: error)
        }
    }

    @inline(never)
    private func takeBack(frame: Int, elementStart: Int?, rethrowing error: any Error) throws -> Never {
        takeBack(frame: frame, elementStart: elementStart)
        throw error
    }
}
