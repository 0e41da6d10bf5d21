#if SIMDJSON
import JoltSIMDJSONShim

/// The simdjson backend: simdjson's stage 1 indexes the document, then a walk over
/// the indexed positions builds the tape with the Swift scanner's own checks.
///
/// Stage 1 (SIMD, in C++ behind `JoltSIMDJSONShim`) validates UTF-8, pairs the
/// quotes (rejecting an unclosed string or a raw control character inside one) and
/// lists the position of every `{ } [ ] : ,` and of the first byte of every string,
/// number or literal. simdjson's own stage 2 is not used: its tape has neither
/// input offsets nor number text, which Jolt's tape keeps. Instead this walk checks
/// the grammar token by token (no whitespace is read between tokens), finds each
/// string's closing quote from the next token's position, checks only the escapes
/// of a string (stage 1 checked the rest), and checks numbers and literals with
/// ``NumberScanner`` and ``SwiftScanner/literal(_:_:_:_:_:reportAt:)``, so values
/// and tapes are those of the other backends.
///
/// Every rejection is thrown as is; ``TapeParser`` replaces it with the Swift
/// scanner's error so that all backends report the same kind at the same offset.
enum SIMDJSONScanner {
    /// Scans `p[start..<end]` into `builder`.
    ///
    /// - Throws: a ``ScanError`` when the document is rejected (its kind and
    ///   position are not the reference ones: see ``TapeParser``).
    /// - Complexity: O(end - start).
    static func scan(_ p: UnsafePointer<UInt8>, start: Int, end: Int, into builder: inout TapeBuilder) throws(ScanError) {
        let length = end &- start
        guard length <= jolt_simdjson_max_length(), let indexer = jolt_simdjson_create(length) else {
            // Beyond simdjson's 4 GiB (or out of memory): the Swift scanner gives the same tape.
            try SwiftScanner.scan(p, start: start, end: end, into: &builder)
            return
        }
        defer { jolt_simdjson_destroy(indexer) }
        var indexes: UnsafePointer<UInt32>?
        var count = 0
        var backslashes: UnsafePointer<UInt64>?
        guard jolt_simdjson_index(indexer, p + start, length, &indexes, &count, &backslashes) == 0,
              let indexes, let backslashes, count > 0 else {
            throw ScanError(.unexpectedEndOfInput, at: start)
        }
        try walk(p, start: start, end: end, indexes: indexes, count: count, backslashes: backslashes, into: &builder)
    }

    /// Builds the tape from the `count` token positions (relative to `start`),
    /// followed by one more entry, the length `end - start`, and the bitmap of
    /// backslashes (bit `i % 64` of word `i / 64` for the byte at `start + i`).
    static func walk(_ p: UnsafePointer<UInt8>, start: Int, end: Int, indexes: UnsafePointer<UInt32>, count n: Int,
                     backslashes bits: UnsafePointer<UInt64>, into builder: inout TapeBuilder) throws(ScanError) {
        /// The absolute position of token `k`, `end` for `k == n`.
        @inline(__always) func position(_ k: Int) -> Int {
            start &+ Int(truncatingIfNeeded: indexes[k])
        }
        var k = 0
        scanning: while true {
            // Token `k` starts a value.
            guard k < n else { throw ScanError(.unexpectedEndOfInput, at: end) }
            let i = position(k)
            let c = p[i]
            switch c {
            case UInt8(ascii: "\""):
                let (close, escaped) = try string(p, open: i, next: position(k &+ 1), start: start, bits: bits)
                try builder.appendString(at: i &+ 1, length: close &- i &- 1, escaped: escaped)
                k &+= 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let after = try NumberScanner.scan(p, from: i, end: end, wideDigits: true)
                try scalarEnds(p, at: after, next: position(k &+ 1), end: end)
                try builder.appendNumber(at: i, length: after &- i)
                k &+= 1
            case UInt8(ascii: "{"):
                try builder.startContainer(.object, at: i)
                k &+= 1
                guard k < n else { throw ScanError(.unexpectedEndOfInput, at: end) }
                if p[position(k)] == UInt8(ascii: "}") {
                    builder.endContainer()
                    k &+= 1
                } else {
                    try key(p, &k, n, start: start, end: end, indexes: indexes, bits: bits, &builder)
                    continue scanning
                }
            case UInt8(ascii: "["):
                try builder.startContainer(.array, at: i)
                k &+= 1
                guard k < n else { throw ScanError(.unexpectedEndOfInput, at: end) }
                if p[position(k)] == UInt8(ascii: "]") {
                    builder.endContainer()
                    k &+= 1
                } else {
                    continue scanning
                }
            case UInt8(ascii: "t"):
                try SwiftScanner.literal(p, i, end, 0x6575_7274, 4)  // "true"
                try scalarEnds(p, at: i &+ 4, next: position(k &+ 1), end: end)
                try builder.appendLiteral(.true, at: i)
                k &+= 1
            case UInt8(ascii: "f"):
                try SwiftScanner.literal(p, i &+ 1, end, 0x6573_6c61, 4, reportAt: i)  // "alse"
                try scalarEnds(p, at: i &+ 5, next: position(k &+ 1), end: end)
                try builder.appendLiteral(.false, at: i)
                k &+= 1
            case UInt8(ascii: "n"):
                try SwiftScanner.literal(p, i, end, 0x6c6c_756e, 4)  // "null"
                try scalarEnds(p, at: i &+ 4, next: position(k &+ 1), end: end)
                try builder.appendLiteral(.null, at: i)
                k &+= 1
            default:
                throw ScanError(.unexpectedCharacter(c), at: i)
            }

            // After a value: a separator, a closing bracket, or the end.
            while true {
                if builder.depth == 0 {
                    // Anything but whitespace after the root value would be a token.
                    guard k == n else { throw ScanError(.trailingCharacters, at: position(k)) }
                    return
                }
                guard k < n else { throw ScanError(.unexpectedEndOfInput, at: end) }
                let i = position(k)
                let c = p[i]
                if c == UInt8(ascii: ",") {
                    k &+= 1
                    if builder.inObject { try key(p, &k, n, start: start, end: end, indexes: indexes, bits: bits, &builder) }
                    continue scanning
                }
                if c == (builder.inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    builder.endContainer()
                    k &+= 1
                    continue
                }
                throw ScanError(.unexpectedCharacter(c), at: i)
            }
        }
    }

    /// Reads the key at token `k` and the `:` token after it.
    @_transparent
    static func key(_ p: UnsafePointer<UInt8>, _ k: inout Int, _ n: Int, start: Int, end: Int,
                    indexes: UnsafePointer<UInt32>, bits: UnsafePointer<UInt64>, _ builder: inout TapeBuilder) throws(ScanError) {
        guard k &+ 1 < n else { throw ScanError(.unexpectedEndOfInput, at: end) }
        let i = start &+ Int(truncatingIfNeeded: indexes[k])
        guard p[i] == UInt8(ascii: "\"") else { throw ScanError(.unexpectedCharacter(p[i]), at: i) }
        let colon = start &+ Int(truncatingIfNeeded: indexes[k &+ 1])
        let (close, escaped) = try string(p, open: i, next: colon, start: start, bits: bits)
        try builder.appendKey(at: i &+ 1, length: close &- i &- 1, escaped: escaped)
        guard p[colon] == UInt8(ascii: ":") else { throw ScanError(.unexpectedCharacter(p[colon]), at: colon) }
        k &+= 2
    }

    /// The closing quote of the string whose opening quote is at `open`, given the
    /// next token's position, and whether the string holds an escape.
    ///
    /// Only whitespace lies between a string's closing quote and the next token (any
    /// other byte there would be a token), and stage 1 has already checked the
    /// string's UTF-8, that it holds no raw control character and where it ends
    /// (after the last quote no odd run of backslashes escapes). What is left is the
    /// escapes: each backslash, found in the bitmap `bits`, is checked by
    /// ``StringScanner/scanEscape(_:at:start:end:)`` (surrogate pairs included)
    /// within the string's content.
    @_transparent
    static func string(_ p: UnsafePointer<UInt8>, open: Int, next: Int, start: Int,
                       bits: UnsafePointer<UInt64>) throws(ScanError) -> (close: Int, escaped: Bool) {
        var close = next &- 1
        while close > open && isWhitespace(p[close]) { close &-= 1 }
        guard close > open && p[close] == UInt8(ascii: "\"") else { throw ScanError(.unterminatedString, at: open) }
        let body = open &+ 1
        guard var at = nextBackslash(bits, from: body &- start, before: close &- start) else {
            return (close, false)
        }
        while true {
            let after = try StringScanner.scanEscape(p, at: start &+ at, start: body, end: close)
            if after < close && p[after] == UInt8(ascii: "\\") {
                // Runs of escapes (\u sequences for non-ASCII text) need no look-up.
                at = after &- start
                continue
            }
            guard let next = nextBackslash(bits, from: after &- start, before: close &- start) else { break }
            at = next
        }
        return (close, true)
    }

    /// The first backslash at or after `i` and before `limit` (positions relative
    /// to the start of the bitmap), or nil.
    @inline(__always)
    static func nextBackslash(_ bits: UnsafePointer<UInt64>, from i: Int, before limit: Int) -> Int? {
        guard i < limit else { return nil }
        var w = i &>> 6
        var word = bits[w] & (UInt64.max &<< UInt64(i & 63))
        let last = (limit &- 1) &>> 6
        while true {
            if word != 0 {
                let at = w &<< 6 &+ word.trailingZeroBitCount
                return at < limit ? at : nil
            }
            if w == last { return nil }
            w &+= 1
            word = bits[w]
        }
    }

    /// Checks that a number or literal ending at `after` is followed by the next
    /// token, whitespace or the end (not by more bytes of the same run: `truex`, `1x`).
    @inline(__always)
    static func scalarEnds(_ p: UnsafePointer<UInt8>, at after: Int, next: Int, end: Int) throws(ScanError) {
        guard after == next || after == end || isWhitespace(p[after]) else {
            throw ScanError(.unexpectedCharacter(p[after]), at: after)
        }
    }

    /// JSON whitespace: space, tab, line feed, carriage return.
    @inline(__always)
    static func isWhitespace(_ c: UInt8) -> Bool {
        c <= 0x20 && (UInt64(0x1_0000_2600) >> UInt64(c)) & 1 != 0
    }
}
#endif
