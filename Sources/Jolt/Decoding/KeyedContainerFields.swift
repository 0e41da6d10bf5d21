/// The stored properties of a ``TapeKeyedContainer``: none depends on its `Key`.
///
/// Built outside the generic container, so that working them out asks for no
/// generic metadata, and so that ``KeyedContainerCache`` can write them into a
/// container it made before, whose layout is exactly this struct's.
///
/// ```swift
/// let fields = KeyedContainerFields(decoder: decoder, object: index, extra: [])
/// let container = KeyedDecodingContainer(TapeKeyedContainer<Key>(fields: fields))
/// ```
struct KeyedContainerFields {
    /// The decoder, or a ``ContainerAux`` over its state (see ``TapeKeyedContainer/decoder``).
    let decoder: TapeDecoder
    /// Tape index of the object (tape indexes fit in 32 bits).
    let object32: UInt32
    /// Whether `decoder` is a ``ContainerAux``.
    let hasAux: Bool

    /// Objects with more members than this get a hash index.
    static var linearSearchLimit: Int { 64 }

    /// The fields of a container on the object at tape index `object`, whose
    /// path is `decoder.path + extra`.
    init(decoder: TapeDecoder, object: Int, extra: [any CodingKey]) {
        self.object32 = UInt32(truncatingIfNeeded: object)
        let count = decoder.entries[object].count
        let lookup: KeyLookup?
        if !decoder.context.usesDefaultKeys {
            lookup = KeyLookup(converting: decoder, object: object, strategy: decoder.options.keyDecodingStrategy, path: decoder.path + extra)
        } else if count > Self.linearSearchLimit {
            lookup = KeyLookup(indexing: decoder, object: object)
        } else {
            lookup = nil
        }
        // Key mappings apply to the container of the type whose init(from:) runs on
        // this very value, not to containers nested inside it.
        let aux: ContainerAux?
        if _slowPath(decoder.context.hasKeyMappings) {
            aux = Self.auxWithMappings(decoder, object: object, extra: extra, lookup: lookup)
        } else {
            aux = extra.isEmpty && lookup == nil ? nil : ContainerAux(decoder, extra: extra, lookup: lookup)
        }
        self.decoder = aux ?? decoder
        self.hasAux = aux != nil
    }

    /// The fields of a container kept between decodes, pointing at `placeholder`
    /// (see ``KeyedContainerCache/detach()``).
    init(placeholder: TapeDecoder) {
        decoder = placeholder
        object32 = 0
        hasAux = false
    }

    /// The container's extras when the decode has ``KeyMappings``: the
    /// alternatives of the type whose `init(from:)` asked for this container.
    @inline(never)
    static func auxWithMappings(_ decoder: TapeDecoder, object: Int, extra: [any CodingKey], lookup: KeyLookup?) -> ContainerAux? {
        var alternatives: [String: [String]]?
        if object == decoder.index, let type = decoder.currentType {
            alternatives = decoder.context.keyMappings?.alternatives(for: type)
        }
        return extra.isEmpty && lookup == nil && alternatives == nil
            ? nil : ContainerAux(decoder, extra: extra, lookup: lookup, alternatives: alternatives)
    }
}
