#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a ``DateValue`` or ``OptionalDateValue`` property reads and writes its
/// date: the JSON value it is stored as (`RawValue`) and the conversion.
///
/// Jolt ships strategies for the common formats (``ISO8601Strategy``,
/// ``RFC3339Strategy``, ``RFC2822Strategy``, ``MillisecondsSince1970Strategy``
/// and more); write your own for anything else:
///
/// ```swift
/// enum CompactDayStrategy: DateValueCodingStrategy {      // "20240501"
///     static func decode(_ value: String) throws -> Date {
///         guard let date = Self.formatter.date(from: value) else {
///             throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not yyyyMMdd: \(value)"))
///         }
///         return date
///     }
///     static func encode(_ date: Date) -> String { formatter.string(from: date) }
///     static let formatter: DateFormatter = { … }()
/// }
/// struct Event: Codable { @DateValue<CompactDayStrategy> var day: Date }
/// ```
public protocol DateValueCodingStrategy {
    /// The JSON representation: a `String` or a number type.
    associatedtype RawValue: Codable

    /// The date a JSON value stands for.
    /// - Throws: an error if `value` names no date; a decode reports it as
    ///   `DecodingError.dataCorrupted` at the property's coding path.
    static func decode(_ value: RawValue) throws -> Date

    /// The JSON value for a date.
    static func encode(_ date: Date) -> RawValue

    /// Decodes the date at `decoder`. The default implementation decodes a
    /// `RawValue` and calls ``decode(_:)``; ``DateStringCodingStrategy`` parses
    /// the string's bytes in place under ``JoltDecoder``.
    static func decodeDate(from decoder: any Decoder) throws -> Date
}

extension DateValueCodingStrategy {
    public static func decodeDate(from decoder: any Decoder) throws -> Date {
        let raw = try decoder.singleValueContainer().decode(RawValue.self)
        do {
            return try decode(raw)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "\(raw) is not a date: \(error)", underlyingError: error))
        }
    }
}

/// A ``DateValueCodingStrategy`` for dates written as strings, parsed from
/// UTF-8 bytes: under ``JoltDecoder`` straight from the input, without making a
/// `String`.
///
/// ```swift
/// enum DottedDayStrategy: DateStringCodingStrategy {      // "01.05.2024"
///     static let formatName = "dd.MM.yyyy"
///     static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? { … }
///     static func encode(_ date: Date) -> String { … }
/// }
/// ```
public protocol DateStringCodingStrategy: DateValueCodingStrategy where RawValue == String {
    /// The format's name, for error messages (`"ISO 8601"`).
    static var formatName: String { get }

    /// The date the UTF-8 text stands for, or nil.
    static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date?
}

extension DateStringCodingStrategy {
    public static func decode(_ value: String) throws -> Date {
        var value = value
        if let date = value.withUTF8({ date(fromUTF8: $0) }) { return date }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: [], debugDescription: "Expected a date in \(formatName) format, found \(String(reflecting: value))."))
    }

    public static func decodeDate(from decoder: any Decoder) throws -> Date {
        if let date = try TapeDecoder.parseString(at: decoder, { date(fromUTF8: $0) }) { return date }
        // A string that is not a date: name it.
        let string = try decoder.singleValueContainer().decode(String.self)
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "Expected a date in \(formatName) format, found \(String(reflecting: string))."))
    }
}
