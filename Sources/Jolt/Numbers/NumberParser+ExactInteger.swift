extension NumberParser {
    /// The exact value of validated JSON number text as an integer of type `T`,
    /// or nil when that value is not a whole number or does not fit `T`.
    ///
    /// Any spelling of a whole number is accepted (`255`, `255.0`, `2.55e2`,
    /// `25500e-2`, `-0.0`, `0.0000001e7`), at any width up to `Int128` and
    /// `UInt128`; nothing goes through `Double`, so nothing is rounded: a fraction
    /// the text has (`1.0000000000000001`, `9007199254740993.5`, `1e-400`) makes
    /// the result nil, however small it is.
    ///
    /// ```swift
    /// "2.55e2".utf8.withContiguousStorageIfAvailable {
    ///     NumberParser.exactInteger(UInt8.self, $0.baseAddress!, $0.count)
    /// }   // 255
    /// ```
    ///
    /// - Parameters:
    ///   - type: the integer type.
    ///   - p: the number text, matching RFC 8259's number grammar.
    ///   - count: its length in bytes (at least 1).
    /// - Returns: the value, or nil (a non-zero fractional part, or out of `T`'s range).
    /// - Complexity: O(`count`); an exponent adds at most 40 multiplications.
    static func exactInteger<T: FixedWidthInteger>(_ type: T.Type, _ p: UnsafePointer<UInt8>, _ count: Int) -> T? {
        let negative = p[0] == UInt8(ascii: "-")
        let digitsStart = negative ? 1 : 0
        // The mantissa: its digits end at `mantissaEnd`; `integerDigits` of them
        // come before the decimal point, if there is one.
        var i = digitsStart
        var integerDigits = 0
        var seenPoint = false
        while i < count, p[i] != UInt8(ascii: "e"), p[i] != UInt8(ascii: "E") {
            if p[i] == UInt8(ascii: ".") { seenPoint = true } else if !seenPoint { integerDigits &+= 1 }
            i &+= 1
        }
        let mantissaEnd = i
        var exponent = 0
        if i < count {
            i &+= 1
            var exponentNegative = false
            if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                exponentNegative = p[i] == UInt8(ascii: "-")
                i &+= 1
            }
            // Clamped: beyond a million places no digit can stay whole or fit.
            while i < count {
                exponent = min(exponent &* 10 &+ Int(p[i] &- UInt8(ascii: "0")), 1_000_000)
                i &+= 1
            }
            if exponentNegative { exponent = -exponent }
        }
        // Digits before `wholeDigits` (counted along the mantissa's digits) are the
        // value's integer part; every digit after it must be 0.
        let wholeDigits = integerDigits + exponent
        var value: T = 0
        var digitIndex = 0
        var j = digitsStart
        while j < mantissaEnd {
            let c = p[j]
            j &+= 1
            if c == UInt8(ascii: ".") { continue }
            let digit = T(truncatingIfNeeded: c &- UInt8(ascii: "0"))
            if digitIndex < wholeDigits {
                let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
                // Negative values are built downwards, so that `T.min` is reachable.
                let (next, o2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                if o1 || o2 { return nil }
                value = next
            } else if digit != 0 {
                return nil
            }
            digitIndex &+= 1
        }
        // Zeros the exponent adds after the last digit (`12e3`). A non-zero value
        // overflows within 40 of them even in 128 bits.
        if value != 0 {
            var zeros = wholeDigits - digitIndex
            while zeros > 0 {
                let (next, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                value = next
                zeros &-= 1
            }
        }
        return value
    }
}
