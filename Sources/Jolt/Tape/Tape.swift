#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The tape: the one structure both scanners emit and every decoder reads.
//
// A tape is a flat buffer of 16-byte entries, one per JSON value or object key,
// in document order. Nothing is converted while scanning: a string or number is
// recorded as the byte range it occupies in the input, so no `String` or
// `Double` is made until a decode asks for one, and a string without escapes is
// never copied. Each container records the index of the entry just past its
// last descendant, so a value nobody asked for is skipped in O(1).
//
// Entry layout (two `UInt64` words):
//
//     header:  [ kind: 4 bits | flags: 4 bits | byte offset in the input: 56 bits ]
//     payload: string        -> length in bytes of the raw text between the quotes
//              key           -> [ first 4 raw bytes, zero-padded: 32 bits | length: 32 bits ]
//              number        -> length in bytes of the number's text
//              null/true/false -> 0
//              array, object -> [ index just past the container: 32 bits | count: 32 bits ]
//
// For a string or key the offset is that of the first byte after the opening
// quote; for every other value it is that of the value's first byte. The flag
// `escaped` marks a string or key whose raw text contains a backslash (it must be
// unescaped to be read). Numbers carry no flag: whether one is an integer is
// found when it is parsed (the yajl backend would otherwise read each number twice).
// An object's count is its number of members; each member is a key entry
// followed by the value's entries. There are no end markers.
//
// Worked example. The 28-byte input
//
//     {"id":7,"tags":["a\n",true]}
//     0         1         2
//     0123456789012345678901234567
//
// becomes seven entries:
//
//     index  kind    flags    offset  payload
//     0      object           0       end 7, count 2
//     1      key              2       length 2          ("id"; prefix "id\0\0")
//     2      number           6       length 1          (7)
//     3      key              9       length 4          ("tags"; prefix "tags")
//     4      array            15      end 7, count 2
//     5      string  escaped  17      length 3          (a\n, raw)
//     6      true             22      0
//
// To skip the value of `tags` a reader jumps from entry 4 straight to its end, 7.
// To find the member `tags`, a reader compares each key entry's payload with
// `4 | "tags" << 32`: one integer compare per member, and the input is read only
// for keys longer than four bytes whose prefix matches.
//
// While decoding, the decoder may set two more flags on an object entry
// (`keysChecked`, `keysDistinct`) to remember that its keys are all different;
// scanners never set them.
//
// Both backends, yajl and the pure-Swift scanner, must produce exactly this
// tape for the same input: `Tape.==` compares entries and tests compare the two.

/// One tape entry. See the comment at the top of `Tape.swift` for the layout.
@usableFromInline
struct TapeEntry: Hashable, Sendable {
    @usableFromInline var header: UInt64
    @usableFromInline var payload: UInt64

    @inline(__always)
    init(header: UInt64, payload: UInt64) {
        self.header = header
        self.payload = payload
    }

    @inline(__always)
    init(kind: TapeKind, flags: UInt8 = 0, offset: Int, payload: UInt64) {
        self.header = UInt64(kind.rawValue) << 60 | UInt64(flags) << 56 | UInt64(truncatingIfNeeded: offset)
        self.payload = payload
    }

    @inlinable @inline(__always) var kind: TapeKind { TapeKind(rawValue: UInt8(truncatingIfNeeded: header >> 60))! }
    @inlinable @inline(__always) var rawKind: UInt8 { UInt8(truncatingIfNeeded: header >> 60) }
    @inlinable @inline(__always) var flags: UInt8 { UInt8(truncatingIfNeeded: header >> 56) & 0x0F }
    /// Byte offset of the value in the input (for strings and keys: after the opening quote).
    @inlinable @inline(__always) var offset: Int { Int(truncatingIfNeeded: header & 0x00FF_FFFF_FFFF_FFFF) }
    /// Length of a string's or key's raw text, or a number's text.
    @inlinable @inline(__always) var length: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }

    /// The payload of a key entry for `count` raw bytes at `p`: the length, and
    /// the first four bytes (little-endian, zero-padded) in the high half.
    @inline(__always)
    static func keySignature(_ p: UnsafePointer<UInt8>?, _ count: Int) -> UInt64 {
        var prefix: UInt64 = 0
        if count >= 4 {
            prefix = UInt64(UInt32(littleEndian: UnsafeRawPointer(p.unsafelyUnwrapped).loadUnaligned(as: UInt32.self)))
        } else {
            for k in 0..<count { prefix |= UInt64(p.unsafelyUnwrapped[k]) << (8 * UInt64(k)) }
        }
        return prefix << 32 | UInt64(truncatingIfNeeded: count)
    }
    /// For a container: the index of the entry just past its last descendant.
    @inlinable @inline(__always) var end: Int { Int(truncatingIfNeeded: payload >> 32) }
    /// For a container: elements of an array, members of an object.
    @inlinable @inline(__always) var count: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }
    @inlinable @inline(__always) var isEscaped: Bool { flags & TapeFlags.escaped != 0 }
}

/// The kind of a tape entry (4 bits).
@usableFromInline
enum TapeKind: UInt8, Sendable, CustomStringConvertible {
    case null = 1
    case `true` = 2
    case `false` = 3
    case number = 4
    case string = 5
    case key = 6
    case array = 7
    case object = 8

    @usableFromInline var description: String {
        switch self {
        case .null: "null"
        case .true: "true"
        case .false: "false"
        case .number: "number"
        case .string: "string"
        case .key: "key"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// Flag bits of a tape entry.
@usableFromInline
enum TapeFlags {
    /// A string or key whose raw text contains at least one escape sequence.
    @usableFromInline static let escaped: UInt8 = 1
    /// Set by the decoder on an object once it has checked its keys for duplicates.
    static let keysChecked: UInt8 = 2
    /// Set with `keysChecked` when the object's keys are known to be distinct.
    static let keysDistinct: UInt8 = 4
}

/// A finished tape. It owns its entries (until ``surrender()``); the input bytes
/// stay the caller's.
final class Tape: @unchecked Sendable {
    /// The entries; `entries[0]` is the root value.
    let entries: UnsafeMutablePointer<TapeEntry>
    /// Number of entries. One more, a `null`, follows them (see `TapeBuilder.finish`).
    let count: Int
    /// How many entries the memory at ``entries`` holds (`malloc`ed).
    let capacity: Int
    /// False once ``surrender()`` has handed the entries on.
    private var ownsEntries = true

    init(entries: UnsafeMutablePointer<TapeEntry>, count: Int, capacity: Int) {
        self.entries = entries
        self.count = count
        self.capacity = capacity
    }

    deinit {
        if ownsEntries { free(entries) }
    }

    /// Hands the entries' memory to the caller, who frees it or gives it to the
    /// next ``TapeBuilder``; the tape must not be read afterwards. Only for a
    /// tape nothing else holds (see ``DecodeScratch/keepSpareTape(_:)``).
    func surrender() -> TapeStorage {
        precondition(ownsEntries, "a tape's entries surrendered twice")
        ownsEntries = false
        return TapeStorage(entries: entries, capacity: capacity)
    }

    @inline(__always) subscript(index: Int) -> TapeEntry {
        entries[index]
    }

    /// The index just past the value at `index` (its next sibling).
    @inline(__always) func next(after index: Int) -> Int {
        entries[index].sibling(after: index)
    }

    /// The entries as an array, for tests and debugging.
    var allEntries: [TapeEntry] {
        Array(UnsafeBufferPointer(start: entries, count: count))
    }
}

extension Tape: Equatable {
    static func == (lhs: Tape, rhs: Tape) -> Bool {
        lhs.count == rhs.count && lhs.allEntries == rhs.allEntries
    }
}

extension Tape: CustomDebugStringConvertible {
    var debugDescription: String {
        var lines: [String] = []
        for i in 0..<count {
            let e = entries[i]
            var line = "\(i)\t\(e.kind)\t@\(e.offset)"
            switch e.kind {
            case .array, .object: line += "\tend \(e.end) count \(e.count)"
            case .string, .key, .number:
                line += "\tlength \(e.length)"
                if e.isEscaped { line += " escaped" }
            default: break
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// The `malloc`ed memory of a finished tape's entries, handed to the next
/// ``TapeBuilder`` so that a decoder's next decode does not allocate its tape
/// again (see ``DecodeScratch``).
struct TapeStorage {
    let entries: UnsafeMutablePointer<TapeEntry>
    /// Entries the memory holds.
    let capacity: Int
}
