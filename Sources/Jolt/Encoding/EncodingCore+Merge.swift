#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Merging: what a one-pass writer cannot place where it stands.
//
// `EncodingCore` writes each member where it stands. Legal encodes write an
// object's members apart:
// - keys sharing a key-path prefix encoded apart (`location.city`, `name`,
//   `location.zip` with `keyPathSeparator = "."`): one `location` object;
// - a key written twice into one object: the last value wins, and a nested
//   container asked for twice is one object (Foundation's behaviour);
// - a container or a super encoder used after its parent went on (see
//   `EncodingCore+Reopen.swift`).
// A repeated key is written as it comes, and the object is marked
// (`mergingFrames`); closing it reads its output back into a small tree in
// which the repeats are merged (`MergeParser`), and writes the tree in its
// place with the real formatting by the same code as any other value
// (`writeKey`, `openFrame`, `closeTopFrame`), so spacing, escaping and key
// sorting stay Foundation's. The value's `encode(to:)` runs once. Which keys
// opened containers and which `{}` stand for values that encoded nothing is
// kept as the output grows (`containerKeyStarts`, `emptyValueStarts`), moved
// by sorts and merges with the bytes they point into.
//
// A container used after its parent was closed cannot be reached that way. The
// rest of the value is then written as merge mode writes (compact, unsorted,
// repeats allowed, closed containers opened again by address), and the value
// merged when it ends (`EncodingCore+LateMerging.swift`); or, when the output
// cannot say where that container stands, the value is encoded again by a
// merge-mode core, whose output is merged and written the same way.

extension EncodingCore {
    /// Where the output and the container stack stood before a value, to write
    /// that value again (``JoltStreamEncoder``).
    struct Mark {
        var count: Int
        var frames: Int
        var members: Int
    }

    func mark() -> Mark {
        Mark(count: writer.count, frames: frames.count, members: members.count)
    }

    /// Whether the value just encoded must be encoded again: see
    /// ``JoltEncoder/encodeCore(_:options:)``.
    var needsSecondPass: Bool {
        usedContainersOutOfOrder
    }

    /// Forgets everything written since `mark`, and the flags a value raised.
    func rewind(to mark: Mark) {
        writer.count = mark.count
        frames.removeLast(frames.count - mark.frames)
        members.removeLast(members.count - mark.members)
        topID = frames.last?.id ?? 0
        // The frames left were opened before those taken off: their ids are lower.
        while let last = mergingFrames.last, last > topID { mergingFrames.removeLast() }
        pendingToken = 0
        failure = nil
        usedContainersOutOfOrder = false
        nestedTooDeeply = false
        containerKeyStarts.removeAll(from: mark.count)
        emptyValueStarts.removeAll(from: mark.count)
        bracketIDs.removeAll(from: mark.count)
        if lateMerging { leaveLateMerging() }
    }

    /// Forgets the offsets kept of the values written so far, before a value
    /// that no merge will join to them (a stream's next element).
    func forgetOffsets() {
        containerKeyStarts.removeAll()
        emptyValueStarts.removeAll()
        bracketIDs.removeAll()
    }

    /// Records that a key was written twice into the object at `index` (the
    /// innermost one), which closing it then merges.
    @inline(never)
    func noteRepeatedKey(in index: Int) {
        // Late merging merges the whole value when it ends.
        if lateMerging { return }
        let id = frames[index].id
        if mergingFrames.last != id { mergingFrames.append(id) }
    }

    /// Records that the member key just written opens a container.
    @inline(__always)
    func markContainerKey() {
        if let last = members.last { containerKeyStarts.insert(last.start) }
    }

    /// Writes, at the current position and with this core's formatting, the
    /// JSON in `bytes` (written by a core) with its repeated keys merged.
    /// `containerKeys` and `emptyValues` are byte offsets into `bytes` (see
    /// ``containerKeyStarts`` and ``emptyValueStarts``).
    func writeMerged(_ bytes: UnsafeBufferPointer<UInt8>, containerKeys: OutputOffsets, reopenedKeys: Set<Int> = [],
                     emptyValues: OutputOffsets) {
        guard !bytes.isEmpty else { return }
        var parser = MergeParser(bytes: bytes, containerKeys: containerKeys, reopenedKeys: reopenedKeys, emptyValues: emptyValues)
        let value = parser.value()
        writeMerged(value, parser)
    }

    /// Writes the merge-mode output of `source` (see ``writeMerged(_:containerKeys:reopenedKeys:emptyValues:)``).
    func writeMerged(from source: EncodingCore) {
        writeMerged(UnsafeBufferPointer(start: source.writer.base, count: source.writer.count),
                    containerKeys: source.containerKeyStarts, reopenedKeys: source.merge.reopenedKeys,
                    emptyValues: source.emptyValueStarts)
    }

    /// Closes the innermost container, an object into which a key was written
    /// twice, and writes it again in its place with the repeats merged.
    ///
    /// Its members are where ``members`` says: a member whose key is not
    /// repeated is copied as it stands, without being read; only the values
    /// of a container key written again (which go on filling the container
    /// under the key) are read into a tree. So merging an object costs its
    /// repeated members, not its size, and objects merged inside each other do
    /// not read each other's bytes again.
    @inline(never)
    func closeMerging() {
        mergingFrames.removeLast()
        let closed = frames.removeLast()
        let memberBase = closed.memberBase
        // A repeated key means two members at least; only white space stands
        // between the object's bracket and its first member.
        var start = members[memberBase].start - 1
        while writer.base[start] != UInt8(ascii: "{") { start -= 1 }
        // From a key's opening quote to its value: the key, its closing quote
        // and the separator (`:`, or ` : ` pretty-printed).
        let keyGap = pretty ? 5 : 3
        var spans: [MergeParser.MemberSpan] = []
        spans.reserveCapacity(members.count - memberBase)
        for i in memberBase..<members.count {
            let member = members[i]
            var end = writer.count
            if i + 1 < members.count { end = separatorStart(before: members[i + 1].start) }
            let keyStart = member.start - start
            spans.append(MergeParser.MemberSpan(
                keyStart: keyStart, key: (keyStart + 1)..<(keyStart + 1 + member.keyLength),
                value: (keyStart + member.keyLength + keyGap)..<(end - start)))
        }
        members.removeSubrange(memberBase...)
        let cut = cutOutput(from: start)
        topID = frames.last?.id ?? 0
        cut.bytes.withUnsafeBufferPointer { bytes in
            var parser = MergeParser(bytes: bytes, containerKeys: cut.containerKeys, reopenedKeys: [], emptyValues: cut.emptyValues)
            parser.ids = cut.ids
            let object = parser.object(spans)
            if parser.movesContainers { readIDs(of: closed.id, &parser) }
            // Written again under its own id, its containers under theirs.
            if parser.keepsIDs { bracketIDs.insert(writer.count, closed.id) }
            pushFrame(closed.id, isObject: true, component: closed.component)
            writeMembers(of: object, parser)
            closeTopFrame()
            if parser.keepsIDs { valueStart.mergedEnds[closed.id] = nextID }
        }
    }

    /// Cuts the output at `start`: what it held from there, its bytes and the
    /// offsets kept in them (made relative to `start`), to be written again.
    func cutOutput(from start: Int) -> (bytes: [UInt8], containerKeys: OutputOffsets, emptyValues: OutputOffsets, ids: BracketIDs) {
        let bytes = Array(UnsafeBufferPointer(start: writer.base + start, count: writer.count - start))
        let cut = (bytes, containerKeyStarts.tail(from: start), emptyValueStarts.tail(from: start), bracketIDs.tail(from: start))
        containerKeyStarts.removeAll(from: start)
        emptyValueStarts.removeAll(from: start)
        bracketIDs.removeAll(from: start)
        writer.count = start
        return cut
    }

    /// Before a merge that moves containers of the object `id` (its output is
    /// `parser`'s bytes): reads which container each bracket there is, so that
    /// the merge writes each under its id, and late merging can still tell
    /// them apart (see `EncodingCore+LateMerging.swift`). If the output cannot
    /// be read, late merging is refused for the value.
    private func readIDs(of id: Int, _ parser: inout MergeParser) {
        guard let ids = readBracketIDs(in: parser.bytes, emptyValues: parser.emptyValues, mapped: parser.ids, firstID: id) else {
            valueStart.reordered = true
            return
        }
        parser.ids = ids
        parser.keepsIDs = true
    }

    /// Writes the members of `object` into the object just opened.
    private func writeMembers(of object: MergedObject, _ parser: MergeParser) {
        for member in object.members {
            writeEscapedKey(UnsafeBufferPointer(rebasing: parser.bytes[member.key]))
            if member.fillsEarlier { markContainerKey() }
            writeMerged(member.value, parser)
        }
    }

    /// Writes `value`, read by `parser` (whose bytes and offsets it refers to).
    private func writeMerged(_ value: MergedValue, _ parser: MergeParser) {
        switch value {
        case .raw(let range):
            let target = writer.count
            writer.write(UnsafeBufferPointer(rebasing: parser.bytes[range]))
            pendingToken = 0
            let first = parser.bytes[range.lowerBound]
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                // A container copied as it stands: the offsets kept inside it
                // move with it (a container key there may be filled by the
                // merge of an object around it).
                containerKeyStarts.insert(parser.containerKeys, in: range, movedTo: target)
                emptyValueStarts.insert(parser.emptyValues, in: range, movedTo: target)
                if !parser.ids.isEmpty { bracketIDs.insert(parser.ids, in: range, movedTo: target) }
            }
        case .emptyValue:
            writeEmptyObject()
        case .object(let object):
            openMerged(isObject: true, source: object.source, merged: object.merged.map { ($0, 0) }, parser)
            writeMembers(of: object, parser)
            closeTopFrame()
        case .array(let array):
            openMerged(isObject: false, source: array.source, merged: array.merged, parser)
            for element in array.elements {
                beginElement()
                writeMerged(element, parser)
            }
            closeTopFrame()
        }
    }

    /// Opens the container a merged value is written into: under the id of
    /// the container first written at `source` when the parser keeps ids (the
    /// containers merged into it, written at `merged` with the number of
    /// elements before theirs, are now one with it, and so are the abandoned
    /// super slots they held), else under a new one.
    private func openMerged(isObject: Bool, source: Int, merged: [(at: Int, base: Int)], _ parser: MergeParser) {
        guard parser.keepsIDs, let id = parser.ids.value(at: source) else {
            _ = openFrame(isObject: isObject)
            return
        }
        bracketIDs.insert(writer.count, id)
        pushFrame(id, isObject: isObject, component: nil)
        for occurrence in merged {
            guard let other = parser.ids.value(at: occurrence.at), other != id else { continue }
            valueStart.mergedInto[other] = id
            for (token, slot) in abandonedSuperTokens where slot.parent == other {
                abandonedSuperTokens[token] = SuperSlot(parent: id, key: slot.key,
                                                        element: slot.key == nil ? slot.element + occurrence.base : slot.element)
            }
        }
    }
}

/// A value read back from a core's output: what needs no merging stays bytes
/// of that output.
enum MergedValue {
    /// A string, number or literal, or a container no repeat reaches into:
    /// its bytes in the output, written as they are.
    case raw(Range<Int>)
    /// `{}` written for a value that encoded nothing.
    case emptyValue
    case object(MergedObject)
    case array(MergedArray)
}

/// An array read back, with where it was first written (``MergedObject/source``).
struct MergedArray {
    var elements: [MergedValue] = []
    var source: Int
    /// Where the arrays written into it later start, and how many elements
    /// were before theirs.
    var merged: [(at: Int, base: Int)] = []
}

/// An object whose repeated keys are merged as they are read.
final class MergedObject {
    struct Member {
        /// Where the key is in the output (escaped, without its quotes).
        var key: Range<Int>
        var value: MergedValue
        /// Whether the member, written again after an earlier one with its key,
        /// would go on filling that one's container: its first write opened a
        /// container and no later one replaced it.
        var fillsEarlier: Bool
    }

    /// A key's bytes, hashable, for the index of a large object.
    struct Key: Hashable {
        let bytes: UnsafeBufferPointer<UInt8>
        static func == (a: Key, b: Key) -> Bool { compareBytes(a.bytes, b.bytes) == 0 }
        func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var members: [Member] = []
    /// Where the object was first written (its `{` in ``bytes``).
    let source: Int
    /// Where the objects written into it later (a container key written again) start.
    var merged: [Int] = []
    /// Built once the object has more members than a scan should look through.
    private var index: [Key: Int]?

    init(bytes: UnsafeBufferPointer<UInt8>, source: Int) {
        self.bytes = bytes
        self.source = source
    }

    /// The place of the member with the key at `key`, if there is one.
    func place(of key: Range<Int>) -> Int? {
        let wanted = Key(bytes: UnsafeBufferPointer(rebasing: bytes[key]))
        if let index { return index[wanted] }
        for i in members.indices where members[i].key.count == key.count
            && Key(bytes: UnsafeBufferPointer(rebasing: bytes[members[i].key])) == wanted {
            return i
        }
        return nil
    }

    /// Adds a member (`opensContainer`: its key opened a container); a
    /// repeated key keeps its first place and takes the new value. Returns the
    /// value replaced, if any.
    @discardableResult
    func insert(key: Range<Int>, value: MergedValue, opensContainer: Bool) -> MergedValue? {
        if let i = place(of: key) {
            let replaced = members[i].value
            members[i].value = value
            members[i].fillsEarlier = false
            return replaced
        }
        members.append(Member(key: key, value: value, fillsEarlier: opensContainer))
        if index != nil {
            index![Key(bytes: UnsafeBufferPointer(rebasing: bytes[key]))] = members.count - 1
        } else if members.count > 16 {
            var built: [Key: Int] = [:]
            for (i, member) in members.enumerated() { built[Key(bytes: UnsafeBufferPointer(rebasing: bytes[member.key]))] = i }
            index = built
        }
        return nil
    }
}

/// Reads JSON written by `EncodingCore` (compact or pretty-printed; in merge
/// mode's output, with the patches `@index:` and `#index:` in arrays: see
/// `EncodingCore+Reopen.swift`) into a ``MergedValue``. The input is known to
/// be well formed.
struct MergeParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let containerKeys: OutputOffsets
    let reopenedKeys: Set<Int>
    let emptyValues: OutputOffsets
    var position = 0
    /// Whether a repeated key's value held a container or a `{}` (filled,
    /// replaced or dropped): the merged output then has containers that the
    /// input had not, or in another order (see ``ValueStart/reordered``).
    private(set) var movesContainers = false
    /// The ids of the containers of ``bytes`` by their offset there: those a
    /// merge before kept (``EncodingCore/bracketIDs``), or all of them when
    /// ``keepsIDs``.
    var ids = BracketIDs()
    /// Whether the merged containers are written under their ids.
    var keepsIDs = false

    /// Where a member of the object being closed stands (offsets into ``bytes``):
    /// its key's opening quote, its key (escaped, without quotes) and its value.
    struct MemberSpan {
        var keyStart: Int
        var key: Range<Int>
        var value: Range<Int>
    }

    /// The object whose members are `spans`, in order, merged by
    /// ``add(key:keyStart:to:_:)``; a value stays bytes unless a later member
    /// fills it.
    mutating func object(_ spans: [MemberSpan]) -> MergedObject {
        let object = MergedObject(bytes: bytes, source: 0)
        for span in spans {
            position = span.value.lowerBound
            add(key: span.key, keyStart: span.keyStart, to: object) { _ in .raw(span.value) }
        }
        return object
    }

    /// Adds to `object` the member whose key is `key` (its opening quote at
    /// `keyStart`) and whose value starts at ``position``: a container key (a
    /// key-path prefix or a nested container) or a reopened key over an object
    /// or array goes on filling that one, as Foundation's
    /// `nestedContainer(keyedBy:forKey:)` reuses the container already under
    /// the key; a reopened key over anything else is dropped (the container it
    /// wrote into is no longer held); any other key takes the value `take`
    /// gives, in the key's first place.
    private mutating func add(key: Range<Int>, keyStart: Int, to object: MergedObject,
                              _ take: (inout MergeParser) -> MergedValue) {
        let reopened = reopenedKeys.contains(keyStart)
        let opensContainer = containerKeys.contains(keyStart)
        if reopened || opensContainer, let i = object.place(of: key) {
            movesContainers = true
            if fill(&object.members[i].value) { return }
            if reopened {
                _ = value()
                return
            }
        }
        let new = take(&self)
        if let replaced = object.insert(key: key, value: new, opensContainer: opensContainer),
           holdsContainer(replaced) || holdsContainer(new) {
            movesContainers = true
        }
    }

    /// Whether `value` is or holds a container, or is a `{}` written for a value that encoded nothing.
    private func holdsContainer(_ value: MergedValue) -> Bool {
        if case .raw(let range) = value {
            return bytes[range.lowerBound] == UInt8(ascii: "{") || bytes[range.lowerBound] == UInt8(ascii: "[")
        }
        return true
    }

    mutating func value() -> MergedValue {
        switch bytes[position] {
        case UInt8(ascii: "{"):
            if emptyValues.contains(position) {
                position += 1
                skipSpace()
                position += 1
                return .emptyValue
            }
            let object = MergedObject(bytes: bytes, source: position)
            members(into: object)
            return .object(object)
        case UInt8(ascii: "["):
            var array = MergedArray(source: position)
            elements(into: &array.elements)
            return .array(array)
        case UInt8(ascii: "\""):
            let start = position
            skipString()
            return .raw(start..<position)
        default:
            let start = position
            position = bytes.skippingScalar(at: position)
            return .raw(start..<position)
        }
    }

    /// Reads the object at `position` into `object`, in order, each member
    /// merged by ``add(key:keyStart:to:_:)``.
    private mutating func members(into object: MergedObject) {
        position += 1
        skipSpace()
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            let keyStart = position
            skipString()
            let key = (keyStart + 1)..<(position - 1)
            skipSpace()
            position += 1 // ':'
            skipSpace()
            add(key: key, keyStart: keyStart, to: object) { $0.value() }
            skipSpace()
            let next = bytes[position]
            position += 1
            skipSpace()
            if next != UInt8(ascii: ",") { return }
        }
    }

    /// Whether an object (not a value that encoded nothing) or an array starts at `offset`.
    private func isContainer(at offset: Int) -> Bool {
        let byte = bytes[offset]
        return byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") && !emptyValues.contains(offset)
    }

    /// Moves past the white space of pretty-printed output.
    @inline(__always)
    private mutating func skipSpace() {
        position = bytes.skippingSpace(from: position)
    }

    /// Reads the object or array at `position` into `existing` if that is an
    /// object or an array too (a container's later writes); false, and nothing
    /// read, otherwise.
    private mutating func fill(_ existing: inout MergedValue) -> Bool {
        if case .raw(let range) = existing, isContainer(at: range.lowerBound), bytes[range.lowerBound] == bytes[position] {
            // A container copied so far: read it now, to fill it.
            let resume = position
            position = range.lowerBound
            existing = value()
            position = resume
        }
        switch (existing, bytes[position]) {
        case (.object(let object), UInt8(ascii: "{")) where !emptyValues.contains(position):
            object.merged.append(position)
            members(into: object)
            return true
        case (.array(var array), UInt8(ascii: "[")):
            existing = .emptyValue // drop the reference while appending
            array.merged.append((position, array.elements.count))
            elements(into: &array.elements)
            existing = .array(array)
            return true
        default:
            return false
        }
    }

    /// Appends the elements of the array at `position` to `elements`; a patch
    /// `@index:` fills the element at `index` (or is dropped if that element is
    /// not a container of the same kind), `#index:` replaces it.
    private mutating func elements(into elements: inout [MergedValue]) {
        position += 1
        skipSpace()
        if bytes[position] == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            let first = bytes[position]
            if first == UInt8(ascii: "@") || first == UInt8(ascii: "#") {
                position += 1
                var index = 0
                while bytes[position] != UInt8(ascii: ":") {
                    index = index &* 10 &+ Int(bytes[position] &- UInt8(ascii: "0"))
                    position += 1
                }
                position += 1
                if index >= elements.count {
                    // A patch addresses an element the array was written with:
                    // merge mode numbers them as it writes them. Past the end it
                    // is a bug of that numbering; a debug build (the tests) traps
                    // on it, a release build keeps the value as the next element.
                    assertionFailure("merge patch @\(index) past an array of \(elements.count) elements")
                    elements.append(value())
                } else if first == UInt8(ascii: "#") {
                    elements[index] = value()
                } else if !fill(&elements[index]) {
                    _ = value()
                }
            } else {
                elements.append(value())
            }
            skipSpace()
            let next = bytes[position]
            position += 1
            skipSpace()
            if next != UInt8(ascii: ",") { return }
        }
    }

    /// Moves past the string starting at `position`.
    private mutating func skipString() {
        position = bytes.skippingString(at: position)
    }
}
