import XCTest
import Foundation
@testable import Jolt

final class FoundationParityNumberTests: XCTestCase {

    // MARK: Integers

    /// Boundaries and ±1 beyond for one integer width (6 cases each).
    private func boundaryCases<I: FixedWidthInteger & Decodable>(_ t: I.Type, file: StaticString = #filePath, line: UInt = #line) {
        assertParity(I.self, "\(I.max)", expect: .value(I.max), file: file, line: line)
        assertParity(I.self, "\(I.min)", expect: .value(I.min), file: file, line: line)
        let above = (I.max.magnitude).description.addingOne
        assertParity(I.self, above, expect: .failure(.dataCorrupted), file: file, line: line)
        let below = I.isSigned ? "-" + I.min.magnitude.description.addingOne : "-1"
        assertParity(I.self, below, expect: .failure(.dataCorrupted), file: file, line: line)
        assertParity(I.self, "0", expect: .value(0), file: file, line: line)
        assertParity([I].self, "[\(I.max), \(above)]", expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue([1]), file: file, line: line)
    }

    /// Non-integer spellings of integral values, for one width (7 cases each).
    private func literalCases<I: FixedWidthInteger & Decodable>(_ t: I.Type, file: StaticString = #filePath, line: UInt = #line) {
        assertParity(I.self, "1.0", expect: .value(1), file: file, line: line)
        assertParity(I.self, "1e2", expect: .value(100), file: file, line: line)
        assertParity(I.self, "1E+2", expect: .value(100), file: file, line: line)
        assertParity(I.self, "1.5", expect: .failureAt(.dataCorrupted, []), file: file, line: line)
        assertParity(I.self, "-0", expect: .value(0), file: file, line: line)
        assertParity(I.self, "1e30", expect: .failureAt(.dataCorrupted, []), file: file, line: line)
        assertParity(I.self, "-1.0", expect: I.isSigned ? .value(-1) : .failureAt(.dataCorrupted, []), file: file, line: line)
    }

    func testIntegerLiteralSpellingsEveryWidth() {
        literalCases(Int.self)
        literalCases(Int8.self)
        literalCases(Int16.self)
        literalCases(Int32.self)
        literalCases(Int64.self)
        literalCases(UInt.self)
        literalCases(UInt8.self)
        literalCases(UInt16.self)
        literalCases(UInt32.self)
        literalCases(UInt64.self)
    }

    func testIntegerBoundaries() {
        boundaryCases(Int.self)
        boundaryCases(Int8.self)
        boundaryCases(Int16.self)
        boundaryCases(Int32.self)
        boundaryCases(Int64.self)
        boundaryCases(UInt.self)
        boundaryCases(UInt8.self)
        boundaryCases(UInt16.self)
        boundaryCases(UInt32.self)
        boundaryCases(UInt64.self)
    }

    /// Surprise: Foundation reports an out-of-range number as dataCorrupted with an EMPTY
    /// codingPath ("The given data was not valid JSON."), even when nested.
    func testIntegerOutOfRangeInsideContainersHasEmptyPath() {
        assertParity([UInt8].self, "[1, 255, 256]", expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue([2]))
        assertParity([Int8].self, "[-128, -129]", expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue([1]))
        assertParity(PBox<Int16>.self, #"{"v": 32768}"#, expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue(["v"]))
        assertParity(PBox<UInt32>.self, #"{"v": -1}"#, expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue(["v"]))
    }

    func testIntegerFromNonIntegerLiterals() {
        assertParity(Int.self, "1.0", expect: .value(1))
        assertParity(Int.self, "1e2", expect: .value(100))
        assertParity(Int.self, "1E+2", expect: .value(100))
        assertParity(Int.self, "1e-2", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int.self, "100e-2", expect: .value(1))
        assertParity(Int.self, "1.5", expect: .failure(.dataCorrupted))
        assertParity(Int.self, "-0", expect: .value(0))
        assertParity(Int.self, "-0.0", expect: .value(0))
        assertParity(UInt.self, "-0", expect: .value(0))
        assertParity(UInt8.self, "2.55e2", expect: .value(255))
        assertParity(Int64.self, "9.2e18", expect: .value(9_200_000_000_000_000_000))
        // Foundation rejects this whole number (its Double rounds it up to 2^63); Jolt reads the
        // exact value (FoundationParityExactIntegerTests).
        assertParity(Int64.self, "9223372036854775807.0", expect: .failureAt(.dataCorrupted, []), jolt: .decodes(Int64.max))
        assertParity(Int.self, "1e30", expect: .failure(.dataCorrupted))
        assertParity(Int.self, "123456789012345678901234567890", expect: .failure(.dataCorrupted))
        assertParity(UInt64.self, "99999999999999999999999999999999999999")
        assertParity(Int.self, "0.0000001e7", expect: .value(1))
        assertParity(Int32.self, "2147483647.5", expect: .failureAt(.dataCorrupted, []))
    }

    func testIntegerFromWrongTypes() {
        assertParity(Int.self, #""1""#, expect: .failureAt(.typeMismatch, []))
        assertParity(Int.self, "true", expect: .failureAt(.typeMismatch, []))
        assertParity(Int.self, "null", expect: .failureAt(.valueNotFound, []))
        assertParity(Int.self, "[1]", expect: .failureAt(.typeMismatch, []))
        assertParity(Int.self, #"{"a":1}"#, expect: .failureAt(.typeMismatch, []))
        assertParity(PBox<UInt8>.self, #"{"v": "7"}"#, expect: .failureAt(.typeMismatch, ["v"]))
    }

    // MARK: Floating point

    func testDouble() {
        assertParity(Double.self, "1", expect: .value(1), equal: sameFloat)
        assertParity(Double.self, "-0.0", expect: .value(-0.0), equal: sameFloat)
        assertParity(Double.self, "-0", expect: .value(-0.0), equal: sameFloat)
        assertParity(Double.self, "0.1", expect: .value(0.1), equal: sameFloat)
        assertParity(Double.self, "1.7976931348623157e308", expect: .value(.greatestFiniteMagnitude), equal: sameFloat)
        assertParity(Double.self, "1e400", expect: .failureAt(.dataCorrupted, []), equal: sameFloat)
        assertParity(Double.self, "-1e400", expect: .failureAt(.dataCorrupted, []), equal: sameFloat)
        assertParity(Double.self, "5e-324", expect: .value(.leastNonzeroMagnitude), equal: sameFloat)
        assertParity(Double.self, "1e-400", expect: .failureAt(.dataCorrupted, []), equal: sameFloat)   // underflow is an error, not 0
        assertParity(Double.self, "2.2250738585072014e-308", expect: .value(.leastNormalMagnitude), equal: sameFloat)
        assertParity(Double.self, "123456789012345678901234567890", equal: sameFloat)
        assertParity(Double.self, "0.30000000000000004", expect: .value(0.1 + 0.2), equal: sameFloat)
        assertParity(Double.self, "9007199254740993", expect: .value(9007199254740992), equal: sameFloat)
        assertParity(Double.self, "1E+2", expect: .value(100), equal: sameFloat)
        assertParity(Double.self, "-12.5e-1", expect: .value(-1.25), equal: sameFloat)
        assertParity(Double.self, #""1.5""#, expect: .failure(.typeMismatch), equal: sameFloat)
        assertParity([Double].self, "[1, 2.5, -3e3]", expect: .value([1, 2.5, -3000]), equal: sameFloats)
    }

    func testFloat() {
        assertParity(Float.self, "1.5", expect: .value(1.5), equal: sameFloat)
        assertParity(Float.self, "0.1", expect: .value(0.1), equal: sameFloat)
        assertParity(Float.self, "-0.0", expect: .value(-0.0), equal: sameFloat)
        assertParity(Float.self, "3.4028234663852886e38", expect: .value(.greatestFiniteMagnitude), equal: sameFloat)
        assertParity(Float.self, "3.5e38", expect: .failureAt(.dataCorrupted, []), equal: sameFloat)
        assertParity(Float.self, "-3.5e38", equal: sameFloat)
        assertParity(Float.self, "1e39", equal: sameFloat)
        assertParity(Float.self, "1e300", equal: sameFloat)
        assertParity(Float.self, "1e400", equal: sameFloat)
        assertParity(Float.self, "1e-50", expect: .failureAt(.dataCorrupted, []), equal: sameFloat)
        assertParity(Float.self, "1.4e-45", expect: .value(.leastNonzeroMagnitude), equal: sameFloat)
        assertParity(Float.self, "16777217", expect: .value(16777216), equal: sameFloat)
        assertParity(PBox<Float>.self, #"{"v": 1e39}"#, expect: .failureAt(.dataCorrupted, []), equal: { sameFloat($0.v, $1.v) }, jolt: .pathOfValue(["v"]))
    }

    // MARK: Decimal

    func testDecimal() {
        assertParity(Decimal.self, "1.5", expect: .value(Decimal(string: "1.5")!))
        assertParity(Decimal.self, "0", expect: .value(0))
        assertParity(Decimal.self, "-0", expect: .value(0))
        assertParity(Decimal.self, "-12.75", expect: .value(Decimal(string: "-12.75")!))
        assertParity(Decimal.self, "12345678901234567890.123456789", expect: .value(Decimal(string: "12345678901234567890.123456789")!))
        assertParity(Decimal.self, "3.14159265358979323846264338327950288419716939937510",
                     expect: .value(Decimal(string: "3.14159265358979323846264338327950288419")!))   // truncated to 38 digits
        assertParity(Decimal.self, "1e-10")
        assertParity(Decimal.self, "1E+20")
        assertParity(Decimal.self, "0.1", expect: .value(Decimal(string: "0.1")!))
        assertParity(Decimal.self, "18446744073709551616")
        assertParity(Decimal.self, #""1.5""#, expect: .failure(.typeMismatch))
        assertParity(Decimal.self, "null", expect: .failure(.valueNotFound))
        assertParity([Decimal].self, "[1, 2.5, 1e3]")
        assertParity(PBox<Decimal>.self, #"{"v": true}"#, expect: .failureAt(.typeMismatch, ["v"]))
    }
}

private extension String {
    /// Decimal string + 1 (for values just beyond an integer type's range).
    var addingOne: String {
        var digits = Array(self.utf8).map { Int($0) - 48 }
        var i = digits.count - 1
        while i >= 0 {
            if digits[i] == 9 { digits[i] = 0; i -= 1 } else { digits[i] += 1; break }
        }
        if i < 0 { digits.insert(1, at: 0) }
        return String(digits.map { Character(String($0)) })
    }
}
