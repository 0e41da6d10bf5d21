/// Strings of at most 15 bytes of validated UTF-8, made straight in the
/// standard library's small-string form: two words holding the bytes, their
/// count and whether they are ASCII, with no heap storage.
///
/// The standard library stores such a string in that form whatever made it.
/// `String(copying:)` gets there through a generic copy, a second ASCII check
/// and a call per string: about 130 instructions for a 6-byte string
/// (callgrind, JoltMacroBench's twitter.json on the direct path), where the
/// bytes need two loads and an or.
///
/// The form is the standard library's (its `_StringObject`, fixed by its ABI on
/// 64-bit platforms: bytes 0-7 in the first word, bytes 8-14 and a
/// discriminator byte, `0xE0 | count` for ASCII and `0xA0 | count` otherwise,
/// in the second). Jolt does not take that on trust: ``isAvailable`` makes
/// strings of every length both ways once, and unless the bits and the strings
/// agree, every string is made by `String(copying:)`.
///
/// ```swift
/// let s = SmallStrings.isAvailable && count <= SmallStrings.capacity
///     ? SmallStrings.make(p, count: count, isASCII: ascii)
///     : String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)
/// ```
enum SmallStrings {
    /// The most bytes a small string holds.
    static var capacity: Int { 15 }

    /// Whether ``make(_:count:isASCII:)`` makes the strings the standard library
    /// makes: checked once per process, on this platform's 64-bit little-endian
    /// layout only.
    static let isAvailable: Bool = {
        #if _pointerBitWidth(_64) && _endian(little)
        guard MemoryLayout<String>.size == 16 else { return false }
        let samples = ["", "a", "ab", "abc", "abcd", "abcde", "abcdefg", "abcdefgh", "abcdefghi",
                       "abcdefghijklmno", "é", "日本", "aé", "abcdefghijklmé", "\u{0}\u{7F}", "x\u{1F600}y"]
        for sample in samples {
            var text = sample
            let expected = text.withUTF8 { String(decoding: $0, as: UTF8.self) }
            let made = text.withUTF8 { bytes in
                make(bytes.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped, count: bytes.count,
                     isASCII: bytes.allSatisfy { $0 < 0x80 })
            }
            guard unsafeBitCast(made, to: (UInt64, UInt64).self) == unsafeBitCast(expected, to: (UInt64, UInt64).self),
                  made == expected, made.utf8.count == expected.utf8.count,
                  made.unicodeScalars.elementsEqual(expected.unicodeScalars) else { return false }
        }
        return true
        #else
        return false
        #endif
    }()

    /// The string of the `count` (at most ``capacity``) bytes of valid UTF-8 at
    /// `p`, whose ASCII-ness the caller knows. Reads only those bytes.
    @inline(__always)
    static func make(_ p: UnsafePointer<UInt8>, count: Int, isASCII: Bool) -> String {
        let raw = UnsafeRawPointer(p)
        var low: UInt64 = 0
        var high: UInt64 = 0
        if count >= 8 {
            low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            // Bytes count-8 ..< count; the ones past the first eight moved down.
            high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) >> (8 * (16 - count))
        } else if count >= 4 {
            // Two overlapping halves: the bytes they share are the same bytes.
            low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
                | UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))) << (8 * (count &- 4))
        } else {
            for k in 0..<count { low |= UInt64(p[k]) << (8 * UInt64(k)) }
        }
        let discriminator: UInt64 = isASCII ? 0xE0 : 0xA0
        high |= (discriminator | UInt64(truncatingIfNeeded: count)) << 56
        // Moved out of the words' memory: `unsafeBitCast` would give a string the
        // compiler then copies (a call to swift_bridgeObjectRetain per string,
        // which does nothing for a small one).
        var words = (low, high)
        return withUnsafeMutablePointer(to: &words) {
            $0.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
        }
    }
}
