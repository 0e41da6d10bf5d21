/// A scalar property that accepts the value in another JSON scalar type when it
/// converts without loss: `"1"` or `1.0` for an `Int`, `1` or `true` for a
/// `String`, `"2.5"` for a `Double`, `"true"`, `1` or `0` for a `Bool`.
///
/// The value's own type is tried first; a conversion is recorded in the decode
/// report as `.valueConverted`. A value that converts to nothing (`"abc"` for an
/// `Int`, `1.5` for an `Int`, `null`, an array) is an error. Works with any
/// `Decoder`; encodes the value in its own type.
///
/// ```swift
/// struct Product: Codable {
///     @LosslessValue var id: Int        // 42, "42" or 42.0
///     @LosslessValue var sku: String    // "A1" or 1001
/// }
/// ```
@propertyWrapper
public struct LosslessValue<Value: LosslessStringConvertible & Codable> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension LosslessValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Value.self) {
            wrappedValue = value
            return
        }
        guard let (text, source) = Self.scalarText(container), let value = Self.convert(text, source: source) else {
            // Foundation's error for the value's own type.
            wrappedValue = try container.decode(Value.self)
            return
        }
        wrappedValue = value
        if decoder.isRecordingRecoveries {
            decoder.recordRecovery(.valueConverted, reason: "\(source) \(String(reflecting: text)) converted to \(Value.self) \(value)")
        }
    }

    /// The scalar at `container` as text, with the JSON type it had.
    static func scalarText(_ container: any SingleValueDecodingContainer) -> (String, String)? {
        if container.decodeNil() { return nil }
        if let bool = try? container.decode(Bool.self) { return (bool ? "true" : "false", "Bool") }
        if let int = try? container.decode(Int64.self) { return (String(int), "Int") }
        if let uint = try? container.decode(UInt64.self) { return (String(uint), "Int") }
        if let double = try? container.decode(Double.self) { return (double.description, "Double") }
        if let string = try? container.decode(String.self) { return (string, "String") }
        return nil
    }

    /// `text` as `Value`, if the conversion loses nothing.
    static func convert(_ text: String, source: String) -> Value? {
        if let value = Value(text) { return value }
        if Value.self == Bool.self {
            switch text {
            case "1": return true as? Value
            case "0": return false as? Value
            default: return nil
            }
        }
        // A whole Double read as an integer type: "3.0" -> 3.
        if source == "Double" || source == "String", let double = Double(text), double.rounded() == double,
           abs(double) < 9_007_199_254_740_992 {
            return Value(String(Int64(double)))
        }
        return nil
    }
}

extension LosslessValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension LosslessValue: Equatable where Value: Equatable {}
extension LosslessValue: Hashable where Value: Hashable {}
extension LosslessValue: Sendable where Value: Sendable {}
