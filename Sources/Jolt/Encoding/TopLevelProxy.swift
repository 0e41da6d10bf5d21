/// A top-level value that stands for another one: ``JoltEncoder`` encodes it
/// in one pass as any `Encodable`, and reports errors in the name of the value
/// it stands for.
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
}
