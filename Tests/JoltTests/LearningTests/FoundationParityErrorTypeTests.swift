// The type a valueNotFound or typeMismatch reports, for every type either decoder special-cases
// (URL, Date and Data under each strategy, Decimal, dictionaries, the array fast paths) and the
// plain scalars, given every other kind of JSON value. The harness compares the reported type
// (by identity) as well as the case and the coding path; the `.failureOf` pins are Foundation's
// own answers, learned on Swift 6.3.1 for Linux.

import XCTest
import Foundation
@testable import Jolt

final class FoundationParityErrorTypeTests: XCTestCase {

    /// Each kind of JSON value, as a member, an array element and the document.
    private static let kinds = ["null", "12", "true", "[1]", #"{"a": 1}"#, #""x""#]

    private func everyKind<T: Decodable & Equatable>(_ type: T.Type, _ options: ParityOptions = .standard,
                                                     except skipped: Set<String> = [],
                                                     file: StaticString = #filePath, line: UInt = #line) {
        for json in Self.kinds where !skipped.contains(json) {
            assertParity(PBox<T>.self, #"{"v": \#(json)}"#, options, file: file, line: line)
            assertParity([T].self, "[\(json)]", options, file: file, line: line)
            assertParity(T.self, json, options, file: file, line: line)
        }
    }

    /// The harness tells the reported types apart (by identity, not by name), and the case and
    /// path still count.
    func testHarnessComparesReportedTypes() {
        func shape(_ error: DecodingError) -> ParityErrorShape { ParityErrorShape(error) }
        let context = DecodingError.Context(codingPath: [], debugDescription: "")
        XCTAssertEqual(shape(.valueNotFound(URL.self, context)), shape(.valueNotFound(URL.self, context)))
        XCTAssertNotEqual(shape(.valueNotFound(URL.self, context)), shape(.valueNotFound(String.self, context)))
        XCTAssertNotEqual(shape(.typeMismatch([String: Any].self, context)), shape(.typeMismatch([String: Int].self, context)))
        XCTAssertNotEqual(shape(.typeMismatch(Int.self, context)), shape(.valueNotFound(Int.self, context)))
    }

    /// The issue's case: Foundation reports the URL it was asked for, not the String it reads.
    func testURL() {
        assertParity(PBox<URL>.self, #"{"v": null}"#, expect: .failureOf(.valueNotFound, URL.self, at: ["v"]))
        assertParity(URL.self, "null", expect: .failureOf(.valueNotFound, URL.self, at: []))
        assertParity([URL].self, "[null]", expect: .failureOf(.valueNotFound, URL.self, at: [0]))
        // Any other kind of value is String's typeMismatch in both.
        assertParity(PBox<URL>.self, #"{"v": 12}"#, expect: .failureOf(.typeMismatch, String.self, at: ["v"]))
        assertParity(PBox<URL>.self, #"{"v": [1]}"#, expect: .failureOf(.typeMismatch, String.self, at: ["v"]))
        everyKind(URL.self)
    }

    func testDecimal() {
        assertParity(PBox<Decimal>.self, #"{"v": null}"#, expect: .failureOf(.valueNotFound, Decimal.self, at: ["v"]))
        assertParity(PBox<Decimal>.self, #"{"v": true}"#, expect: .failureOf(.typeMismatch, Decimal.self, at: ["v"]))
        assertParity(PBox<Decimal>.self, #"{"v": "1"}"#, expect: .failureOf(.typeMismatch, Decimal.self, at: ["v"]))
        everyKind(Decimal.self)
    }

    /// null is valueNotFound(Date) under every strategy; a mismatch reports what the strategy
    /// reads (Double for the number strategies and `deferredToDate`, String for `.iso8601` and
    /// `.formatted`, whatever the closure asks for under `.custom`).
    func testDateEveryStrategy() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy"
        var strategies: [ParityOptions.Dates] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
            .custom({ decoder in Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self)) }),
        ]
        #if FullFoundation
        strategies.append(.formatted(formatter))
        #endif
        for strategy in strategies {
            assertParity(PBox<Date>.self, #"{"v": null}"#, .dates(strategy), expect: .failureOf(.valueNotFound, Date.self, at: ["v"]))
            assertParity([Date].self, "[null]", .dates(strategy), expect: .failureOf(.valueNotFound, Date.self, at: [0]))
            // An unparsable ISO 8601 string is dataCorrupted at the container's path in Foundation
            // (the documented difference), checked below.
            if case .iso8601 = strategy { everyKind(Date.self, .dates(strategy), except: [#""x""#]) } else { everyKind(Date.self, .dates(strategy)) }
        }
        assertParity(PBox<Date>.self, #"{"v": true}"#, .dates(.secondsSince1970), expect: .failureOf(.typeMismatch, Double.self, at: ["v"]))
        assertParity(PBox<Date>.self, #"{"v": 12}"#, .dates(.iso8601), expect: .failureOf(.typeMismatch, String.self, at: ["v"]))
        #if FullFoundation
        assertParity(PBox<Date>.self, #"{"v": 12}"#, .dates(.formatted(formatter)), expect: .failureOf(.typeMismatch, String.self, at: ["v"]))
        #endif
        assertParity(PBox<Date>.self, #"{"v": "x"}"#, .dates(.deferredToDate), expect: .failureOf(.typeMismatch, Double.self, at: ["v"]))
        assertParity(PBox<Date>.self, #"{"v": "x"}"#, .dates(.iso8601), expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue(["v"]))
        #if FullFoundation
        assertParity(PBox<Date>.self, #"{"v": "x"}"#, .dates(.formatted(formatter)), expect: .failureAt(.dataCorrupted, ["v"]))
        #endif
    }

    /// null is valueNotFound(Data) under every strategy; a mismatch reports String for
    /// `.base64`, [Any] for `.deferredToData`.
    func testDataEveryStrategy() {
        let strategies: [ParityOptions.Datas] = [
            .base64, .deferredToData,
            .custom({ decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) }),
        ]
        for strategy in strategies {
            assertParity(PBox<Data>.self, #"{"v": null}"#, .data(strategy), expect: .failureOf(.valueNotFound, Data.self, at: ["v"]))
            assertParity([Data].self, "[null]", .data(strategy), expect: .failureOf(.valueNotFound, Data.self, at: [0]))
            everyKind(Data.self, .data(strategy))
        }
        assertParity(PBox<Data>.self, #"{"v": 12}"#, expect: .failureOf(.typeMismatch, String.self, at: ["v"]))
        assertParity(PBox<Data>.self, #"{"v": 12}"#, .data(.deferredToData), expect: .failureOf(.typeMismatch, [Any].self, at: ["v"]))
        assertParity(PBox<Data>.self, #"{"v": "x"}"#, expect: .failureAt(.dataCorrupted, ["v"]))
    }

    /// `[String: V]` (Jolt's direct path under a key strategy and for large objects, the keyed
    /// container otherwise), dictionaries whose keys convert from strings (`Int`, a
    /// `CodingKeyRepresentable` type), and nested objects all report `[String: Any]`.
    func testDictionaries() {
        assertParity(PBox<[String: Int]>.self, #"{"v": null}"#, expect: .failureOf(.valueNotFound, [String: Any].self, at: ["v"]))
        assertParity(PBox<[String: Int]>.self, #"{"v": null}"#, .keys(.convertFromSnakeCase),
                     expect: .failureOf(.valueNotFound, [String: Any].self, at: ["v"]))
        assertParity(PBox<[Int: Int]>.self, #"{"v": 1}"#, expect: .failureOf(.typeMismatch, [String: Any].self, at: ["v"]))
        assertParity(PBox<[ParityRawKey: Int]>.self, #"{"v": null}"#, expect: .failureOf(.valueNotFound, [String: Any].self, at: ["v"]))
        assertParity(PBox<[Int: Int]>.self, #"{"v": {"a": 1}}"#, expect: .failureOf(.typeMismatch, Int.self, at: ["v", "a"]))
        assertParity(PBox<PBox<Int>>.self, #"{"v": null}"#, expect: .failureOf(.valueNotFound, [String: Any].self, at: ["v"]))
        everyKind([String: Int].self)
        everyKind([String: Int].self, .keys(.convertFromSnakeCase))
        everyKind([Int: Int].self)
        everyKind([ParityRawKey: Int].self)
        everyKind([ParityRawKey: Int].self, .keys(.convertFromSnakeCase))
        everyKind(PBox<Int>.self)
        // More than 16 members: Jolt's direct dictionary path under the default keys.
        let members = (0..<20).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        assertParity([String: Int].self, "{\(members), \"bad\": \"x\"}", expect: .failureOf(.typeMismatch, Int.self, at: ["bad"]))
        assertParity([String: Int].self, "{\(members), \"bad\": null}", expect: .failureOf(.valueNotFound, Int.self, at: ["bad"]))
        assertParity([String: Int].self, "{\(members), \"bad\": null}", .keys(.convertFromSnakeCase),
                     expect: .failureOf(.valueNotFound, Int.self, at: ["bad"]))
    }

    /// The array fast paths (`[Int]`, `[Double]`, `[String]`) and any other array report
    /// `[Any]` for the array and the element's type for an element.
    func testArrays() {
        assertParity(PBox<[Int]>.self, #"{"v": null}"#, expect: .failureOf(.valueNotFound, [Any].self, at: ["v"]))
        assertParity(PBox<[Double]>.self, #"{"v": 1}"#, expect: .failureOf(.typeMismatch, [Any].self, at: ["v"]))
        assertParity([String].self, "[1]", expect: .failureOf(.typeMismatch, String.self, at: [0]))
        assertParity([Double].self, "[null]", expect: .failureOf(.valueNotFound, Double.self, at: [0]))
        everyKind([Int].self)
        everyKind([Double].self)
        everyKind([String].self)
        everyKind([Bool].self)
        everyKind([[Int]].self)
    }

    /// The scalars, including Bool's odd one (null is a typeMismatch for Bool).
    func testScalars() {
        assertParity(PBox<Bool>.self, #"{"v": null}"#, expect: .failureOf(.typeMismatch, Bool.self, at: ["v"]))
        assertParity(PBox<String>.self, #"{"v": null}"#, expect: .failureOf(.valueNotFound, String.self, at: ["v"]))
        assertParity(PBox<Float>.self, #"{"v": "x"}"#, expect: .failureOf(.typeMismatch, Float.self, at: ["v"]))
        assertParity(PBox<Int8>.self, #"{"v": null}"#, expect: .failureOf(.valueNotFound, Int8.self, at: ["v"]))
        everyKind(Bool.self)
        everyKind(String.self)
        everyKind(Int.self)
        everyKind(Int8.self)
        everyKind(UInt64.self)
        everyKind(Double.self)
        everyKind(Float.self)
        everyKind(Double.self, .infNaN)
    }

    /// swift-foundation's `decodingStringExpectedType`: a null for a synthesized String member.
    func testSynthesizedStringMemberNull() {
        assertParity(CamelCase.self, #"{"thisIsCamelCase": null}"#, expect: .failureOf(.valueNotFound, String.self, at: ["thisIsCamelCase"]))
    }
}

/// A `CodingKeyRepresentable` dictionary key backed by a string.
struct ParityRawKey: RawRepresentable, CodingKeyRepresentable, Hashable, Codable {
    let rawValue: String
}

private struct CamelCase: Decodable, Equatable {
    var thisIsCamelCase: String
}
