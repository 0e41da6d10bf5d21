/// A type decoded in place of a property's (or an associated value's) type and
/// then converted to it, named with ``DecodedValue(_:)`` on a key of an
/// ``AutoDecodable()`` `CodingKeys` enum (AutoCodable's protocol, same spelling).
///
/// ```swift
/// struct FilePath: DecodableValue {             // {"path": "img/a", "extension": "png"}
///     let path: String
///     let `extension`: String
///     func value() -> URL { URL(fileURLWithPath: path + "." + `extension`) }
/// }
/// @AutoDecodable
/// extension User: Decodable {
///     enum CodingKeys: String, CodingKey {
///         case name
///         @DecodedValue(FilePath.self) case avatar        // var avatar: URL (or URL?)
///     }
/// }
/// ```
public protocol DecodableValue: Decodable {
    /// The type of the property the decoded value becomes.
    associatedtype Value
    /// The property's value.
    func value() -> Value
}

/// The decoding helpers the code written by ``AutoDecodable()`` calls for keys
/// with a custom value type. Public for the generated code; not meant to be
/// called by hand.
extension KeyedDecodingContainer {
    /// Decodes `V` at `key` and returns its ``DecodableValue/value()``; when
    /// `V.Value` is optional, a missing key or `null` is nil.
    public func _joltDecodeInferred<V: DecodableValue>(_ type: V.Type, forKey key: Key) throws -> V.Value {
        if let optional = V.Value.self as? any _JoltOptional.Type, try !contains(key) || decodeNil(forKey: key) {
            return optional._joltNone as! V.Value
        }
        return try decode(V.self, forKey: key).value()
    }

    /// For an optional property whose custom type gives a non-optional value:
    /// a missing key or `null` is nil.
    public func _joltDecodeInferred<V: DecodableValue>(_ type: V.Type, forKey key: Key) throws -> V.Value? {
        guard try contains(key) && !decodeNil(forKey: key) else { return nil }
        return try decode(V.self, forKey: key).value()
    }

    /// Decodes the value at `key` with a ``JoltCodingTransformer`` (``CustomCoding(_:)``
    /// on a key); when `T.Value` is optional, a missing key or `null` is nil.
    public func _joltDecodeInferred<T: JoltCodingTransformer>(transformer: T.Type, forKey key: Key) throws -> T.Value {
        if let optional = T.Value.self as? any _JoltOptional.Type, try !contains(key) || decodeNil(forKey: key) {
            return optional._joltNone as! T.Value
        }
        return try decode(_JoltCustomCoded<T>.self, forKey: key).wrappedValue
    }

    /// For an optional property whose transformer gives a non-optional value:
    /// a missing key or `null` is nil.
    public func _joltDecodeInferred<T: JoltCodingTransformer>(transformer: T.Type, forKey key: Key) throws -> T.Value? {
        guard try contains(key) && !decodeNil(forKey: key) else { return nil }
        return try decode(_JoltCustomCoded<T>.self, forKey: key).wrappedValue
    }
}
