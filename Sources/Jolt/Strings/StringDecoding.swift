#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a string's raw text (already validated by ``StringScanner``) into a
/// `String`, and compares raw text with a key without making one.
enum StringDecoding {
    /// The longest raw text ``string(_:count:escaped:)`` unescapes on the stack
    /// (`withUnsafeTemporaryAllocation` allocates on the heap beyond 1 KiB);
    /// ``DecodingContext`` unescapes longer text into a buffer it reuses.
    static var stackLimit: Int { 1024 }

    /// The string for raw text of `count` bytes at `p`.
    ///
    /// - Complexity: O(count). Text without escapes is read in place; escaped
    ///   text is unescaped into a temporary buffer first (never longer than the
    ///   raw text). Decoders go through ``DecodingContext/string(_:count:escaped:)``.
    @inline(__always)
    static func string(_ p: UnsafePointer<UInt8>, count: Int, escaped: Bool) -> String {
        if !escaped { return validString(p, count: count) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { buffer in
            let n = unescape(p, count: count, into: buffer.baseAddress!)
            return validString(buffer.baseAddress!, count: n)
        }
    }

    /// The `String` for `count` bytes of UTF-8 that a scanner has already
    /// validated (both reject ill-formed UTF-8 and lone surrogate escapes before
    /// a tape exists, and unescaping valid text gives valid UTF-8).
    ///
    /// `String(decoding:as:)` validates again, and on text that is not ASCII its
    /// validation costs several steps a byte. `UTF8Span(unchecked:)`
    /// takes the scanner's word for it (its documented precondition: the bytes
    /// are valid UTF-8, which both scanners guarantee), and the ASCII check
    /// here is a few loads a string.
    @inline(__always)
    static func validString(_ p: UnsafePointer<UInt8>, count: Int) -> String {
        let bytes = UnsafeBufferPointer(start: p, count: count)
        return unsafe String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII(p, count: count)))
    }

    /// Whether the `count` bytes at `p` (fewer than 16) are all ASCII: two
    /// overlapping words, or two overlapping halves of one, never reading
    /// outside the bytes.
    @inline(__always)
    static func isShortASCII(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(p)
        if count >= 8 {
            return (raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                & 0x8080_8080_8080_8080 == 0
        }
        if count >= 4 {
            return (raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
                & 0x8080_8080 == 0
        }
        var bits: UInt8 = 0
        for k in 0..<count { bits |= p[k] }
        return bits & 0x80 == 0
    }

    /// Whether the `count` bytes at `p` are all ASCII: sixty-four bytes a step
    /// through long text (four SSE2 loads and ors, one loop test), then sixteen
    /// a step, the last step overlapping the one before it; `isShortASCII`
    /// below sixteen bytes. (Sixteen bytes a step alone would spend a loop test
    /// and an increment on every load, a noticeable cost on long text.)
    @inline(__always)
    static func isASCII(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard count >= 16 else { return isShortASCII(p, count: count) }
        let raw = UnsafeRawPointer(p)
        var acc = raw.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self)
        var i = 0
        while i &+ 64 < count {
            acc |= raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                | raw.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD16<UInt8>.self)
                | raw.loadUnaligned(fromByteOffset: i &+ 32, as: SIMD16<UInt8>.self)
                | raw.loadUnaligned(fromByteOffset: i &+ 48, as: SIMD16<UInt8>.self)
            i &+= 64
        }
        while i &+ 16 < count {
            acc |= raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            i &+= 16
        }
        // Two trivial 16-byte types: the bits, reinterpreted.
        let halves = unsafeBitCast(acc, to: (UInt64, UInt64).self)
        return (halves.0 | halves.1) & 0x8080_8080_8080_8080 == 0
    }

    /// Writes the unescaped UTF-8 of validated raw text to `out`; returns its length.
    ///
    /// Runs between backslashes are found by ``backslashOffset(_:count:)`` and
    /// copied whole; an escape that directly follows another (escaped non-ASCII
    /// text) is read without a search, and a `\u` escape's digits as one word
    /// (``StringScanner/hex4Value(_:)``).
    static func unescape(_ p: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0
        var o = 0
        while i < count {
            if p[i] != UInt8(ascii: "\\") {
                let run = backslashOffset(p + i, count: count &- i)
                (out + o).update(from: p + i, count: run)
                o &+= run
                i &+= run
                if i >= count { break }
            }
            let e = p[i &+ 1]
            if _fastPath(e == UInt8(ascii: "u")) {
                // Validated: four hex digits, and a low surrogate's escape after a high one.
                var scalar = StringScanner.hex4Value(StringScanner.load32(p + (i &+ 2)))
                i &+= 6
                if _slowPath(scalar & 0xFC00 == 0xD800) {
                    let low = StringScanner.hex4Value(StringScanner.load32(p + (i &+ 2)))
                    i &+= 6
                    scalar = 0x10000 &+ ((scalar &- 0xD800) << 10) &+ (low &- 0xDC00)
                }
                o &+= encodeUTF8(scalar, into: out + o)
                continue
            }
            i &+= 2
            switch e {
            case UInt8(ascii: "b"): out[o] = 0x08
            case UInt8(ascii: "f"): out[o] = 0x0C
            case UInt8(ascii: "n"): out[o] = 0x0A
            case UInt8(ascii: "r"): out[o] = 0x0D
            case UInt8(ascii: "t"): out[o] = 0x09
            default: out[o] = e  // " \ /
            }
            o &+= 1
        }
        return o
    }

    /// The offset of the first backslash in the `count` bytes at `p`, or `count`.
    ///
    /// Short runs (escaped non-ASCII text has them between its escapes) are
    /// searched inline, byte by byte or as two overlapping words; longer ones
    /// by `memchr`, which is faster on the long runs of prose than a search
    /// sixteen bytes a step.
    @inline(__always)
    static func backslashOffset(_ p: UnsafePointer<UInt8>, count: Int) -> Int {
        if count >= 16 {
            guard let found = memchr(p, Int32(UInt8(ascii: "\\")), count) else { return count }
            return UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - p
        }
        if count >= 8 {
            // The first backslash of the last eight bytes is the first of all
            // when the first eight have none.
            let raw = UnsafeRawPointer(p)
            let first = StringScanner.bytesEqual(UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)), UInt8(ascii: "\\"))
            if first != 0 { return first.trailingZeroBitCount &>> 3 }
            let last = StringScanner.bytesEqual(
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)), UInt8(ascii: "\\"))
            return last != 0 ? count &- 8 &+ last.trailingZeroBitCount &>> 3 : count
        }
        var i = 0
        while i < count && p[i] != UInt8(ascii: "\\") { i &+= 1 }
        return i
    }

    @inline(__always)
    static func encodeUTF8(_ s: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if s < 0x80 {
            out[0] = UInt8(truncatingIfNeeded: s)
            return 1
        } else if s < 0x800 {
            out[0] = UInt8(truncatingIfNeeded: 0xC0 | s >> 6)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | s & 0x3F)
            return 2
        } else if s < 0x10000 {
            out[0] = UInt8(truncatingIfNeeded: 0xE0 | s >> 12)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | (s >> 6) & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | s & 0x3F)
            return 3
        } else {
            out[0] = UInt8(truncatingIfNeeded: 0xF0 | s >> 18)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | (s >> 12) & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | (s >> 6) & 0x3F)
            out[3] = UInt8(truncatingIfNeeded: 0x80 | s & 0x3F)
            return 4
        }
    }
}
