/// Validates a whole buffer as strict UTF-8 (Unicode Table 3-7: no overlong
/// forms, no encoded surrogates, nothing above U+10FFFF), 64 bytes at a time
/// through ASCII.
///
/// The yajl backend runs it once over the input instead of validating each string:
/// a byte above 0x7F is valid JSON only inside a string, so "the input is valid
/// UTF-8" and "every string is valid UTF-8" accept the same documents. The same
/// pass looks for the two bytes yajl wrongly skips as whitespace.
enum UTF8Validator {
    /// Whether `p[start..<end]` is well-formed UTF-8 without a vertical tab (0x0B)
    /// or form feed (0x0C) byte. Neither byte is valid anywhere in JSON (raw, they
    /// are neither whitespace nor allowed in strings), but yajl takes them for
    /// whitespace; a document holding one is handed to the Swift scanner for its error.
    /// - Complexity: O(n), one pass.
    static func isWellFormedWithoutVTOrFF(_ p: UnsafePointer<UInt8>, from start: Int, end: Int) -> Bool {
        wellFormedPrefix(p, from: start, end: end).end == end
    }

    /// How much of `p[start..<end]` is well-formed UTF-8 without a vertical tab
    /// or form feed, for input that arrives in pieces (a stream): `end` if all
    /// of it; else the offset of the first sequence that is not, and whether it
    /// is `invalid` (false: only cut off by `end`, so that the bytes after `end`
    /// may complete it).
    /// - Complexity: O(n), one pass.
    static func wellFormedPrefix(_ p: UnsafePointer<UInt8>, from start: Int, end: Int) -> (end: Int, invalid: Bool) {
        let plus75 = SIMD16<UInt8>(repeating: 0x75)
        let plus73 = SIMD16<UInt8>(repeating: 0x73)
        var i = start
        @inline(__always) func vtOrFF(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> { (v &+ plus75) & ~(v &+ plus73) }
        while i < end {
            // 64 bytes a step while they are all ASCII without VT or FF; the
            // steps below find out which and where.
            while i &+ 64 <= end {
                let a = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self)
                let b = UnsafeRawPointer(p + (i &+ 16)).loadUnaligned(as: SIMD16<UInt8>.self)
                let c = UnsafeRawPointer(p + (i &+ 32)).loadUnaligned(as: SIMD16<UInt8>.self)
                let d = UnsafeRawPointer(p + (i &+ 48)).loadUnaligned(as: SIMD16<UInt8>.self)
                if anyHighBit((a | b | c | d) | (vtOrFF(a) | vtOrFF(b) | vtOrFF(c) | vtOrFF(d))) { break }
                i &+= 64
            }
            while i &+ 32 <= end {
                let a = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self)
                let b = UnsafeRawPointer(p + (i &+ 16)).loadUnaligned(as: SIMD16<UInt8>.self)
                // For a byte below 0x80, adding 0x75 (0x80 - 0x0B) or 0x73 (0x80 - 0x0D)
                // never overflows: its high bit is then set by the first sum iff it
                // is >= 0x0B, and by the second iff it is >= 0x0D. (Written with
                // wrapping adds and masks, which compile to SSE2 instructions; `.==`
                // on SIMD16 compiles to a loop over the lanes.) One test covers
                // both cases, non-ASCII bytes and VT or FF; the byte loop below
                // tells which it was, and where.
                if anyHighBit(a | b | vtOrFF(a) | vtOrFF(b)) { break }
                i &+= 32
            }
            // At least one of the next 32 bytes is not ASCII (or fewer than 32 are
            // left): take them one by one before trying whole words again, so that
            // text mixing ASCII and multi-byte characters is not re-read.
            let stop = min(i &+ 16, end)
            while i < stop {
                if i &+ 8 <= end {
                    // Straight to the first byte that is not ASCII or is VT or FF,
                    // a word at a time. (Adds across the word: a byte above 0x7F may
                    // carry into the next, but it is flagged itself, and a carry runs
                    // only upward, so the lowest flagged byte is exact.)
                    let w = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
                    let vtOrFF = (w &+ 0x7575_7575_7575_7575) & ~(w &+ 0x7373_7373_7373_7373)
                    let flagged = (w | vtOrFF) & 0x8080_8080_8080_8080
                    if flagged == 0 {
                        i &+= 8
                        continue
                    }
                    i &+= flagged.trailingZeroBitCount &>> 3
                }
                let c = p[i]
                if c < 0x80 {
                    if c == 0x0B || c == 0x0C { return (i, true) }
                    i &+= 1
                    continue
                }
                do throws(ScanError) {
                    i = try StringScanner.scanUTF8(p, at: i, start: i, end: end)
                } catch {
                    if error.kind == .invalidUTF8 { return (error.offset, true) }
                    // Only the last sequence can be cut off by `end`: it starts at
                    // the last byte that is not a continuation byte.
                    var lead = end &- 1
                    while lead > i && p[lead] & 0xC0 == 0x80 { lead &-= 1 }
                    return (lead, false)
                }
            }
        }
        return (end, false)
    }

    /// Whether a byte of `v` has its high bit set. (Comparing SIMD16 values with
    /// `!=` compiles to lane-by-lane shuffles here; two 64-bit halves do not.)
    @inline(__always)
    private static func anyHighBit(_ v: SIMD16<UInt8>) -> Bool {
        // Two trivial 16-byte types: the bits, reinterpreted.
        let halves = unsafeBitCast(v, to: (UInt64, UInt64).self)
        return (halves.0 | halves.1) & 0x8080_8080_8080_8080 != 0
    }
}
