extension PolymorphicRegistry {
    /// ``decode(from:)`` on the tape. In the common case (a single discriminator
    /// key, an inline payload, keys used as written, the first of duplicate keys
    /// used, no report, no key tracking) the discriminator is found and matched
    /// as bytes, with no container, no `String` and no hashing, and the object is
    /// then decoded as the type just as a property of that type would be.
    /// Anything else, and every error, goes through the containers
    /// (``decodeThroughContainers(from:)``), so errors and bookkeeping are the
    /// same on both paths.
    func decode(_ decoder: TapeDecoder) throws -> Base {
        let context = decoder.context
        guard let matcher, context.usesDefaultKeys, !context.hasKeyFallbacks, !context.tracksKeys, !context.isReporting,
              context.duplicateKeyPolicy == .useFirst
        else { return try decodeThroughContainers(from: decoder) }
        let entries = decoder.entries
        let object = decoder.index
        guard entries[object].rawKind == TapeKind.object.rawValue else { return try decodeThroughContainers(from: decoder) }
        let input = decoder.input
        let value = matcher.findValue(in: entries, input: input, object: object)
        guard value >= 0 else { return try decodeThroughContainers(from: decoder) }
        let v = entries[value]
        guard v.rawKind == TapeKind.string.rawValue, !v.isEscaped else { return try decodeThroughContainers(from: decoder) }
        let k = matcher.match(input + v.offset, count: v.length)
        // Unknown: the fallback, recorded, or the error.
        guard k >= 0 else { return try decodeThroughContainers(from: decoder) }
        return try tableEntries[k].decodeOnTape(decoder)
    }
}
