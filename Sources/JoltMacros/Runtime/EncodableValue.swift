/// A type made from a property's (or an associated value's) value and encoded
/// in its place, named with ``EncodedValue(_:)`` on a key of an
/// ``AutoEncodable()`` `CodingKeys` enum (AutoCodable's protocol, same spelling).
///
/// ```swift
/// struct FilePath: EncodableValue {             // URL("img/a.png") -> {"path": "img/a", "extension": "png"}
///     let path: String
///     let `extension`: String
///     init(from value: URL) {
///         path = value.deletingPathExtension().path
///         `extension` = value.pathExtension
///     }
/// }
/// @AutoEncodable
/// extension User: Encodable {
///     enum CodingKeys: String, CodingKey {
///         case name
///         @EncodedValue(FilePath.self) case avatar
///     }
/// }
/// ```
public protocol EncodableValue: Encodable {
    /// The type of the property the encoded value is made from.
    associatedtype Value
    /// The value to encode for the property's `value`.
    init(from value: Value)
}

/// The encoding helpers the code written by ``AutoEncodable()`` calls for keys
/// with a custom value type. Public for the generated code; not meant to be
/// called by hand.
extension KeyedEncodingContainer {
    /// Encodes `V(from: value)` at `key`, leaving out a nil optional.
    public mutating func _joltEncodeInferred<V: EncodableValue>(_ value: V.Value, as type: V.Type, forKey key: Key) throws {
        if let optional = value as? any _JoltOptional, optional._joltIsNone { return }
        try encode(V(from: value), forKey: key)
    }

    /// For an optional property whose custom type takes a non-optional value: nil is left out.
    public mutating func _joltEncodeInferred<V: EncodableValue>(_ value: V.Value?, as type: V.Type, forKey key: Key) throws {
        guard let value else { return }
        try encode(V(from: value), forKey: key)
    }

    /// Encodes `value` at `key` with a ``JoltCodingTransformer``, leaving out a nil optional.
    public mutating func _joltEncodeInferred<T: JoltCodingTransformer>(_ value: T.Value, transformer: T.Type, forKey key: Key) throws {
        if let optional = value as? any _JoltOptional, optional._joltIsNone { return }
        try encode(_JoltCustomCoded<T>(wrappedValue: value), forKey: key)
    }

    /// For an optional property whose transformer takes a non-optional value: nil is left out.
    public mutating func _joltEncodeInferred<T: JoltCodingTransformer>(_ value: T.Value?, transformer: T.Type, forKey key: Key) throws {
        guard let value else { return }
        try encode(_JoltCustomCoded<T>(wrappedValue: value), forKey: key)
    }
}
