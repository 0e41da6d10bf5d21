#if DEBUG
import Synchronization

/// Debug builds only: which path the values of the decodes run under it took.
/// The tests that claim the direct path ran for a model check it: a value read
/// directly counts in ``directReads``; one the direct path handed back to
/// `init(from:)` (its code throws `_JoltDirectReader.failure`) counts in
/// ``rereads``. A task-local, so that tests running at the same time each
/// see their own decodes. Release builds have neither the probe nor its cost.
///
/// ```swift
/// let probe = DirectPathProbe()
/// try DirectPathProbe.$current.withValue(probe) { _ = try decoder.decode(User.self, from: json) }
/// #expect(probe.directReads > 0 && probe.rereads == 0)
/// ```
@_spi(Testing)
public final class DirectPathProbe: Sendable {
    /// The probe the decodes of this task report to.
    @TaskLocal public static var current: DirectPathProbe?

    private let reads = Atomic<Int>(0)
    private let handedBack = Atomic<Int>(0)

    public init() {}

    /// Values read on the direct path.
    public var directReads: Int { reads.load(ordering: .relaxed) }
    /// Values the direct path handed to `init(from:)` to be read again.
    public var rereads: Int { handedBack.load(ordering: .relaxed) }

    func add(directReads: Int, rereads: Int) {
        reads.add(directReads, ordering: .relaxed)
        handedBack.add(rereads, ordering: .relaxed)
    }
}
#endif
