extension PolymorphicRegistry {
    /// ``decode(from:)`` on the tape. In the common case (keys used as written,
    /// the first of duplicate keys used, no report, no key tracking, at most
    /// ``DiscriminatorMatcher/identifierLimit`` identifiers) the discriminator
    /// and the payload are found and the discriminator is matched
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
        let value = matcher.findDiscriminator(in: entries, input: input, object: object)
        guard value >= 0 else { return try decodeThroughContainers(from: decoder) }
        let v = entries[value]
        guard v.rawKind == TapeKind.string.rawValue, !v.isEscaped else { return try decodeThroughContainers(from: decoder) }
        let k = matcher.match(input + v.offset, count: v.length)
        // Unknown: the fallback, recorded, or the error.
        guard k >= 0 else { return try decodeThroughContainers(from: decoder) }
        guard let payloadCodingKey else { return try tableEntries[k].decodeOnTape(decoder) }
        let payload = matcher.findPayload(in: entries, input: input, object: object)
        guard payload >= 0 else { return try decodeThroughContainers(from: decoder) }
        return try tableEntries[k].decodeMemberOnTape(decoder, payload, payloadCodingKey)
    }
}
