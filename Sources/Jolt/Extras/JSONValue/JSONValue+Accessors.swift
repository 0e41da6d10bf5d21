#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// The member `key` of an object; nil if this is not an object or has no such key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` of an array; nil if this is not an array or the
    /// index is out of range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The Boolean, if this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number with its exact text, if this is a number.
    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, if this is a number.
    public var doubleValue: Double? { numberValue?.doubleValue }

    /// The number as an `Int`, if this is an integer number that fits.
    public var intValue: Int? { numberValue?.intValue }

    /// The number as an `Int64`, if this is an integer number that fits.
    public var int64Value: Int64? { numberValue?.int64Value }

    /// The number as a `Decimal`, if this is a number.
    public var decimalValue: Decimal? { numberValue?.decimalValue }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }
}

extension Optional where Wrapped == JSONValue {
    /// Chains lookups through missing values: `value["users"][0]["name"]` is nil
    /// as soon as one step is missing.
    public subscript(key: String) -> JSONValue? {
        self?[key]
    }

    /// Chains lookups through missing values: `value["users"][0]` is nil as soon
    /// as one step is missing.
    public subscript(index: Int) -> JSONValue? {
        self?[index]
    }
}
