import Synchronization

/// The ``EncodeScratch``es an encoder lends to its encodes, one encode at a
/// time each: the encoding side of ``DecoderCaches``.
///
/// Held by the ``JoltEncoder`` itself, not by its options: nothing a scratch
/// keeps depends on them (each encode's core is made with its own). Safe to use
/// from any number of threads: each encode borrows a scratch of its own (a new
/// one when none is idle), and at most ``DecoderCaches/maxIdle`` are kept.
///
/// ```swift
/// let caches = EncoderCaches()
/// let scratch = caches.borrow()   // a new one, or one an earlier encode gave back
/// caches.giveBack(scratch)
/// ```
final class EncoderCaches: Sendable {
    private let idle = Mutex<[EncodeScratch]>([])

    init() {}

    /// An idle scratch, or a new one.
    func borrow() -> EncodeScratch {
        idle.withLock { $0.popLast() } ?? EncodeScratch()
    }

    /// Takes back a scratch whose encode has ended (``EncodingCore/finish(into:)``).
    func giveBack(_ scratch: EncodeScratch) {
        idle.withLock { if $0.count < DecoderCaches.maxIdle { $0.append(scratch) } }
    }

    /// The scratches idle now (for tests).
    var idleScratches: [EncodeScratch] { idle.withLock { $0 } }
}
