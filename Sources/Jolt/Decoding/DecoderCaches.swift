#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// What a decoder's decodes share to make the next one cheaper: the
/// ``ConformanceMemo`` of the types they met, and a few ``DecodeScratch``es
/// lent to one decode at a time.
///
/// Not an option: ``DecoderOptions`` holds one, and its copies (a decode's, a
/// copied decoder's, a stream's) share it, which is right, since nothing in it
/// depends on the options. Safe to use from any number of threads: each decode
/// borrows a scratch of its own (a new one when none is idle), and at most
/// ``maxIdle`` are kept.
///
/// ```swift
/// let caches = DecoderCaches()
/// let scratch = caches.borrow()   // a new one, or one an earlier decode gave back
/// caches.giveBack(scratch)
/// ```
final class DecoderCaches: Sendable {
    let memo = ConformanceMemo()
    private let idle = Mutex<[DecodeScratch]>([])

    /// Scratches kept between decodes: one per decode a busy server runs at
    /// once (two per core, at least 8); a decode past them makes a scratch and
    /// drops it. Each holds a few kilobytes, and the memory of its last decode's
    /// tape, at most 256 KiB (``DecodeScratch/maxSpareEntries``).
    static let maxIdle = max(8, 2 * ProcessInfo.processInfo.activeProcessorCount)

    init() {}

    /// An idle scratch, or a new one.
    func borrow() -> DecodeScratch {
        idle.withLock { $0.popLast() } ?? DecodeScratch(memo: memo)
    }

    /// Takes back a scratch whose decode has ended (``DecodingContext/finish()``).
    func giveBack(_ scratch: DecodeScratch) {
        idle.withLock { if $0.count < Self.maxIdle { $0.append(scratch) } }
    }

    /// Scratches idle now (for tests).
    var idleCount: Int { idle.withLock { $0.count } }

    /// The tape memory each idle scratch keeps (for tests).
    var idleSpareTapes: [TapeStorage?] { idle.withLock { $0.map(\.keptSpareTape) } }
}
