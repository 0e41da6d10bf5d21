/// A raw-value enum that decodes a raw value it does not know as a fallback case
/// instead of failing, so that a new value added by the producer does not break
/// every payload that carries it.
///
/// Each fallback is recorded in the decode report as `.unknownEnumCase` with the
/// raw value seen. A value of the wrong type (a number for a `String` enum) or
/// `null` is still an error. Works with any `Decoder`; encoding is the plain raw
/// value (the fallback case encodes its own raw value).
///
/// ```swift
/// enum Status: String, Codable, UnknownCaseRepresentable {
///     case active, suspended, unknown
///     static var unknownCase: Status { .unknown }
/// }
/// // "archived" decodes as .unknown
/// ```
public protocol UnknownCaseRepresentable: RawRepresentable, Decodable where RawValue: Decodable {
    /// The case for raw values the enum does not know.
    static var unknownCase: Self { get }
}

extension UnknownCaseRepresentable {
    public init(from decoder: any Decoder) throws {
        self = try Self.decodeWithFallback(from: decoder)
    }

    /// The case for the raw value at `decoder`, or ``unknownCase`` (recorded).
    static func decodeWithFallback(from decoder: any Decoder) throws -> Self {
        let raw = try decoder.singleValueContainer().decode(RawValue.self)
        if let value = Self(rawValue: raw) { return value }
        if decoder.isRecordingRecoveries {
            decoder.recordRecovery(.unknownEnumCase, reason: "unknown raw value \(String(reflecting: raw)) for \(Self.self); \(unknownCase) used")
        }
        return unknownCase
    }
}

// More specific than the standard library's `RawRepresentable` decoding for
// `String` and `Int` raw values, so that these win for conforming enums.
extension UnknownCaseRepresentable where RawValue == String {
    public init(from decoder: any Decoder) throws {
        self = try Self.decodeWithFallback(from: decoder)
    }
}

extension UnknownCaseRepresentable where RawValue == Int {
    public init(from decoder: any Decoder) throws {
        self = try Self.decodeWithFallback(from: decoder)
    }
}
