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
        var i = start
        if p[i] == UInt8(ascii: "-") {
            i &+= 1
            guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
        }
        let first = p[i]
        if first == UInt8(ascii: "0") {
            i &+= 1
        } else if isDigit(first) {
            i &+= 1
            while i < end && isDigit(p[i]) { i &+= 1 }
        } else {
            throw ScanError(.invalidNumber, at: start)
        }
        if i < end && p[i] == UInt8(ascii: ".") {
            i &+= 1
            guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
            guard isDigit(p[i]) else { throw ScanError(.invalidNumber, at: start) }
            while i < end && isDigit(p[i]) { i &+= 1 }
        }
        if i < end && (p[i] | 0x20) == UInt8(ascii: "e") {
            i &+= 1
            guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
            if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                i &+= 1
                guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
            }
            guard isDigit(p[i]) else { throw ScanError(.invalidNumber, at: start) }
            while i < end && isDigit(p[i]) { i &+= 1 }
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

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool {
        c &- UInt8(ascii: "0") < 10
    }
}
