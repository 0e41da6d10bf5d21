#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An optional `Date` property with its own strategy: a missing key or `null`
/// gives nil; a present value must be a date the strategy reads (anything else
/// is an error, not a silent nil). nil is encoded by leaving the key out, as
/// for an `Optional` property.
///
/// ```swift
/// struct Subscription: Codable {
///     @OptionalDateValue<RFC3339Strategy> var cancelledAt: Date?   // missing, null or "2024-05-01T12:00:00Z"
/// }
/// ```
@propertyWrapper
public struct OptionalDateValue<Strategy: DateValueCodingStrategy> {
    public var wrappedValue: Date?

    public init(wrappedValue: Date?) {
        self.wrappedValue = wrappedValue
    }

    /// A property holding nil.
    public init() {
        wrappedValue = nil
    }
}

extension OptionalDateValue: Decodable {
    public init(from decoder: any Decoder) throws {
        if try decoder.singleValueContainer().decodeNil() {
            wrappedValue = nil
        } else {
            wrappedValue = try Strategy.decodeDate(from: decoder)
        }
    }
}

extension OptionalDateValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(Strategy.encode(wrappedValue))
        } else {
            try container.encodeNil()
        }
    }
}

extension OptionalDateValue: Equatable {}
extension OptionalDateValue: Hashable {}
extension OptionalDateValue: Sendable {}

extension KeyedDecodingContainer {
    /// An ``OptionalDateValue`` whose key is missing is nil.
    public func decode<S>(_ type: OptionalDateValue<S>.Type, forKey key: Key) throws -> OptionalDateValue<S> {
        try decodeIfPresent(type, forKey: key) ?? OptionalDateValue()
    }
}

extension KeyedEncodingContainer {
    /// An ``OptionalDateValue`` holding nil is left out, as an `Optional` is.
    public mutating func encode<S>(_ value: OptionalDateValue<S>, forKey key: Key) throws {
        guard value.wrappedValue != nil else { return }
        try encodeIfPresent(value, forKey: key)
    }
}
