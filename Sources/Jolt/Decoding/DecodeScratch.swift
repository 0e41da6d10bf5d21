#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a decode may keep from the decodes before it: the conformance answers
/// of the types it met (``MarkerConformances``), its keyed containers
/// (``KeyedContainerCache``, detached from each decode as it ends) and the
/// memory of its tape (``spareTape``).
///
/// A decoder lends one from its ``DecoderCaches`` to each decode; a stream keeps
/// its own for its elements. A small document then pays neither for building
/// these tables nor for a new container per object type (two generic metadata
/// look-ups in the runtime and an allocation each), a noticeable share of the
/// decode of a document of a few hundred bytes. The tape is not allocated again
/// either; that matters less for a large document, where the allocator's
/// merging of freed blocks moves from the tape's `malloc` to the next large
/// string's.
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
    /// The memory of the last tape given back (``keepSpareTape(_:)``), for the
    /// next decode's ``TapeBuilder``.
    private var spareTape: TapeStorage?

    /// The most entries a kept tape may hold: 256 KiB, the tape of a document of
    /// about 128 kB (a builder starts with an entry for every 8 bytes). A larger
    /// one is freed, so that an idle scratch never holds more.
    static var maxSpareEntries: Int { 16_384 }

    init(memo: ConformanceMemo) {
        conformances = MarkerConformances(memo: memo)
    }

    deinit {
        if let spareTape { free(spareTape.entries) }
    }

    /// The kept tape memory, which the caller now owns; nil if none is kept.
    func takeSpareTape() -> TapeStorage? {
        defer { spareTape = nil }
        return spareTape
    }

    /// Keeps a finished decode's tape memory for the next decode (or frees it,
    /// when it is over ``maxSpareEntries`` or one is kept already).
    func keepSpareTape(_ storage: TapeStorage) {
        if spareTape == nil && storage.capacity <= Self.maxSpareEntries {
            spareTape = storage
        } else {
            free(storage.entries)
        }
    }

    /// The kept tape memory, left kept (for tests).
    var keptSpareTape: TapeStorage? { spareTape }
}
