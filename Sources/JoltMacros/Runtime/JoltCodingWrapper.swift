import Foundation
import Jolt

/// A `Codable` box around a property's value that decodes and encodes it in a
/// special way: the types ``DateCoding(_:)``, ``Base64Coding()``,
/// ``FlexibleType()``, ``LossyCoding()`` and ``CompactCoding()`` select.
///
/// ```swift
/// // @DateCoding(ISO8601Strategy.self) var created: Date  decodes as
/// created = try container._joltDecode(DateValue<ISO8601Strategy>.self, paths: [[.created]]).wrappedValue
/// ```
public protocol _JoltCodingWrapper: Codable {
    associatedtype Value
    var wrappedValue: Value { get }
    init(wrappedValue: Value)
}

extension DateValue: _JoltCodingWrapper {}
extension Base64Data: _JoltCodingWrapper {}
extension Base64URLData: _JoltCodingWrapper {}
extension HexData: _JoltCodingWrapper {}
extension LosslessValue: _JoltCodingWrapper {}
extension LossyArray: _JoltCodingWrapper where Element: Codable {}
extension LossyDictionary: _JoltCodingWrapper where Value: Codable, Key: Codable {}
extension LossySet: _JoltCodingWrapper where Element: Codable {}

/// An array whose `null` elements are left out (``CompactCoding()``); any other
/// invalid element is still an error. Encodes as a plain array.
public struct _JoltCompactArray<Element: Codable>: _JoltCodingWrapper {
    public var wrappedValue: [Element]
    public init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }
    public init(from decoder: any Decoder) throws {
        let all = try [Element?](from: decoder)
        wrappedValue = all.compactMap { $0 }
        if all.count != wrappedValue.count, decoder.isRecordingRecoveries {
            for (index, element) in all.enumerated() where element == nil {
                decoder.recordRecovery(.droppedElement, reason: "null element dropped", at: [_JoltAnyCodingKey(intValue: index)])
            }
        }
    }
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

/// A set whose `null` elements are left out (``CompactCoding()``); any other
/// invalid element is still an error. Encodes as a plain array.
public struct _JoltCompactSet<Element: Codable & Hashable>: _JoltCodingWrapper {
    public var wrappedValue: Set<Element>
    public init(wrappedValue: Set<Element>) { self.wrappedValue = wrappedValue }
    public init(from decoder: any Decoder) throws {
        let all = try _JoltCompactArray<Element>(from: decoder)
        wrappedValue = Set(all.wrappedValue)
    }
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

/// A dictionary whose `null` values are left out (``CompactCoding()``).
public struct _JoltCompactDictionary<Key: Codable & Hashable, Value: Codable>: _JoltCodingWrapper {
    public var wrappedValue: [Key: Value]
    public init(wrappedValue: [Key: Value]) { self.wrappedValue = wrappedValue }
    public init(from decoder: any Decoder) throws {
        wrappedValue = try [Key: Value?](from: decoder).compactMapValues { $0 }
    }
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

/// A value read and written by a ``JoltCodingTransformer`` (``CustomCoding(_:)``).
public struct _JoltCustomCoded<Transformer: JoltCodingTransformer>: _JoltCodingWrapper {
    public var wrappedValue: Transformer.Value
    public init(wrappedValue: Transformer.Value) { self.wrappedValue = wrappedValue }
    public init(from decoder: any Decoder) throws { wrappedValue = try Transformer.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try Transformer.encode(wrappedValue, to: encoder) }
}

/// Reads and writes a property's value your own way, for ``CustomCoding(_:)``.
///
/// ```swift
/// enum CommaList: JoltCodingTransformer {        // "a,b,c" <-> ["a", "b", "c"]
///     static func decode(from decoder: any Decoder) throws -> [String] {
///         try String(from: decoder).split(separator: ",").map(String.init)
///     }
///     static func encode(_ value: [String], to encoder: any Encoder) throws {
///         try value.joined(separator: ",").encode(to: encoder)
///     }
/// }
/// @Codable struct Post { @CustomCoding(CommaList.self) var tags: [String] }
/// ```
public protocol JoltCodingTransformer {
    associatedtype Value
    /// The value at `decoder`.
    static func decode(from decoder: any Decoder) throws -> Value
    /// Writes `value` to `encoder`.
    static func encode(_ value: Value, to encoder: any Encoder) throws
}
