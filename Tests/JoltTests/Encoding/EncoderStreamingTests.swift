// Streaming output: a sequence written as a JSON array (the same bytes as
// encoding the array at once) or as JSON Lines, in bounded chunks.

import XCTest
import Foundation
@testable import Jolt

final class EncoderStreamingTests: XCTestCase {
    struct Row: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var score: Double?
    }

    let rows = (0..<500).map { Row(id: $0, name: "row/\($0) \"q\"", tags: Array(repeating: "t", count: $0 % 4), score: $0 % 3 == 0 ? nil : Double($0) / 8) }

    func collect(_ encoder: JoltEncoder, _ values: [Row], _ format: JoltEncoder.StreamFormat, threshold: Int) throws -> (bytes: [UInt8], chunks: [Int]) {
        var bytes: [UInt8] = []
        var chunks: [Int] = []
        try encoder.encode(values, as: format, flushThreshold: threshold) { chunk in
            bytes += chunk
            chunks.append(chunk.count)
        }
        return (bytes, chunks)
    }

    func testJSONArrayIsTheArraysBytes() throws {
        for formatting: JoltEncoder.OutputFormatting in [[], [.prettyPrinted], [.sortedKeys], [.prettyPrinted, .sortedKeys]] {
            let encoder = JoltEncoder()
            encoder.outputFormatting = formatting
            let whole = try encoder.encodeToBytes(rows)
            let (bytes, chunks) = try collect(encoder, rows, .jsonArray, threshold: 1024)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: whole, as: UTF8.self), "formatting \(formatting.rawValue)")
            XCTAssertGreaterThan(chunks.count, 5)
            // Bounded: a chunk is handed over once the threshold is reached, after a value.
            XCTAssertLessThan(chunks.max()!, 1024 + 400)
            if formatting.contains(.sortedKeys) {
                let foundation = JSONEncoder()
                foundation.outputFormatting = JSONEncoder.OutputFormatting(rawValue: formatting.rawValue)
                XCTAssertEqual(bytes, [UInt8](try foundation.encode(rows)))
            }
        }
    }

    func testEmptySequences() throws {
        let encoder = JoltEncoder()
        XCTAssertEqual(try collect(encoder, [], .jsonArray, threshold: 10).bytes, Array("[]".utf8))
        XCTAssertEqual(try collect(encoder, [], .jsonLines, threshold: 10).bytes, [])
        encoder.outputFormatting = .prettyPrinted
        XCTAssertEqual(try collect(encoder, [], .jsonArray, threshold: 10).bytes, [UInt8](try JSONEncoder.pretty.encode([Row]())))
    }

    func testJSONLines() throws {
        let encoder = JoltEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]   // pretty is ignored for lines
        let (bytes, _) = try collect(encoder, rows, .jsonLines, threshold: 4096)
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, rows.count + 1)
        XCTAssertEqual(lines.last?.isEmpty, true)
        let compact = JoltEncoder()
        compact.outputFormatting = .sortedKeys
        for (line, row) in zip(lines, rows) {
            XCTAssertEqual(Array(line), try compact.encodeToBytes(row))
        }
        XCTAssertEqual(try lines.dropLast().map { try JoltDecoder().decode(Row.self, from: Array($0)) }, rows)
    }

    func testFileOutput() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jolt-stream-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let encoder = JoltEncoder()
        try encoder.encode(rows, as: .jsonArray, flushThreshold: 512, toFileAt: url)
        XCTAssertEqual(try Data(contentsOf: url), try encoder.encode(rows))
        // Truncated when written again.
        try encoder.encode(rows.prefix(2), as: .jsonLines, toFileAt: url)
        XCTAssertEqual(String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n").count, 2)
    }

    /// The file writer is POSIX (no FileHandle): a path it cannot create is the
    /// CocoaError Foundation's file APIs throw, with the path and the POSIX error.
    func testFileOutputErrors() throws {
        let encoder = JoltEncoder()
        XCTAssertThrowsError(try encoder.encode(rows, toFileAt: URL(fileURLWithPath: "/nonexistent-jolt-dir/rows.json"))) { error in
            guard let error = error as? CocoaError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, .fileNoSuchFile)
            XCTAssertEqual(error.userInfo["NSFilePath"] as? String, "/nonexistent-jolt-dir/rows.json")
            XCTAssertEqual((error.userInfo["NSUnderlyingError"] as? POSIXError)?.code, .ENOENT)
        }
        XCTAssertThrowsError(try JoltDecoder().forEachElement(Row.self, inFileAt: "/nonexistent-jolt-dir/rows.json") { _ in }) { error in
            XCTAssertEqual((error as? CocoaError)?.code, .fileReadNoSuchFile, "\(error)")
        }
        // A directory cannot be opened for writing.
        XCTAssertThrowsError(try encoder.encode(rows, toFileAt: FileManager.default.temporaryDirectory)) { error in
            XCTAssertNotNil(error as? CocoaError, "\(error)")
        }
    }

    #if FullFoundation
    func testFileHandleOutput() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jolt-stream-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        let encoder = JoltEncoder()
        try encoder.encode(rows, as: .jsonLines, flushThreshold: 100, to: handle)
        try handle.close()
        let expected = try rows.map { try encoder.encodeToBytes($0) + [0x0A] }.joined()
        XCTAssertEqual(Array(try Data(contentsOf: url)), Array(expected))
    }
    #endif

    func testErrorsStopTheStream() {
        let encoder = JoltEncoder()
        var written: [UInt8] = []
        XCTAssertThrowsError(try encoder.encode([1.0, 2.0, .nan, 4.0], as: .jsonArray, flushThreshold: 1) { written += $0 }) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.intValue), [2])
        }
        XCTAssertEqual(String(decoding: written, as: UTF8.self), "[1,2")
    }

    func testPushStream() throws {
        let encoder = JoltEncoder()
        let stream = JoltStreamEncoder<Row>(encoder: encoder, format: .jsonArray, flushThreshold: 256)
        var bytes: [UInt8] = []
        for row in rows.prefix(50) { try stream.append(row) { bytes += $0 } }
        XCTAssertEqual(stream.valueCount, 50)
        try stream.finish { bytes += $0 }
        XCTAssertEqual(bytes, try encoder.encodeToBytes(Array(rows.prefix(50))))
    }
}

extension JSONEncoder {
    static var pretty: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = .prettyPrinted
        return e
    }
}
