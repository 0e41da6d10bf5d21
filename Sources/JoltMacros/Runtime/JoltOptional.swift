/// Lets the code written by ``AutoDecodable()`` and ``AutoEncodable()``, which
/// does not see property types, treat an inferred `Optional` type as
/// `decodeIfPresent` and `encodeIfPresent` would.
public protocol _JoltOptional {
    /// `nil` of this optional type.
    static var _joltNone: Self { get }
    /// Whether the value is `nil`.
    var _joltIsNone: Bool { get }
}

extension Optional: _JoltOptional {
    public static var _joltNone: Self { nil }
    public var _joltIsNone: Bool { self == nil }
}

extension KeyedDecodingContainer {
    /// Decodes the type the assignment expects: for an optional type, a missing
    /// key or `null` is nil.
    public func _joltDecodeInferred<T: Decodable>(_ type: T.Type = T.self, forKey key: Key) throws -> T {
        if let optional = T.self as? any _JoltOptional.Type, try !contains(key) || decodeNil(forKey: key) {
            return optional._joltNone as! T
        }
        return try decode(T.self, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Encodes `value`, leaving out a nil optional.
    public mutating func _joltEncodeInferred<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let optional = value as? any _JoltOptional, optional._joltIsNone { return }
        try encode(value, forKey: key)
    }
}
