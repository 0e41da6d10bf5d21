// Numbers on the edge of what each decoder accepts. Jolt reads an integer type from the number's
// exact value (a whole number that fits, or dataCorrupted), and a floating-point type from any
// RFC 8259 number. Foundation goes through Double and then Decimal for integers, and its
// floating-point parser refuses `0e1` .. `0e9`. Each case runs Foundation's JSONDecoder and
// JoltDecoder on every backend; where they differ, the case names the documented difference.

import XCTest
import Foundation
@testable import Jolt

final class FoundationParityExactIntegerTests: XCTestCase {

    /// 123456789012345678901234567890e-10 is 12345678901234567890.123456789: below UInt64.max
    /// (18446744073709551615) but not a whole number. Foundation rejects it (its Decimal mantissa
    /// does not fit 64 bits); Jolt used to drop the fraction and return 12345678901234567890.
    /// Decided: reject, as Foundation does: decoding must not change the number.
    func testHugeMantissaWithNegativeExponent() {
        assertParity(UInt64.self, "123456789012345678901234567890e-10", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int64.self, "123456789012345678901234567890e-10", expect: .failureAt(.dataCorrupted, []))
        assertParity(UInt64.self, "12345678901234567890.1234567890", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int128.self, "123456789012345678901234567890e-10", expect: .failureAt(.dataCorrupted, []))
        assertParity([UInt64].self, "[123456789012345678901234567890e-10]", expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue([0]))
        // The same digits with a whole value decode in both.
        assertParity(UInt64.self, "123456789012345678900000000000e-10", expect: .value(12_345_678_901_234_567_890))
        assertParity(UInt64.self, "12345678901234567890e0", expect: .value(12_345_678_901_234_567_890))
        // As floating point or Decimal the number is fine in both.
        assertParity(Double.self, "123456789012345678901234567890e-10", expect: .value(1.2345678901234567e19), equal: sameFloat)
        assertParity(Decimal.self, "123456789012345678901234567890e-10")
    }

    /// Foundation decodes these as integers by rounding a fraction away (its Double cannot see
    /// it, and its Decimal path truncates); Jolt rejects them: the documented difference.
    func testFractionsFoundationRoundsAway() {
        assertParity(Int.self, "1.0000000000000001", expect: .value(1), jolt: .rejectsFraction([]))
        assertParity(Int.self, "0.99999999999999999", expect: .value(1), jolt: .rejectsFraction([]))
        assertParity(Int64.self, "9007199254740993.5", expect: .value(9_007_199_254_740_993), jolt: .rejectsFraction([]))
        assertParity(Int.self, "1e-400", expect: .value(0), jolt: .rejectsFraction([]))
        assertParity(Int.self, "-1e-400", expect: .value(0), jolt: .rejectsFraction([]))
        assertParity(PBox<Int>.self, #"{"v": 2.0000000000000001}"#, expect: .value(PBox(v: 2)), jolt: .rejectsFraction(["v"]))
        assertParity([UInt8].self, "[1, 254.99999999999999]", expect: .value([1, 255]), jolt: .rejectsFraction([1]))
        // A fraction Double does see is rejected by both.
        assertParity(Int.self, "1.5", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int.self, "1e-2", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int32.self, "2147483647.5", expect: .failureAt(.dataCorrupted, []))
    }

    /// Whole numbers Foundation cannot carry through its Double (rounded past the type's range)
    /// or its 64-bit Decimal mantissa; Jolt decodes the exact value: the documented difference.
    func testWholeNumbersFoundationRejects() {
        assertParity(Int64.self, "9223372036854775807.0", expect: .failureAt(.dataCorrupted, []), jolt: .decodes(Int64.max))
        assertParity(Int64.self, "-9223372036854775808.0", expect: .failureAt(.dataCorrupted, []), jolt: .decodes(Int64.min))
        assertParity(UInt64.self, "18446744073709551615.0", expect: .failureAt(.dataCorrupted, []), jolt: .decodes(UInt64.max))
        assertParity(UInt64.self, "1844674407370955161.5e1", expect: .failureAt(.dataCorrupted, []), jolt: .decodes(UInt64.max))
        assertParity(UInt64.self, "18446744073709551615.000000000000000000000000", expect: .failureAt(.dataCorrupted, []),
                     jolt: .decodes(UInt64.max))
        assertParity(Int128.self, "170141183460469231731687303715884105727.0", expect: .failureAt(.dataCorrupted, []),
                     jolt: .decodes(Int128.max))
        // ... and the ones just inside, which both decode.
        assertParity(Int64.self, "-9223372036854775807.0", expect: .value(-9_223_372_036_854_775_807))
        assertParity(Int64.self, "9223372036854774784.0", expect: .value(9_223_372_036_854_774_784))
        // One beyond the range: both reject.
        assertParity(Int64.self, "9223372036854775808.0", expect: .failureAt(.dataCorrupted, []))
        assertParity(UInt64.self, "18446744073709551616.0", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int8.self, "1.28e2", expect: .failureAt(.dataCorrupted, []))
    }

    /// Whole numbers in any spelling: both decode.
    func testWholeNumberSpellings() {
        assertParity(Int.self, "0e99999999999999999999", expect: .value(0))
        assertParity(Int.self, "0.000e-99999", expect: .value(0))
        assertParity(Int.self, "-0.0e5", expect: .value(0))
        assertParity(UInt.self, "-0.0e5", expect: .value(0))
        assertParity(Int.self, "1000e-3", expect: .value(1))
        assertParity(Int.self, "1.2e1", expect: .value(12))
        assertParity(Int.self, "0.0000001e7", expect: .value(1))
        assertParity(UInt8.self, "2.55e2", expect: .value(255))
        assertParity(Int8.self, "-1.28e2", expect: .value(-128))
        assertParity(Int.self, "1e18", expect: .value(1_000_000_000_000_000_000))
        assertParity(Int.self, "1e19", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int.self, "1e99999999999", expect: .failureAt(.dataCorrupted, []))
        assertParity(UInt64.self, "1e19", expect: .value(10_000_000_000_000_000_000))
    }

    /// `[0e1]`: RFC 8259 allows a zero with an exponent, and its value is 0. Foundation on Linux
    /// refuses `0e1` .. `0e9` (with or without a sign on the mantissa, `e` or `E`) as Double and
    /// Float, and so as a Date from seconds; it accepts `0e10`, `0e+1`, `0e-1`, `0.0e1` and the
    /// same text as an integer or Decimal. Decided: Jolt keeps accepting it (a valid number whose
    /// value is not in doubt): the documented difference.
    func testZeroWithSingleDigitExponent() {
        assertParity([Double].self, "[0e1]", expect: .failureAt(.dataCorrupted, []), equal: sameFloats, jolt: .decodes([0.0]))
        assertParity([Float].self, "[0e1]", expect: .failureAt(.dataCorrupted, []), equal: sameFloats, jolt: .decodes([Float(0)]))
        assertParity(Double.self, "0e1", expect: .failureAt(.dataCorrupted, []), equal: sameFloat, jolt: .decodes(0.0))
        assertParity(Double.self, "0E1", expect: .failureAt(.dataCorrupted, []), equal: sameFloat, jolt: .decodes(0.0))
        assertParity(Double.self, "0e9", expect: .failureAt(.dataCorrupted, []), equal: sameFloat, jolt: .decodes(0.0))
        assertParity(Float.self, "0e5", expect: .failureAt(.dataCorrupted, []), equal: sameFloat, jolt: .decodes(Float(0)))
        assertParity(PBox<Double>.self, #"{"v": 0e3}"#, expect: .failureAt(.dataCorrupted, []),
                     equal: { sameFloat($0.v, $1.v) }, jolt: .decodes(PBox(v: 0.0)))
        assertParity([Date].self, "[0e1]", .dates(.secondsSince1970), expect: .failureAt(.dataCorrupted, []),
                     jolt: .decodes([Date(timeIntervalSince1970: 0)]))
        // Accepted by both.
        assertParity(Double.self, "-0e1", expect: .value(-0.0), equal: sameFloat)
        assertParity(Double.self, "0e10", expect: .value(0), equal: sameFloat)
        assertParity(Double.self, "0e00", expect: .value(0), equal: sameFloat)
        assertParity(Double.self, "0e-9", expect: .value(0), equal: sameFloat)
        assertParity(Float.self, "0E+1", expect: .value(0), equal: sameFloat)
        assertParity([Double].self, "[0e+1, 0e-1, 0.0e1, 0e01]", expect: .value([0, 0, 0, 0]), equal: sameFloats)
        assertParity([Int].self, "[0e1, 0E1, 0e+1, 0e-1, 0.0e1, -0e1]", expect: .value([0, 0, 0, 0, 0, 0]))
        assertParity([Decimal].self, "[0e1]", expect: .value([0]))
    }

    /// The parser itself: every spelling, every width.
    func testExactIntegerParser() {
        func parse<T: FixedWidthInteger>(_ type: T.Type, _ text: String) -> T? {
            Array(text.utf8).withUnsafeBufferPointer { NumberParser.exactInteger(T.self, $0.baseAddress!, $0.count) }
        }
        XCTAssertEqual(parse(UInt8.self, "2.55e2"), 255)
        XCTAssertEqual(parse(UInt8.self, "25500e-2"), 255)
        XCTAssertNil(parse(UInt8.self, "2.56e2"))
        XCTAssertEqual(parse(Int8.self, "-128"), -128)
        XCTAssertNil(parse(Int8.self, "-129"))
        XCTAssertEqual(parse(UInt8.self, "-0"), 0)
        XCTAssertNil(parse(UInt8.self, "-1"))
        XCTAssertNil(parse(UInt8.self, "-0.5"))
        XCTAssertEqual(parse(Int.self, "0.0000001e7"), 1)
        XCTAssertNil(parse(Int.self, "0.0000001e6"))
        XCTAssertEqual(parse(Int.self, "10E+1"), 100)
        XCTAssertEqual(parse(Int.self, "0e1000000000000"), 0)
        XCTAssertNil(parse(Int.self, "1e1000000000000"))
        XCTAssertNil(parse(Int.self, "1e-1000000000000"))
        XCTAssertEqual(parse(Int128.self, "-170141183460469231731687303715884105728"), .min)
        XCTAssertEqual(parse(Int128.self, "-1.70141183460469231731687303715884105728e38"), .min)
        XCTAssertNil(parse(Int128.self, "1.70141183460469231731687303715884105728e38"))
        XCTAssertEqual(parse(UInt128.self, "340282366920938463463374607431768211455.000"), .max)
        XCTAssertNil(parse(UInt128.self, "340282366920938463463374607431768211456"))
        XCTAssertEqual(parse(UInt64.self, "18446744073709551615"), .max)
        XCTAssertEqual(parse(Int64.self, "-9223372036854775808.0e0"), .min)
    }
}
