#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A property whose JSON value is a string holding another JSON document
/// (`"{\"theme\":\"dark\"}"`), decoded into `Value`, and encoded back to a
/// string.
///
/// Under ``JoltDecoder`` the inner document is decoded with the outer decode's
/// options (strategies, policies, limits, backend), and what it recovers from
/// goes into the outer report with full paths; under another decoder it is
/// decoded by a ``JoltDecoder`` with default options. An error inside the inner
/// document is thrown as the same `DecodingError` case with the path running
/// through the property (`settings.theme`); a syntax error is `dataCorrupted`
/// at the property, with the ``JoltSyntaxError`` (offset, line and column within
/// the string) underneath. Encoding writes the value's compact JSON text
/// (``JoltEncoder`` with sorted keys, so equal values give equal strings).
///
/// ```swift
/// struct Settings: Codable { var theme: String; var fontSize: Int }
/// struct Account: Codable {
///     var id: Int
///     @JSONString var settings: Settings   // "settings": "{\"theme\":\"dark\",\"fontSize\":14}"
/// }
/// ```
@propertyWrapper
public struct JSONString<Value: Codable> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension JSONString: Decodable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let outer = TapeDecoder.of(decoder)
        let inner = JoltDecoder()
        let options = outer?.context.options ?? inner.options
        let path = decoder.codingPath
        do {
            let (value, report) = try JoltDecoder.decodeCore(Value.self, fromInput: text, at: nil, options: options,
                                                       reporting: outer?.context.isReporting ?? false)
            wrappedValue = value
            if let outer {
                let prefix = path.map(JoltPathComponent.init)
                for issue in report.issues {
                    // Offsets inside the string do not point into the outer input.
                    outer.context.record(JoltDecodeReport.Issue(
                        kind: issue.kind, codingPath: prefix + issue.codingPath, reason: issue.reason,
                        offset: outer.context.offset(of: outer.index)))
                }
            }
        } catch let error as DecodingError {
            throw Self.prefixed(error, with: path)
        }
    }

    /// `error` with `path` in front of its coding path.
    static func prefixed(_ error: DecodingError, with path: [any CodingKey]) -> DecodingError {
        func context(_ c: DecodingError.Context) -> DecodingError.Context {
            DecodingError.Context(codingPath: path + c.codingPath,
                                  debugDescription: "In the JSON string: \(c.debugDescription)",
                                  underlyingError: c.underlyingError)
        }
        switch error {
        case .typeMismatch(let type, let c): return .typeMismatch(type, context(c))
        case .valueNotFound(let type, let c): return .valueNotFound(type, context(c))
        case .keyNotFound(let key, let c): return .keyNotFound(key, context(c))
        case .dataCorrupted(let c): return .dataCorrupted(context(c))
        @unknown default: return error
        }
    }
}

extension JSONString: Encodable {
    public func encode(to encoder: any Encoder) throws {
        let inner = JoltEncoder()
        inner.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try inner.encode(wrappedValue)
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: data, as: UTF8.self))
    }
}

extension JSONString: Equatable where Value: Equatable {}
extension JSONString: Hashable where Value: Hashable {}
extension JSONString: Sendable where Value: Sendable {}
