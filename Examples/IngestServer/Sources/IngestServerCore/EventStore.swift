import Foundation
import GRDB

/// The SQLite database of events, through GRDB: a `DatabasePool` (WAL mode:
/// readers never wait for the writer; a transaction is in the database once
/// it has committed, and a process killed at any point leaves the committed
/// transactions only) with `synchronous = NORMAL` (WAL's usual setting: a
/// commit survives the process being killed; only an operating-system crash
/// may lose the last commits).
///
/// Rows are inserted in batches, one transaction per batch, with one prepared
/// statement reused for every row of the batch.
public final class EventStore: Sendable {
    /// The database.
    public let pool: DatabasePool

    static let schema = """
        CREATE TABLE IF NOT EXISTS events (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL,
            type TEXT NOT NULL,
            occurred_at REAL NOT NULL,
            user_id INTEGER NOT NULL,
            country TEXT NOT NULL,
            payload_kind TEXT NOT NULL,
            amount REAL,
            currency TEXT,
            item_count INTEGER,
            duration_ms INTEGER,
            detail TEXT
        )
        """

    static let insert = """
        INSERT INTO events (id, type, occurred_at, user_id, country, payload_kind, amount, currency, item_count, \
        duration_ms, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Opens (creating if needed) the database at `path`.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: Self.schema)
        }
    }

    /// Inserts `rows` in one transaction; returns when it has committed.
    public func insert(_ rows: [EventRow]) async throws {
        guard !rows.isEmpty else { return }
        try await pool.write { db in
            try Self.insert(rows, into: db)
        }
    }

    /// Inserts `rows` with one prepared statement, inside the caller's transaction.
    static func insert(_ rows: [EventRow], into db: Database) throws {
        let statement = try db.cachedStatement(sql: insert)
        for row in rows {
            statement.setUncheckedArguments([
                row.id, row.type, row.occurredAt, row.userId, row.country, row.payloadKind,
                row.amount, row.currency, row.itemCount, row.durationMs, row.detail,
            ])
            try statement.execute()
        }
    }

    /// The number of rows in `events`.
    public func count() async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events") ?? 0
        }
    }
}
