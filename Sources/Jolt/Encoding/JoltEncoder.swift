#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    /// What each encode keeps for the next (see ``EncodeScratch``).
    let caches = EncoderCaches()

    /// An encoder with Foundation's defaults.
    public init() {
        state = Mutex(EncoderOptions())
    }

    /// A new encoder with every option of this one (formatting, strategies,
    /// `userInfo`, key paths and mappings), to change apart from it.
    ///
    /// ```swift
    /// let encoder = shared.copy()
    /// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    /// ```
    public func copy() -> JoltEncoder {
        let copy = JoltEncoder()
        let options = self.options
        copy.state.withLock { $0 = options }
        return copy
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
    /// `{"location":{"city":…,"zip":…}}`. Keys sharing a prefix are written into
    /// one object, in the place of the first of them, wherever they are
    /// declared: keys encoded one after the other in one pass, keys with others
    /// in between (`location.city`, `name`, `location.zip`) by writing the prefix
    /// again and merging the two when their object closes. Default nil: keys are
    /// never split, as in Foundation.
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
        try withOutput(of: value) { core in core.writer.makeData() }
    }

    /// Encodes a value as JSON and returns the UTF-8 bytes.
    public func encodeToBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        try withOutput(of: value) { core in core.writer.makeArray() }
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
        try withOutput(of: value) { core in core.writer.append(to: &buffer) }
    }

    /// Encodes a value as JSON and calls `body` with its UTF-8 bytes, without
    /// copying them into a `Data` or an array first: for writing the output
    /// straight into another buffer (a SwiftNIO `ByteBuffer`, a file).
    ///
    /// ```swift
    /// try encoder.withEncodedBytes(of: event) { bytes in
    ///     buffer.writeBytes(bytes)
    /// }
    /// ```
    /// - Parameters:
    ///   - value: the value to encode.
    ///   - body: called once with the encoded bytes; the pointer is valid only inside `body`.
    /// - Returns: what `body` returns.
    /// - Throws: `EncodingError` as ``encode(_:)`` does, or what `body` throws.
    public func withEncodedBytes<T: Encodable, R>(of value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        try withOutput(of: value) { core in try body(UnsafeRawBufferPointer(core.writer.bytes)) }
    }

    /// Encodes `value` with the encoder's options (copied now) and a scratch
    /// of its own (except the encoder's first encode: see ``EncoderCaches``),
    /// and calls `body` with the core holding the output; the scratch then
    /// keeps what the encode leaves, for the next one.
    func withOutput<T: Encodable, R>(of value: T, _ body: (EncodingCore) throws -> R) throws -> R {
        guard let scratch = caches.borrow() else {
            return try body(encodeCore(value, options: options))
        }
        defer { caches.giveBack(scratch) }
        let core = try encodeCore(value, options: options, scratch: scratch)
        defer { core.finish(into: scratch) }
        return try body(core)
    }

    /// The core holding the output of one encode of `value`. With a `scratch`,
    /// the caller ends the core with ``EncodingCore/finish(into:)`` once it has
    /// read it (without one, the core has let go of its references).
    ///
    /// Encodes `value` in one pass. A key written twice into one object (the
    /// last value wins, a nested container asked for twice is one object) and
    /// keys sharing a key-path prefix encoded apart (one object per prefix) are
    /// merged when the object closes (see `EncodingCore+Merge.swift`). A
    /// container or a super encoder used after its parent was closed makes the
    /// rest of the value be written as merge mode writes it, and the value be
    /// merged when it ends (see `EncodingCore+LateMerging.swift`). Only when
    /// the output cannot say where the closed container stands (a merge moved
    /// containers before the late use) is the value encoded again in merge
    /// mode, and `encode(to:)` run twice.
    func encodeCore<T: Encodable>(_ value: T, options: EncoderOptions, scratch: EncodeScratch? = nil) throws -> EncodingCore {
        let core = EncodingCore(options: options, scratch: scratch)
        // The free slots and cached containers refer to the core: unless the
        // core is returned to the caller with a scratch, let them go (or hand
        // them to the scratch) whatever happens.
        var returned = false
        defer { if !returned { core.finish(into: scratch) } }
        do {
            try core.encodeTopLevel(value)
        } catch {
            if core.usedContainersOutOfOrder { return try Self.encodeMerged(value, options: options) }
            throw error
        }
        returned = scratch != nil
        return core
    }

    /// Encodes `value` in merge mode and writes the merged result with the real
    /// formatting into a new core.
    static func encodeMerged<T: Encodable>(_ value: T, options: EncoderOptions) throws -> EncodingCore {
        let target = EncodingCore(options: options)
        do {
            try writeSecondPass(value, options: options, into: target)
        } catch {
            target.releaseReferences()
            throw error
        }
        return target
    }

    /// Writes `value` at the current position of `target` after a one-pass
    /// encode of it raised one of the flags of ``EncodingCore/needsSecondPass``
    /// (``JoltStreamEncoder``: an element among others): encodes it in merge
    /// mode, and writes the merged output with `target`'s formatting.
    static func writeSecondPass<T: Encodable>(_ value: T, options: EncoderOptions, into target: EncodingCore) throws {
        let source = EncodingCore(options: options, mergeMode: true)
        defer { source.releaseReferences() }
        try source.encodeTopLevel(value)
        target.writeMerged(from: source)
    }
}
