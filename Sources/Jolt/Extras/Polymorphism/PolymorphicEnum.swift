/// An enum whose cases each carry one value of a registered type, decoded from
/// the value's discriminator (the model of KarrotCodableKit's
/// `@PolymorphicEnumCodable`, without a macro).
///
/// The enum provides a ``PolymorphicRegistry`` of itself whose conversions are
/// its cases; `init(from:)` and `encode(to:)` come with the protocol and work
/// with any decoder and encoder. A registry for the enum given to the decoder
/// (``JoltDecoder/register(_:)`` or `userInfo`) replaces the enum's own.
///
/// ```swift
/// enum Block: PolymorphicEnum, Codable {
///     case image(ImageItem)
///     case text(TextItem)
///     case unknown(UnknownItem)   // the fallback
///
///     static let polymorphicRegistry = PolymorphicRegistry<Block> {
///         $0.register(ImageItem.self, as: "image", Block.image)
///         $0.register(TextItem.self, as: "text", Block.text)
///         $0.fallback(UnknownItem.self, Block.unknown)
///     }
/// }
/// let blocks = try JoltDecoder().decode([Block].self, from: data)
/// ```
///
/// Encoding finds the identifier from the type of the case's associated value
/// (``polymorphicPayload``), so two cases should not carry the same type.
public protocol PolymorphicEnum: Decodable {
    /// The registry used when the decoder or encoder has none for this enum.
    static var polymorphicRegistry: PolymorphicRegistry<Self> { get }

    /// The value the case carries, for encoding. The default implementation
    /// reads the case's single associated value by reflection.
    var polymorphicPayload: Any { get }

    /// Writes the case with its discriminator: what `encode(to:)` does. The
    /// default implementation finds the identifier by the payload's type in the
    /// registry (the encoder's `userInfo` one, else ``polymorphicRegistry``);
    /// `@PolymorphicCodable` writes one that knows each case's identifier.
    ///
    /// ```swift
    /// try block.encodePolymorphicCase(to: encoder)   // {"type": "image", "url": "a.png"}
    /// ```
    func encodePolymorphicCase(to encoder: any Encoder) throws
}

extension PolymorphicEnum {
    public init(from decoder: any Decoder) throws {
        self = try Self.decodeCase(from: decoder)
    }

    /// Decodes the value `decoder` stands on with the registry a decode uses for
    /// the enum: the decoder's own (``JoltDecoder/register(_:)``), else the one in
    /// `userInfo`, else ``polymorphicRegistry`` (the order of
    /// `PolymorphicRegistry.resolve(from:)`, without naming `PolymorphicRegistry<Self>`:
    /// in this unspecialized code that looks up its metadata in the runtime's
    /// cache on every decode, and finding the enum's own takes casts).
    static func decodeCase(from decoder: any Decoder) throws -> Self {
        if let tape = TapeDecoder.of(decoder) {
            let registry = tape.context.options.polymorphicRegistries.registry(for: Self.self)
                ?? PolymorphicRegistries.registry(for: Self.self, in: tape.userInfo) ?? polymorphicRegistry
            return try registry.decode(tape)
        }
        let registry = PolymorphicRegistries.registry(for: Self.self, in: decoder.userInfo) ?? polymorphicRegistry
        return try registry.decodeThroughContainers(from: decoder)
    }

    public var polymorphicPayload: Any {
        guard let child = Mirror(reflecting: self).children.first else { return self }
        // A labelled associated value (`case image(item: ImageItem)`) is a one-element tuple.
        let inner = Mirror(reflecting: child.value)
        if inner.displayStyle == .tuple, inner.children.count == 1, let only = inner.children.first {
            return only.value
        }
        return child.value
    }

    public func encodePolymorphicCase(to encoder: any Encoder) throws {
        try PolymorphicRegistry<Self>.resolve(from: encoder).encode(self, to: encoder)
    }

    /// ``polymorphicRegistry``, type-erased for lookups by base type.
    static var anyPolymorphicRegistry: Any { polymorphicRegistry }
}

extension PolymorphicEnum where Self: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try encodePolymorphicCase(to: encoder)
    }
}
