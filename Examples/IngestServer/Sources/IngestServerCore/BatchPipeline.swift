/// The rows of one request on their way to the store, in batches of
/// `batchSize` rows, one transaction each.
///
/// Decoding and storage overlap: a full batch is handed to a writer task and
/// decoding goes on into the next one. At most one batch is being written
/// while the next fills, so at most two batches are held at once: the next
/// hand-off waits for the write before it.
///
/// ``stored`` counts only the rows of batches whose transaction has
/// committed. ``finish()`` commits what is left and is awaited before the
/// request is answered, so no answer ever counts a row that is not in the
/// database. ``abandon()`` (a client gone, a failing store) drops the rows of
/// the batch being filled, so the database keeps whole batches only.
struct BatchPipeline {
    let store: EventStore
    let batchSize: Int
    private var pending: [EventRow] = []
    private var inFlight: Task<Int, any Error>?
    /// Rows committed so far.
    private(set) var stored = 0

    init(store: EventStore, batchSize: Int) {
        self.store = store
        self.batchSize = max(1, batchSize)
        pending.reserveCapacity(min(self.batchSize, 1 << 16))
    }

    /// Adds a row; hands the batch to the writer once it is full.
    mutating func append(_ row: EventRow) async throws {
        pending.append(row)
        if pending.count >= batchSize {
            try await handOff()
        }
    }

    /// Starts writing the pending rows, after the write before them has committed.
    private mutating func handOff() async throws {
        try await waitForWrite()
        let rows = pending
        pending = []
        pending.reserveCapacity(min(batchSize, 1 << 16))
        let store = store
        inFlight = Task {
            try await store.insert(rows)
            return rows.count
        }
    }

    /// Waits for the write in flight, if any, and counts its rows.
    private mutating func waitForWrite() async throws {
        guard let task = inFlight else { return }
        inFlight = nil
        stored += try await task.value
    }

    /// Commits every row appended; returns the rows committed in all.
    mutating func finish() async throws -> Int {
        if !pending.isEmpty {
            try await handOff()
        }
        try await waitForWrite()
        return stored
    }

    /// Drops the rows of the batch being filled and waits for the write in
    /// flight to end (committed or not); returns the rows committed in all.
    mutating func abandon() async -> Int {
        pending = []
        try? await waitForWrite()
        return stored
    }
}
