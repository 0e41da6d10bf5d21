// Int128 and UInt128 (Swift 6): Foundation decodes them through every container; Jolt used to
// throw typeMismatch (the standard library's default for a container that does not implement
// them). Each case runs Foundation's JSONDecoder and JoltDecoder on every backend.

import XCTest
import Foundation
@testable import Jolt

final class FoundationParityInt128Tests: XCTestCase {

    /// swift-foundation's `roundTrippingInt128` values, as a top-level value, an array element
    /// and an object member.
    func testInt128Values() {
        let values: [Int128] = [.min, .min + 1, -0x1_0000_0000_0000_0000, 0x0_8000_0000_0000_0000, -1, 0,
                                0x7fff_ffff_ffff_ffff, 0x8000_0000_0000_0000, 0xffff_ffff_ffff_ffff,
                                0x1_0000_0000_0000_0000, .max]
        for value in values {
            assertParity(Int128.self, "\(value)", expect: .value(value))
            assertParity([Int128].self, "[\(value), 1]", expect: .value([value, 1]))
            assertParity(PBox<Int128>.self, #"{"v": \#(value)}"#, expect: .value(PBox(v: value)))
            assertParity(POptBox<Int128>.self, #"{"v": \#(value)}"#, expect: .value(POptBox(v: value)))
        }
    }

    /// swift-foundation's `roundTrippingUInt128` values.
    func testUInt128Values() {
        let values: [UInt128] = [.zero, 1, 0x0000_0000_0000_0000_7fff_ffff_ffff_ffff, 0x0000_0000_0000_0000_8000_0000_0000_0000,
                                 0x0000_0000_0000_0000_ffff_ffff_ffff_ffff, 0x0000_0000_0000_0001_0000_0000_0000_0000,
                                 0x7fff_ffff_ffff_ffff_ffff_ffff_ffff_ffff, 0x8000_0000_0000_0000_0000_0000_0000_0000, .max]
        for value in values {
            assertParity(UInt128.self, "\(value)", expect: .value(value))
            assertParity([UInt128].self, "[\(value), 1]", expect: .value([value, 1]))
            assertParity(PBox<UInt128>.self, #"{"v": \#(value)}"#, expect: .value(PBox(v: value)))
            assertParity(POptBox<UInt128>.self, #"{"v": \#(value)}"#, expect: .value(POptBox(v: value)))
        }
        assertParity(UInt128.self, "-0", expect: .value(0))
    }

    /// One past each end: Foundation's number-out-of-range error (dataCorrupted, with an empty
    /// path even when nested; Jolt gives the value's path, the documented difference).
    func testOutOfRange() {
        assertParity(Int128.self, "170141183460469231731687303715884105728", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int128.self, "-170141183460469231731687303715884105729", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int128.self, "1000000000000000000000000000000000000000000", expect: .failureAt(.dataCorrupted, []))
        assertParity(UInt128.self, "340282366920938463463374607431768211456", expect: .failureAt(.dataCorrupted, []))
        assertParity(UInt128.self, "-1", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int128.self, "1e39", expect: .failureAt(.dataCorrupted, []))
        assertParity(UInt128.self, "1e39", expect: .failureAt(.dataCorrupted, []))
        assertParity([Int128].self, "[1, 170141183460469231731687303715884105728]", expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue([1]))
        assertParity(PBox<UInt128>.self, #"{"v": -1}"#, expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue(["v"]))
        assertParity(POptBox<UInt128>.self, #"{"v": 340282366920938463463374607431768211456}"#,
                     expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue(["v"]))
    }

    /// Non-integer spellings. swift-foundation's `int128SlowPath` and `uint128SlowPath` decode
    /// ±18446744073709551615.0 and expect a throw for the values beyond 64 bits ("should work
    /// but don't yet": Foundation's slow path goes through a 64-bit Decimal mantissa); Jolt
    /// decodes those exactly, the documented difference.
    func testSlowPathSpellings() {
        assertParity(Int128.self, "18446744073709551615.0", expect: .value(18446744073709551615))
        assertParity(Int128.self, "-18446744073709551615.0", expect: .value(-18446744073709551615))
        assertParity(UInt128.self, "18446744073709551615.0", expect: .value(18446744073709551615))
        assertParity(Int128.self, "-9223372036854775808.0", expect: .value(-9223372036854775808))
        assertParity(Int128.self, "18446744073709551615e0", expect: .value(18446744073709551615))
        assertParity(UInt128.self, "18446744073709551615.000000000000000000000000", expect: .value(18446744073709551615))
        assertParity(Int128.self, "1.0", expect: .value(1))
        assertParity(Int128.self, "1e3", expect: .value(1000))
        assertParity(Int128.self, "1e19", expect: .value(10_000_000_000_000_000_000))
        assertParity(UInt128.self, "1.8e19", expect: .value(18_000_000_000_000_000_000))
        assertParity(Int128.self, "1.5", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int128.self, "-0.5", expect: .failureAt(.dataCorrupted, []))
        assertParity(UInt128.self, "-0.5", expect: .failureAt(.dataCorrupted, []))
        assertParity(Int128.self, "12.7", expect: .failureAt(.dataCorrupted, []))
        assertParity([Int128].self, "[1.5]", expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue([0]))

        for value: Int128 in [.min, -18446744073709551616, 18446744073709551616, .max] {
            assertParity(Int128.self, "\(value).0", expect: .failureAt(.dataCorrupted, []), jolt: .decodes(value))
        }
        for value: UInt128 in [18446744073709551616, .max] {
            assertParity(UInt128.self, "\(value).0", expect: .failureAt(.dataCorrupted, []), jolt: .decodes(value))
        }
        assertParity(Int128.self, "1e20", expect: .failureAt(.dataCorrupted, []), jolt: .decodes(Int128(100_000_000_000_000_000_000)))
        assertParity(UInt128.self, "1e20", expect: .failureAt(.dataCorrupted, []), jolt: .decodes(UInt128(100_000_000_000_000_000_000)))
        assertParity(Int128.self, "100000000000000000000", expect: .value(100_000_000_000_000_000_000))
    }

    /// Every other kind of value: Foundation's typeMismatch and valueNotFound, reporting
    /// Int128 or UInt128 (swift-foundation's `typeCoercion` covers `[false, true]`).
    func testWrongKinds() {
        assertParity(Int128.self, "true", expect: .failureOf(.typeMismatch, Int128.self, at: []))
        assertParity(Int128.self, #""1""#, expect: .failureOf(.typeMismatch, Int128.self, at: []))
        assertParity(Int128.self, "null", expect: .failureOf(.valueNotFound, Int128.self, at: []))
        assertParity(UInt128.self, "[1]", expect: .failureOf(.typeMismatch, UInt128.self, at: []))
        assertParity(UInt128.self, #"{"a": 1}"#, expect: .failureOf(.typeMismatch, UInt128.self, at: []))
        assertParity([Int128].self, "[false, true]", expect: .failureOf(.typeMismatch, Int128.self, at: [0]))
        assertParity([UInt128].self, "[false, true]", expect: .failureOf(.typeMismatch, UInt128.self, at: [0]))
        assertParity([Int128].self, "[1, null]", expect: .failureOf(.valueNotFound, Int128.self, at: [1]))
        assertParity(PBox<Int128>.self, #"{"v": null}"#, expect: .failureOf(.valueNotFound, Int128.self, at: ["v"]))
        assertParity(PBox<UInt128>.self, #"{"v": "x"}"#, expect: .failureOf(.typeMismatch, UInt128.self, at: ["v"]))
        assertParity(POptBox<Int128>.self, #"{"v": null}"#, expect: .value(POptBox(v: nil)))
        assertParity(POptBox<Int128>.self, #"{}"#, expect: .value(POptBox(v: nil)))
        assertParity(PBox<Int128>.self, #"{}"#, expect: .keyNotFound("v", at: []))
        // ... and the other way round (`typeCoercion`).
        assertParity([Bool].self, "[0, 1]", expect: .failureOf(.typeMismatch, Bool.self, at: [0]))
    }

    /// Through each container's own `Int128` and `UInt128` methods.
    func testContainerMethods() {
        assertParity(WideUnkeyed.self, "[-170141183460469231731687303715884105728, 340282366920938463463374607431768211455, 5, null]",
                     expect: .value(WideUnkeyed(a: .min, b: .max, c: 5, d: nil)))
        assertParity(WideUnkeyed.self, "[1, 2]", expect: .value(WideUnkeyed(a: 1, b: 2, c: nil, d: nil)))
        assertParity(WideUnkeyed.self, "[1, -2]", expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue([1]))
        assertParity(WideUnkeyed.self, "[1]", expect: .failureOf(.valueNotFound, UInt128.self, at: [1]))
        assertParity(WideKeyed.self, #"{"a": 170141183460469231731687303715884105727, "b": 0, "c": -1}"#,
                     expect: .value(WideKeyed(a: .max, b: 0, c: -1, d: nil)))
        assertParity(WideKeyed.self, #"{"a": 1, "b": 2, "c": null, "d": 340282366920938463463374607431768211455}"#,
                     expect: .value(WideKeyed(a: 1, b: 2, c: nil, d: .max)))
        assertParity(WideKeyed.self, #"{"a": 1, "b": true}"#, expect: .failureOf(.typeMismatch, UInt128.self, at: ["b"]))
        assertParity(WideKeyed.self, #"{"a": 1}"#, expect: .keyNotFound("b", at: []))
        assertParity(WideSingle.self, "-5", expect: .value(WideSingle(signed: -5, unsigned: nil)))
        assertParity(WideSingle.self, "340282366920938463463374607431768211455", expect: .value(WideSingle(signed: nil, unsigned: .max)))
        assertParity([WideSingle].self, "[1, null]", expect: .failureOf(.valueNotFound, Int128.self, at: [1]))
    }

    /// Jolt's lenient scalars convert a string holding a number to Int128 too (no Foundation
    /// counterpart: Foundation has no lenient mode).
    func testLenientStringToInt128() throws {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.scalarConversion = .lenient
            XCTAssertEqual(try decoder.decode([Int128].self, from: #"["-170141183460469231731687303715884105728", "2e3"]"#),
                           [.min, 2000], "\(backend)")
            XCTAssertThrowsError(try decoder.decode(UInt128.self, from: #""-1""#), "\(backend)")
        }
    }
}

/// `Int128` and `UInt128` through an unkeyed container: decode, then decodeIfPresent.
private struct WideUnkeyed: Decodable, Equatable {
    var a: Int128, b: UInt128, c: Int128?, d: UInt128?
    init(a: Int128, b: UInt128, c: Int128?, d: UInt128?) { self.a = a; self.b = b; self.c = c; self.d = d }
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        a = try container.decode(Int128.self)
        b = try container.decode(UInt128.self)
        c = try container.decodeIfPresent(Int128.self)
        d = try container.decodeIfPresent(UInt128.self)
    }
}

/// Synthesized: `decode(Int128.self, forKey:)` and `decodeIfPresent(UInt128.self, forKey:)`.
private struct WideKeyed: Decodable, Equatable {
    var a: Int128, b: UInt128, c: Int128?, d: UInt128?
}

/// A single-value container's `decode(Int128.self)` for negatives, else `decode(UInt128.self)`.
private struct WideSingle: Decodable, Equatable {
    var signed: Int128?, unsigned: UInt128?
    init(signed: Int128?, unsigned: UInt128?) { self.signed = signed; self.unsigned = unsigned }
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(UInt128.self) {
            signed = nil; unsigned = value
        } else {
            signed = try container.decode(Int128.self); unsigned = nil
        }
    }
}
