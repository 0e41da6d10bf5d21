/// A dictionary that drops the members it cannot decode instead of failing:
/// values that do not decode (null included) and keys that do not convert to
/// `Key`, each recorded in the decode report as `.droppedElement` with its key
/// and the error. A missing key, `null` or a non-object value is still an
/// error. Keys go through the decoder's key decoding strategy, as in any keyed
/// container (a plain `[String: V]` keeps them as written). Encodes as an object.
///
/// ```swift
/// struct Prices: Codable {
///     @LossyDictionary var byCurrency: [String: Decimal]   // {"EUR": 1.5, "USD": "n/a"} -> ["EUR": 1.5]
/// }
/// ```
@propertyWrapper
public struct LossyDictionary<Key: Hashable & LosslessStringConvertible, Value> {
    public var wrappedValue: [Key: Value]

    public init(wrappedValue: [Key: Value]) {
        self.wrappedValue = wrappedValue
    }
}

extension LossyDictionary: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JoltCodingKey.self)
        var result: [Key: Value] = [:]
        for codingKey in container.allKeys {
            guard let key = Key(codingKey.stringValue) else {
                container.recordRecovery(.droppedElement, forKey: codingKey,
                                         reason: "key \"\(codingKey.stringValue)\" is not a valid \(Key.self)")
                continue
            }
            if result[key] != nil { continue }
            do {
                result[key] = try container.decode(Value.self, forKey: codingKey)
            } catch {
                container.recordRecovery(.droppedElement, forKey: codingKey,
                                         reason: "value for \"\(codingKey.stringValue)\" dropped: \(LossyDecoding.describe(error))")
            }
        }
        wrappedValue = result
    }
}

extension LossyDictionary: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JoltCodingKey.self)
        for (key, value) in wrappedValue {
            try container.encode(value, forKey: .string(key.description))
        }
    }
}

extension LossyDictionary: Equatable where Value: Equatable {}
extension LossyDictionary: Hashable where Value: Hashable {}
extension LossyDictionary: Sendable where Key: Sendable, Value: Sendable {}
