/// The pure-Swift backend: a single forward pass over the bytes that builds the
/// tape, with no recursion (the container stack lives in the ``TapeBuilder``), so
/// ten million nested `[` cost no stack and are rejected at the depth limit.
///
/// It is also the reference for error positions: when yajl rejects a document,
/// the yajl backend re-scans it with this scanner to report the same error the
/// Swift backend would.
enum SwiftScanner {
    /// Scans `p[start..<end]` into `builder`.
    ///
    /// - Throws: a ``ScanError`` at the first problem.
    /// - Complexity: O(end - start).
    static func scan(_ p: UnsafePointer<UInt8>, start: Int, end: Int, into builder: inout TapeBuilder) throws(ScanError) {
        #if DEBUG
        ScannerRuns.swift.add(1, ordering: .relaxed)
        #endif
        var i = start
        skipWhitespace(p, &i, end)
        guard i < end else { throw ScanError(.emptyInput, at: i) }

        scanning: while true {
            // A value starts at `i` (whitespace already skipped).
            guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
            let c = p[i]
            switch c {
            case UInt8(ascii: "\""):
                let (close, escaped) = try StringScanner.scan(p, from: i &+ 1, end: end)
                try builder.appendString(at: i &+ 1, length: close &- i &- 1, escaped: escaped)
                i = close &+ 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let after = try NumberScanner.scan(p, from: i, end: end, wideDigits: true)
                try builder.appendNumber(at: i, length: after &- i)
                i = after
            case UInt8(ascii: "{"):
                try builder.startContainer(.object, at: i)
                i &+= 1
                skipWhitespace(p, &i, end)
                guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
                if p[i] == UInt8(ascii: "}") {
                    builder.endContainer()
                    i &+= 1
                } else {
                    try scanKey(p, &i, end, &builder)
                    continue scanning
                }
            case UInt8(ascii: "["):
                try builder.startContainer(.array, at: i)
                i &+= 1
                skipWhitespace(p, &i, end)
                guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
                if p[i] == UInt8(ascii: "]") {
                    builder.endContainer()
                    i &+= 1
                } else {
                    continue scanning
                }
            case UInt8(ascii: "t"):
                try literal(p, i, end, 0x6575_7274, 4)  // "true"
                try builder.appendLiteral(.true, at: i)
                i &+= 4
            case UInt8(ascii: "f"):
                try literal(p, i &+ 1, end, 0x6573_6c61, 4, reportAt: i)  // "alse"
                try builder.appendLiteral(.false, at: i)
                i &+= 5
            case UInt8(ascii: "n"):
                try literal(p, i, end, 0x6c6c_756e, 4)  // "null"
                try builder.appendLiteral(.null, at: i)
                i &+= 4
            default:
                throw ScanError(.unexpectedCharacter(c), at: i)
            }

            // After a value: a separator, a closing bracket, or the end.
            while true {
                skipWhitespace(p, &i, end)
                if builder.depth == 0 {
                    guard i == end else { throw ScanError(.trailingCharacters, at: i) }
                    return
                }
                guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
                let c = p[i]
                if c == UInt8(ascii: ",") {
                    i &+= 1
                    skipWhitespace(p, &i, end)
                    if builder.inObject { try scanKey(p, &i, end, &builder) }
                    continue scanning
                }
                if c == (builder.inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    builder.endContainer()
                    i &+= 1
                    continue
                }
                throw ScanError(.unexpectedCharacter(c), at: i)
            }
        }
    }

    /// Scans `"key"` and `:` and the whitespace after it.
    @_transparent
    static func scanKey(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, _ builder: inout TapeBuilder) throws(ScanError) {
        guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
        guard p[i] == UInt8(ascii: "\"") else { throw ScanError(.unexpectedCharacter(p[i]), at: i) }
        let (close, escaped) = try StringScanner.scan(p, from: i &+ 1, end: end)
        try builder.appendKey(at: i &+ 1, length: close &- i &- 1, escaped: escaped)
        i = close &+ 1
        // The separator as documents write it: `:` right after the key, then one
        // space or none before the value, taken without a whitespace loop.
        if _fastPath(i &+ 2 < end) && p[i] == UInt8(ascii: ":") {
            let next = p[i &+ 1]
            if next > 0x20 {
                i &+= 1
                return
            }
            if next == 0x20 && p[i &+ 2] > 0x20 {
                i &+= 2
                return
            }
        }
        skipWhitespace(p, &i, end)
        guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
        guard p[i] == UInt8(ascii: ":") else { throw ScanError(.unexpectedCharacter(p[i]), at: i) }
        i &+= 1
        skipWhitespace(p, &i, end)
    }

    /// Checks that the four bytes at `i` are `expected` (little-endian).
    @inline(__always)
    static func literal(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, _ expected: UInt32, _ length: Int, reportAt: Int? = nil) throws(ScanError) {
        if _fastPath(i &+ 4 <= end) {
            let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt32.self)
            if UInt32(littleEndian: word) == expected { return }
        }
        // Tell a truncated literal from a misspelled one.
        var k = 0
        while i &+ k < end && k < 4 {
            if p[i &+ k] != UInt8(truncatingIfNeeded: expected >> (8 * UInt32(k))) {
                throw ScanError(.invalidLiteral, at: reportAt ?? i)
            }
            k &+= 1
        }
        throw ScanError(.unexpectedEndOfInput, at: end)
    }

    /// Skips JSON whitespace: space, tab, line feed, carriage return. Nothing else.
    ///
    /// After a whitespace byte, a run of spaces (a pretty-printed document's
    /// indentation) is skipped a word at a time: the first byte of the word that
    /// is not a space is found with one XOR and a count of trailing zeros, not
    /// byte by byte; a run longer than a word goes on word by word without
    /// looking at a byte between words (deeply indented documents have runs of
    /// twenty bytes and more). Input without whitespace pays one look at the byte.
    @inline(__always)
    static func skipWhitespace(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) {
        while i < end {
            let c = p[i]
            // Bits 9, 10, 13 and 32 of the mask: \t \n \r and space.
            guard c <= 0x20, (UInt64(0x1_0000_2600) >> UInt64(c)) & 1 != 0 else { return }
            i &+= 1
            if i &+ 8 <= end {
                let raw = UnsafeRawPointer(p)
                var notSpaces = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ 0x2020_2020_2020_2020
                while notSpaces == 0 {
                    i &+= 8
                    guard i &+ 8 <= end else { break }
                    notSpaces = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ 0x2020_2020_2020_2020
                }
                if notSpaces != 0 { i &+= notSpaces.trailingZeroBitCount &>> 3 }
            }
        }
    }
}
