/// What a decode may keep from the decodes before it: the conformance answers
/// of the types it met (``MarkerConformances``) and its keyed containers
/// (``KeyedContainerCache``, detached from each decode as it ends).
///
/// A decoder lends one from its ``DecoderCaches`` to each decode; a stream keeps
/// its own for its elements. A small document then pays neither for building
/// these tables nor for a new container per object type (two generic metadata
/// look-ups in the runtime and an allocation each). callgrind, a 264-byte order
/// of five objects decoded again and again on yajl: 50,870 → 44,190
/// instructions per decode.
///
/// Used by one decode at a time: the pool hands it to one decode, and takes it
/// back when that decode has ended (hence `@unchecked Sendable`).
///
/// ```swift
/// let scratch = caches.borrow()
/// defer { caches.giveBack(scratch) }
/// let context = DecodingContext(tape: tape, input: bytes, options: options, scratch: scratch)
/// ```
final class DecodeScratch: @unchecked Sendable {
    let conformances: MarkerConformances
    let keyedContainers = KeyedContainerCache()

    init(memo: ConformanceMemo) {
        conformances = MarkerConformances(memo: memo)
    }
}
