import Foundation
import XCTest
@testable import Jolt

/// `@DateValue`, `@OptionalDateValue` and the decoder's Jolt date strategies,
/// under Foundation's decoder and both Jolt backends; round trips.
final class DateValueTests: XCTestCase {
    struct Mixed: Codable, Equatable {
        @DateValue<ISO8601Strategy> var iso: Date
        @DateValue<ISO8601WithFractionalSecondsStrategy> var isoMillis: Date
        @DateValue<ISO8601WithMicrosecondsStrategy> var isoMicros: Date
        @DateValue<RFC3339Strategy> var rfc3339: Date
        @DateValue<RFC2822Strategy> var rfc2822: Date
        @DateValue<YearMonthDayStrategy> var day: Date
        @DateValue<SecondsSince1970Strategy> var unix: Date
        @DateValue<MillisecondsSince1970Strategy> var unixMillis: Date
        @DateValue<MicrosecondsSince1970Strategy> var unixMicros: Date
        @DateValue<SecondsSince2001Strategy> var reference: Date
    }

    struct Optionals: Codable, Equatable {
        @OptionalDateValue<ISO8601Strategy> var a: Date?
        @OptionalDateValue<MillisecondsSince1970Strategy> var b: Date?

        init(a: Date?, b: Date?) {
            _a = OptionalDateValue(wrappedValue: a)
            _b = OptionalDateValue(wrappedValue: b)
        }
    }

    static let noon = Date(timeIntervalSince1970: 1_714_564_800)   // 2024-05-01T12:00:00Z

    func testEveryStrategyDecodesEverywhere() throws {
        let json = #"""
        {"iso": "2024-05-01T14:00:00+02:00", "isoMillis": "2024-05-01T12:00:00.250Z",
         "isoMicros": "2024-05-01T12:00:00.250125Z", "rfc3339": "2024-05-01t12:00:00.5z",
         "rfc2822": "Wed, 01 May 2024 08:00:00 EDT", "day": "2024-05-01", "unix": 1714564800,
         "unixMillis": 1714564800250, "unixMicros": 1714564800250125, "reference": 736257600}
        """#
        let value = try decodeWithAllDecoders(Mixed.self, json)
        XCTAssertEqual(value.iso, Self.noon)
        XCTAssertEqual(value.isoMillis.timeIntervalSince1970, 1_714_564_800.25)
        XCTAssertEqual(value.isoMicros.timeIntervalSince1970, 1_714_564_800.250125, accuracy: 1e-6)
        XCTAssertEqual(value.rfc3339.timeIntervalSince1970, 1_714_564_800.5)
        XCTAssertEqual(value.rfc2822, Self.noon)
        XCTAssertEqual(value.day.timeIntervalSince1970, 1_714_521_600)
        XCTAssertEqual(value.unix, Self.noon)
        XCTAssertEqual(value.unixMillis.timeIntervalSince1970, 1_714_564_800.25)
        XCTAssertEqual(value.unixMicros.timeIntervalSince1970, 1_714_564_800.250125, accuracy: 1e-6)
        XCTAssertEqual(value.reference, Self.noon)
    }

    /// Each strategy encodes what it decodes, and the text is what the strategy promises.
    func testRoundTrips() throws {
        let date = Date(timeIntervalSince1970: 1_714_564_800.25)
        let value = Mixed(iso: Self.noon, isoMillis: date, isoMicros: date, rfc3339: date, rfc2822: Self.noon,
                          day: Date(timeIntervalSince1970: 1_714_521_600), unix: date, unixMillis: date, unixMicros: date,
                          reference: date)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(value)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains(#""iso":"2024-05-01T12:00:00Z""#), text)
        XCTAssertTrue(text.contains(#""isoMillis":"2024-05-01T12:00:00.250Z""#), text)
        XCTAssertTrue(text.contains(#""isoMicros":"2024-05-01T12:00:00.250000Z""#), text)
        XCTAssertTrue(text.contains(#""rfc3339":"2024-05-01T12:00:00.250Z""#), text)
        XCTAssertTrue(text.contains(#""rfc2822":"Wed, 01 May 2024 12:00:00 +0000""#), text)
        XCTAssertTrue(text.contains(#""day":"2024-05-01""#), text)
        XCTAssertTrue(text.contains(#""unixMillis":1714564800250"#), text)
        XCTAssertEqual(try decodeWithAllDecoders(Mixed.self, text), value)
    }

    func testMissingNullAndInvalidAreErrorsWithPaths() {
        struct One: Codable { @DateValue<ISO8601Strategy> var at: Date }
        struct Millis: Codable { @DateValue<MillisecondsSince1970Strategy> var at: Date }
        XCTAssertEqual(Set(decodingErrors(One.self, #"{}"#)), ["keyNotFound at at "])
        XCTAssertEqual(Set(decodingErrors(One.self, #"{"at": null}"#)), ["valueNotFound at at"])
        XCTAssertEqual(Set(decodingErrors(One.self, #"{"at": 12}"#)), ["typeMismatch at at"])
        XCTAssertEqual(Set(decodingErrors(One.self, #"{"at": "yesterday"}"#)), ["dataCorrupted at at"])
        XCTAssertEqual(Set(decodingErrors(One.self, #"{"at": "2024-02-30T00:00:00Z"}"#)), ["no error"])   // as Foundation's .iso8601
        XCTAssertEqual(Set(decodingErrors(Millis.self, #"{"at": "1714564800250"}"#)), ["typeMismatch at at"])
        XCTAssertEqual(Set(decodingErrors([One].self, #"[{"at": "2024-05-01T12:00:00Z"}, {"at": "nope"}]"#)),
                       ["dataCorrupted at Index 1.at"])
    }

    func testErrorMessageNamesTheFormatAndTheValue() {
        struct One: Codable { @DateValue<RFC2822Strategy> var at: Date }
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertThrowsError(try decoder.decode(One.self, from: #"{"at": "2024-05-01"}"#)) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.debugDescription, #"Expected a date in RFC 2822 format, found "2024-05-01"."#)
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["at"])
            }
        }
    }

    func testOptionalDateValue() throws {
        XCTAssertEqual(try decodeWithAllDecoders(Optionals.self, #"{}"#), Optionals(a: nil, b: nil))
        XCTAssertEqual(try decodeWithAllDecoders(Optionals.self, #"{"a": null, "b": null}"#), Optionals(a: nil, b: nil))
        XCTAssertEqual(try decodeWithAllDecoders(Optionals.self, #"{"a": "2024-05-01T12:00:00Z", "b": 1714564800000}"#),
                       Optionals(a: Self.noon, b: Self.noon))
        XCTAssertEqual(Set(decodingErrors(Optionals.self, #"{"a": "soon"}"#)), ["dataCorrupted at a"])
        // nil is left out; a date is written in the strategy's format.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode(Optionals(a: nil, b: Self.noon)), as: UTF8.self), #"{"b":1714564800000}"#)
        XCTAssertEqual(String(decoding: try encoder.encode(Optionals(a: nil, b: nil)), as: UTF8.self), "{}")
    }

    func testEscapedDateStrings() throws {
        struct One: Codable, Equatable { @DateValue<ISO8601Strategy> var at: Date }
        XCTAssertEqual(try decodeWithAllDecoders(One.self, #"{"at": "2024-05-01T12:00:00\u005A"}"#).at, Self.noon)
    }

    func testInArraysAndNested() throws {
        struct Event: Codable, Equatable { @DateValue<RFC3339Strategy> var at: Date }
        struct Feed: Codable, Equatable { var events: [Event]; var next: Event? }
        let json = #"{"events": [{"at": "2024-05-01T12:00:00Z"}, {"at": "2024-05-01T13:00:00+01:00"}], "next": null}"#
        let feed = try decodeWithAllDecoders(Feed.self, json)
        XCTAssertEqual(feed.events.map(\.at), [Self.noon, Self.noon])
    }

    // MARK: Decoder strategies

    func testISO8601WithFractionalSecondsStrategy() throws {
        struct Box: Codable, Equatable { var d: Date }
        let json = #"{"d": "2024-05-01T12:00:00.125Z"}"#
        let expected = 1_714_564_800.125
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.dateDecodingStrategy = .iso8601WithFractionalSeconds
            XCTAssertEqual(try decoder.decode(Box.self, from: json).d.timeIntervalSince1970, expected)
            XCTAssertEqual(try decoder.decode(Box.self, from: #"{"d": "2024-05-01T12:00:00Z"}"#).d, Self.noon)
            XCTAssertThrowsError(try decoder.decode(Box.self, from: #"{"d": "noon"}"#))
        }
    }

    func testAnyOf() throws {
        struct Box: Codable, Equatable { var d: [Date] }
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.dateDecodingStrategy = .anyOf([.iso8601, .millisecondsSince1970,
                                                   .custom { decoder in
                                                       let text = try decoder.singleValueContainer().decode(String.self)
                                                       guard text == "epoch" else {
                                                           throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not epoch"))
                                                       }
                                                       return Date(timeIntervalSince1970: 0)
                                                   }])
            let box = try decoder.decode(Box.self, from: #"{"d": ["2024-05-01T12:00:00Z", 1714564800000, "epoch"]}"#)
            XCTAssertEqual(box.d, [Self.noon, Self.noon, Date(timeIntervalSince1970: 0)])
            XCTAssertThrowsError(try decoder.decode(Box.self, from: #"{"d": ["2024-05-01T12:00:00Z", true]}"#)) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["d", "Index 1"])
                XCTAssertTrue(context.debugDescription.hasPrefix("Date matched none of 3 strategies"), context.debugDescription)
            }
            // null is still valueNotFound, as for any Date.
            XCTAssertThrowsError(try decoder.decode(Box.self, from: #"{"d": [null]}"#)) { error in
                guard case DecodingError.valueNotFound = error else { return XCTFail("\(error)") }
            }
        }
    }
}
