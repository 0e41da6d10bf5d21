/// Supplies the value of a ``Default`` property when the key is missing, the
/// value is `null`, or it does not decode.
///
/// ```swift
/// enum Unknown: DefaultValueProvider { static var defaultValue: String { "unknown" } }
/// struct Device: Codable { @Default<Unknown> var model: String }
/// ```
public protocol DefaultValueProvider {
    associatedtype Value: Codable
    /// The value used instead of a missing, null or invalid one.
    static var defaultValue: Value { get }
    /// Decodes a present, non-null value. The default implementation is
    /// `Value(from:)`; ``DefaultEmptyLossyArray`` decodes leniently.
    static func decodeValue(from decoder: any Decoder) throws -> Value
}

extension DefaultValueProvider {
    public static func decodeValue(from decoder: any Decoder) throws -> Value {
        try Value(from: decoder)
    }
}

/// A property that takes `Provider.defaultValue` when its key is missing, its
/// value is `null`, or the value does not decode as `Provider.Value`.
///
/// Each default applied is recorded in the decode report as `.defaultApplied`
/// with the reason (missing, null, or the error). Works with any `Decoder`
/// (under Foundation's, silently). Encodes the value as it is.
///
/// ```swift
/// struct Settings: Codable {
///     @DefaultFalse var beta: Bool              // missing -> false
///     @DefaultEmptyArray var tags: [String]     // null -> []
///     @DefaultEmptyLossyArray var items: [Item] // missing -> [], bad elements dropped
///     @Default<Unknown> var model: String       // your own provider
/// }
/// ```
@propertyWrapper
public struct Default<Provider: DefaultValueProvider> {
    public var wrappedValue: Provider.Value

    public init(wrappedValue: Provider.Value) {
        self.wrappedValue = wrappedValue
    }

    /// A property holding the default.
    public init() {
        wrappedValue = Provider.defaultValue
    }
}

extension Default: Decodable {
    /// Decoding the wrapper's own value: `null` or an invalid value gives the
    /// default. (A missing key is handled by `KeyedDecodingContainer`.)
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer(), container.decodeNil() {
            wrappedValue = Provider.defaultValue
            decoder.recordRecovery(.defaultApplied, reason: "null; default \(Provider.defaultValue) used")
            return
        }
        do {
            wrappedValue = try Provider.decodeValue(from: decoder)
        } catch {
            wrappedValue = Provider.defaultValue
            decoder.recordRecovery(.defaultApplied, reason: "\(LossyDecoding.describe(error)); default \(Provider.defaultValue) used")
        }
    }
}

extension Default: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension Default: Equatable where Provider.Value: Equatable {}
extension Default: Hashable where Provider.Value: Hashable {}
extension Default: Sendable where Provider.Value: Sendable {}

extension KeyedDecodingContainer {
    /// A ``Default`` property whose key is missing takes the default (recorded as
    /// `.defaultApplied`); otherwise it decodes as usual.
    public func decode<P>(_ type: Default<P>.Type, forKey key: Key) throws -> Default<P> {
        guard contains(key) else {
            recordRecovery(.defaultApplied, forKey: key, reason: "missing; default \(P.defaultValue) used")
            return Default(wrappedValue: P.defaultValue)
        }
        if (try? decodeNil(forKey: key)) == true {
            recordRecovery(.defaultApplied, forKey: key, reason: "null; default \(P.defaultValue) used")
            return Default(wrappedValue: P.defaultValue)
        }
        // Through the generic path: Default.init(from:) handles an invalid value.
        return try decodeIfPresent(type, forKey: key) ?? Default(wrappedValue: P.defaultValue)
    }
}

// MARK: Providers

/// `[]`.
public enum DefaultEmptyArrayProvider<Element: Codable>: DefaultValueProvider {
    public static var defaultValue: [Element] { [] }
}

/// `[]`, with elements that do not decode dropped as in ``LossyArray``.
public enum DefaultEmptyLossyArrayProvider<Element: Codable>: DefaultValueProvider {
    public static var defaultValue: [Element] { [] }
    public static func decodeValue(from decoder: any Decoder) throws -> [Element] {
        try LossyDecoding.elements(Element.self, from: decoder)
    }
}

/// `[:]`.
public enum DefaultEmptyDictionaryProvider<Key: Codable & Hashable, Value: Codable>: DefaultValueProvider {
    public static var defaultValue: [Key: Value] { [:] }
}

/// `""`.
public enum DefaultEmptyStringProvider: DefaultValueProvider {
    public static var defaultValue: String { "" }
}

/// `false`.
public enum DefaultFalseProvider: DefaultValueProvider {
    public static var defaultValue: Bool { false }
}

/// `true`.
public enum DefaultTrueProvider: DefaultValueProvider {
    public static var defaultValue: Bool { true }
}

/// `0` of any numeric type.
public enum DefaultZeroProvider<Number: Numeric & Codable>: DefaultValueProvider {
    public static var defaultValue: Number { 0 }
}

/// `nil`: an optional that a present but invalid value also leaves `nil`
/// (recorded), where a plain `T?` property would fail the decode.
public enum DefaultNilProvider<Wrapped: Codable>: DefaultValueProvider {
    public static var defaultValue: Wrapped? { nil }
}

/// An array property: missing, null or invalid gives `[]`.
public typealias DefaultEmptyArray<Element: Codable> = Default<DefaultEmptyArrayProvider<Element>>
/// A lossy array property (see ``LossyArray``): missing, null or a non-array gives `[]`.
public typealias DefaultEmptyLossyArray<Element: Codable> = Default<DefaultEmptyLossyArrayProvider<Element>>
/// A dictionary property: missing, null or invalid gives `[:]`.
public typealias DefaultEmptyDictionary<Key: Codable & Hashable, Value: Codable> = Default<DefaultEmptyDictionaryProvider<Key, Value>>
/// A string property: missing, null or invalid gives `""`.
public typealias DefaultEmptyString = Default<DefaultEmptyStringProvider>
/// A Boolean property: missing, null or invalid gives `false`.
public typealias DefaultFalse = Default<DefaultFalseProvider>
/// A Boolean property: missing, null or invalid gives `true`.
public typealias DefaultTrue = Default<DefaultTrueProvider>
/// A numeric property: missing, null or invalid gives `0`.
public typealias DefaultZero<Number: Numeric & Codable> = Default<DefaultZeroProvider<Number>>
/// An optional property: missing, null or invalid gives `nil`.
public typealias DefaultNil<Wrapped: Codable> = Default<DefaultNilProvider<Wrapped>>
