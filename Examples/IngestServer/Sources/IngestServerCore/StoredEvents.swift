import Foundation
import GRDB

/// One row of `events` as `GET /events/export` writes it: the columns, with the
/// row's `rowid` (the cursor a client resumes from, `?after=`).
///
/// ```swift
/// // {"rowid":1,"id":"evt-000000001","type":"purchase","occurredAt":1795515330,"userId":100001,...}
/// ```
public struct StoredEvent: Codable, Sendable, Equatable {
    public var rowid: Int64
    public var id: String
    public var type: String
    /// Seconds since 1970 (UTC).
    public var occurredAt: Double
    public var userId: Int64
    public var country: String
    public var payloadKind: String
    public var amount: Double?
    public var currency: String?
    public var itemCount: Int?
    public var durationMs: Int?
    public var detail: String?

    init(_ row: Row) {
        rowid = row[0]
        id = row[1]
        type = row[2]
        occurredAt = row[3]
        userId = row[4]
        country = row[5]
        payloadKind = row[6]
        amount = row[7]
        currency = row[8]
        itemCount = row[9]
        durationMs = row[10]
        detail = row[11]
    }

    /// The columns of a row, in the order `init(_:)` reads them.
    public static let columnList = "rowid, id, type, occurred_at, user_id, country, payload_kind, amount, currency, item_count, "
        + "duration_ms, detail"
}

/// The rows of `events` after a `rowid`, in `rowid` order, read a page at a
/// time as they are pulled: each page is one read of its own (`rowid > last`,
/// `LIMIT pageSize`), so an export of any size holds one page in memory, never
/// keeps a read transaction open while the client is slow, and sees the rows
/// committed while it runs.
///
/// ```swift
/// for try await event in store.events(after: 0) { print(event.id) }
/// ```
public struct StoredEvents: AsyncSequence, Sendable {
    public typealias Element = StoredEvent
    let store: EventStore
    let after: Int64
    let pageSize: Int

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(store: store, last: after, pageSize: pageSize)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let store: EventStore
        var last: Int64
        let pageSize: Int
        var page: [StoredEvent] = []
        var index = 0
        var exhausted = false

        public mutating func next() async throws -> StoredEvent? {
            if index == page.count {
                guard !exhausted else { return nil }
                page = try await store.page(after: last, limit: pageSize)
                index = 0
                exhausted = page.count < pageSize
                guard !page.isEmpty else { return nil }
            }
            defer { index += 1 }
            last = page[index].rowid
            return page[index]
        }
    }
}

extension EventStore {
    /// The rows after `rowid`, read page by page as they are pulled (see ``StoredEvents``).
    public func events(after rowid: Int64, pageSize: Int = 1000) -> StoredEvents {
        StoredEvents(store: self, after: rowid, pageSize: max(1, pageSize))
    }

    /// At most `limit` rows after `rowid`, in `rowid` order.
    func page(after rowid: Int64, limit: Int) async throws -> [StoredEvent] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(StoredEvent.columnList) FROM events WHERE rowid > ? ORDER BY rowid LIMIT ?",
                             arguments: [rowid, limit]).map(StoredEvent.init)
        }
    }
}
