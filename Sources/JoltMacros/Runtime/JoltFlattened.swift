import Jolt

/// The decoding helpers the code written by ``Codable()`` calls for a
/// ``Flatten()`` property: its type decodes from the decoder of the enclosing
/// object. Public for the generated code; not meant to be called by hand.
///
/// ```swift
/// // @Flatten var geo: Geo?  decodes as
/// self.geo = try _JoltFlattened.decodeIfPresent(Geo.self, from: decoder)
/// ```
public enum _JoltFlattened {
    /// The value, or nil when one of its own keys is missing from the enclosing
    /// object (or `null` there); any other error is thrown.
    public static func decodeIfPresent<T: Decodable>(_ type: T.Type, from decoder: any Decoder) throws -> T? {
        do {
            return try T(from: decoder)
        } catch let error as DecodingError where isAbsent(error, in: decoder) {
            return nil
        }
    }

    /// The value, or `defaultValue` (recorded in a ``JoltDecoder`` report) when it does not decode.
    public static func decode<T: Decodable>(
        _ type: T.Type, from decoder: any Decoder, property: String, default defaultValue: @autoclosure () -> T
    ) -> T {
        do {
            return try T(from: decoder)
        } catch {
            let value = defaultValue()
            record(decoder, property, error, "default \(value) used")
            return value
        }
    }

    /// The value; `defaultValue` when one of its keys is missing (or `null`) or it does not decode (recorded).
    public static func decodeIfPresent<T: Decodable>(
        _ type: T.Type, from decoder: any Decoder, property: String, default defaultValue: @autoclosure () -> T?
    ) -> T? {
        do {
            return try T(from: decoder)
        } catch {
            let value = defaultValue()
            record(decoder, property, error, "default \(value.map { "\($0)" } ?? "nil") used")
            return value
        }
    }

    /// Whether `error` says that one of the flattened type's own keys is missing,
    /// or `null`, in the object at `decoder`.
    static func isAbsent(_ error: DecodingError, in decoder: any Decoder) -> Bool {
        let depth = decoder.codingPath.count
        switch error {
        case .keyNotFound(_, let context): return context.codingPath.count == depth
        case .valueNotFound(_, let context): return context.codingPath.count == depth + 1
        default: return false
        }
    }

    static func record(_ decoder: any Decoder, _ property: String, _ error: any Error, _ outcome: String) {
        guard decoder.isRecordingRecoveries else { return }
        decoder.recordRecovery(.defaultApplied, reason: "flattened \(property): \(describe(error)); \(outcome)", at: [])
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(let type, let context): "expected \(type) at \(path(context)): \(context.debugDescription)"
        case DecodingError.valueNotFound(let type, let context): "null where \(type) expected at \(path(context))"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing key \(key.stringValue)"
        default: "\(error)"
        }
    }

    static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }
}
