#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An `EncodableWithConfiguration` value with its configuration, encoded as
/// one `Encodable`: `JoltEncoder.encode(_:configuration:)` encodes it
/// at the top level, and its `encode(to:)` calls the value's
/// `encode(to:configuration:)`, as Foundation's `JSONEncoder` does (without
/// Foundation's special cases for `Date`, `Data`, `URL` or `Decimal`, which
/// are not `EncodableWithConfiguration`).
///
/// ```swift
/// let data = try JoltEncoder().encode(ConfiguredEncodable(value: rich, configuration: attributes))
/// ```
struct ConfiguredEncodable<Value: EncodableWithConfiguration>: TopLevelProxy {
    let value: Value
    let configuration: Value.EncodingConfiguration

    func encode(to encoder: any Encoder) throws {
        if let slot = encoder as? JoltByteEncoder, slot.core.hasMappings {
            // Key mappings belong to the configured type, not to this wrapper.
            slot.mappings = slot.core.options.keyMappings.alternatives(for: ObjectIdentifier(Value.self))
        }
        try value.encode(to: encoder, configuration: configuration)
    }

    var reportedValue: Any { value }
    var reportedType: Any.Type { Value.self }
}
