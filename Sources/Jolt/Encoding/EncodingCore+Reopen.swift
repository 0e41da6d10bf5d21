#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Merge mode's answer to a container used after its parent went on.
//
// Foundation's containers are references into a tree: an `encode(to:)` may keep
// a nested container, write its parent's next member, and come back to the
// nested one; a super encoder's value lands where its slot was made, whenever
// it is written. A one-pass writer has closed that container by then. In merge
// mode (see `EncodingCore+Merge.swift`) the core remembers where each container
// and each super encoder's slot was written (its *home*: the parent and the
// key, or the index in an array), and a late write goes back there by writing
// the address again: the chain of keys (and `@index:` patches in arrays) from
// the nearest container still open down to the one asked for, opened again
// with the same ids, so that the containers holding them see them open. The
// merge of the output then puts each write where Foundation's tree has it.
//
// A one-pass encode comes here at its first late write, once it has read the
// homes from its output (`EncodingCore+LateMerging.swift`).

/// Where each container and each super encoder's slot of a merge-mode encode
/// (or a value being merged late) was written (see the comment above).
final class MergeAddresses {
    /// Where a value stands in its parent container.
    struct Home {
        /// The parent container's id, 0 at the top level.
        var parent: Int
        /// In an object, where the member's key is in the output (escaped, no quotes).
        var key: Range<Int>?
        /// In an array, the element's index among all the elements the array was written with.
        var element: Int
        var isObject: Bool
        /// The key-path component the object stands for (``EncodingCore/Frame/component``).
        var component: String?
    }

    /// By container id.
    var frames: [Int: Home] = [:]
    /// By super encoder token.
    var supers: [Int: Home] = [:]
    /// By array id: the index its next element takes, less its current count
    /// (the elements it was written with before, less the patches in the current opening).
    var arrayBases: [Int: Int] = [:]
    /// The patch last written into an array: the array, where the patch ends
    /// in the output, and the element it addresses (the home of a container
    /// opened right after it).
    var patch: (array: Int, end: Int, element: Int)?
    /// Where each key written to open a closed container again starts in the
    /// output: its value goes on filling the container under that key, and is
    /// dropped if the key holds something else by then (Foundation's writes into
    /// a container its parent no longer holds are lost).
    var reopenedKeys: Set<Int> = []

    /// A key of an object: the object's ``first(_:)`` and the key's bytes (escaped).
    struct KeyPlace: Hashable {
        var parent: Int
        var key: [UInt8]
    }
    /// For a container opened under a key whose last value is a container of
    /// the same kind (a nested container asked for again): the first of them.
    /// They are one container (Foundation hands out the same one), so arrays
    /// number their elements together.
    var sameAs: [Int: Int] = [:]
    /// By key: the container written there last, its kind, and where that key
    /// starts in the output.
    var lastUnderKey: [KeyPlace: (id: Int, isObject: Bool, keyStart: Int)] = [:]

    /// The first of the containers `id` is one with (see ``sameAs``).
    @inline(__always)
    func first(_ id: Int) -> Int {
        sameAs.isEmpty ? id : sameAs[id] ?? id
    }

    /// The place of the key `key` (escaped bytes) in the object `parent`.
    func place(_ parent: Int, _ key: some Sequence<UInt8>) -> KeyPlace {
        KeyPlace(parent: first(parent), key: Array(key))
    }

    /// Records the container `id`, opened under `place` with its key at
    /// `keyStart`, as that key's last value. If the key's last value was a
    /// container of the same kind, and still is (`stillLast`, given where that
    /// one's key starts), `id` is one with it.
    func noteContainer(_ id: Int, isObject: Bool, under place: KeyPlace, keyStart: Int,
                       stillLast: (Int) -> Bool = { _ in true }) {
        if let last = lastUnderKey[place], last.isObject == isObject, stillLast(last.keyStart) { sameAs[id] = first(last.id) }
        lastUnderKey[place] = (id, isObject, keyStart)
    }

    /// Keeps the element count of the array `id`, being closed, for its next opening.
    @inline(never)
    func noteClosedArray(_ id: Int, count: Int) {
        arrayBases[first(id), default: 0] += count
    }
}

extension EncodingCore {
    /// The addresses of a merge-mode core.
    @inline(__always) var merge: MergeAddresses { addresses! }

    /// The home of the value about to be written at the current position (a
    /// container whose bracket is not written yet).
    private func currentHome(isObject: Bool, component: String?) -> MergeAddresses.Home {
        guard let parent = frames.last else {
            return MergeAddresses.Home(parent: 0, key: nil, element: 0, isObject: isObject, component: component)
        }
        if parent.isObject {
            let key = members.count > parent.memberBase ? members[members.count - 1] : nil
            return MergeAddresses.Home(parent: parent.id, key: key.map { ($0.start + 1)..<($0.start + 1 + $0.keyLength) },
                                       element: 0, isObject: isObject, component: component)
        }
        let element: Int
        if let patch = merge.patch, patch.array == parent.id, patch.end == writer.count {
            element = patch.element
        } else {
            element = merge.arrayBases[merge.first(parent.id), default: 0] + parent.count - 1
        }
        return MergeAddresses.Home(parent: parent.id, key: nil, element: element, isObject: isObject, component: component)
    }

    /// Records where the container `id`, being opened, stands (``tracksHomes``).
    @inline(never)
    func recordHome(ofFrame id: Int, isObject: Bool, component: String?) {
        let home = currentHome(isObject: isObject, component: component)
        merge.frames[id] = home
        // The key's last value is still the container before it unless the
        // key was written again since in this opening of the object.
        guard let key = home.key else { return }
        merge.noteContainer(id, isObject: isObject, under: keyPlace(home.parent, key), keyStart: key.lowerBound - 1) { start in
            let written = lastWrite(of: key)
            return written == nil || written == start
        }
    }

    /// The place of the key at `key` in the output, in the object `parent`.
    private func keyPlace(_ parent: Int, _ key: Range<Int>) -> MergeAddresses.KeyPlace {
        merge.place(parent, UnsafeBufferPointer(start: writer.base + key.lowerBound, count: key.count))
    }

    /// Where the innermost object's last member before the last one with the
    /// key at `key` starts, in this opening of the object.
    private func lastWrite(of key: Range<Int>) -> Int? {
        guard let object = frames.last, members.count >= object.memberBase + 2 else { return nil }
        let base = writer.base
        for member in members[object.memberBase..<(members.count - 1)].reversed() where member.keyLength == key.count {
            if compareBytes(UnsafeBufferPointer(start: base + member.start + 1, count: key.count),
                            UnsafeBufferPointer(start: base + key.lowerBound, count: key.count)) == 0 {
                return member.start
            }
        }
        return nil
    }

    /// Records where the slot of the super encoder `token`, just made, stands (``tracksHomes``).
    func recordHome(ofSuper token: Int) {
        merge.supers[token] = currentHome(isObject: false, component: nil)
    }

    /// Opens again the closed container `id` that stood at `index` on the
    /// stack (a one-pass encode first begins late merging); if it cannot be
    /// found, records the use out of order. True if the container is now the
    /// innermost one.
    @inline(never)
    func reopenOrRecord(_ index: Int, _ id: Int) -> Bool {
        if (mergeMode || lateMerging || beginLateMerging()) && reopen(index, id) { return true }
        recordOutOfOrder()
        return false
    }

    /// Closes the containers above the nearest open ancestor of the container
    /// `id` (which stood at `index`), then writes the addresses from that
    /// ancestor down to it and opens each again with its own id. False if the
    /// container has no home (it was never written, or the top-level value ended).
    func reopen(_ index: Int, _ id: Int) -> Bool {
        var chain: [(id: Int, home: MergeAddresses.Home)] = []
        var current = id
        var depth = index
        while depth < 0 || depth >= frames.count || frames[depth].id != current {
            guard depth >= 0, current != 0, let home = merge.frames[current] else { return false }
            chain.append((current, home))
            current = home.parent
            depth -= 1
        }
        closeFrames(downTo: depth + 1)
        for (frameID, home) in chain.reversed() {
            writeAddress(of: home, reopening: true)
            if home.key != nil, let key = members.last { noteReopened(frameID, home: home, keyStart: key.start) }
            pushFrame(frameID, isObject: home.isObject, component: home.component)
        }
        return true
    }

    /// Makes the slot of the super encoder `token` (made at nesting level
    /// `depth`, its container went on before it was used) the pending one
    /// again, where it was made: its value replaces the `{}` written there, as
    /// Foundation writes a super encoder's value into its place when the
    /// encoder is released (a one-pass encode first begins late merging).
    /// False if the slot is not such a slot, or cannot be found.
    func placeLateSuperSlot(_ token: Int, depth: Int) -> Bool {
        guard token < 0, abandonedSuperTokens[token] != nil, mergeMode || lateMerging || beginLateMerging(),
              let home = merge.supers[token], depth >= 1 else {
            return false
        }
        let index = depth - 1
        if index < frames.count && frames[index].id == home.parent {
            closeFrames(downTo: index + 1)
        } else if !reopen(index, home.parent) {
            return false
        }
        abandonedSuperTokens[token] = nil
        writeAddress(of: home, reopening: false)
        pendingToken = token
        return true
    }

    /// Records that the key just written at `keyStart` opens again the
    /// container `id` (at `home`, whose key it repeats): still its key's last value.
    private func noteReopened(_ id: Int, home: MergeAddresses.Home, keyStart: Int) {
        guard let key = home.key else { return }
        let place = keyPlace(home.parent, key)
        if let last = merge.lastUnderKey[place], merge.first(last.id) == merge.first(id) {
            merge.lastUnderKey[place] = (last.id, last.isObject, keyStart)
        }
    }

    /// Writes, into the innermost container (`home.parent`), the address of
    /// `home`: its key (a container key when `reopening`, whose object or array
    /// the merge goes on filling; else a key whose value replaces the one
    /// before), or in an array a patch, `@index:` (the element goes on being
    /// filled) or `#index:` (the element is replaced).
    private func writeAddress(of home: MergeAddresses.Home, reopening: Bool) {
        if let key = home.key {
            let bytes = Array(UnsafeBufferPointer(start: writer.base + key.lowerBound, count: key.count))
            bytes.withUnsafeBufferPointer { writeEscapedKey($0) }
            if reopening, let last = members.last { merge.reopenedKeys.insert(last.start) }
            return
        }
        beginElement()
        writer.write(reopening ? UInt8(ascii: "@") : UInt8(ascii: "#"))
        writer.writeInteger(home.element)
        writer.write(UInt8(ascii: ":"))
        let top = frames.count - 1
        merge.arrayBases[merge.first(frames[top].id), default: 0] -= 1
        merge.patch = (frames[top].id, writer.count, home.element)
    }
}
