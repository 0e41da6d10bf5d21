#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Hand-written date formatting, the inverse of ``DateParser``: UTC text for a
/// `Date`, without a formatter.
enum DateWriter {
    /// The UTC wall-clock fields of a date, and its fraction of a second in
    /// nanoseconds (truncated, as a calendar reports it).
    struct Fields {
        var year, month, day, hour, minute, second, nanosecond: Int
        /// The day as a count from 1970-01-01 (for the weekday).
        var daysSince1970: Int
    }

    static func fields(_ date: Date) -> Fields {
        let t = date.timeIntervalSinceReferenceDate
        let whole = t.rounded(.down)
        let total = Int(whole) + DateParser.referenceDays * 86_400
        let days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = DateParser.civilFromDays(days)
        let nanosecond = min(Int((t - whole) * 1e9), 999_999_999)
        return Fields(year: year, month: month, day: day, hour: secondsOfDay / 3600,
                      minute: secondsOfDay / 60 % 60, second: secondsOfDay % 60, nanosecond: nanosecond,
                      daysSince1970: days)
    }

    /// Whether `date` is finite and within the years the hand-written
    /// formats cover (±2^53 s would overflow the day arithmetic long before).
    static func isWritable(_ date: Date) -> Bool {
        let t = date.timeIntervalSinceReferenceDate
        return t.isFinite && abs(t) < 1e15
    }

    /// `yyyy-MM-ddTHH:mm:ss[.f…]Z` in UTC with `fractionDigits` (0, 3 or 6)
    /// digits, the fraction rounded and clamped so it never carries into the
    /// next second (Foundation's rule for milliseconds).
    static func iso8601(_ f: Fields, fractionDigits: Int) -> String {
        var out = [UInt8]()
        out.reserveCapacity(32)
        appendDate(f, separator: UInt8(ascii: "-"), to: &out)
        out.append(UInt8(ascii: "T"))
        appendTime(f, to: &out)
        switch fractionDigits {
        case 3:
            let ms = min(Int((Double(f.nanosecond) / 1_000_000).rounded()), 999)
            out.append(UInt8(ascii: "."))
            appendDigits(ms, count: 3, to: &out)
        case 6:
            let us = min(Int((Double(f.nanosecond) / 1_000).rounded()), 999_999)
            out.append(UInt8(ascii: "."))
            appendDigits(us, count: 6, to: &out)
        default:
            break
        }
        out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }

    /// `yyyy-MM-dd` of the UTC day.
    static func yearMonthDay(_ f: Fields) -> String {
        var out = [UInt8]()
        out.reserveCapacity(10)
        appendDate(f, separator: UInt8(ascii: "-"), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static let dayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]   // 1970-01-01 was a Thursday
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `EEE, dd MMM yyyy HH:mm:ss +0000` (RFC 2822, in UTC).
    static func rfc2822(_ f: Fields) -> String {
        let weekday = ((f.daysSince1970 % 7) + 7) % 7
        var out = [UInt8]()
        out.reserveCapacity(31)
        out.append(contentsOf: dayNames[weekday].utf8)
        out.append(contentsOf: ", ".utf8)
        appendDigits(f.day, count: 2, to: &out)
        out.append(0x20)
        out.append(contentsOf: monthNames[f.month - 1].utf8)
        out.append(0x20)
        appendDigits(f.year, count: 4, to: &out)
        out.append(0x20)
        appendTime(f, to: &out)
        out.append(contentsOf: " +0000".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendDate(_ f: Fields, separator: UInt8, to out: inout [UInt8]) {
        if f.year < 0 { out.append(UInt8(ascii: "-")) }
        appendDigits(abs(f.year), count: 4, to: &out)
        out.append(separator)
        appendDigits(f.month, count: 2, to: &out)
        out.append(separator)
        appendDigits(f.day, count: 2, to: &out)
    }

    static func appendTime(_ f: Fields, to out: inout [UInt8]) {
        appendDigits(f.hour, count: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(f.minute, count: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(f.second, count: 2, to: &out)
    }

    /// `value` (0 or more, below 10^18) in decimal, zero-padded to at least
    /// `count` digits.
    static func appendDigits(_ value: Int, count: Int, to out: inout [UInt8]) {
        var width = 1, power = 10
        while power <= value { width += 1; power *= 10 }
        if width < count { out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count - width)) }
        var divisor = power / 10
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}

extension DateWriter {
    /// ISO 8601 in UTC with `fractionDigits` (0, 3 or 6); Foundation's
    /// `ISO8601FormatStyle` outside the years 1583-9999 (where Foundation's
    /// calendar is Julian, so that the text reads back to the same date).
    static func iso8601(_ date: Date, fractionDigits: Int) -> String {
        if isWritable(date) {
            let f = fields(date)
            if f.year >= 1583 && f.year <= 9999 { return iso8601(f, fractionDigits: fractionDigits) }
        }
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: fractionDigits > 0))
    }
}
