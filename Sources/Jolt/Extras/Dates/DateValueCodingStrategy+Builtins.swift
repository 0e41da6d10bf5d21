#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The strategies Jolt ships for ``DateValue`` and ``OptionalDateValue``.

/// ISO 8601 date and time with a zone, such as `2024-05-01T12:00:00Z` or
/// `2024-05-01T14:00:00.250+02:00`: exactly what `JSONDecoder`'s `.iso8601`
/// accepts, parsed by Jolt's hand-written parser (Foundation's is asked only
/// for rare shapes, such as `2024-5-1T…` or a year before 1583). Encodes
/// whole seconds in UTC, as `JSONEncoder`'s `.iso8601` does: `2024-05-01T12:00:00Z`.
///
/// ```swift
/// struct Post: Codable { @DateValue<ISO8601Strategy> var published: Date }
/// ```
public enum ISO8601Strategy: DateStringCodingStrategy {
    public static let formatName = "ISO 8601"

    public static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        DateParser.iso8601AsFoundation(bytes, fractionalSeconds: false)
    }

    public static func encode(_ date: Date) -> String {
        DateWriter.iso8601(date, fractionDigits: 0)
    }
}

/// ISO 8601 with milliseconds: reads what ``ISO8601Strategy`` reads (a fraction
/// of up to nine digits, or none) and writes `2024-05-01T12:00:00.250Z`, as
/// `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` does.
///
/// ```swift
/// struct Event: Codable { @DateValue<ISO8601WithFractionalSecondsStrategy> var at: Date }
/// ```
public enum ISO8601WithFractionalSecondsStrategy: DateStringCodingStrategy {
    public static let formatName = "ISO 8601"

    public static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        DateParser.iso8601AsFoundation(bytes, fractionalSeconds: true)
    }

    public static func encode(_ date: Date) -> String {
        DateWriter.iso8601(date, fractionDigits: 3)
    }
}

/// ISO 8601 with microseconds: reads what ``ISO8601Strategy`` reads and writes
/// six fraction digits, `2024-05-01T12:00:00.250125Z` (for the years
/// 1583-9999; outside them, milliseconds).
///
/// ```swift
/// struct Trace: Codable { @DateValue<ISO8601WithMicrosecondsStrategy> var start: Date }
/// ```
public enum ISO8601WithMicrosecondsStrategy: DateStringCodingStrategy {
    public static let formatName = "ISO 8601"

    public static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        DateParser.iso8601AsFoundation(bytes, fractionalSeconds: true)
    }

    public static func encode(_ date: Date) -> String {
        DateWriter.iso8601(date, fractionDigits: 6)
    }
}

/// RFC 3339, the Internet profile of ISO 8601: `2024-05-01T12:00:00Z`,
/// `2024-05-01 12:00:00.5+02:00`. Stricter than ISO 8601 where RFC 3339 is (a
/// zone offset is `±HH:mm`), looser where it allows (`t`, `z` or a space as
/// separator, a leap second `60` read as the next minute, any number of fraction
/// digits, nanoseconds kept); proleptic Gregorian calendar for every year.
/// Writes UTC with `Z`, with no fraction for whole seconds, else milliseconds
/// or microseconds as needed.
///
/// ```swift
/// struct Token: Codable { @DateValue<RFC3339Strategy> var expiresAt: Date }
/// ```
public enum RFC3339Strategy: DateStringCodingStrategy {
    public static let formatName = "RFC 3339"

    public static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        DateParser.iso8601(bytes, .rfc3339)
    }

    public static func encode(_ date: Date) -> String {
        guard DateWriter.isWritable(date) else { return ISO8601Strategy.encode(date) }
        let f = DateWriter.fields(date)
        let us = min(Int((Double(f.nanosecond) / 1_000).rounded()), 999_999)
        return DateWriter.iso8601(f, fractionDigits: us == 0 ? 0 : us % 1000 == 0 ? 3 : 6)
    }
}

/// RFC 2822 (e-mail, RSS, HTTP `Date`-like): `Wed, 01 May 2024 12:00:00 +0000`.
/// The day name is optional, seconds are optional, the zone is `±HHmm`, `GMT`,
/// `UT`, `UTC`, `Z` or a North American abbreviation (`EST`, `PDT`, …); names
/// are matched ignoring case; obsolete two-digit years are 1950-2049. Writes
/// UTC as `Wed, 01 May 2024 12:00:00 +0000`.
///
/// ```swift
/// struct FeedItem: Codable { @DateValue<RFC2822Strategy> var pubDate: Date }
/// ```
public enum RFC2822Strategy: DateStringCodingStrategy {
    public static let formatName = "RFC 2822"

    public static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        DateParser.rfc2822(bytes)
    }

    public static func encode(_ date: Date) -> String {
        DateWriter.isWritable(date) ? DateWriter.rfc2822(DateWriter.fields(date)) : ""
    }
}

/// A calendar day, `yyyy-MM-dd`, read as midnight UTC (proleptic Gregorian
/// calendar) and written as the UTC day.
///
/// ```swift
/// struct Person: Codable { @DateValue<YearMonthDayStrategy> var birthday: Date }   // "1990-07-14"
/// ```
public enum YearMonthDayStrategy: DateStringCodingStrategy {
    public static let formatName = "yyyy-MM-dd"

    public static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        DateParser.yearMonthDay(bytes)
    }

    public static func encode(_ date: Date) -> String {
        DateWriter.isWritable(date) ? DateWriter.yearMonthDay(DateWriter.fields(date)) : ""
    }
}

/// A number of seconds since 1970-01-01 UTC (Unix time), as `JSONDecoder`'s
/// `.secondsSince1970`: `1714564800` or `1714564800.25`.
///
/// ```swift
/// struct Job: Codable { @DateValue<SecondsSince1970Strategy> var createdAt: Date }
/// ```
public enum SecondsSince1970Strategy: DateValueCodingStrategy {
    public static func decode(_ value: Double) throws -> Date { Date(timeIntervalSince1970: value) }
    public static func encode(_ date: Date) -> Double { date.timeIntervalSince1970 }
}

/// A number of milliseconds since 1970-01-01 UTC (JavaScript's `Date.now()`),
/// as `JSONDecoder`'s `.millisecondsSince1970`: `1714564800250`.
///
/// ```swift
/// struct Click: Codable { @DateValue<MillisecondsSince1970Strategy> var at: Date }
/// ```
public enum MillisecondsSince1970Strategy: DateValueCodingStrategy {
    public static func decode(_ value: Double) throws -> Date { Date(timeIntervalSince1970: value / 1000) }
    public static func encode(_ date: Date) -> Double { date.timeIntervalSince1970 * 1000 }
}

/// A number of microseconds since 1970-01-01 UTC: `1714564800250125`.
///
/// ```swift
/// struct Span: Codable { @DateValue<MicrosecondsSince1970Strategy> var start: Date }
/// ```
public enum MicrosecondsSince1970Strategy: DateValueCodingStrategy {
    public static func decode(_ value: Double) throws -> Date { Date(timeIntervalSince1970: value / 1_000_000) }
    public static func encode(_ date: Date) -> Double { date.timeIntervalSince1970 * 1_000_000 }
}

/// A number of seconds since 2001-01-01 UTC, Foundation's reference date (what
/// `Date` itself encodes, `JSONDecoder`'s `.deferredToDate`).
///
/// ```swift
/// struct Note: Codable { @DateValue<SecondsSince2001Strategy> var edited: Date }
/// ```
public enum SecondsSince2001Strategy: DateValueCodingStrategy {
    public static func decode(_ value: Double) throws -> Date { Date(timeIntervalSinceReferenceDate: value) }
    public static func encode(_ date: Date) -> Double { date.timeIntervalSinceReferenceDate }
}
