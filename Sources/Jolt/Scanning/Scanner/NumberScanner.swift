/// Finds the end of a JSON number and checks RFC 8259's grammar, for both backends:
/// `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
enum NumberScanner {
    /// Scans the number starting at `start`.
    ///
    /// - Returns: the index just past the number.
    /// - Throws: `.invalidNumber` at `start` when the text breaks the grammar,
    ///   including when a digit, `.`, `e`, `E`, `+` or `-` follows the number
    ///   (`01`, `1.2.3`, `1e5e5`), and `.unexpectedEndOfInput` when the input
    ///   ends where a digit is required (`-`, `1.`, `1e`).
    /// - Complexity: O(length).
    @inline(__always)
    static func scan(_ p: UnsafePointer<UInt8>, from start: Int, end: Int) throws(ScanError) -> Int {
        try scan(p, from: start, end: end, wideDigits: false)
    }

    /// ``scan(_:from:end:)``, skipping runs of digits eight bytes at a time when
    /// `wideDigits` (the simdjson backend's walk; the same grammar and errors).
    @inline(__always)
    static func scan(_ p: UnsafePointer<UInt8>, from start: Int, end: Int, wideDigits: Bool) throws(ScanError) -> Int {
        @inline(__always) func digits(from i: Int) -> Int {
            if wideDigits { return skipDigits(p, from: i, end: end) }
            var i = i
            while i < end && isDigit(p[i]) { i &+= 1 }
            return i
        }
        var i = start
        if p[i] == UInt8(ascii: "-") {
            i &+= 1
            guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
        }
        let first = p[i]
        if first == UInt8(ascii: "0") {
            i &+= 1
        } else if isDigit(first) {
            i = digits(from: i &+ 1)
        } else {
            throw ScanError(.invalidNumber, at: start)
        }
        if i < end && p[i] == UInt8(ascii: ".") {
            i &+= 1
            guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
            guard isDigit(p[i]) else { throw ScanError(.invalidNumber, at: start) }
            i = digits(from: i &+ 1)
        }
        if i < end && (p[i] | 0x20) == UInt8(ascii: "e") {
            i &+= 1
            guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
            if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                i &+= 1
                guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
            }
            guard isDigit(p[i]) else { throw ScanError(.invalidNumber, at: start) }
            i = digits(from: i &+ 1)
        }
        if i < end {
            let c = p[i]
            if isDigit(c) || c == UInt8(ascii: ".") || (c | 0x20) == UInt8(ascii: "e")
                || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                throw ScanError(.invalidNumber, at: start)
            }
        }
        return i
    }

    /// The index of the first byte at or after `start` that is not an ASCII digit
    /// (or `end`), reading eight bytes at a time (never past `end`).
    @inline(__always)
    static func skipDigits(_ p: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
        var i = start
        while i &+ 8 <= end {
            let nonDigits = nonDigitMask(p + i)
            if nonDigits != 0 { return i &+ nonDigits.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        while i < end && isDigit(p[i]) { i &+= 1 }
        return i
    }

    /// ``skipDigits(_:from:end:)`` without the bound, for a caller that knows a
    /// byte other than a digit comes at least eight bytes before the end of what
    /// it may read (the simdjson walk, which knows where the next token is).
    @inline(__always)
    static func skipDigitsUnbounded(_ p: UnsafePointer<UInt8>, from start: Int) -> Int {
        var i = start
        while true {
            let nonDigits = nonDigitMask(p + i)
            if nonDigits != 0 { return i &+ nonDigits.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
    }

    /// The high bit of each of the eight bytes at `p` that is not an ASCII digit.
    /// Digits become 0...9 once XORed with 0x30; a byte is not a digit iff it then
    /// is 10 or more: its high bit is set, or adding 0x76 to its low seven bits sets it.
    @inline(__always)
    static func nonDigitMask(_ p: UnsafePointer<UInt8>) -> UInt64 {
        let x = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) ^ 0x3030_3030_3030_3030
        return ((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676 | x) & 0x8080_8080_8080_8080
    }

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool {
        c &- UInt8(ascii: "0") < 10
    }
}
