#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PolymorphicRegistry {
    /// Registries with at most this many identifiers match the discriminator's
    /// bytes against each; larger ones look the decoded string up.
    static var identifierTableLimit: Int { 16 }

    /// ``decode(from:)`` on the tape. In the common case (a single discriminator
    /// key, an inline payload, keys used as written, the first of duplicate keys
    /// used, no report, no key tracking)
    /// the discriminator is found and matched as bytes, with no container, no
    /// `String` and no hashing, and the object is then decoded as the type just
    /// as a property of that type would be. Anything else, and every error, goes
    /// through the containers (``decodeThroughContainers(from:)``), so errors and
    /// bookkeeping are the same on both paths.
    func decode(_ decoder: TapeDecoder) throws -> Base {
        let context = decoder.context
        guard payloadCodingKey == nil, let discriminatorUTF8, !tableEntries.isEmpty,
              context.usesDefaultKeys, !context.hasKeyFallbacks, !context.tracksKeys, !context.isReporting
        else { return try decodeThroughContainers(from: decoder) }
        let entries = decoder.entries
        let object = decoder.index
        let e = entries[object]
        guard e.rawKind == TapeKind.object.rawValue else { return try decodeThroughContainers(from: decoder) }
        // The first member named like the discriminator (as a keyed container
        // finds it under `.useFirst`; `.useLast` goes through the containers).
        let input = decoder.input
        var value = -1
        discriminatorUTF8.withUnsafeBufferPointer { wanted in
            let signature = TapeEntry.keySignature(wanted.baseAddress, wanted.count)
            var j = object &+ 1
            while j < e.end {
                let k = entries[j]
                if k.payload == signature && !k.isEscaped
                    && (wanted.count <= 4 || memcmp(input + (k.offset &+ 4), wanted.baseAddress! + 4, wanted.count &- 4) == 0) {
                    value = j &+ 1
                    return
                }
                if k.isEscaped { return }   // let the containers unescape it
                let v = entries[j &+ 1]
                j = v.rawKind >= TapeKind.array.rawValue ? v.end : j &+ 2
            }
        }
        guard value >= 0, context.duplicateKeyPolicy == .useFirst else { return try decodeThroughContainers(from: decoder) }
        let v = entries[value]
        guard v.rawKind == TapeKind.string.rawValue, !v.isEscaped else { return try decodeThroughContainers(from: decoder) }
        if let k = tableIndex(of: decoder.input + v.offset, count: v.length) {
            return try tableEntries[k].decodeOnTape(decoder)
        }
        // Unknown: the fallback, recorded, or the error.
        return try decodeThroughContainers(from: decoder)
    }

    /// The index in ``tableEntries`` of the identifier whose UTF-8 is `bytes`.
    @inline(__always)
    func tableIndex(of bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
        identifierOffsets.withUnsafeBufferPointer { offsets in
            identifierBytes.withUnsafeBufferPointer { table in
                for k in 0..<(offsets.count &- 1) {
                    let start = offsets[k]
                    if offsets[k &+ 1] &- start == count && (count == 0 || memcmp(table.baseAddress! + start, bytes, count) == 0) {
                        return k
                    }
                }
                return nil
            }
        }
    }
}
