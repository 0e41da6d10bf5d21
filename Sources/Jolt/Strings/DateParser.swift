#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Hand-written date parsers over UTF-8 bytes: ISO 8601 / RFC 3339, RFC 2822 and
/// `yyyy-MM-dd`. No formatter, no `String`, no allocation.
///
/// The ISO 8601 parser takes the common shape
/// `yyyy-MM-ddTHH:mm:ss[.f{1,9}](Z|±HH:mm|±HHmm|±HH)` for the years 1583-9999
/// and returns exactly the `Date` Foundation's `Date.ISO8601FormatStyle` returns
/// for it (the same arithmetic, see ``compose(days:secondsOfDay:fraction:offset:)``);
/// it returns nil for anything else, and the callers that promise Foundation's
/// behaviour (`.iso8601`, ``ISO8601Strategy``) then ask Foundation, which
/// accepts more (`2024-5-1T…`, `…GMT`, trailing text, the Julian calendar before
/// 1583). The learning tests compare the two on random and tricky inputs.
enum DateParser {
    /// Days from 1970-01-01 to 2001-01-01, Foundation's reference date.
    static let referenceDays = 11_323

    // MARK: Calendar arithmetic

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
    /// `days_from_civil`).
    @inline(__always)
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01
    /// (`civil_from_days`).
    @inline(__always)
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    @inline(__always)
    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    @inline(__always)
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The date of a wall-clock time: `days` since 1970-01-01, `secondsOfDay`
    /// plus `fraction`, at `offset` seconds east of UTC.
    ///
    /// The sum is evaluated in Foundation's order, day start + (seconds of the
    /// day + fraction) - offset, in seconds since 2001: a different order can
    /// round the last bit of a fractional date differently.
    @inline(__always)
    static func compose(days: Int, secondsOfDay: Int, fraction: Double, offset: Int) -> Date {
        let dayStart = Double((days - referenceDays) * 86_400)
        return Date(timeIntervalSinceReferenceDate: dayStart + (Double(secondsOfDay) + fraction) - Double(offset))
    }

    // MARK: Digits

    /// The value of the two ASCII digits at `p`, or -1.
    @inline(__always)
    static func two(_ p: UnsafePointer<UInt8>) -> Int {
        let a = Int(p[0]) &- 48, b = Int(p[1]) &- 48
        guard UInt(bitPattern: a) < 10, UInt(bitPattern: b) < 10 else { return -1 }
        return a * 10 + b
    }

    /// The value of the four ASCII digits at `p`, or -1.
    @inline(__always)
    static func four(_ p: UnsafePointer<UInt8>) -> Int {
        let hi = two(p), lo = two(p + 2)
        guard hi >= 0, lo >= 0 else { return -1 }
        return hi * 100 + lo
    }

    static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    // MARK: ISO 8601 / RFC 3339

    /// What the ISO 8601 parser accepts beyond the common shape.
    struct ISOOptions {
        /// `t` and a space also separate date and time; `z` means UTC (RFC 3339).
        var lenientSeparators = false
        /// Seconds may be 60 (a leap second, read as the next minute) (RFC 3339).
        var leapSecond = false
        /// More than 9 fraction digits are read (the rest ignored) (RFC 3339).
        var longFractions = false
        /// A zone offset must be written `±HH:mm` (RFC 3339).
        var colonOffsetOnly = false
        /// Years before 1583 (proleptic Gregorian) (RFC 3339).
        var anyYear = false

        static let foundation = ISOOptions()
        static let rfc3339 = ISOOptions(lenientSeparators: true, leapSecond: true, longFractions: true,
                                        colonOffsetOnly: true, anyYear: true)
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss[.fraction]zone`; nil if the bytes are not in
    /// that shape or name no real time.
    static func iso8601(_ bytes: UnsafeBufferPointer<UInt8>, _ options: ISOOptions = .foundation) -> Date? {
        guard let p = bytes.baseAddress, bytes.count >= 20 else { return nil }
        let n = bytes.count
        let year = four(p), month = two(p + 5), day = two(p + 8)
        let hour = two(p + 11), minute = two(p + 14), second = two(p + 17)
        guard year >= 0, month >= 1, month <= 12, day >= 1, p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-"),
              p[13] == UInt8(ascii: ":"), p[16] == UInt8(ascii: ":"),
              hour >= 0, hour <= 23, minute >= 0, minute <= 59, second >= 0,
              second <= (options.leapSecond ? 60 : 59) else { return nil }
        let separator = p[10]
        guard separator == UInt8(ascii: "T")
                || options.lenientSeparators && (separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ")) else {
            return nil
        }
        guard day <= daysIn(month: month, year: year), options.anyYear || year >= 1583 else { return nil }

        var i = 19
        var fraction = 0.0
        if p[i] == UInt8(ascii: ".") {
            i += 1
            var digits = 0
            var value = 0
            while i < n, UInt(bitPattern: Int(p[i]) &- 48) < 10 {
                if digits < 9 { value = value * 10 + Int(p[i] &- 48) }
                digits += 1
                i += 1
            }
            guard digits > 0, digits <= 9 || options.longFractions else { return nil }
            fraction = Double(value) / powersOfTen[min(digits, 9)]
        }
        guard i < n else { return nil }
        let offset: Int
        let zone = p[i]
        if zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") && options.lenientSeparators {
            guard i + 1 == n else { return nil }
            offset = 0
        } else if zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-") {
            let sign = zone == UInt8(ascii: "-") ? -1 : 1
            let rest = n - i - 1
            let q = p + i + 1
            let hours: Int, minutes: Int
            switch rest {
            case 5 where q[2] == UInt8(ascii: ":"):
                hours = two(q); minutes = two(q + 3)
            case 4 where !options.colonOffsetOnly:
                hours = two(q); minutes = two(q + 2)
            case 2 where !options.colonOffsetOnly:
                hours = two(q); minutes = 0
            default:
                return nil
            }
            guard hours >= 0, minutes >= 0, minutes <= 59, hours < 18 || hours == 18 && minutes == 0 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return compose(days: days, secondsOfDay: hour * 3600 + minute * 60 + second, fraction: fraction, offset: offset)
    }

    // MARK: yyyy-MM-dd

    /// Parses `yyyy-MM-dd` as midnight UTC (proleptic Gregorian).
    static func yearMonthDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let p = bytes.baseAddress, bytes.count == 10 else { return nil }
        let year = four(p), month = two(p + 5), day = two(p + 8)
        guard year >= 0, p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-"), month >= 1, month <= 12,
              day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        return compose(days: daysFromCivil(year: year, month: month, day: day), secondsOfDay: 0, fraction: 0, offset: 0)
    }

    // MARK: RFC 2822

    static let monthNames: [UInt32] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        .map(threeLetters)
    static let dayNames: [UInt32] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map(threeLetters)

    static func threeLetters(_ s: String) -> UInt32 {
        let b = Array(s.utf8)
        return UInt32(b[0]) << 16 | UInt32(b[1]) << 8 | UInt32(b[2])
    }

    /// The three ASCII letters at `p`, lowercased, as one number.
    @inline(__always)
    static func lowerThree(_ p: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(p[0] | 0x20) << 16 | UInt32(p[1] | 0x20) << 8 | UInt32(p[2] | 0x20)
    }

    /// Parses an RFC 2822 (and RFC 5322) date-time:
    /// `[Day ","] d[d] Mon yyyy HH:mm[:ss] zone`, where the zone is `±HHmm`,
    /// `UT`, `GMT`, `Z` or a North American abbreviation (`EST`, `EDT`, `CST`,
    /// `CDT`, `MST`, `MDT`, `PST`, `PDT`). Names are matched ignoring case;
    /// two-digit years are 1950-2049 and three-digit years 1900 + n (RFC 2822's
    /// obsolete forms); a trailing comment in parentheses is ignored. The day
    /// name is not checked against the date.
    static func rfc2822(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let p = bytes.baseAddress else { return nil }
        let n = bytes.count
        var i = 0
        @inline(__always) func skipSpaces() { while i < n && (p[i] == 0x20 || p[i] == 0x09) { i += 1 } }
        @inline(__always) func number(maxDigits: Int) -> (value: Int, digits: Int) {
            var value = 0, digits = 0
            while i < n, digits < maxDigits, UInt(bitPattern: Int(p[i]) &- 48) < 10 {
                value = value * 10 + Int(p[i] &- 48); digits += 1; i += 1
            }
            return (value, digits)
        }
        skipSpaces()
        // Optional day name and comma.
        if i + 3 <= n, p[i] > 0x39 {
            guard dayNames.contains(lowerThree(p + i)) else { return nil }
            i += 3
            skipSpaces()
            guard i < n, p[i] == UInt8(ascii: ",") else { return nil }
            i += 1
            skipSpaces()
        }
        let (day, dayDigits) = number(maxDigits: 2)
        guard dayDigits > 0, i < n, p[i] == 0x20 || p[i] == 0x09 else { return nil }
        skipSpaces()
        guard i + 3 <= n, let monthIndex = monthNames.firstIndex(of: lowerThree(p + i)) else { return nil }
        let month = monthIndex + 1
        i += 3
        guard i < n, p[i] == 0x20 || p[i] == 0x09 else { return nil }
        skipSpaces()
        var (year, yearDigits) = number(maxDigits: 4)
        switch yearDigits {
        case 4: break
        case 2: year += year < 50 ? 2000 : 1900
        case 3: year += 1900
        default: return nil
        }
        guard i < n, p[i] == 0x20 || p[i] == 0x09 else { return nil }
        skipSpaces()
        let (hour, hourDigits) = number(maxDigits: 2)
        guard hourDigits == 2, i < n, p[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        let (minute, minuteDigits) = number(maxDigits: 2)
        guard minuteDigits == 2 else { return nil }
        var second = 0
        if i < n, p[i] == UInt8(ascii: ":") {
            i += 1
            let (s, secondDigits) = number(maxDigits: 2)
            guard secondDigits == 2 else { return nil }
            second = s
        }
        guard i < n, p[i] == 0x20 || p[i] == 0x09 else { return nil }
        skipSpaces()
        guard i < n else { return nil }
        var offset = 0
        if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
            let sign = p[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard i + 4 <= n else { return nil }
            let hours = two(p + i), minutes = two(p + i + 2)
            guard hours >= 0, minutes >= 0, minutes <= 59, hours <= 23 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
            i += 4
        } else {
            var end = i
            while end < n, (p[end] | 0x20) >= UInt8(ascii: "a"), (p[end] | 0x20) <= UInt8(ascii: "z") { end += 1 }
            guard end - i >= 1, end - i <= 3 else { return nil }
            var name: UInt32 = 0
            for j in i..<end { name = name << 8 | UInt32(p[j] | 0x20) }
            switch name {
            case 0x7574, 0x67_6d74, 0x75_7463, 0x7a: offset = 0                 // ut, gmt, utc, z
            case 0x65_6474: offset = -4 * 3600                                     // edt
            case 0x65_7374, 0x63_6474: offset = -5 * 3600                          // est, cdt
            case 0x63_7374, 0x6d_6474: offset = -6 * 3600                          // cst, mdt
            case 0x6d_7374, 0x70_6474: offset = -7 * 3600                          // mst, pdt
            case 0x70_7374: offset = -8 * 3600                                     // pst
            default: return nil
            }
            i = end
        }
        skipSpaces()
        if i < n, p[i] == UInt8(ascii: "(") {
            while i < n, p[i] != UInt8(ascii: ")") { i += 1 }
            guard i < n else { return nil }
            i += 1
            skipSpaces()
        }
        guard i == n, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        return compose(days: daysFromCivil(year: year, month: month, day: day),
                       secondsOfDay: hour * 3600 + minute * 60 + second, fraction: 0, offset: offset)
    }
}

extension DateParser {
    /// Exactly what `Date.ISO8601FormatStyle(includingFractionalSeconds:)`
    /// parses: the hand-written parser for the common shape, Foundation's for
    /// the rest (the decoder's `.iso8601` and the ISO 8601 strategies).
    static func iso8601AsFoundation(_ bytes: UnsafeBufferPointer<UInt8>, fractionalSeconds: Bool) -> Date? {
        iso8601(bytes) ?? foundationISO8601(bytes, fractionalSeconds: fractionalSeconds)
    }

    /// Foundation's ISO 8601 parse of UTF-8 bytes, for the shapes the
    /// hand-written parser leaves to it.
    static func foundationISO8601(_ bytes: UnsafeBufferPointer<UInt8>, fractionalSeconds: Bool) -> Date? {
        let string = String(decoding: bytes, as: UTF8.self)
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: fractionalSeconds).parse(string)
    }
}
