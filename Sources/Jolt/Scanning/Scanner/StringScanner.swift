#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the end of a JSON string and validates it strictly, for both backends.
///
/// RFC 8259 with no leniency: no raw control characters, only the escapes
/// `\" \\ \/ \b \f \n \r \t \uXXXX`, surrogate escapes only as valid high-low
/// pairs, and well-formed UTF-8 (no overlong forms, no encoded surrogates, nothing
/// above U+10FFFF). `\u0000` is allowed. The yajl backend uses the same checks
/// (``scanUTF8(_:at:start:end:)`` in its whole-input UTF-8 pass,
/// ``checkSurrogateEscapes(_:from:close:)`` on every escaped string), so yajl's
/// laxness never reaches the tape.
enum StringScanner {
    /// Scans the string whose content starts at `start` (just after the quote).
    ///
    /// - Returns: the index of the closing quote and whether an escape was seen.
    /// - Throws: a ``ScanError`` at the first offending byte; `.unterminatedString`
    ///   (at the opening quote) when the input ends first.
    /// - Complexity: O(length), sixteen bytes at a time through plain ASCII.
    @_transparent
    static func scan(_ p: UnsafePointer<UInt8>, from start: Int, end: Int) throws(ScanError) -> (close: Int, escaped: Bool) {
        var i = start
        var escaped = false
        while true {
            // Straight to the first byte that needs a look (a quote ends most
            // strings within the first step), not byte by byte to it.
            run: do {
                while i &+ 16 <= end {
                    let (low, high) = attentionMask(load16(p + i))
                    if low | high != 0 {
                        i &+= (low != 0 ? low.trailingZeroBitCount : 64 &+ high.trailingZeroBitCount) &>> 3
                        break run
                    }
                    i &+= 16
                    // Past sixteen bytes of plain text (prose, a URL): thirty-two a
                    // step, one test for both masks, so half the loop tests and
                    // branches. Short strings never get here.
                    while i &+ 32 <= end {
                        let (low, high) = attentionMask(load16(p + i))
                        let (low2, high2) = attentionMask(load16(p + (i &+ 16)))
                        if low | high | low2 | high2 != 0 {
                            if low | high != 0 {
                                i &+= (low != 0 ? low.trailingZeroBitCount : 64 &+ high.trailingZeroBitCount) &>> 3
                            } else {
                                i &+= 16 &+ (low2 != 0 ? low2.trailingZeroBitCount : 64 &+ high2.trailingZeroBitCount) &>> 3
                            }
                            break run
                        }
                        i &+= 32
                    }
                }
                // Fewer than 16 bytes of input left.
                while i &+ 8 <= end {
                    let attention = attentionMask(UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)))
                    if attention != 0 {
                        i &+= attention.trailingZeroBitCount &>> 3
                        break run
                    }
                    i &+= 8
                }
            }
            guard i < end else { throw ScanError(.unterminatedString, at: start &- 1) }
            let c = p[i]
            if c == UInt8(ascii: "\"") {
                return (i, escaped)
            } else if c == UInt8(ascii: "\\") {
                escaped = true
                // Escapes often follow each other (escaped non-ASCII text): the
                // next one is taken without a search step.
                repeat {
                    i = try scanEscape(p, at: i, start: start, end: end)
                } while i < end && p[i] == UInt8(ascii: "\\")
            } else if c < 0x20 {
                throw ScanError(.unescapedControlCharacter, at: i)
            } else if c < 0x80 {
                i &+= 1
            } else {
                i = try scanUTF8(p, at: i, start: start, end: end)
            }
        }
    }

    /// A mask that is non-zero iff any of the eight bytes of `w` (little-endian: the
    /// first byte lowest) is `"`, `\`, below 0x20 or above 0x7F, and whose lowest
    /// set bit is the high bit of the first such byte: each of its four parts
    /// flags that byte exactly and may flag others only above one it flags (a
    /// borrow runs only towards higher bytes).
    @inline(__always)
    static func attentionMask(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (w &- ones &* 0x20) & ~w & highs
        return bytesEqual(w, UInt8(ascii: "\"")) | bytesEqual(w, UInt8(ascii: "\\")) | control | (w & highs)
    }

    /// The 16 bytes at `p`, read unaligned. (A fixed-size copy, which compiles to
    /// one load: `loadUnaligned(as: SIMD16<UInt8>.self)` can stay a call at one of
    /// the scan's two places.)
    @inline(__always)
    static func load16(_ p: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
        var v = SIMD16<UInt8>()
        withUnsafeMutableBytes(of: &v) { $0.baseAddress.unsafelyUnwrapped.copyMemory(from: p, byteCount: 16) }
        return v
    }

    /// The eight-byte `attentionMask` for sixteen bytes, as the masks of their
    /// first and last eight (little-endian). Each byte is tested in its own lane,
    /// so no borrow crosses bytes and every flag is exact: a byte's high bit is
    /// set iff it is `"`, `\`, below 0x20 or above 0x7F. Written with wrapping
    /// arithmetic and masks, which compile to SSE2 instructions (about one per
    /// byte of text against two for the eight-byte word); `.==` and `.<` on
    /// `SIMD16` compile to a loop over the lanes.
    @inline(__always)
    static func attentionMask(_ v: SIMD16<UInt8>) -> (UInt64, UInt64) {
        let quote = v ^ SIMD16(repeating: UInt8(ascii: "\""))
        let backslash = v ^ SIMD16(repeating: UInt8(ascii: "\\"))
        // x == 0 iff the high bit of (x - 1) & ~x is set; v < 0x20 or v > 0x7F
        // iff the high bit of (v - 0x20) | v is.
        let flags = ((quote &- 1) & ~quote) | ((backslash &- 1) & ~backslash) | (v &- 0x20) | v
        // Two trivial 16-byte types: the bits, reinterpreted.
        let halves = unsafeBitCast(flags, to: (UInt64, UInt64).self)
        let highs: UInt64 = 0x8080_8080_8080_8080
        return (UInt64(littleEndian: halves.0) & highs, UInt64(littleEndian: halves.1) & highs)
    }

    /// The classic zero-byte test on `w` XORed with `byte` repeated: the high bit
    /// of each byte of `w` equal to `byte` is set (and maybe of bytes above one,
    /// as a borrow only runs towards higher bytes), so the result is non-zero iff
    /// `w` holds `byte`, and its lowest set bit marks the first such byte exactly.
    @inline(__always)
    static func bytesEqual(_ w: UInt64, _ byte: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let x = w ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & 0x8080_8080_8080_8080
    }

    /// Validates the escape whose backslash is at `i`; returns the index after it.
    @inline(__always)
    static func scanEscape(_ p: UnsafePointer<UInt8>, at i: Int, start: Int, end: Int) throws(ScanError) -> Int {
        guard i &+ 1 < end else { throw ScanError(.unterminatedString, at: start &- 1) }
        switch p[i &+ 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i &+ 2
        case UInt8(ascii: "u"):
            // Most escapes: four valid digits, not a surrogate; no value needed.
            if _fastPath(i &+ 6 <= end) {
                let w = load32(p + (i &+ 2))
                if _fastPath(isHex4(w) && !isSurrogate(w)) { return i &+ 6 }
            }
            let unit = try hex4(p, at: i &+ 2, escapeAt: i, start: start, end: end)
            if unit & 0xF800 != 0xD800 { return i &+ 6 }
            // A surrogate: it must be a high one followed by an escaped low one.
            guard unit < 0xDC00 else { throw ScanError(.invalidSurrogate, at: i) }
            // Whatever follows must be `\u`: anything else (a closing quote included)
            // makes the high surrogate unpaired; only the end of the input makes the
            // string unterminated.
            guard i &+ 6 < end else { throw ScanError(.unterminatedString, at: start &- 1) }
            guard p[i &+ 6] == UInt8(ascii: "\\") else { throw ScanError(.invalidSurrogate, at: i) }
            guard i &+ 7 < end else { throw ScanError(.unterminatedString, at: start &- 1) }
            guard p[i &+ 7] == UInt8(ascii: "u") else { throw ScanError(.invalidSurrogate, at: i) }
            let low = try hex4(p, at: i &+ 8, escapeAt: i &+ 6, start: start, end: end)
            guard low & 0xFC00 == 0xDC00 else { throw ScanError(.invalidSurrogate, at: i) }
            return i &+ 12
        default:
            throw ScanError(.invalidEscape, at: i)
        }
    }

    /// The value of the four hexadecimal digits at `i`, read as one word when
    /// they are all there and valid; otherwise digit by digit, for the error.
    @inline(__always)
    static func hex4(_ p: UnsafePointer<UInt8>, at i: Int, escapeAt: Int, start: Int, end: Int) throws(ScanError) -> UInt32 {
        if _fastPath(i &+ 4 <= end), let value = hex4(word: load32(p + i)) { return value }
        return try hex4Slowly(p, at: i, escapeAt: escapeAt, start: start, end: end)
    }

    @inline(never)
    static func hex4Slowly(_ p: UnsafePointer<UInt8>, at i: Int, escapeAt: Int, start: Int, end: Int) throws(ScanError) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 {
            guard i &+ k < end else { throw ScanError(.unterminatedString, at: start &- 1) }
            guard let digit = hexValue(p[i &+ k]) else { throw ScanError(.invalidUnicodeEscape, at: escapeAt) }
            value = value << 4 | digit
        }
        return value
    }

    /// The four bytes at `p`, read unaligned, the first lowest.
    @inline(__always)
    static func load32(_ p: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
    }

    /// The value of the four hexadecimal digits in `w` (the first lowest), or
    /// nil when any of its bytes is not one. Every byte is tested in its own
    /// lane, with no branch per digit (an escape's digits mix `0-9` and `A-F`
    /// unpredictably): with each byte below 0x80, adding a constant to a byte
    /// sets its high bit without carrying into the next one.
    @inline(__always)
    static func hex4(word w: UInt32) -> UInt32? {
        isHex4(w) ? hex4Value(w) : nil
    }

    /// Whether the four bytes in `w` are all hexadecimal digits (see ``hex4(word:)``).
    @inline(__always)
    static func isHex4(_ w: UInt32) -> Bool {
        let highs: UInt32 = 0x8080_8080
        let ascii = ~w & highs
        // 0x30...0x39: at least 0x30 and not at least 0x3A.
        let digit = (w &+ 0x5050_5050) & ~(w &+ 0x4646_4646)
        // 0x61...0x66 once lowercased.
        let lower = w | 0x2020_2020
        let letter = (lower &+ 0x1F1F_1F1F) & ~(lower &+ 0x1919_1919)
        return (digit | letter) & ascii == highs
    }

    /// Whether four valid hexadecimal digits in `w` (the first lowest) are a
    /// surrogate, D800...DFFF: a first digit `d` or `D` and a second at least `8`
    /// (the letters are above the digits).
    @inline(__always)
    static func isSurrogate(_ w: UInt32) -> Bool {
        (w | 0x20) & 0xFF == UInt32(UInt8(ascii: "d")) && (w >> 8) & 0xFF >= UInt32(UInt8(ascii: "8"))
    }

    /// The value of four valid hexadecimal digits in `w` (the first lowest):
    /// each digit's value is its low nibble, plus 9 for a letter (bit 6 set).
    @inline(__always)
    static func hex4Value(_ w: UInt32) -> UInt32 {
        let nibbles = (w & 0x0F0F_0F0F) &+ ((w >> 6) & 0x0101_0101) &* 9
        // Lane 0: the first digit << 4 | the second; lane 2: the third's and fourth's.
        let pairs = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF
        return (pairs & 0xFF) << 8 | pairs >> 16
    }

    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c &- UInt8(ascii: "A") &+ 10)
        default: nil
        }
    }

    /// Validates the multi-byte UTF-8 sequence starting at `first` (Unicode Table
    /// 3-7) and the ones that directly follow it; returns the index after the last.
    ///
    /// Two- and three-byte sequences whose lead byte puts no limit on the second
    /// byte (all of them but those led by E0 and ED: most accented Latin, Greek,
    /// Cyrillic, CJK and kana text) are checked inline, without leaving the run;
    /// the rest goes through ``scanUTF8Sequence(_:at:start:end:)``. The inline
    /// checks test the bytes of a sequence together, as one 32-bit word (half
    /// the work of testing them one by one).
    @inline(__always)
    static func scanUTF8(_ p: UnsafePointer<UInt8>, at first: Int, start: Int, end: Int) throws(ScanError) -> Int {
        var i = first
        repeat {
            if _fastPath(i &+ 4 <= end) {
                // The lead byte is the word's lowest byte.
                let w = UInt32(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt32.self))
                // E1...EC or EE...EF, then two continuation bytes.
                if w & 0x00C0_C0F0 == 0x0080_80E0 {
                    let c0 = w & 0xFF
                    if c0 != 0xE0 && c0 != 0xED {
                        i &+= 3
                        continue
                    }
                } else if w & 0xC0E0 == 0x80C0 && w & 0xFF >= 0xC2 {
                    // C2...DF, then a continuation byte.
                    i &+= 2
                    continue
                }
            }
            i = try scanUTF8Sequence(p, at: i, start: start, end: end)
        } while i < end && p[i] >= 0x80
        return i
    }

    /// Validates the one multi-byte UTF-8 sequence starting at `i` (Unicode Table 3-7).
    @inline(never)
    static func scanUTF8Sequence(_ p: UnsafePointer<UInt8>, at i: Int, start: Int, end: Int) throws(ScanError) -> Int {
        let c0 = p[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch c0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw ScanError(.invalidUTF8, at: i)
        }
        guard i &+ length <= end else {
            // Check what is there before blaming the end of input.
            var k = i &+ 1
            while k < end {
                let c = p[k]
                if k == i &+ 1 ? (c < low || c > high) : (c & 0xC0 != 0x80) { throw ScanError(.invalidUTF8, at: i) }
                k &+= 1
            }
            throw ScanError(.unterminatedString, at: start &- 1)
        }
        let c1 = p[i &+ 1]
        guard c1 >= low && c1 <= high else { throw ScanError(.invalidUTF8, at: i) }
        if length > 2 {
            guard p[i &+ 2] & 0xC0 == 0x80 else { throw ScanError(.invalidUTF8, at: i) }
            if length > 3 {
                guard p[i &+ 3] & 0xC0 == 0x80 else { throw ScanError(.invalidUTF8, at: i) }
            }
        }
        return i &+ length
    }

    /// Checks only the `\u` escapes of a string whose other rules were already
    /// enforced (by yajl's lexer and a whole-input UTF-8 pass): every surrogate
    /// escape must be a high one followed by a low one.
    ///
    /// - Parameters:
    ///   - start: the first byte of the raw text; `close`: the closing quote.
    /// - Complexity: O(close - start), jumping from backslash to backslash.
    static func checkSurrogateEscapes(_ p: UnsafePointer<UInt8>, from start: Int, close: Int) throws(ScanError) {
        var i = start
        while i < close {
            // Escapes often follow each other (escaped non-ASCII text): look at the
            // next byte before calling memchr.
            if p[i] != UInt8(ascii: "\\") {
                guard let found = memchr(p + i, Int32(UInt8(ascii: "\\")), close &- i) else { return }
                i = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - p
            }
            guard p[i &+ 1] == UInt8(ascii: "u") else {
                i &+= 2
                continue
            }
            // yajl has checked the four hex digits. A surrogate's first one is d or D.
            if p[i &+ 2] | 0x20 != UInt8(ascii: "d") {
                i &+= 6
                continue
            }
            let unit = hex4Unchecked(p + (i &+ 2))
            if unit & 0xF800 != 0xD800 {
                i &+= 6
                continue
            }
            guard unit < 0xDC00, i &+ 12 <= close,
                  p[i &+ 6] == UInt8(ascii: "\\"), p[i &+ 7] == UInt8(ascii: "u"),
                  hex4Unchecked(p + (i &+ 8)) & 0xFC00 == 0xDC00 else {
                throw ScanError(.invalidSurrogate, at: i)
            }
            i &+= 12
        }
    }

    /// Four hexadecimal digits known to be valid; a non-hex byte reads as 0x10000
    /// so that it cannot pass for a surrogate.
    @inline(__always)
    static func hex4Unchecked(_ p: UnsafePointer<UInt8>) -> UInt32 {
        hex4(word: load32(p)) ?? 0x10000
    }
}
