import Foundation
import Jolt

/// A `Codable` box around a property's value that decodes and encodes it in a
/// special way: the types ``DateCoding(_:)``, ``Base64Coding()``,
/// ``FlexibleType()``, ``LossyCoding()`` and ``CompactCoding()`` select.
///
/// ```swift
/// // @DateCoding(ISO8601Strategy.self) var created: Date  decodes as
/// created = try container.joltDecode(DateValue<ISO8601Strategy>.self, paths: [[.created]]).wrappedValue
/// ```
public protocol JoltCodingWrapper: Codable {
    associatedtype Value
    var wrappedValue: Value { get }
    init(wrappedValue: Value)
}

extension DateValue: JoltCodingWrapper {}
extension Base64Data: JoltCodingWrapper {}
extension Base64URLData: JoltCodingWrapper {}
extension HexData: JoltCodingWrapper {}
extension LosslessValue: JoltCodingWrapper {}
extension LossyArray: JoltCodingWrapper where Element: Codable {}
extension LossyDictionary: JoltCodingWrapper where Value: Codable, Key: Codable {}
extension LossySet: JoltCodingWrapper where Element: Codable {}

/// An array whose `null` elements are left out (``CompactCoding()``); any other
/// invalid element is still an error. Encodes as a plain array.
public struct JoltCompactArray<Element: Codable>: JoltCodingWrapper {
    public var wrappedValue: [Element]
    public init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }
    public init(from decoder: any Decoder) throws {
        let all = try [Element?](from: decoder)
        wrappedValue = all.compactMap { $0 }
        if all.count != wrappedValue.count, decoder.isRecordingRecoveries {
            for (index, element) in all.enumerated() where element == nil {
                decoder.recordRecovery(.droppedElement, reason: "null element dropped", at: [JoltAnyCodingKey(intValue: index)])
            }
        }
    }
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

/// A set whose `null` elements are left out (``CompactCoding()``); any other
/// invalid element is still an error. Encodes as a plain array.
public struct JoltCompactSet<Element: Codable & Hashable>: JoltCodingWrapper {
    public var wrappedValue: Set<Element>
    public init(wrappedValue: Set<Element>) { self.wrappedValue = wrappedValue }
    public init(from decoder: any Decoder) throws {
        let all = try JoltCompactArray<Element>(from: decoder)
        wrappedValue = Set(all.wrappedValue)
    }
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

/// A dictionary whose `null` values are left out (``CompactCoding()``).
public struct JoltCompactDictionary<Key: Codable & Hashable, Value: Codable>: JoltCodingWrapper {
    public var wrappedValue: [Key: Value]
    public init(wrappedValue: [Key: Value]) { self.wrappedValue = wrappedValue }
    public init(from decoder: any Decoder) throws {
        wrappedValue = try [Key: Value?](from: decoder).compactMapValues { $0 }
    }
    public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

/// A value read and written by a ``JoltCodingTransformer`` (``CustomCoding(_:)``).
public struct JoltCustomCoded<Transformer: JoltCodingTransformer>: JoltCodingWrapper {
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
