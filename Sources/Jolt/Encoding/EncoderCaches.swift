import Synchronization

/// The ``EncodeScratch``es an encoder lends to its encodes, one encode at a
/// time each: the encoding side of ``DecoderCaches``.
///
/// Held by the ``JoltEncoder`` itself, not by its options: nothing a scratch
/// keeps depends on them (each encode's core is made with its own). Safe to use
/// from any number of threads: each encode borrows a scratch of its own (a new
/// one when none is idle), and at most ``DecoderCaches/maxIdle`` are kept.
///
/// An encoder's first encode gets none: an encoder made for one encode (as
/// `try JoltEncoder().encode(value)` is) would pay for a scratch, its
/// placeholder and the pool's array, and keep nothing of use: such an encode
/// would cost more with a scratch than without one.
///
/// ```swift
/// let caches = EncoderCaches()
/// let first = caches.borrow()    // nil: the encoder's first encode
/// let scratch = caches.borrow()  // a new one, or one an earlier encode gave back
/// caches.giveBack(scratch!)
/// ```
final class EncoderCaches: Sendable {
    private struct Idle {
        var scratches: [EncodeScratch] = []
        /// Whether an encode has borrowed (been refused) before.
        var borrowedBefore = false
    }

    private let idle = Mutex(Idle())

    init() {}

    /// An idle scratch, or a new one; nil for the encoder's first encode.
    func borrow() -> EncodeScratch? {
        idle.withLock { idle in
            if let scratch = idle.scratches.popLast() { return scratch }
            guard idle.borrowedBefore else {
                idle.borrowedBefore = true
                return nil
            }
            return EncodeScratch()
        }
    }

    /// Takes back a scratch whose encode has ended (``EncodingCore/finish(into:)``).
    func giveBack(_ scratch: EncodeScratch) {
        idle.withLock { if $0.scratches.count < DecoderCaches.maxIdle { $0.scratches.append(scratch) } }
    }

    /// The scratches idle now (for tests).
    var idleScratches: [EncodeScratch] { idle.withLock { $0.scratches } }
}
