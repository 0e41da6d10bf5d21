/// Lets the code written by ``AutoDecodable()`` and ``AutoEncodable()``, which
/// does not see property types, treat an inferred `Optional` type as
/// `decodeIfPresent` and `encodeIfPresent` would.
public protocol JoltOptional {
    /// `nil` of this optional type.
    static var joltNone: Self { get }
    /// Whether the value is `nil`.
    var joltIsNone: Bool { get }
}

extension Optional: JoltOptional {
    public static var joltNone: Self { nil }
    public var joltIsNone: Bool { self == nil }
}

extension KeyedDecodingContainer {
    /// Decodes the type the assignment expects: for an optional type, a missing
    /// key or `null` is nil.
    public func joltDecodeInferred<T: Decodable>(_ type: T.Type = T.self, forKey key: Key) throws -> T {
        if let optional = T.self as? any JoltOptional.Type, try !contains(key) || decodeNil(forKey: key) {
            return optional.joltNone as! T
        }
        return try decode(T.self, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Encodes `value`, leaving out a nil optional.
    public mutating func joltEncodeInferred<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let optional = value as? any JoltOptional, optional.joltIsNone { return }
        try encode(value, forKey: key)
    }
}
