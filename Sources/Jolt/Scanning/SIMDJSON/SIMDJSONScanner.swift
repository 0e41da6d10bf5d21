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
        #if DEBUG
        ScannerRuns.simdjson.add(1, ordering: .relaxed)
        #endif
        let length = end &- start
        guard length <= jolt_simdjson_max_length(), let indexer = jolt_simdjson_create(length) else {
            // Beyond simdjson's 4 GiB (or out of memory): the Swift scanner gives the same tape.
            try SwiftScanner.scan(p, start: start, end: end, into: &builder)
            return
        }
        defer { jolt_simdjson_destroy(indexer) }
        var indexes: UnsafePointer<UInt32>?
        var count = 0
        guard jolt_simdjson_index(indexer, p + start, length, &indexes, &count) == 0, let indexes, count > 0 else {
            throw ScanError(.unexpectedEndOfInput, at: start)
        }
        try walk(p + start, length: length, base: start, indexes: indexes, count: count, into: &builder)
    }

    /// Builds the tape from the `count` token positions, followed by one more entry,
    /// the length.
    ///
    /// The walk reads the document `q` in place (its `length` bytes, never past
    /// them: there is no padding), where every position is relative to the
    /// document's first byte, as stage 1's are; `base` (the document's offset in
    /// the caller's input) is added to the positions the tape records. Numbers are
    /// read without bounds checks of their own when the next token is at
    /// least eight bytes before the end (a number stops at that token at the
    /// latest); the rest goes through the bounded scanners. A string's bytes are
    /// read only to find its backslashes and check its escapes (see
    /// ``string(_:open:next:length:)``).
    static func walk(_ q: UnsafePointer<UInt8>, length: Int, base: Int, indexes: UnsafePointer<UInt32>, count n: Int,
                     into builder: inout TapeBuilder) throws(ScanError) {
        /// The position of token `k`, `length` for `k == n`.
        @inline(__always) func position(_ k: Int) -> Int {
            Int(truncatingIfNeeded: indexes[k])
        }
        var k = 0
        scanning: while true {
            // Token `k` starts a value.
            guard k < n else { throw ScanError(.unexpectedEndOfInput, at: base &+ length) }
            let i = position(k)
            let c = q[i]
            switch c {
            case UInt8(ascii: "\""):
                let (close, escaped) = try string(q, open: i, next: position(k &+ 1), length: length)
                try builder.appendString(at: base &+ i &+ 1, length: close &- i &- 1, escaped: escaped)
                k &+= 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let after = try number(q, at: i, next: position(k &+ 1), length: length)
                try builder.appendNumber(at: base &+ i, length: after &- i)
                k &+= 1
            case UInt8(ascii: "{"):
                try builder.startContainer(.object, at: base &+ i)
                k &+= 1
                guard k < n else { throw ScanError(.unexpectedEndOfInput, at: base &+ length) }
                if q[position(k)] == UInt8(ascii: "}") {
                    builder.endContainer()
                    k &+= 1
                } else {
                    try key(q, &k, n, length: length, base: base, indexes: indexes, &builder)
                    continue scanning
                }
            case UInt8(ascii: "["):
                try builder.startContainer(.array, at: base &+ i)
                k &+= 1
                guard k < n else { throw ScanError(.unexpectedEndOfInput, at: base &+ length) }
                if q[position(k)] == UInt8(ascii: "]") {
                    builder.endContainer()
                    k &+= 1
                } else {
                    continue scanning
                }
            case UInt8(ascii: "t"):
                try SwiftScanner.literal(q, i, length, 0x6575_7274, 4)  // "true"
                try scalarEnds(q, at: i &+ 4, next: position(k &+ 1))
                try builder.appendLiteral(.true, at: base &+ i)
                k &+= 1
            case UInt8(ascii: "f"):
                try SwiftScanner.literal(q, i &+ 1, length, 0x6573_6c61, 4, reportAt: i)  // "alse"
                try scalarEnds(q, at: i &+ 5, next: position(k &+ 1))
                try builder.appendLiteral(.false, at: base &+ i)
                k &+= 1
            case UInt8(ascii: "n"):
                try SwiftScanner.literal(q, i, length, 0x6c6c_756e, 4)  // "null"
                try scalarEnds(q, at: i &+ 4, next: position(k &+ 1))
                try builder.appendLiteral(.null, at: base &+ i)
                k &+= 1
            default:
                throw ScanError(.unexpectedCharacter(c), at: base &+ i)
            }

            // After a value: a separator, a closing bracket, or the end.
            while true {
                if builder.depth == 0 {
                    // Anything but whitespace after the root value would be a token.
                    guard k == n else { throw ScanError(.trailingCharacters, at: base &+ position(k)) }
                    return
                }
                guard k < n else { throw ScanError(.unexpectedEndOfInput, at: base &+ length) }
                let i = position(k)
                let c = q[i]
                if c == UInt8(ascii: ",") {
                    k &+= 1
                    if builder.inObject { try key(q, &k, n, length: length, base: base, indexes: indexes, &builder) }
                    continue scanning
                }
                if c == (builder.inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    builder.endContainer()
                    k &+= 1
                    continue
                }
                throw ScanError(.unexpectedCharacter(c), at: base &+ i)
            }
        }
    }

    /// Reads the key at token `k` and the `:` token after it.
    @_transparent
    static func key(_ q: UnsafePointer<UInt8>, _ k: inout Int, _ n: Int, length: Int, base: Int,
                    indexes: UnsafePointer<UInt32>, _ builder: inout TapeBuilder) throws(ScanError) {
        guard k &+ 1 < n else { throw ScanError(.unexpectedEndOfInput, at: base &+ length) }
        let i = Int(truncatingIfNeeded: indexes[k])
        guard q[i] == UInt8(ascii: "\"") else { throw ScanError(.unexpectedCharacter(q[i]), at: base &+ i) }
        let colon = Int(truncatingIfNeeded: indexes[k &+ 1])
        let (close, escaped) = try string(q, open: i, next: colon, length: length)
        try builder.appendKey(at: base &+ i &+ 1, length: close &- i &- 1, escaped: escaped)
        guard q[colon] == UInt8(ascii: ":") else { throw ScanError(.unexpectedCharacter(q[colon]), at: base &+ colon) }
        k &+= 2
    }

    /// The closing quote of the string whose opening quote is at `open`, given the
    /// next token's position, and whether the string holds an escape.
    ///
    /// Only whitespace lies between a string's closing quote and the next token (any
    /// other byte there would be a token), and stage 1 has already checked the
    /// string's UTF-8, that it holds no raw control character and where it ends
    /// (after the last quote no odd run of backslashes escapes). What is left is the
    /// escapes. The first backslash is looked for 16 bytes at a time
    /// (`jolt_first_backslash`, inline C); a string's bytes are read here, in the
    /// walk, where the string's cache lines are in use anyway (a bitmap of the
    /// document's backslashes, made in a pass of its own before the walk, costs
    /// more: that pass misses the cache as much as the walk). From the first
    /// backslash, `jolt_simdjson_escapes_are_plain` checks the escapes 64 bytes at
    /// a time; the few strings it cannot vouch for (a surrogate, an invalid
    /// escape) are checked one by one by ``checkEscapes(_:from:body:close:)``.
    @_transparent
    static func string(_ q: UnsafePointer<UInt8>, open: Int, next: Int,
                       length: Int) throws(ScanError) -> (close: Int, escaped: Bool) {
        var close = next &- 1
        while close > open && isWhitespace(q[close]) { close &-= 1 }
        guard close > open && q[close] == UInt8(ascii: "\"") else { throw ScanError(.unterminatedString, at: open) }
        let body = open &+ 1
        let first = jolt_first_backslash(q + body, close &- body, q + length)
        if first == close &- body { return (close, false) }
        let at = body &+ first
        if jolt_simdjson_escapes_are_plain(q + at, close &- at) == 0 {
            try checkEscapes(q, from: at, body: body, close: close)
        }
        return (close, true)
    }

    /// `jolt_simdjson_escapes_are_plain` over `bytes` with the kernel chosen:
    /// AVX2 where the CPU has it, or the baseline one, which such a CPU never
    /// runs otherwise (for tests that compare the two).
    static func escapesArePlain(_ bytes: [UInt8], usingAVX2: Bool) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return true }
            return jolt_simdjson_escapes_are_plain_with(p, b.count, usingAVX2 ? 1 : 0) != 0
        }
    }

    /// Checks the escapes of the string `q[body..<close]` one by one, from the
    /// backslash at `at`, with ``StringScanner/scanEscape(_:at:start:end:)``
    /// (surrogate pairs included). Out of line, so that the walk stays small: it
    /// runs only for the strings `jolt_simdjson_escapes_are_plain` cannot vouch for.
    @inline(never)
    static func checkEscapes(_ q: UnsafePointer<UInt8>, from at: Int, body: Int, close: Int) throws(ScanError) {
        var at = at
        while true {
            // An escape ends at the closing quote at the latest (its bytes are not
            // hexadecimal digits, nor is a backslash before it unescaped).
            let after = try StringScanner.scanEscape(q, at: at, start: body, end: close)
            let next = jolt_first_backslash(q + after, close &- after, q + close)
            if next == close &- after { return }
            at = after &+ next
        }
    }

    /// The end of the number starting at `i`, where the next token is at `next`.
    ///
    /// When the byte before the next token is not whitespace, the number's run is
    /// all of `q[i..<next]` (stage 1 starts a token at every byte that follows
    /// whitespace), so its length is known before any of it is read, and a run of
    /// up to 32 bytes without an exponent is tested whole, 16 bytes at a time, by
    /// `jolt_is_plain_number` (inline C, in the shim's header).
    ///
    /// Otherwise, RFC 8259's grammar, as ``NumberScanner``, digits eight at a time
    /// (``NumberScanner/skipDigitsUnbounded(_:from:)``), with no bounds checks
    /// when the next token is at least eight bytes before the end: the bytes
    /// the fast path consumes (digits, a sign, `.`, `e`, `E`) are never whitespace
    /// nor a token's first byte after one, so it stops at the next token at the
    /// latest, and its widest read, eight bytes from there, stays within the
    /// document. A number that takes the fast path ends at the next token or at
    /// whitespace, which is where ``NumberScanner`` and ``scalarEnds(_:at:next:)``
    /// accept it. Anything else (a root number, one near the end) goes to those
    /// two, which give the same answer for what the fast path accepts and reject
    /// the rest.
    @_transparent
    static func number(_ q: UnsafePointer<UInt8>, at i: Int, next: Int, length: Int) throws(ScanError) -> Int {
        guard next &+ 8 <= length else { return try otherNumber(q, at: i, next: next, length: length) }
        // The run is `q[i..<next]`; the next token is at least eight bytes before the end.
        if !isWhitespace(q[next &- 1]) && next &- i <= 32 && jolt_is_plain_number(q + i, next &- i) != 0 { return next }
        var j = i
        if q[j] == UInt8(ascii: "-") { j &+= 1 }
        let first = q[j]
        fast: do {
            if first == UInt8(ascii: "0") {
                j &+= 1
            } else if NumberScanner.isDigit(first) {
                j = NumberScanner.skipDigitsUnbounded(q, from: j &+ 1)
            } else {
                break fast
            }
            if q[j] == UInt8(ascii: ".") {
                guard NumberScanner.isDigit(q[j &+ 1]) else { break fast }
                j = NumberScanner.skipDigitsUnbounded(q, from: j &+ 2)
            }
            if q[j] | 0x20 == UInt8(ascii: "e") {
                j &+= 1
                if q[j] == UInt8(ascii: "+") || q[j] == UInt8(ascii: "-") { j &+= 1 }
                guard NumberScanner.isDigit(q[j]) else { break fast }
                j = NumberScanner.skipDigitsUnbounded(q, from: j &+ 1)
            }
            // j <= next here: every byte consumed is a digit, a sign, `.`, `e` or `E`.
            let c = q[j]
            // Ended by the next token, a separator or closing bracket (`,` `]` `}`), or
            // by whitespace: where NumberScanner and scalarEnds accept it.
            if j == next && (c == UInt8(ascii: ",") || c | 0x20 == UInt8(ascii: "}")) { return j }
            if isWhitespace(c) { return j }
        }
        return try otherNumber(q, at: i, next: next, length: length)
    }

    /// The numbers the fast path of ``number(_:at:next:length:)`` leaves: out of
    /// line, so that the walk stays small.
    @inline(never)
    static func otherNumber(_ q: UnsafePointer<UInt8>, at i: Int, next: Int, length: Int) throws(ScanError) -> Int {
        let after = try NumberScanner.scan(q, from: i, end: length, wideDigits: true)
        try scalarEnds(q, at: after, next: next)
        return after
    }

    /// Checks that a number or literal ending at `after` is followed by the next
    /// token, whitespace or the end (not by more bytes of the same run: `truex`, `1x`).
    /// At the end, `after == length == next`: nothing is read.
    @inline(__always)
    static func scalarEnds(_ q: UnsafePointer<UInt8>, at after: Int, next: Int) throws(ScanError) {
        guard after == next || isWhitespace(q[after]) else {
            throw ScanError(.unexpectedCharacter(q[after]), at: after)
        }
    }

    /// JSON whitespace: space, tab, line feed, carriage return.
    @inline(__always)
    static func isWhitespace(_ c: UInt8) -> Bool {
        c <= 0x20 && (UInt64(0x1_0000_2600) >> UInt64(c)) & 1 != 0
    }
}
#endif
