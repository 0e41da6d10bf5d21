#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PolymorphicRegistry {
    /// Collects the registrations of a ``PolymorphicRegistry``; ``build()`` makes
    /// the immutable registry. Use it directly for registries built from
    /// configuration, where a mistake should be an error rather than a trap.
    ///
    /// ```swift
    /// // config: {"discriminator": "kind", "types": {"img": "image", "txt": "text"}}
    /// let known: [String: (inout PolymorphicRegistry<any ViewItem>.Builder, String) -> Void] = [
    ///     "image": { $0.register(ImageItem.self, as: $1) { $0 } },
    ///     "text": { $0.register(TextItem.self, as: $1) { $0 } },
    /// ]
    /// var builder = PolymorphicRegistry<any ViewItem>.Builder(discriminator: config.discriminator)
    /// for (identifier, typeName) in config.types { known[typeName]?(&builder, identifier) }
    /// let registry = try builder.build()
    /// ```
    public struct Builder {
        /// The discriminator's key path, outermost key first.
        public var discriminatorPath: [String]
        /// The key the payload is under; nil for a payload inline in the object.
        public var payloadKey: String?
        var entries: [Entry] = []
        var fallbackEntry: Entry?

        /// A builder for the discriminator key `discriminator` (dots separate the
        /// keys of a nested path: `"meta.kind"`).
        public init(discriminator: String = "type", payloadKey: String? = nil) {
            self.init(discriminatorPath: discriminator.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
                      payloadKey: payloadKey)
        }

        /// A builder for a discriminator at `discriminatorPath` (outermost key
        /// first); for keys that contain a dot.
        public init(discriminatorPath: [String], payloadKey: String? = nil) {
            self.discriminatorPath = discriminatorPath
            self.payloadKey = payloadKey
        }

        /// Registers `type` for the discriminator value `identifier`. `upcast`
        /// converts a decoded value to `Base`: `{ $0 }` for a protocol existential
        /// (it compiles only when `T` conforms), the case for an enum
        /// (`Block.image`). Registering one type under several identifiers makes
        /// aliases; encoding writes the first.
        public mutating func register<T: PolymorphicDecodable>(
            _ type: T.Type, as identifier: String, _ upcast: @escaping @Sendable (consuming T) -> Base
        ) {
            entries.append(Self.entry(type, identifier: identifier, upcast))
        }

        /// Decodes the objects whose discriminator value nothing is registered for
        /// as `type` (from the whole object, discriminator included, also when
        /// payloads are under a key), instead of failing. Each use is recorded in
        /// the decode report as `.unknownDiscriminator`. A missing discriminator
        /// is still `keyNotFound`.
        public mutating func fallback<T: PolymorphicDecodable>(
            _ type: T.Type, _ upcast: @escaping @Sendable (consuming T) -> Base
        ) {
            fallbackEntry = Self.entry(type, identifier: nil, upcast)
        }

        /// Like ``fallback(_:_:)``, with the fallback's own discriminator value:
        /// encoding a fallback value writes `identifier` under the discriminator
        /// before the value, so that it decodes through the fallback again (a
        /// value that keeps the discriminator it was read with, in a property at
        /// the discriminator's key, writes that one over it). Decoding
        /// `identifier` gives the fallback without recording it; nil is ``fallback(_:_:)``.
        public mutating func fallback<T: PolymorphicDecodable>(
            _ type: T.Type, as identifier: String?, _ upcast: @escaping @Sendable (consuming T) -> Base
        ) {
            fallbackEntry = Self.entry(type, identifier: identifier, upcast)
        }

        static func entry<T: PolymorphicDecodable>(
            _ type: T.Type, identifier: String?, _ upcast: @escaping @Sendable (consuming T) -> Base
        ) -> Entry {
            // On the tape, `T(from:)` straight on the decoder, as `unwrap` would call
            // it, unless `unwrap` treats `T` specially (Foundation's special types,
            // `[String: V]`) or must record it as the current type (key mappings).
            let special = T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self
                || T.self is JoltStringDictionaryMarker.Type
            let decodeOnTape: @Sendable (TapeDecoder) throws -> Base
            if special {
                decodeOnTape = { decoder in
                    upcast(try decoder.unwrap(T.self, at: decoder.index, extra: [], key: NoKey()))
                }
            } else {
                decodeOnTape = { decoder in
                    if _slowPath(decoder.context.hasKeyMappings) {
                        return upcast(try decoder.unwrap(T.self, at: decoder.index, extra: [], key: NoKey()))
                    }
                    return upcast(try T(from: decoder))
                }
            }
            return Entry(
                identifier: identifier,
                typeName: "\(T.self)",
                typeID: ObjectIdentifier(T.self),
                // Through the single value container: the same decoder on the same
                // value, but a JoltDecoder then treats the value as a `T`
                // (key mappings, special types) exactly as for a `T` property.
                decode: { decoder in upcast(try decoder.singleValueContainer().decode(T.self)) },
                decodeMember: { container, key in upcast(try container.decode(T.self, forKey: key)) },
                decodeOnTape: decodeOnTape,
                decodeMemberOnTape: { decoder, index, key in upcast(try decoder.unwrap(T.self, at: index, extra: [], key: key)) })
        }

        /// Checks the configuration: a non-empty discriminator path without empty
        /// keys, a non-empty payload key, no identifier registered twice.
        func validate() throws(PolymorphicRegistryError) {
            if discriminatorPath.isEmpty || discriminatorPath.contains(where: \.isEmpty) {
                throw PolymorphicRegistryError("PolymorphicRegistry<\(Base.self)>: invalid discriminator path \(discriminatorPath)")
            }
            if payloadKey?.isEmpty == true {
                throw PolymorphicRegistryError("PolymorphicRegistry<\(Base.self)>: empty payload key")
            }
            var seen: [String: String] = [:]
            for entry in entries {
                guard let identifier = entry.identifier else { continue }
                if let other = seen[identifier] {
                    throw PolymorphicRegistryError("PolymorphicRegistry<\(Base.self)>: \"\(identifier)\" is registered "
                                                   + "for both \(other) and \(entry.typeName)")
                }
                seen[identifier] = entry.typeName
            }
        }

        /// The registry.
        ///
        /// - Throws: ``PolymorphicRegistryError`` for an empty discriminator
        ///   path or key, an empty payload key, or an identifier registered twice.
        public func build() throws(PolymorphicRegistryError) -> PolymorphicRegistry<Base> {
            try validate()
            return PolymorphicRegistry(builder: self)
        }
    }
}
