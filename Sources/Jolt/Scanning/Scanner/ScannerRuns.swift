#if DEBUG
import Synchronization

/// Debug builds only: how many times each scanner has started a document, so
/// that tests can see which scanner a backend really ran (`BackendHonestyTests`).
/// Release builds have neither the counters nor their cost.
enum ScannerRuns {
    static let swift = Atomic<Int>(0)
    static let yajl = Atomic<Int>(0)
    static let simdjson = Atomic<Int>(0)

    /// The three counts, in the order yajl, Swift, simdjson.
    static var counts: (yajl: Int, swift: Int, simdjson: Int) {
        (yajl.load(ordering: .relaxed), swift.load(ordering: .relaxed), simdjson.load(ordering: .relaxed))
    }
}
#endif
