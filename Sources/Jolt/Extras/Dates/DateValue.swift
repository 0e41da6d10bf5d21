#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `Date` property decoded and encoded with its own strategy, whatever the
/// decoder's `dateDecodingStrategy`: one payload can mix ISO 8601 timestamps,
/// Unix times and calendar days.
///
/// A missing key, `null`, or a value the strategy cannot read is an error (a
/// `DecodingError` at the property's path); see ``OptionalDateValue`` for an
/// optional date. String strategies parse with Jolt's hand-written parsers,
/// straight from the input under ``JoltDecoder``, and work with any `Decoder`.
///
/// ```swift
/// struct Order: Codable {
///     @DateValue<ISO8601Strategy> var createdAt: Date               // "2024-05-01T12:00:00Z"
///     @DateValue<MillisecondsSince1970Strategy> var paidAt: Date    // 1714564800250
///     @DateValue<YearMonthDayStrategy> var deliveryDay: Date        // "2024-05-03"
/// }
/// ```
@propertyWrapper
public struct DateValue<Strategy: DateValueCodingStrategy> {
    public var wrappedValue: Date

    public init(wrappedValue: Date) {
        self.wrappedValue = wrappedValue
    }
}

extension DateValue: Decodable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = try Strategy.decodeDate(from: decoder)
    }
}

extension DateValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Strategy.encode(wrappedValue))
    }
}

extension DateValue: Equatable {}
extension DateValue: Hashable {}
extension DateValue: Sendable {}
