// Number parsing for already-validated RFC 8259 JSON number text.
//
// Double parsing follows fast_float (Lemire, "Number Parsing at a Gigabyte per
// Second", 2021) and Go's strconv: a Clinger fast path for short exact inputs,
// then the Eisel–Lemire algorithm over a 128-bit table of powers of five, and
// an exact (allocating) fallback only when Eisel–Lemire cannot decide.

/// Converts the bytes of an already-validated JSON number into machine numbers.
///
/// Every function expects its input to match the RFC 8259 number grammar
/// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; the scanner that produced
/// the byte range is responsible for validation. Nothing here allocates, uses
/// global mutable state or depends on the C locale, except the rare exact
/// fallback of ``parseDouble(_:_:)``, which builds a `String` and uses the
/// standard library's locale-independent `Double(String)` (backed by
/// `strtod_l` with the C locale).
enum NumberParser {
    // MARK: - Constants

    /// Exact binary64 powers of ten 10^0 ... 10^22 (all exactly representable).
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Integer powers of ten 10^0 ... 10^15, for the extended Clinger path.
    static let integerPowersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
        100_000_000, 1_000_000_000, 10_000_000_000, 100_000_000_000,
        1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000,
    ]

    /// Sentinel returned by ``computeFloatBits(_:_:)`` when it cannot decide.
    /// No non-negative binary64 bit pattern has the sign bit set, so it is unambiguous.
    static let undecided: UInt64 = .max

    /// Bit pattern of +infinity.
    static let infinityBits: UInt64 = 0x7FF << 52

    /// Largest significand that `Double` holds exactly (2^53).
    static let maxExactMantissa: UInt64 = 1 << 53

    /// The explicit exponent stops accumulating once it reaches this magnitude;
    /// any larger value already means overflow to infinity or underflow to zero
    /// (for any input shorter than 2^47 bytes), and clamping keeps `Int` safe.
    static let exponentClamp = 1 << 48

    // MARK: - Doubles

    /// Parses a validated JSON number into the correctly rounded `Double`.
    ///
    /// The result is bit-for-bit what `Double(String)` returns for the same text:
    /// IEEE-754 round-half-to-even, signed zeros, subnormals, overflow to
    /// ±infinity (`1e400`), underflow to ±0, arbitrarily long exponents (the
    /// exponent is clamped while it is accumulated, so
    /// `1e-99999999999999999999` is simply `0.0`) and arbitrarily many digits.
    ///
    /// - Parameters:
    ///   - p: Pointer to the first byte of the number text (`-` or a digit).
    ///   - count: Number of bytes in the number text; at least 1.
    /// - Returns: The nearest `Double`, ties to even.
    /// - Complexity: O(`count`). No allocation unless the input has more than 19
    ///   significant digits *and* the first 19 of them do not determine the
    ///   result, or in the (astronomically rare) case where the 128-bit product
    ///   is not precise enough; those cases use an exact, allocating fallback.
    @inline(__always)
    static func parseDouble(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double {
        parseDoubleFast(p, count) ?? parseDoubleExact(p, count)
    }

    /// The allocation-free part of ``parseDouble(_:_:)``: Clinger's fast path
    /// and Eisel–Lemire.
    ///
    /// - Parameters:
    ///   - p: Pointer to the first byte of the number text (`-` or a digit).
    ///   - count: Number of bytes in the number text; at least 1.
    /// - Returns: The correctly rounded `Double`, or `nil` when the result cannot
    ///   be decided without exact arithmetic (more than 19 significant digits
    ///   whose truncation is ambiguous, or an imprecise 128-bit product).
    /// - Complexity: O(`count`), no allocation.
    @inline(__always)
    static func parseDoubleFast(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
        var i = 0
        let negative = count > 0 && p[0] == UInt8(ascii: "-")
        if negative { i = 1 }

        // Significand digits, accumulated with wrapping arithmetic; only used
        // as-is when there are at most 19 significant digits (10^19 < 2^64).
        var w: UInt64 = 0
        let intStart = i
        while i &+ 8 <= count {
            let chunk = loadEightBytes(p + i)
            if !isEightDigits(chunk) { break }
            w = w &* 100_000_000 &+ parseEightDigits(chunk)
            i &+= 8
        }
        while i < count {
            let d = p[i] &- UInt8(ascii: "0")
            if d >= 10 { break }
            w = w &* 10 &+ UInt64(d)
            i &+= 1
        }
        let intEnd = i
        var fracStart = i
        var fracEnd = i
        if i < count && p[i] == UInt8(ascii: ".") {
            i &+= 1
            fracStart = i
            while i &+ 8 <= count {
                let chunk = loadEightBytes(p + i)
                if !isEightDigits(chunk) { break }
                w = w &* 100_000_000 &+ parseEightDigits(chunk)
                i &+= 8
            }
            while i < count {
                let d = p[i] &- UInt8(ascii: "0")
                if d >= 10 { break }
                w = w &* 10 &+ UInt64(d)
                i &+= 1
            }
            fracEnd = i
        }

        var explicitExponent = 0
        if i < count && (p[i] | 0x20) == UInt8(ascii: "e") {
            i &+= 1
            var exponentNegative = false
            if i < count {
                if p[i] == UInt8(ascii: "-") {
                    exponentNegative = true
                    i &+= 1
                } else if p[i] == UInt8(ascii: "+") {
                    i &+= 1
                }
            }
            var e = 0
            while i < count {
                let d = p[i] &- UInt8(ascii: "0")
                if d >= 10 { break }
                if e < exponentClamp { e = e &* 10 &+ Int(d) }
                i &+= 1
            }
            explicitExponent = exponentNegative ? -e : e
        }

        let fracCount = fracEnd &- fracStart
        var q = explicitExponent &- fracCount
        var truncated = false
        if (intEnd &- intStart) &+ fracCount > 19 {
            // Too many digits for `w` to be exact (or `w` overflowed). Skip
            // leading zeros and, if still more than 19 significant digits
            // remain, re-read the first 19 and remember that we truncated.
            var first = intStart
            while first < intEnd && p[first] == UInt8(ascii: "0") { first &+= 1 }
            var fracFirst = fracStart
            if first == intEnd {
                while fracFirst < fracEnd && p[fracFirst] == UInt8(ascii: "0") { fracFirst &+= 1 }
            }
            let significant = (intEnd &- first) &+ (fracEnd &- fracFirst)
            if significant > 19 {
                truncated = true
                w = 0
                var taken = 0
                var k = first
                while k < intEnd && taken < 19 {
                    w = w &* 10 &+ UInt64(p[k] &- UInt8(ascii: "0"))
                    k &+= 1
                    taken &+= 1
                }
                if taken == 19 {
                    q = explicitExponent &+ (intEnd &- k)
                } else {
                    var f = fracFirst
                    while taken < 19 {
                        w = w &* 10 &+ UInt64(p[f] &- UInt8(ascii: "0"))
                        f &+= 1
                        taken &+= 1
                    }
                    q = explicitExponent &- (f &- fracStart)
                }
            }
        }

        if w == 0 { return negative ? -0.0 : 0.0 }

        if !truncated && w <= maxExactMantissa {
            // Clinger's fast path: both operands exact, one correctly rounded operation.
            if q >= -22 && q <= 22 {
                let m = Double(w)
                let value = q < 0 ? m / exactPowersOfTen[-q] : m * exactPowersOfTen[q]
                return negative ? -value : value
            }
            // Extended fast path: w * 10^(q-22) still exact as an integer <= 2^53.
            if q > 22 && q <= 22 + 15 {
                let (scaled, overflow) = w.multipliedReportingOverflow(by: integerPowersOfTen[q &- 22])
                if !overflow && scaled <= maxExactMantissa {
                    let value = Double(scaled) * 1e22
                    return negative ? -value : value
                }
            }
        }

        var bits = computeFloatBits(q, w)
        if truncated && bits != undecided {
            // The true significand lies in [w, w+1) * 10^q; if both ends round
            // to the same double, so does everything in between.
            if bits != computeFloatBits(q, w &+ 1) { bits = undecided }
        }
        if bits == undecided { return nil }
        return Double(bitPattern: negative ? bits | (1 << 63) : bits)
    }

    /// Loads eight bytes, unaligned, as a little-endian word (byte 0 lowest).
    ///
    /// - Parameter p: Pointer to at least eight readable bytes.
    /// - Returns: The bytes packed into a `UInt64`, first byte in the low bits.
    @inline(__always)
    static func loadEightBytes(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// Whether all eight bytes of `chunk` are ASCII digits (SWAR test).
    ///
    /// - Parameter chunk: Eight bytes from ``loadEightBytes(_:)``.
    /// - Returns: `true` if every byte is in `"0"..."9"`.
    @inline(__always)
    static func isEightDigits(_ chunk: UInt64) -> Bool {
        ((chunk & 0xF0F0_F0F0_F0F0_F0F0)
            | (((chunk &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) &>> 4)) == 0x3333_3333_3333_3333
    }

    /// Converts eight ASCII digits (first digit in the low byte) to their value.
    ///
    /// - Parameter chunk: Eight digit bytes from ``loadEightBytes(_:)``.
    /// - Returns: The decimal value, in `0 ..< 100_000_000`.
    /// - Complexity: O(1): three multiplications.
    @inline(__always)
    static func parseEightDigits(_ chunk: UInt64) -> UInt64 {
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let mul1: UInt64 = 0x000F_4240_0000_0064  // 100 + (1_000_000 << 32)
        let mul2: UInt64 = 0x0000_2710_0000_0001  // 1 + (10_000 << 32)
        var v = chunk &- 0x3030_3030_3030_3030
        v = (v &* 10) &+ (v &>> 8)  // pairs of digits
        return (((v & mask) &* mul1) &+ (((v &>> 16) & mask) &* mul2)) &>> 32
    }

    /// Eisel–Lemire: computes the bit pattern of the non-negative double nearest
    /// to `w * 10^q`, or ``undecided`` if the truncated 128-bit product is not
    /// precise enough to tell.
    ///
    /// - Parameters:
    ///   - q: Decimal exponent (any `Int`; out-of-table values are zero or infinity).
    ///   - w: Decimal significand, non-zero.
    /// - Returns: A binary64 bit pattern without the sign bit, or ``undecided``.
    /// - Complexity: O(1): one or two 64×64→128-bit multiplications.
    @inline(__always)
    static func computeFloatBits(_ q: Int, _ w: UInt64) -> UInt64 {
        if q < smallestPowerOfFive { return 0 }
        if q > largestPowerOfFive { return infinityBits }

        let lz = w.leadingZeroBitCount
        let normalized = w &<< UInt64(lz)
        let index = 2 &* (q &- smallestPowerOfFive)
        var (high, low) = normalized.multipliedFullWidth(by: powersOfFive128[index])
        // We need 52 explicit + 3 bits; if the bits below them are all ones, a
        // carry from the low word of the power could still change the result.
        let precisionMask: UInt64 = UInt64.max >> 55
        if high & precisionMask == precisionMask {
            let second = normalized.multipliedFullWidth(by: powersOfFive128[index &+ 1]).high
            let (sum, carry) = low.addingReportingOverflow(second)
            low = sum
            if carry { high &+= 1 }
        }
        // Conservative guard from fast_float (Mushtak & Lemire prove it
        // unnecessary): outside [-27, 55] the table entry is inexact and
        // an all-ones low word could hide a carry. Never taken in practice.
        if low == UInt64.max && (q < -27 || q > 55) { return undecided }

        let upperBit = Int(high &>> 63)
        let shift = upperBit &+ 64 &- 52 &- 3
        var mantissa = high &>> UInt64(shift)
        // floor(log2(10^q)) + 63 + upperBit - lz, biased by 1023.
        var power2 = ((217_706 &* q) &>> 16) &+ 63 &+ upperBit &- lz &+ 1023

        if power2 <= 0 {
            // Subnormal (or zero). Ties cannot occur here.
            if -power2 &+ 1 >= 64 { return 0 }
            mantissa &>>= UInt64(-power2 &+ 1)
            mantissa &+= mantissa & 1
            mantissa &>>= 1
            // Rounding may carry into the smallest normal exponent.
            power2 = mantissa < (1 << 52) ? 0 : 1
            return (UInt64(power2) << 52) | mantissa
        }

        // Exactly halfway between two doubles (only possible for small |q|,
        // where 5^|q| fits in 64 bits): round to even instead of up.
        if low <= 1 && q >= -4 && q <= 23 && mantissa & 3 == 1 {
            if mantissa &<< UInt64(shift) == high { mantissa &= ~1 }
        }
        mantissa &+= mantissa & 1
        mantissa &>>= 1
        if mantissa >= (2 << 52) {
            mantissa = 1 << 52
            power2 &+= 1
        }
        mantissa &= ~(1 << 52)
        if power2 >= 0x7FF { return infinityBits }
        return (UInt64(power2) << 52) | mantissa
    }

    /// Exact, allocating fallback for the cases Eisel–Lemire cannot decide.
    ///
    /// Uses the standard library's `Double(String)`, which calls `strtod_l` with
    /// the C locale (`_swift_stdlib_strtod_clocale`) and is therefore
    /// locale-independent and correctly rounded.
    ///
    /// - Parameters:
    ///   - p: Pointer to the number text.
    ///   - count: Number of bytes.
    /// - Returns: The correctly rounded `Double`, or NaN if the text is not a number.
    /// - Complexity: O(`count`), allocates one `String`.
    @inline(never)
    static func parseDoubleExact(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)
        return Double(text) ?? .nan
    }

    // MARK: - Integers

    /// Whether the number text uses pure integer syntax (no `.`, `e` or `E`).
    ///
    /// - Parameters:
    ///   - p: Pointer to the number text.
    ///   - count: Number of bytes.
    /// - Returns: `true` if none of the bytes is `.`, `e` or `E`.
    /// - Complexity: O(`count`).
    @inline(__always)
    static func isInteger(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var i = 0
        while i < count {
            let c = p[i]
            if c == UInt8(ascii: ".") || (c | 0x20) == UInt8(ascii: "e") { return false }
            i &+= 1
        }
        return true
    }

    /// Parses the decimal digits `p[start..<count]` into a `UInt64`.
    ///
    /// - Parameters:
    ///   - p: Pointer to the number text.
    ///   - start: Index of the first digit.
    ///   - count: Number of bytes in the whole text.
    /// - Returns: The magnitude, or `nil` if there are no digits, a non-digit
    ///   byte (`.`, `e`, ...) or the value exceeds `UInt64.max`.
    /// - Complexity: O(`count`).
    @inline(__always)
    static func parseMagnitude(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> UInt64? {
        let digits = count &- start
        if digits <= 0 { return nil }
        var i = start
        var value: UInt64 = 0
        if digits <= 19 {
            // 19 digits are below 10^19 < 2^64: no overflow possible.
            while i < count {
                let d = p[i] &- UInt8(ascii: "0")
                if d >= 10 { return nil }
                value = value &* 10 &+ UInt64(d)
                i &+= 1
            }
            return value
        }
        while i < count {
            let d = p[i] &- UInt8(ascii: "0")
            if d >= 10 { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(d))
            if o1 || o2 { return nil }
            value = sum
            i &+= 1
        }
        return value
    }

    /// Parses integer-syntax number text (`-?digits`) into an `Int64`.
    ///
    /// - Parameters:
    ///   - p: Pointer to the number text.
    ///   - count: Number of bytes.
    /// - Returns: The value, or `nil` if the text has a fraction or exponent or
    ///   is outside `Int64.min ... Int64.max`. `-0` gives `0`.
    /// - Complexity: O(`count`).
    @inline(__always)
    static func parseInt64(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int64? {
        let negative = count > 0 && p[0] == UInt8(ascii: "-")
        guard let magnitude = parseMagnitude(p, negative ? 1 : 0, count) else { return nil }
        if negative {
            if magnitude > UInt64(1) << 63 { return nil }
            return Int64(bitPattern: 0 &- magnitude)
        }
        if magnitude > UInt64(Int64.max) { return nil }
        return Int64(bitPattern: magnitude)
    }

    /// Parses integer-syntax number text (`-?digits`) into a `UInt64`.
    ///
    /// - Parameters:
    ///   - p: Pointer to the number text.
    ///   - count: Number of bytes.
    /// - Returns: The value, or `nil` if the text has a fraction or exponent, is
    ///   negative (except `-0`, which gives `0`) or exceeds `UInt64.max`.
    /// - Complexity: O(`count`).
    @inline(__always)
    static func parseUInt64(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64? {
        let negative = count > 0 && p[0] == UInt8(ascii: "-")
        guard let magnitude = parseMagnitude(p, negative ? 1 : 0, count) else { return nil }
        if negative && magnitude != 0 { return nil }
        return magnitude
    }
}
