import AsyncHTTPClient
import Foundation
import GRDB
import IngestServerCore
import NIOCore
import XCTest

/// Nothing lost, nothing claimed: a client that goes away, a body far larger
/// than memory should allow, and a server killed with SIGKILL.
final class DurabilityTests: XCTestCase {
    /// A client that disconnects mid-body: the rows in the database are whole
    /// batches, and no answer said any row was stored.
    func testClientDisconnectingMidBodyLeavesWholeBatchesOnly() async throws {
        for mode in DecoderMode.allCases {
            for length in ["known", "chunked"] {
                let server = try await TestServer.start(decoder: mode, batchSize: 10)
                let whole = Array(Events.lines(0..<100).utf8)
                let sent = Array(Events.lines(0..<35).utf8)
                let body = ChunkedBody { index in
                    switch index {
                    case 0: return ByteBuffer(bytes: sent)
                    default:
                        // Give the server time to take in the 35 events, then go away.
                        try await Task.sleep(for: .milliseconds(300))
                        throw ClientGaveUp()
                    }
                }
                do {
                    let reply = try await server.post(
                        .stream(body, length: length == "known" ? .known(Int64(whole.count)) : .unknown),
                        contentType: "application/x-ndjson")
                    XCTFail("\(mode) \(length): answered \(reply.status) \(reply.text)")
                } catch {
                    // Expected: the request failed on the client's side.
                }
                try await server.settle()
                let rows = try server.rowCount()
                XCTAssertEqual(rows % 10, 0, "\(mode) \(length): \(rows) rows is not whole batches")
                XCTAssertLessThanOrEqual(rows, 30, "\(mode) \(length)")
                XCTAssertEqual(server.stats.reportedRows, 0, "\(mode) \(length)")
                if mode == .foundation { XCTAssertEqual(rows, 0, "Foundation mode stores nothing before the body ends") }
                await server.stop()
            }
        }
    }

    /// A 50 MB JSON Lines body streamed in: the process's peak resident
    /// memory grows by far less than the body (Jolt modes; Foundation's
    /// collects the body by design).
    func testFiftyMegabyteJSONLinesBodyKeepsMemoryFlat() async throws {
        guard ProcessMemory.value("VmRSS") != nil, ProcessMemory.resetPeak() else {
            throw XCTSkip("needs /proc/self/status and /proc/self/clear_refs (Linux)")
        }
        let eventsPerChunk = 100
        let smallestChunk = Events.lines(0..<eventsPerChunk).utf8.count
        let chunks = (50_000_000 + smallestChunk - 1) / smallestChunk   // later chunks are no smaller
        for mode in DecoderMode.allCases where mode.backend != nil {
            let server = try await TestServer.start(decoder: mode)
            // Warm up: connection, statement cache, first allocations.
            let warmUp = try await server.post(Events.lines(0..<2000), contentType: "application/x-ndjson")
            XCTAssertEqual(try warmUp.result().stored, 2000)

            XCTAssertTrue(ProcessMemory.resetPeak())
            let before = try XCTUnwrap(ProcessMemory.value("VmRSS"))
            let body = ChunkedBody { index in
                guard index < chunks else { return nil }
                return ByteBuffer(string: Events.lines(index * eventsPerChunk..<(index + 1) * eventsPerChunk))
            }
            let reply = try await server.post(.stream(body, length: .unknown), contentType: "application/x-ndjson")
            let peak = try XCTUnwrap(ProcessMemory.value("VmHWM"))
            XCTAssertEqual(reply.status, 200, "\(mode): \(reply.text.prefix(500))")
            let result = try reply.result()
            XCTAssertEqual(result.accepted, chunks * eventsPerChunk, "\(mode)")
            XCTAssertEqual(result.stored, chunks * eventsPerChunk, "\(mode)")
            XCTAssertEqual(try server.rowCount(), 2000 + chunks * eventsPerChunk, "\(mode)")
            let growth = peak - before
            print("\(mode): \(chunks * smallestChunk / 1_000_000)+ MB body, peak RSS grew \(growth / 1024) KiB")
            XCTAssertLessThan(growth, 40 << 20, "\(mode): peak RSS grew by \(growth >> 20) MiB for a 50 MB body")
            await server.stop()
        }
    }

    /// The `IngestServer` executable, killed with SIGKILL while a large body
    /// streams in: the database is intact and holds whole batches only, and
    /// the client got no 200.
    func testSIGKILLMidStreamLeavesWholeCommittedBatches() async throws {
        let executable = try Self.serverExecutable()
        for mode in DecoderMode.allCases where mode.backend != nil {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("IngestServerKill-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let database = directory.appendingPathComponent("events.sqlite").path
            let batch = 500

            let process = Process()
            process.executableURL = executable
            process.arguments = ["--decoder", mode.rawValue, "--port", "0", "--db", database, "--batch", String(batch),
                                 "--log-level", "warning"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let pid = process.processIdentifier
            // Never leave it behind, whatever happens below.
            let watchdog = Task {
                try await Task.sleep(for: .seconds(300))
                kill(pid, SIGKILL)
            }
            defer {
                watchdog.cancel()
                if process.isRunning { kill(pid, SIGKILL) }
            }

            let line = await Self.readLine(output.fileHandleForReading)
            let announced = try XCTUnwrap(line, "\(mode): the server printed nothing")
            let prefix = "listening on 127.0.0.1:"
            XCTAssertTrue(announced.hasPrefix(prefix), "\(mode): \(announced)")
            let port = try XCTUnwrap(Int(announced.dropFirst(prefix.count)), "\(mode): \(announced)")

            // Up to a million events (~600 MB): far more than it can take in
            // before it is killed.
            let body = ChunkedBody { index in
                guard index < 10_000 else { return nil }
                return ByteBuffer(string: Events.lines(index * 100..<(index + 1) * 100))
            }
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/events")
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/x-ndjson")
            request.body = .stream(body, length: .unknown)
            let upload = Task { () -> Int in
                let response = try await testClient.execute(request, timeout: .seconds(600))
                return Int(response.status.code)
            }

            // Kill it while it decodes and writes, once a few batches are in.
            let deadline = Date().addingTimeInterval(240)
            var seen = 0
            while seen < 4 * batch, Date() < deadline {
                try await Task.sleep(for: .milliseconds(20))
                seen = (try? TestServer.rowCount(at: database)) ?? 0
            }
            XCTAssertGreaterThanOrEqual(seen, 4 * batch, "\(mode): no batches committed in time")
            XCTAssertEqual(kill(pid, SIGKILL), 0)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "\(mode)")
            XCTAssertEqual(process.terminationStatus, SIGKILL, "\(mode)")

            switch await upload.result {
            case .success(let status): XCTFail("\(mode): the killed server answered \(status)")
            case .failure: break
            }

            // Open it as the next server would (the WAL is recovered), and check it.
            let queue = try DatabaseQueue(path: database)
            let (integrity, rows) = try await queue.read { db in
                (try String.fetchAll(db, sql: "PRAGMA integrity_check"),
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events") ?? 0)
            }
            XCTAssertEqual(integrity, ["ok"], "\(mode)")
            XCTAssertGreaterThanOrEqual(rows, seen, "\(mode)")
            XCTAssertEqual(rows % batch, 0, "\(mode): \(rows) rows is not whole batches of \(batch)")
            let ids = try await queue.read { db in
                try String.fetchAll(db, sql: "SELECT id FROM events ORDER BY rowid")
            }
            XCTAssertEqual(ids, (0..<rows).map(Events.id), "\(mode): the rows are not the first \(rows) events in order")
            print("\(mode): killed with \(rows) rows committed (\(rows / batch) batches)")
        }
    }

    /// The first line `handle` gives, or nil at its end.
    static func readLine(_ handle: FileHandle) async -> String? {
        await Task.detached {
            var data = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return nil }
                data.append(chunk)
                if let newline = data.firstIndex(of: 0x0A) {
                    return String(decoding: data[..<newline], as: UTF8.self)
                }
            }
        }.value
    }

    /// The `IngestServer` executable beside this test bundle (what
    /// `swift build --build-tests` and `swift test` build), or in `.build/debug`.
    static func serverExecutable() throws -> URL {
        var candidates: [URL] = []
        if let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: bundle).deletingLastPathComponent()
                .appendingPathComponent("IngestServer"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("IngestServer"))
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/IngestServer"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        XCTFail("IngestServer executable not found (run `swift build --build-tests` first); looked in \(candidates.map(\.path))")
        throw CocoaError(.fileNoSuchFile)
    }
}
