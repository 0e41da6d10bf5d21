/// How to decode a value whose Swift type depends on a discriminator field in its
/// JSON object, for one base type: a protocol existential such as
/// `any ViewItem`, or an enum (see ``PolymorphicEnum``).
///
/// A registry maps discriminator values to concrete `Decodable` types. It reads
/// the discriminator (default key `"type"`; a nested path such as `"meta.kind"`
/// is allowed), then decodes the same object, already in memory, as the type
/// registered for it: never a second parse. The payload is either the object
/// itself (inline, the default) or the value under a payload key
/// (`{"type": "image", "data": {...}}`). An optional fallback type decodes the
/// objects whose discriminator value nothing is registered for.
///
/// A registry is immutable and `Sendable` once built: build it at startup (in
/// code, or from configuration) and give it to ``JoltDecoder/register(_:)`` or
/// to any decoder's `userInfo` through ``PolymorphicRegistries``. The model code
/// then uses ``Polymorphic``, ``OptionalPolymorphic``, ``PolymorphicArray``,
/// ``LossyPolymorphicArray`` or ``PolymorphicDictionary``.
///
/// ```swift
/// protocol ViewItem: Sendable {}
/// struct ImageItem: ViewItem, Codable { var url: String }
/// struct TextItem: ViewItem, Codable { var text: String }
///
/// let registry = PolymorphicRegistry<any ViewItem> { registry in
///     registry.register(ImageItem.self, as: "image") { $0 }
///     registry.register(TextItem.self, as: "text") { $0 }
/// }
///
/// struct Screen: Codable {
///     @PolymorphicArray var items: [any ViewItem]
/// }
///
/// let decoder = JoltDecoder()
/// decoder.register(registry)
/// let screen = try decoder.decode(Screen.self, from: #"{"items": [{"type": "text", "text": "Hi"}]}"#)
/// ```
///
/// **Conformance is checked by the compiler.** Swift cannot state "`T`
/// conforms to the existential `Base`" for a generic `Base`, so each
/// registration takes the conversion `(T) -> Base`; the closure `{ $0 }`
/// compiles only when `T` converts to `Base` (for an enum, pass the case:
/// `Block.image`). To leave out the closure for one protocol, add once:
///
/// ```swift
/// extension PolymorphicRegistry.Builder where Base == any ViewItem {
///     mutating func register<T: ViewItem & PolymorphicDecodable>(_ type: T.Type, as identifier: String) {
///         register(type, as: identifier) { $0 }
///     }
/// }
/// ```
///
/// **Errors.** A missing discriminator is `DecodingError.keyNotFound` at the
/// object's path; a discriminator value nothing is registered for, without a
/// fallback, is `DecodingError.dataCorrupted` at the discriminator's path,
/// naming the value, the key and the known values.
///
/// **Encoding** writes the registered identifier back under the discriminator
/// key (or path), with the payload inline or under the payload key, so every
/// decoded value round-trips. A value of a type that is not registered is an
/// `EncodingError.invalidValue`. A type registered under several identifiers
/// is written with the first. A fallback value is encoded as it encodes itself,
/// after the fallback's own identifier when it has one (see
/// ``Builder/fallback(_:as:_:)``): a value that keeps the discriminator it was
/// read with (a property at the discriminator's key) writes that one back.
public final class PolymorphicRegistry<Base>: Sendable {
    /// The discriminator's key path, outermost key first (`["meta", "kind"]`).
    public let discriminatorPath: [String]
    /// The key the payload is under; nil when the payload is the object itself.
    public let payloadKey: String?

    let entries: [String: Entry]
    let fallbackEntry: Entry?
    /// The first identifier registered for each type, for encoding.
    let identifiersByType: [ObjectIdentifier: String]
    let discriminatorKeys: [JoltCodingKey]
    let payloadCodingKey: JoltCodingKey?
    /// Finds and matches the discriminator on the tape (see `decode(_: TapeDecoder)`);
    /// nil when there are many identifiers.
    let matcher: DiscriminatorMatcher?
    /// The entries in the order of the matcher's identifiers.
    let tableEntries: EntryTable
    /// The concrete value inside a `Base` (the value itself for an existential,
    /// the associated value for a ``PolymorphicEnum``).
    let payloadOf: @Sendable (Base) -> Any

    /// One registered type. A class, so that taking one from a table costs a
    /// retain rather than a copy of its closures.
    final class Entry: Sendable {
        let identifier: String?
        let typeName: String
        let typeID: ObjectIdentifier
        /// Decodes the value the decoder stands on as the type, converted to `Base`.
        let decode: @Sendable (any Decoder) throws -> Base
        /// Decodes the value under `key` of the container as the type.
        let decodeMember: @Sendable (KeyedDecodingContainer<JoltCodingKey>, JoltCodingKey) throws -> Base
        /// ``decode`` for the tape decoder, without the existential containers.
        let decodeOnTape: @Sendable (TapeDecoder) throws -> Base
        /// Decodes the member value at a tape index, under a key of the object
        /// the decoder stands on, as the type.
        let decodeMemberOnTape: @Sendable (TapeDecoder, Int, JoltCodingKey) throws -> Base

        init(identifier: String?, typeName: String, typeID: ObjectIdentifier,
             decode: @escaping @Sendable (any Decoder) throws -> Base,
             decodeMember: @escaping @Sendable (KeyedDecodingContainer<JoltCodingKey>, JoltCodingKey) throws -> Base,
             decodeOnTape: @escaping @Sendable (TapeDecoder) throws -> Base,
             decodeMemberOnTape: @escaping @Sendable (TapeDecoder, Int, JoltCodingKey) throws -> Base) {
            self.identifier = identifier
            self.typeName = typeName
            self.typeID = typeID
            self.decode = decode
            self.decodeMember = decodeMember
            self.decodeOnTape = decodeOnTape
            self.decodeMemberOnTape = decodeMemberOnTape
        }
    }

    init(builder: Builder) {
        discriminatorPath = builder.discriminatorPath
        payloadKey = builder.payloadKey
        var entries: [String: Entry] = [:]
        var identifiersByType: [ObjectIdentifier: String] = [:]
        for entry in builder.entries {
            guard let identifier = entry.identifier else { continue }
            entries[identifier] = entry
            if identifiersByType[entry.typeID] == nil { identifiersByType[entry.typeID] = identifier }
        }
        self.entries = entries
        self.identifiersByType = identifiersByType
        fallbackEntry = builder.fallbackEntry
        discriminatorKeys = builder.discriminatorPath.map { .string($0) }
        payloadCodingKey = builder.payloadKey.map { .string($0) }
        let sorted = entries.sorted { $0.key < $1.key }
        if entries.count <= DiscriminatorMatcher.identifierLimit {
            matcher = DiscriminatorMatcher(path: builder.discriminatorPath, payloadKey: builder.payloadKey,
                                           identifiers: sorted.map(\.key))
            tableEntries = EntryTable(sorted.map(\.value))
        } else {
            matcher = nil
            tableEntries = EntryTable([])
        }
        if Base.self is any PolymorphicEnum.Type {
            payloadOf = { value in (value as? any PolymorphicEnum)?.polymorphicPayload ?? value }
        } else {
            payloadOf = { $0 as Any }
        }
    }

    deinit {
        tableEntries.free()
    }

    /// The entries of a matcher's table, each at the index of its identifier:
    /// taking one from this memory needs no type metadata, where an `[Entry]`,
    /// read in this class's unspecialized code, would look up the metadata of
    /// `Entry` in the runtime's cache on every decode.
    /// Written once, at init; freed by the registry's `deinit`.
    struct EntryTable: @unchecked Sendable {
        let base: UnsafeMutablePointer<Entry>
        let count: Int

        init(_ entries: [Entry]) {
            count = entries.count
            base = .allocate(capacity: max(entries.count, 1))
            base.initialize(from: entries, count: entries.count)
        }

        @inline(__always) subscript(index: Int) -> Entry { base[index] }

        func free() {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// A registry configured by `configure`, for registries written in code.
    ///
    /// ```swift
    /// let registry = PolymorphicRegistry<any ViewItem>(discriminator: "meta.kind") {
    ///     $0.register(ImageItem.self, as: "image") { $0 }
    ///     $0.fallback(UnknownItem.self) { $0 }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - discriminator: the discriminator key; dots separate the keys of a
    ///     nested path (use ``Builder/init(discriminatorPath:payloadKey:)`` for a
    ///     key that contains a dot).
    ///   - payloadKey: the key the payload is under; nil (the default) for a
    ///     payload inline in the object.
    ///   - configure: registers the types and the fallback on the builder.
    /// - Precondition: the configuration is valid (see ``Builder/build()``); a
    ///   registry built from data should use ``Builder`` and handle the error.
    public convenience init(discriminator: String = "type", payloadKey: String? = nil,
                            _ configure: (inout Builder) -> Void) {
        var builder = Builder(discriminator: discriminator, payloadKey: payloadKey)
        configure(&builder)
        do {
            try builder.validate()
        } catch {
            preconditionFailure("\(error)")
        }
        self.init(builder: builder)
    }

    /// The registered discriminator values, sorted.
    public var identifiers: [String] { entries.keys.sorted() }

    /// The discriminator path as written in messages (`"meta.kind"`).
    var discriminatorName: String { discriminatorPath.joined(separator: ".") }

    /// The identifier the registry writes for `value`, or nil when its type is
    /// not registered (or is only the fallback).
    public func identifier(for value: Base) -> String? {
        identifiersByType[ObjectIdentifier(type(of: payloadOf(value)))]
    }

    // MARK: Decoding

    /// Decodes the object `decoder` stands on: reads the discriminator, then
    /// decodes the same object (or its payload member) as the registered type.
    /// Works with any `Decoder`; for `init(from:)` implementations.
    ///
    /// ```swift
    /// init(from decoder: any Decoder) throws {
    ///     item = try Self.registry.decode(from: decoder)
    /// }
    /// ```
    public func decode(from decoder: any Decoder) throws -> Base {
        if let tape = TapeDecoder.of(decoder) { return try decode(tape) }
        return try decodeThroughContainers(from: decoder)
    }

    /// ``decode(from:)`` through the `Decoder` protocol alone.
    func decodeThroughContainers(from decoder: any Decoder) throws -> Base {
        let container = try decoder.container(keyedBy: JoltCodingKey.self)
        let identifier = try readDiscriminator(container)
        guard let entry = entries[identifier] else {
            return try decodeFallback(identifier, from: decoder, container: container)
        }
        if let payloadCodingKey {
            return try entry.decodeMember(container, payloadCodingKey)
        }
        return try entry.decode(decoder)
    }

    /// Decodes the value under `key` of `container` (see ``decode(from:)``).
    public func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Base {
        guard container.contains(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: container.codingPath, debugDescription: ErrorMessages.keyNotFound(key)))
        }
        return try decode(from: container.superDecoder(forKey: key))
    }

    /// The discriminator value of the object, following the path.
    func readDiscriminator(_ container: KeyedDecodingContainer<JoltCodingKey>) throws -> String {
        let keys = discriminatorKeys
        if keys.count == 1 { return try container.decode(String.self, forKey: keys[0]) }
        var nested = container
        for key in keys.dropLast() {
            nested = try nested.nestedContainer(keyedBy: JoltCodingKey.self, forKey: key)
        }
        return try nested.decode(String.self, forKey: keys[keys.count - 1])
    }

    /// The object decoded as the fallback type (recorded), or the unknown-value error.
    func decodeFallback(_ identifier: String, from decoder: any Decoder,
                        container: KeyedDecodingContainer<JoltCodingKey>) throws -> Base {
        guard let fallbackEntry else {
            let known = identifiers.map { "\"\($0)\"" }.joined(separator: ", ")
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath + discriminatorKeys,
                debugDescription: "Unknown value \"\(identifier)\" for discriminator \"\(discriminatorName)\" of \(Base.self); "
                    + "known values: \(known.isEmpty ? "none" : known)."))
        }
        let value = try fallbackEntry.decode(decoder)
        if decoder.isRecordingRecoveries, identifier != fallbackEntry.identifier {
            decoder.recordRecovery(.unknownDiscriminator, reason: "unknown value \"\(identifier)\" for discriminator "
                                   + "\"\(discriminatorName)\" of \(Base.self); decoded as \(fallbackEntry.typeName)")
        }
        return value
    }

    // MARK: Encoding

    /// Encodes `value` with its discriminator: the identifier registered for its
    /// type under the discriminator key, and the value itself inline or under the
    /// payload key. A fallback value encodes as it is, after the fallback's own
    /// identifier when it has one.
    ///
    /// - Throws: `EncodingError.invalidValue` when the value's type is not
    ///   registered or not `Encodable`; what the value's `encode(to:)` throws.
    public func encode(_ value: Base, to encoder: any Encoder) throws {
        let payload = payloadOf(value)
        let typeID = ObjectIdentifier(type(of: payload))
        guard let encodable = payload as? any Encodable else {
            throw EncodingError.invalidValue(payload, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "\(type(of: payload)) in PolymorphicRegistry<\(Base.self)> is not Encodable."))
        }
        guard let identifier = identifiersByType[typeID] else {
            if let fallbackEntry, fallbackEntry.typeID == typeID {
                return try encodeFallback(encodable, to: encoder)
            }
            throw EncodingError.invalidValue(payload, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "\(type(of: payload)) is not registered in PolymorphicRegistry<\(Base.self)>; "
                    + "registered types have the identifiers \(identifiers.map { "\"\($0)\"" }.joined(separator: ", "))."))
        }
        try encodeRegistered(encodable, as: identifier, to: encoder)
    }

    /// Encodes the payload of a registered type with its identifier (see ``encode(_:to:)``).
    func encodeRegistered<T: Encodable>(_ payload: T, as identifier: String, to encoder: any Encoder) throws {
        if let payloadCodingKey {
            try encodeDiscriminator(identifier, to: encoder)
            var container = encoder.container(keyedBy: JoltCodingKey.self)
            try payload.encode(to: container.superEncoder(forKey: payloadCodingKey))
        } else {
            // The value first, then the discriminator into the same object: the
            // registry's identifier wins over a `type` property the value writes.
            try payload.encode(to: encoder)
            try encodeDiscriminator(identifier, to: encoder)
        }
    }

    /// Encodes a value of the fallback type (see ``encode(_:to:)``).
    func encodeFallback<T: Encodable>(_ payload: T, to encoder: any Encoder) throws {
        // The fallback's own identifier first, so that a value keeping the
        // one it was read with writes that one over it.
        if let identifier = fallbackEntry?.identifier { try encodeDiscriminator(identifier, to: encoder) }
        try payload.encode(to: encoder)
    }

    func encodeDiscriminator(_ identifier: String, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JoltCodingKey.self)
        let keys = discriminatorKeys
        if keys.count == 1 { return try container.encode(identifier, forKey: keys[0]) }
        var nested = container.nestedContainer(keyedBy: JoltCodingKey.self, forKey: keys[0])
        for key in keys.dropFirst().dropLast() {
            nested = nested.nestedContainer(keyedBy: JoltCodingKey.self, forKey: key)
        }
        try nested.encode(identifier, forKey: keys[keys.count - 1])
    }
}
