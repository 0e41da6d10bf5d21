import Foundation
import Synchronization

/// A drop-in replacement for Foundation's `JSONEncoder`, writing the same bytes
/// several times faster.
///
/// Code written for `JSONEncoder` compiles and behaves the same with
/// `JoltEncoder` in its place: the same properties and strategies, and for the
/// same value and options the same bytes (escaping, number spelling, pretty
/// printing, sorted keys) and the same `EncodingError`s.
///
/// ```swift
/// struct User: Codable { var id: Int; var fullName: String; var createdAt: Date }
///
/// let encoder = JoltEncoder()
/// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// encoder.dateEncodingStrategy = .iso8601
/// let data = try encoder.encode(user)
/// ```
///
/// Values are written straight into one byte buffer as they are encoded, with no
/// intermediate tree. Without `.sortedKeys`, members are written in the order
/// they are encoded (Foundation's order follows its dictionary's hashing and
/// changes from one process to the next). The README's "JoltEncoder" section
/// lists the differences from Foundation.
///
/// A `JoltEncoder` is safe to share between threads: each encode copies the
/// options when it starts.
public final class JoltEncoder: Sendable {
    let state: Mutex<EncoderOptions>

    /// An encoder with Foundation's defaults.
    public init() {
        state = Mutex(EncoderOptions())
    }

    /// The layout of the output. Default `[]` (compact).
    public var outputFormatting: OutputFormatting {
        get { state.withLock { $0.outputFormatting } }
        set { state.withLock { $0.outputFormatting = newValue } }
    }

    /// How coding keys become JSON keys. Default `.useDefaultKeys`.
    public var keyEncodingStrategy: KeyEncodingStrategy {
        get { state.withLock { $0.keyEncodingStrategy } }
        set { state.withLock { $0.keyEncodingStrategy = newValue } }
    }

    /// How `Date` values are written. Default `.deferredToDate`.
    public var dateEncodingStrategy: DateEncodingStrategy {
        get { state.withLock { $0.dateEncodingStrategy } }
        set { state.withLock { $0.dateEncodingStrategy = newValue } }
    }

    /// How `Data` values are written. Default `.base64`.
    public var dataEncodingStrategy: DataEncodingStrategy {
        get { state.withLock { $0.dataEncodingStrategy } }
        set { state.withLock { $0.dataEncodingStrategy = newValue } }
    }

    /// How infinity and NaN are written. Default `.throw`.
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
        get { state.withLock { $0.nonConformingFloatEncodingStrategy } }
        set { state.withLock { $0.nonConformingFloatEncodingStrategy = newValue } }
    }

    /// What `encodeIfPresent` writes for `nil`. Default `.omit` (Foundation's
    /// behaviour); `.writeNull` for PATCH-style bodies.
    public var nilEncodingStrategy: NilEncodingStrategy {
        get { state.withLock { $0.nilEncodingStrategy } }
        set { state.withLock { $0.nilEncodingStrategy = newValue } }
    }

    /// Contextual information for `encode(to:)` implementations, as `Encoder.userInfo`.
    /// Default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { state.withLock { $0.userInfo } }
        set { state.withLock { $0.userInfo = newValue } }
    }

    /// Writes a coding key containing this separator as a path into nested
    /// objects, the shape ``JoltDecoder/keyPathSeparator`` reads: with `"."`,
    /// the keys `"location.city"` and `"location.zip"` of one object write
    /// `{"location":{"city":…,"zip":…}}`. Keys sharing a prefix are merged into
    /// one object when they are encoded one after the other (synthesized
    /// `Encodable` encodes properties in declaration order); keys under a prefix
    /// whose object was already closed throw `EncodingError.invalidValue`
    /// rather than repeat the key. Default nil: keys are never split, as in
    /// Foundation.
    ///
    /// ```swift
    /// struct Place: Codable {
    ///     var city: String
    ///     enum CodingKeys: String, CodingKey { case city = "location.city" }
    /// }
    /// encoder.keyPathSeparator = "."   // {"location":{"city":"Oslo"}}
    /// ```
    public var keyPathSeparator: String? {
        get { state.withLock { $0.keyPathSeparator } }
        set { state.withLock { $0.keyPathSeparator = newValue.flatMap { $0.isEmpty ? nil : $0 } } }
    }

    /// Alternative keys per type (see ``KeyMappings``): a mapped coding key is
    /// written under its first alternative, which may be a key path (split at
    /// ``keyPathSeparator``, `"."` when none is set), so that a value encodes
    /// the shape the decoder reads with the same mappings. Default: none.
    ///
    /// ```swift
    /// encoder.keyMappings = KeyMappings().for(User.self, ["name": ["profile.name"]])
    /// // User(name: "Ann", age: 3) -> {"profile":{"name":"Ann"},"age":3}
    /// ```
    public var keyMappings: KeyMappings {
        get { state.withLock { $0.keyMappings } }
        set { state.withLock { $0.keyMappings = newValue } }
    }

    /// The options as they are now; an encode works on such a copy.
    var options: EncoderOptions {
        state.withLock { $0 }
    }

    // MARK: Encoding

    /// Encodes a value as JSON.
    ///
    /// - Returns: the UTF-8 JSON text.
    /// - Throws: `EncodingError.invalidValue` for a non-conforming float with the
    ///   `.throw` strategy, or when the top-level value encodes nothing, as
    ///   Foundation does; any error thrown by an `encode(to:)`.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        switch try encodeCore(value, options: options) {
        case .written(let core): core.writer.makeData()
        case .foundation(let data): data
        }
    }

    /// Encodes a value as JSON and returns the UTF-8 bytes.
    public func encodeToBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        switch try encodeCore(value, options: options) {
        case .written(let core): core.writer.makeArray()
        case .foundation(let data): [UInt8](data)
        }
    }

    /// Encodes a value as JSON and appends its UTF-8 bytes to `buffer`. On error
    /// `buffer` is left as it was.
    ///
    /// ```swift
    /// var body: [UInt8] = []
    /// try encoder.encode(first, into: &body)
    /// body.append(UInt8(ascii: "\n"))
    /// try encoder.encode(second, into: &body)
    /// ```
    public func encode<T: Encodable>(_ value: T, into buffer: inout [UInt8]) throws {
        switch try encodeCore(value, options: options) {
        case .written(let core): core.writer.append(to: &buffer)
        case .foundation(let data): buffer.append(contentsOf: data)
        }
    }

    /// The output of one encode: Jolt's buffer, or Foundation's data.
    enum Output {
        case written(EncodingCore)
        case foundation(Data)
    }

    /// Encodes `value` in one pass. An `encode(to:)` that writes to a nested
    /// container after its parent went on, or writes one key twice into an
    /// object (legal, rare, and impossible to write in one pass as Foundation
    /// does) is encoded again by Foundation's `JSONEncoder` with the same
    /// options, when they are all Foundation's. With a Jolt-only option (key
    /// paths, key mappings, `nilEncodingStrategy = .writeNull`, the kebab,
    /// Pascal and screaming-snake key styles) the first throws
    /// `EncodingError.invalidValue` and the second writes both members.
    func encodeCore<T: Encodable>(_ value: T, options: EncoderOptions) throws -> Output {
        let core = EncodingCore(options: options)
        // The free slots refer to the core: let them go, whatever happens.
        defer { core.freeEncoders.removeAll() }
        do {
            try core.encodeTopLevel(value)
        } catch {
            if core.usedContainersOutOfOrder, let foundation = Self.foundationEncoder(for: options) {
                return .foundation(try foundation.encode(value))
            }
            throw error
        }
        // A key written twice into one object: Foundation keeps the last value.
        if _slowPath(core.wroteRepeatedKey), let foundation = Self.foundationEncoder(for: options) {
            return .foundation(try foundation.encode(value))
        }
        return .written(core)
    }

    /// Foundation's `JSONEncoder` with these options, or nil if one has no
    /// Foundation equivalent.
    static func foundationEncoder(for options: EncoderOptions) -> JSONEncoder? {
        guard options.keyPathSeparator == nil, options.keyMappings.isEmpty, options.nilEncodingStrategy == .omit else { return nil }
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = []
        if options.outputFormatting.contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
        if options.outputFormatting.contains(.sortedKeys) { formatting.insert(.sortedKeys) }
        if options.outputFormatting.contains(.withoutEscapingSlashes) { formatting.insert(.withoutEscapingSlashes) }
        encoder.outputFormatting = formatting
        switch options.keyEncodingStrategy {
        case .useDefaultKeys: encoder.keyEncodingStrategy = .useDefaultKeys
        case .convertToSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
        case .custom(let closure): encoder.keyEncodingStrategy = .custom(closure)
        case .convertToKebabCase, .convertToPascalCase, .convertToScreamingSnakeCase: return nil
        }
        switch options.dateEncodingStrategy {
        case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        case .iso8601: encoder.dateEncodingStrategy = .iso8601
        case .formatted(let formatter): encoder.dateEncodingStrategy = .formatted(formatter)
        case .custom(let closure): encoder.dateEncodingStrategy = .custom(closure)
        }
        switch options.dataEncodingStrategy {
        case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
        case .base64: encoder.dataEncodingStrategy = .base64
        case .custom(let closure): encoder.dataEncodingStrategy = .custom(closure)
        }
        switch options.nonConformingFloatEncodingStrategy {
        case .throw: encoder.nonConformingFloatEncodingStrategy = .throw
        case .convertToString(let positive, let negative, let nan):
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: positive, negativeInfinity: negative, nan: nan)
        }
        encoder.userInfo = options.userInfo
        return encoder
    }
}
