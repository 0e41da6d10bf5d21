#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A top-level value that stands for another one: ``JoltEncoder`` encodes it
/// in one pass as any `Encodable`, and reports errors and falls back to
/// Foundation's encoder in the name of the value it stands for.
///
/// ```swift
/// // JoltEncoder.encode(_:configuration:) encodes
/// ConfiguredEncodable(value: value, configuration: configuration)
/// // and "Top-level Message did not encode any values." names Message.
/// ```
protocol TopLevelProxy: Encodable {
    /// The value an `EncodingError` carries.
    var reportedValue: Any { get }
    /// The type named in the error for a top-level value that encodes nothing.
    var reportedType: Any.Type { get }
    /// Encodes the value it stands for with Foundation's encoder, as
    /// Foundation's own API for it would.
    func encode(with foundation: JSONEncoder) throws -> Data
}

extension JoltEncoder {
    /// Encodes `value` with Foundation's encoder (the fallback of
    /// ``encodeCore(_:options:)``), through its proxy's own entry point if it
    /// is a ``TopLevelProxy``.
    static func foundationEncode<T: Encodable>(_ value: T, with foundation: JSONEncoder) throws -> Data {
        if let proxy = value as? any TopLevelProxy { return try proxy.encode(with: foundation) }
        return try foundation.encode(value)
    }
}
