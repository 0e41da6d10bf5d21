#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JoltEncoder {
    /// Encodes a value that needs a configuration to encode itself
    /// (`EncodableWithConfiguration`, Foundation's `CodableWithConfiguration`),
    /// as `JSONEncoder.encode(_:configuration:)` does: the value's
    /// `encode(to:configuration:)` is called with `configuration`.
    ///
    /// ```swift
    /// struct Price: EncodableWithConfiguration {
    ///     var cents: Int
    ///     func encode(to encoder: any Encoder, configuration: Currency) throws {
    ///         var c = encoder.singleValueContainer()
    ///         try c.encode("\(cents / 100).\(cents % 100) \(configuration.code)")
    ///     }
    /// }
    /// let data = try JoltEncoder().encode(Price(cents: 1250), configuration: Currency(code: "EUR"))
    /// // "12.50 EUR"
    /// ```
    ///
    /// Inside `encode(to:configuration:)`, nested values with their own
    /// configuration go through Foundation's container methods
    /// (`container.encode(_:forKey:configuration:)`,
    /// `unkeyedContainer.encode(_:configuration:)`), which work with Jolt's
    /// containers unchanged.
    ///
    /// - Parameters:
    ///   - value: the value to encode.
    ///   - configuration: what `value` needs to encode itself.
    /// - Returns: the UTF-8 JSON text.
    /// - Throws: `EncodingError` as ``encode(_:)`` does (a value that encodes
    ///   nothing: "Top-level `T` did not encode any values."), or any error
    ///   thrown by `encode(to:configuration:)`.
    public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
        let proxy = ConfiguredEncodable(value: value, configuration: configuration)
        return try withOutput(of: proxy) { core in core.writer.makeData() }
    }

    /// Encodes a value with the configuration a provider type supplies, as
    /// `JSONEncoder.encode(_:configuration:)` does with an
    /// `EncodingConfigurationProviding` type.
    ///
    /// ```swift
    /// enum Euro: EncodingConfigurationProviding {
    ///     static var encodingConfiguration: Currency { Currency(code: "EUR") }
    /// }
    /// let data = try JoltEncoder().encode(Price(cents: 1250), configuration: Euro.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: the value to encode.
    ///   - configuration: the type whose `encodingConfiguration` `value` is
    ///     encoded with.
    /// - Returns: the UTF-8 JSON text.
    /// - Throws: as the form taking a configuration value.
    public func encode<T, C>(_ value: T, configuration: C.Type) throws -> Data
    where T: EncodableWithConfiguration, C: EncodingConfigurationProviding, T.EncodingConfiguration == C.EncodingConfiguration {
        try encode(value, configuration: C.encodingConfiguration)
    }
}
