#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Merge mode: the slow path for the values a one-pass writer cannot place.
//
// `EncodingCore` writes each member where it stands, so it cannot go back into
// an object it closed. Legal encodes need that:
// - keys sharing a key-path prefix encoded apart (`location.city`, `name`,
//   `location.zip` with `keyPathSeparator = "."`): one `location` object;
// - a key written twice into one object: the last value wins, and a nested
//   container asked for twice is one object (Foundation's behaviour);
// - a container or a super encoder used after its parent went on (see
//   `EncodingCore+Reopen.swift`).
// Such a value is encoded again by a merge-mode core (compact, unsorted, repeats
// allowed, the places of container keys recorded, closed containers opened
// again by address), its output is read back into a small tree in which the
// repeats are merged, and the tree is written with the real formatting by the
// same code as any other value (`writeKey`, `openFrame`, `closeTopFrame`), so
// spacing, escaping and key sorting stay Foundation's.

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
        wroteRepeatedKey || usedContainersOutOfOrder
    }

    /// Forgets everything written since `mark`, and the flags a value raised.
    func rewind(to mark: Mark) {
        writer.count = mark.count
        frames.removeLast(frames.count - mark.frames)
        members.removeLast(members.count - mark.members)
        topID = frames.last?.id ?? 0
        pendingToken = 0
        failure = nil
        wroteRepeatedKey = false
        usedContainersOutOfOrder = false
        nestedTooDeeply = false
    }

    /// Records that the member key just written opens a container (merge mode).
    func markContainerKey() {
        if let last = members.last { containerKeyStarts.insert(last.start) }
    }

    /// Writes, at the current position and with this core's formatting, the
    /// compact JSON in `bytes` with its repeated keys merged. `containerKeys`
    /// and `emptyValues` are byte offsets into `bytes` (see ``containerKeyStarts``
    /// and ``emptyValueStarts``).
    func writeMerged(_ bytes: UnsafeBufferPointer<UInt8>, containerKeys: Set<Int> = [], reopenedKeys: Set<Int> = [],
                     emptyValues: Set<Int> = []) {
        guard !bytes.isEmpty else { return }
        var parser = MergeParser(bytes: bytes, containerKeys: containerKeys, reopenedKeys: reopenedKeys, emptyValues: emptyValues)
        let value = parser.value()
        writeMerged(value, bytes)
    }

    /// Writes the merge-mode output of `source` (see ``writeMerged(_:containerKeys:reopenedKeys:emptyValues:)``).
    func writeMerged(from source: EncodingCore) {
        writeMerged(UnsafeBufferPointer(start: source.writer.base, count: source.writer.count),
                    containerKeys: source.containerKeyStarts, reopenedKeys: source.merge.reopenedKeys,
                    emptyValues: source.emptyValueStarts)
    }

    private func writeMerged(_ value: MergedValue, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch value {
        case .raw(let range):
            writer.write(UnsafeBufferPointer(rebasing: bytes[range]))
            pendingToken = 0
        case .emptyValue:
            writeEmptyObject()
        case .object(let object):
            _ = openFrame(isObject: true)
            for member in object.members {
                writeEscapedKey(UnsafeBufferPointer(rebasing: bytes[member.key]))
                writeMerged(member.value, bytes)
            }
            closeTopFrame()
        case .array(let elements):
            _ = openFrame(isObject: false)
            for element in elements {
                beginElement()
                writeMerged(element, bytes)
            }
            closeTopFrame()
        }
    }
}

/// A value read back from merge-mode output: scalars stay bytes of that output.
enum MergedValue {
    /// A string, number or literal: its bytes in the output, written as they are.
    case raw(Range<Int>)
    /// `{}` written for a value that encoded nothing.
    case emptyValue
    case object(MergedObject)
    case array([MergedValue])
}

/// An object whose repeated keys are merged as they are read.
final class MergedObject {
    struct Member {
        /// Where the key is in the output (escaped, without its quotes).
        var key: Range<Int>
        var value: MergedValue
    }

    /// A key's bytes, hashable, for the index of a large object.
    struct Key: Hashable {
        let bytes: UnsafeBufferPointer<UInt8>
        static func == (a: Key, b: Key) -> Bool { compareBytes(a.bytes, b.bytes) == 0 }
        func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var members: [Member] = []
    /// Built once the object has more members than a scan should look through.
    private var index: [Key: Int]?

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
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

    /// Adds a member; a repeated key keeps its first place and takes the new value.
    func insert(key: Range<Int>, value: MergedValue) {
        if let i = place(of: key) {
            members[i].value = value
            return
        }
        members.append(Member(key: key, value: value))
        if index != nil {
            index![Key(bytes: UnsafeBufferPointer(rebasing: bytes[key]))] = members.count - 1
        } else if members.count > 16 {
            var built: [Key: Int] = [:]
            for (i, member) in members.enumerated() { built[Key(bytes: UnsafeBufferPointer(rebasing: bytes[member.key]))] = i }
            index = built
        }
    }
}

/// Reads merge-mode output (compact JSON written by `EncodingCore`, with the
/// patches `@index:` and `#index:` in arrays: see `EncodingCore+Reopen.swift`)
/// into a ``MergedValue``. The input is known to be well formed.
struct MergeParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let containerKeys: Set<Int>
    let reopenedKeys: Set<Int>
    let emptyValues: Set<Int>
    var position = 0

    mutating func value() -> MergedValue {
        switch bytes[position] {
        case UInt8(ascii: "{"):
            if emptyValues.contains(position) {
                position += 2
                return .emptyValue
            }
            let object = MergedObject(bytes: bytes)
            members(into: object)
            return .object(object)
        case UInt8(ascii: "["):
            var elements: [MergedValue] = []
            self.elements(into: &elements)
            return .array(elements)
        case UInt8(ascii: "\""):
            let start = position
            skipString()
            return .raw(start..<position)
        default:
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { break }
                position += 1
            }
            return .raw(start..<position)
        }
    }

    /// Reads the object at `position` into `object`, in order: a repeated key
    /// takes the new value, except that a container key (a key-path prefix or a
    /// nested container) over an object or array goes on filling that one, as
    /// Foundation's `nestedContainer(keyedBy:forKey:)` reuses the container
    /// already under the key.
    private mutating func members(into object: MergedObject) {
        position += 1
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            let keyStart = position
            skipString()
            let key = (keyStart + 1)..<(position - 1)
            position += 1 // ':'
            let reopened = reopenedKeys.contains(keyStart)
            if reopened || containerKeys.contains(keyStart), let i = object.place(of: key) {
                if !fill(&object.members[i].value) {
                    if reopened {
                        _ = value()
                    } else {
                        object.insert(key: key, value: value())
                    }
                }
            } else {
                object.insert(key: key, value: value())
            }
            let next = bytes[position]
            position += 1
            if next != UInt8(ascii: ",") { return }
        }
    }

    /// Reads the object or array at `position` into `existing` if that is an
    /// object or an array too (a container's later writes); false, and nothing
    /// read, otherwise.
    private mutating func fill(_ existing: inout MergedValue) -> Bool {
        switch (existing, bytes[position]) {
        case (.object(let object), UInt8(ascii: "{")) where !emptyValues.contains(position):
            members(into: object)
            return true
        case (.array(var array), UInt8(ascii: "[")):
            existing = .emptyValue // drop the reference while appending
            elements(into: &array)
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
                    elements.append(value())
                } else if first == UInt8(ascii: "#") {
                    elements[index] = value()
                } else if !fill(&elements[index]) {
                    _ = value()
                }
            } else {
                elements.append(value())
            }
            let next = bytes[position]
            position += 1
            if next != UInt8(ascii: ",") { return }
        }
    }

    /// Moves past the string starting at `position`.
    private mutating func skipString() {
        position += 1
        while bytes[position] != UInt8(ascii: "\"") {
            position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        position += 1
    }
}
