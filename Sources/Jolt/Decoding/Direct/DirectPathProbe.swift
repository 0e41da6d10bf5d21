#if DEBUG
import Synchronization

/// Debug builds only: how many values the decodes run under it read on the
/// direct path (``directReads``). The tests that claim the direct path ran for
/// a model check it. A task-local, so that tests running at the same time each
/// see their own decodes. Release builds have neither the probe nor its cost.
///
/// ```swift
/// let probe = DirectPathProbe()
/// try DirectPathProbe.$current.withValue(probe) { _ = try decoder.decode(User.self, from: json) }
/// #expect(probe.directReads > 0)
/// ```
@_spi(Testing)
public final class DirectPathProbe: Sendable {
    /// The probe the decodes of this task report to.
    @TaskLocal public static var current: DirectPathProbe?

    private let reads = Atomic<Int>(0)

    public init() {}

    /// Values read on the direct path.
    public var directReads: Int { reads.load(ordering: .relaxed) }

    func add(directReads: Int) {
        reads.add(directReads, ordering: .relaxed)
    }
}
#endif
