/// Finds the end of a JSON number and checks RFC 8259's grammar, for both backends:
/// `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
enum NumberScanner {
    /// Scans the number starting at `start`.
    ///
    /// - Returns: the index just past the number, and whether it has neither
    ///   fraction nor exponent.
    /// - Throws: `.invalidNumber` at `start` when the text breaks the grammar,
    ///   including when a digit, `.`, `e`, `E`, `+` or `-` follows the number
    ///   (`01`, `1.2.3`, `1e5e5`), and `.unexpectedEndOfInput` when the input
    ///   ends where a digit is required (`-`, `1.`, `1e`).
    /// - Complexity: O(length).
    @inline(__always)
    static func scan(_ p: UnsafePointer<UInt8>, from start: Int, end: Int) throws(ScanError) -> (end: Int, isInteger: Bool) {
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
        var isInteger = true
        if i < end && p[i] == UInt8(ascii: ".") {
            isInteger = false
            i &+= 1
            guard i < end else { throw ScanError(.unexpectedEndOfInput, at: i) }
            guard isDigit(p[i]) else { throw ScanError(.invalidNumber, at: start) }
            while i < end && isDigit(p[i]) { i &+= 1 }
        }
        if i < end && (p[i] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
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
        return (i, isInteger)
    }

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool {
        c &- UInt8(ascii: "0") < 10
    }

    /// Whether number text already known to be valid has neither fraction nor
    /// exponent. Stops at the first `.`, `e` or `E`.
    @inline(__always)
    static func isIntegerText(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
        var i = 0
        while i < count {
            let c = p[i]
            if c == UInt8(ascii: ".") || c | 0x20 == UInt8(ascii: "e") { return false }
            i &+= 1
        }
        return true
    }
}
