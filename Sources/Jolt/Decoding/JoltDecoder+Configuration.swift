#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Foundation's `decode(_:from:configuration:)`: a top-level value whose type
/// decodes with a configuration (`DecodableWithConfiguration`), given either as a
/// value or as a `DecodingConfigurationProviding` type, from every input
/// `decode(_:from:)` takes.
///
/// The value's `init(from:configuration:)` runs on the decoder standing on the
/// document's root, exactly as with `JSONDecoder`; the containers' methods with a
/// `configuration:` argument (`decode(_:forKey:configuration:)`,
/// `decodeIfPresent(_:configuration:)` and the others) are Foundation's own
/// extensions and work inside it as they do with `JSONDecoder`.
extension JoltDecoder {
    /// Decodes a value that needs a configuration to decode, with that configuration.
    ///
    /// ```swift
    /// struct Price: DecodableWithConfiguration {
    ///     var amount: Decimal
    ///     init(from decoder: any Decoder, configuration: Currency) throws {
    ///         amount = try decoder.singleValueContainer().decode(Decimal.self) * configuration.rate
    ///     }
    /// }
    /// let price = try JoltDecoder().decode(Price.self, from: data, configuration: .euro)
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - data: UTF-8 JSON, with or without a byte order mark.
    ///   - configuration: passed to `type.init(from:configuration:)`.
    /// - Returns: the decoded value.
    /// - Throws: what `decode(_:from:)` throws, or any error of the
    ///   type's `init(from:configuration:)`.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from data: Data,
                                                      configuration: T.DecodingConfiguration) throws -> T {
        try decode(type, fromInput: data, configuration: configuration, options: options)
    }

    /// Decodes a value that needs a configuration to decode, with the configuration
    /// a provider type gives.
    ///
    /// ```swift
    /// enum EuroPricing: DecodingConfigurationProviding {
    ///     static var decodingConfiguration: Currency { .euro }
    /// }
    /// let price = try JoltDecoder().decode(Price.self, from: data, configuration: EuroPricing.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - data: UTF-8 JSON, with or without a byte order mark.
    ///   - configuration: the provider whose `decodingConfiguration` is passed to
    ///     `type.init(from:configuration:)`.
    /// - Returns: the decoded value.
    /// - Throws: what `decode(_:from:)` throws, or any error of the
    ///   type's `init(from:configuration:)`.
    public func decode<T, C>(_ type: T.Type, from data: Data, configuration: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try decode(type, fromInput: data, configuration: C.decodingConfiguration, options: options)
    }

    /// Decodes a value that needs a configuration to decode from any ``JoltInput``
    /// (`[UInt8]`, `String`, `Substring`, an `UnsafeRawBufferPointer`, …).
    ///
    /// ```swift
    /// let price = try decoder.decode(Price.self, from: #"12.5"#, configuration: .euro)
    /// ```
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from input: some JoltInput,
                                                      configuration: T.DecodingConfiguration) throws -> T {
        try decode(type, fromInput: input, configuration: configuration, options: options)
    }

    /// Decodes a value that needs a configuration to decode from any ``JoltInput``,
    /// with the configuration a provider type gives.
    ///
    /// ```swift
    /// let price = try decoder.decode(Price.self, from: line[...], configuration: EuroPricing.self)
    /// ```
    public func decode<T, C>(_ type: T.Type, from input: some JoltInput, configuration: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try decode(type, fromInput: input, configuration: C.decodingConfiguration, options: options)
    }

    /// Every configuration decode: `type.init(from:configuration:)` on the root,
    /// as Foundation's `unwrap(_:as:configuration:)` does (no special case for
    /// `Date`, `Data` or the others, whose types are not `DecodableWithConfiguration`).
    func decode<T: DecodableWithConfiguration>(_ type: T.Type, fromInput input: some JoltInput,
                                               configuration: T.DecodingConfiguration, options: DecoderOptions) throws -> T {
        try Self.decodeRoot(fromInput: input, at: nil, options: options, reporting: false) { decoder, index in
            try decoder.with(index: index, extra: [], key: NoKey()) {
                try type.init(from: decoder, configuration: configuration)
            }
        }.0
    }
}
