import Foundation
import XCTest
@testable import Jolt

/// Streaming: arrays, JSON Lines, concatenated values; every chunking from 1
/// byte; truncation at every byte; errors with both policies; limits per
/// element; linear time; bounded memory; every backend built.
final class ElementStreamTests: XCTestCase {
    struct Item: Codable, Equatable { var id: Int; var name: String }

    /// Every chunk size from 1 byte to the whole input, on every backend built: the
    /// same elements and the same error.
    private func assertChunkingIrrelevant<T: Decodable & Equatable>(_ type: T.Type, _ text: String, format: JoltStreamFormat = .automatic,
                                                                      policy: JoltStreamErrorPolicy = .stop,
                                                                      file: StaticString = #filePath, line: UInt = #line) -> ([T], String) {
        let reference = runStream(T.self, text, chunk: text.utf8.count + 1, format: format, policy: policy)
        for backend in JoltBackend.allCases {
            for chunk in 1...max(1, text.utf8.count) {
                let result = runStream(T.self, text, chunk: chunk, format: format, policy: policy, backend: backend)
                XCTAssertEqual(result.elements, reference.elements, "chunk \(chunk), \(backend)", file: file, line: line)
                XCTAssertEqual(describeStreamError(result.error), describeStreamError(reference.error), "chunk \(chunk), \(backend)", file: file, line: line)
                XCTAssertEqual(result.report, reference.report, "chunk \(chunk), \(backend)", file: file, line: line)
            }
        }
        return (reference.elements, describeStreamError(reference.error))
    }

    // MARK: Formats

    func testArray() {
        let text = #" [ {"id": 1, "name": "a"}, {"id": 2, "name": "b,]}\"["} ,{"name":"c","id":3}]  "#
        let (items, error) = assertChunkingIrrelevant(Item.self, text)
        XCTAssertEqual(items, [Item(id: 1, name: "a"), Item(id: 2, name: "b,]}\"["), Item(id: 3, name: "c")])
        XCTAssertEqual(error, "none")
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, "[]").0, [])
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, " [ ] \n").0, [])
    }

    /// Strings longer than the framer's eight-byte steps, with escaped quotes and
    /// backslashes at every place relative to a chunk's end and to a step: the
    /// elements `decode` gives for the whole array.
    func testLongStringsWithEscapes() throws {
        let text = #"["0123456789\\",  "abcdefgh\"ijklmnopq\\\"rstuvw]}", {"k\\":"v\\\\\"]}x","l":["\\\"", "x\"\"\"\"\"\"\"\"\"y"]},"\\\\\\\\\\\\\\\\",""]"#
        let (values, error) = assertChunkingIrrelevant(JSONValue.self, text)
        XCTAssertEqual(error, "none")
        XCTAssertEqual(values, try JoltDecoder().decode([JSONValue].self, from: text))
        XCTAssertEqual(values.count, 5)
        let (concatenated, _) = assertChunkingIrrelevant(JSONValue.self, #""abcdefghij\"" "\\" "klmnopqrstuvwxyz\\\"\\"{}"#, format: .concatenated)
        XCTAssertEqual(concatenated, [#"abcdefghij""#, #"\"#, #"klmnopqrstuvwxyz\"\"#, [:]])
    }

    func testScalarsAsElements() {
        let (values, error) = assertChunkingIrrelevant(JSONValue.self, #"[1, -2.5e3, "s", true, false, null, [], {}, [1, [2]], 12345678901234567890]"#)
        XCTAssertEqual(error, "none")
        XCTAssertEqual(values.map(\.description), ["1", "-2.5e3", #""s""#, "true", "false", "null", "[]", "{}", "[1,[2]]", "12345678901234567890"])
        let (lines, _) = assertChunkingIrrelevant(JSONValue.self, "1\n\"two\"\ntrue\nnull\n[3]\n", format: .jsonLines)
        XCTAssertEqual(lines.map(\.description), ["1", #""two""#, "true", "null", "[3]"])
        let (concatenated, _) = assertChunkingIrrelevant(JSONValue.self, #"1 2"x"{"a":1}[2]true null 3.5"#, format: .concatenated)
        XCTAssertEqual(concatenated.map(\.description), ["1", "2", #""x""#, #"{"a":1}"#, "[2]", "true", "null", "3.5"])
    }

    func testJSONLines() {
        let text = "{\"id\":1,\"name\":\"a\"}\r\n\n  \n{\"id\":2,\"name\":\"b\"}\n\t\n{\"id\":3,\"name\":\"c\"}"
        for format in [JoltStreamFormat.jsonLines, .automatic] {
            let (items, error) = assertChunkingIrrelevant(Item.self, text, format: format)
            XCTAssertEqual(items.map(\.id), [1, 2, 3])
            XCTAssertEqual(error, "none")
        }
        // Two values on one line, or one value over two lines, are errors.
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, "{\"id\":1,\"name\":\"a\"} {\"id\":2,\"name\":\"b\"}\n", format: .jsonLines).1,
                       "0@20 [0] Unexpected characters after the top-level value")
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, "{\"id\":1,\n\"name\":\"a\"}\n", format: .jsonLines).1,
                       "0@8 [0] Unexpected end of input")
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, "", format: .jsonLines).0, [])
    }

    func testByteOrderMarkAtTheStart() {
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, "\u{FEFF}[{\"id\":1,\"name\":\"a\"}]").0.map(\.id), [1])
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, "\u{FEFF}{\"id\":1,\"name\":\"a\"}\n", format: .jsonLines).0.map(\.id), [1])
        // Only at the very start (found by FuzzStreaming: a line is decoded whole,
        // leading whitespace included, as decode would).
        XCTAssertNotEqual(assertChunkingIrrelevant(Item.self, " \u{FEFF}[]").1, "none")
        for format in [JoltStreamFormat.jsonLines, .automatic] {
            XCTAssertNotEqual(assertChunkingIrrelevant(JSONValue.self, "   \u{FEFF}   [1]", format: format).1, "none")
            XCTAssertEqual(assertChunkingIrrelevant(JSONValue.self, "\u{FEFF}", format: format).0, [])
            // Lines of arrays need .jsonLines: automatic reads a first "[" as an array.
            XCTAssertEqual(assertChunkingIrrelevant(JSONValue.self, "\n \n  [1]\n", format: format).0,
                           format == .jsonLines ? [[1]] : [1])
        }
    }

    /// A byte order mark before an element inside an array (found by
    /// FuzzStreaming: the element decoder skipped it as at the start of a
    /// document): the error decode gives, where decode gives it.
    func testByteOrderMarkBeforeAnElementIsAnError() throws {
        let text = "[1,11121,\u{FEFF}3,2]"
        let (elements, error) = assertChunkingIrrelevant(Int.self, text)
        XCTAssertEqual(elements, [1, 11121])
        XCTAssertEqual(error, "-@9  Unexpected character 0xEF")
        XCTAssertThrowsError(try JoltDecoder().decode([Int].self, from: text)) { error in
            guard case DecodingError.dataCorrupted(let context) = error, let syntax = context.underlyingError as? JoltSyntaxError
            else { return XCTFail("\(error)") }
            XCTAssertEqual(syntax.kind, .unexpectedCharacter(0xEF))
            XCTAssertEqual(syntax.offset, 9)
        }
        XCTAssertNotEqual(assertChunkingIrrelevant(Int.self, "1 \u{FEFF}2", format: .concatenated).1, "none")
        // A line is a document: a byte order mark may start it, as decode of that line allows.
        XCTAssertEqual(assertChunkingIrrelevant(Int.self, "1\n\u{FEFF}2\n", format: .jsonLines).0, [1, 2])
    }

    func testConcatenated() {
        let text = #"{"id":1,"name":"a"}{"id":2,"name":"b"}   {"id":3,"name":"c"}"#
        let (items, error) = assertChunkingIrrelevant(Item.self, text, format: .concatenated)
        XCTAssertEqual(items.map(\.id), [1, 2, 3])
        XCTAssertEqual(error, "none")
    }

    // MARK: Errors

    func testDecodingErrorsWithBothPolicies() {
        let text = #"[{"id": 1, "name": "a"}, {"id": "x", "name": "b"}, {"name": "c"}, {"id": 4, "name": "d"}]"#
        let stop = assertChunkingIrrelevant(Item.self, text)
        XCTAssertEqual(stop.0.map(\.id), [1])
        XCTAssertEqual(stop.1, "1@25 [1].id DecodingError")
        let skip = assertChunkingIrrelevant(Item.self, text, policy: .skip)
        XCTAssertEqual(skip.0.map(\.id), [1, 4])
        XCTAssertEqual(skip.1, "none")
        let report = runStream(Item.self, text, chunk: 7, policy: .skip).report
        XCTAssertEqual(report.issues.map { "\($0.kind) \($0.codingPath.map(\.description).joined(separator: ".")) @\($0.offset ?? -1)" },
                       ["droppedElement [1].id @25", "droppedElement [2] @51"])
    }

    func testSyntaxErrorsEndTheStreamWithTheirOffset() {
        // A syntax error inside an element: never skipped, even under .skip.
        for policy in [JoltStreamErrorPolicy.stop, .skip] {
            let result = assertChunkingIrrelevant(Item.self, "[{\"id\": 1, \"name\": \"a\"},\n {\"id\": , \"name\": \"b\"}, {\"id\": 3, \"name\": \"c\"}]",
                                                  policy: policy)
            XCTAssertEqual(result.0.map(\.id), [1])
            XCTAssertEqual(result.1, "1@33 [1] Unexpected character ','")
        }
        let full = runStream(Item.self, "[{\"id\": 1, \"name\": \"a\"},\n {\"id\": , \"name\": \"b\"}]", chunk: 5)
        let syntax = full.error?.underlying as? JoltSyntaxError
        XCTAssertEqual(syntax?.line, 2)
        XCTAssertEqual(syntax?.column, 9)
        // Between elements.
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, #"[{"id":1,"name":"a"} {"id":2,"name":"b"}]"#).1, "-@21  Unexpected character '{'")
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, #"[{"id":1,"name":"a"},]"#).1, "-@21  Unexpected character ']'")
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, #"[{"id":1,"name":"a"}] x"#).1, "-@22  Unexpected characters after the top-level value")
        XCTAssertEqual(assertChunkingIrrelevant(Item.self, #"{"id":1,"name":"a"}"#, format: .array).1, "-@0  Unexpected character '{'")
    }

    /// A stream cut at any byte is an error, never a shorter stream.
    func testTruncationAtEveryByte() {
        let text = #"[{"id": 1, "name": "a"}, 2, "x\"y", [true, null]]"#
        let bytes = Array(text.utf8)
        for cut in 0..<bytes.count {
            let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
            for chunk in [1, 3, 1000] {
                let result = runStream(JSONValue.self, prefix, chunk: chunk, format: .array)
                XCTAssertNotNil(result.error, "cut at \(cut), chunk \(chunk)")
            }
        }
        // JSON Lines cut inside a line.
        let lines = "{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n"
        let lineBytes = Array(lines.utf8)
        for cut in 1..<lineBytes.count where lineBytes[cut - 1] != UInt8(ascii: "}") && lineBytes[cut - 1] != 0x0A {
            let result = runStream(Item.self, String(decoding: lineBytes[..<cut], as: UTF8.self), chunk: 2, format: .jsonLines)
            XCTAssertNotNil(result.error, "cut at \(cut)")
        }
    }

    func testErrorsAfterDeliveredElementsComeWithTheNextCall() throws {
        let stream = JoltElementDecoder(Item.self)
        let first = try stream.feed(Array(#"[{"id":1,"name":"a"},{"id":"#.utf8))
        XCTAssertEqual(first.map(\.id), [1])
        XCTAssertEqual(try stream.feed(Array(#"2,"name":"b"}, oops]"#.utf8)).map(\.id), [2])
        XCTAssertThrowsError(try stream.feed(Array("".utf8)))
        XCTAssertThrowsError(try stream.finish())
    }

    // MARK: Limits, time, memory

    func testLimitsApplyPerElement() {
        // On every backend built: yajl frames an element itself when the bytes at hand hold it.
        for backend in JoltBackend.allCases {
            // The element size limit.
            let big = #"[{"id":1,"name":"\#(String(repeating: "x", count: 300))"}, {"id":2,"name":"b"}]"#
            let result = runStream(Item.self, big, chunk: 16, backend: backend, maxElementBytes: 200)
            XCTAssertEqual(describeStreamError(result.error), "0@201  Limit exceeded: document size (maxDocumentBytes)")
            // An element over the limit that ends inside one chunk, and a scalar one.
            XCTAssertEqual(describeStreamError(runStream(Item.self, big, chunk: 1 << 16, backend: backend, maxElementBytes: 200).error),
                           "0@201  Limit exceeded: document size (maxDocumentBytes)")
            XCTAssertEqual(describeStreamError(runStream(Int.self, "[1, 123456, 2]", chunk: 1 << 16, backend: backend, maxElementBytes: 3).error),
                           "1@7  Limit exceeded: document size (maxDocumentBytes)")
            XCTAssertEqual(runStream(Item.self, big, chunk: 16, backend: backend, maxElementBytes: 400).elements.count, 2)
            // Depth: counted from the element, and refused before the element is buffered whole.
            let deep = "[" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "]"
            let deepResult = runStream(JSONValue.self, deep, chunk: 64, backend: backend)
            XCTAssertEqual(describeStreamError(deepResult.error), "0@513  Limit exceeded: nesting depth (maxDepth)")
            let ok = "[" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "]"
            XCTAssertNil(runStream(JSONValue.self, ok, chunk: 64, backend: backend).error)
            // The decoder's own limits apply inside each element.
            let strings = #"["short", "\#(String(repeating: "y", count: 100))"]"#
            let limited = runStream(String.self, strings, chunk: 10, backend: backend, configure: { $0.limits.maxStringBytes = 50 })
            XCTAssertEqual(limited.elements, ["short"])
            XCTAssertEqual((limited.error?.underlying as? JoltSyntaxError)?.kind, .limitExceeded(.stringBytes))
            // The same in one chunk, where yajl sees the whole element at once.
            XCTAssertEqual(describeStreamError(runStream(JSONValue.self, deep, chunk: 1 << 16, backend: backend).error),
                           "0@513  Limit exceeded: nesting depth (maxDepth)")
            XCTAssertNil(runStream(JSONValue.self, ok, chunk: 1 << 16, backend: backend).error)
            let objects = #"[{"s": "short"}, {"s": "\#(String(repeating: "y", count: 100))"}]"#
            let inObject = runStream(JSONValue.self, objects, chunk: 1 << 16, backend: backend, configure: { $0.limits.maxStringBytes = 50 })
            XCTAssertEqual(inObject.elements.count, 1)
            XCTAssertEqual(describeStreamError(inObject.error), "1@23 [1] Limit exceeded: string length (maxStringBytes)")
        }
    }

    /// A 1 MB string fed one byte at a time: linear, not quadratic.
    ///
    /// The bound tells the two apart, not a speed: linear takes one to two seconds
    /// per backend in a debug build, rescanning what is buffered on every feed
    /// would take about 5 * 10^11 byte steps (hours). It is wide so that a
    /// loaded machine (CI runs builds beside the tests) cannot fail it.
    func testOneByteChunksAreLinear() throws {
        let payload = String(repeating: "a", count: 1 << 20)
        let bytes = Array(#"["\#(payload)", 1]"#.utf8)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let stream = JoltElementDecoder(JSONValue.self, decoder: decoder)
            let start = Date()
            var count = 0
            for byte in bytes { count += try stream.feed([byte]).count }
            count += try stream.finish().count
            XCTAssertEqual(count, 2)
            XCTAssertLessThan(Date().timeIntervalSince(start), 60, "\(backend)")
        }
    }

    /// The buffer holds at most about one element plus one chunk.
    func testMemoryIsBoundedByTheLargestElement() throws {
        var text = "["
        for n in 0..<20_000 { text += (n > 0 ? "," : "") + #"{"id":\#(n),"name":"item \#(n)"}"# }
        text += "]"
        let bytes = Array(text.utf8)
        let stream = JoltElementDecoder(Item.self)
        var count = 0
        var peak = 0
        var i = 0
        while i < bytes.count {
            count += try stream.feed(Array(bytes[i..<min(i + 4096, bytes.count)])).count
            peak = max(peak, stream.bufferedByteCount)
            i += 4096
        }
        count += try stream.finish().count
        XCTAssertEqual(count, 20_000)
        XCTAssertLessThan(peak, 2 * (64 << 10) + 2 * 4096)   // the compaction threshold plus a chunk
    }

    // MARK: Options, sources

    func testDecoderOptionsApplyToEachElement() {
        struct Row: Decodable, Equatable {
            var userId: Int
            @LossyArray var tags: [String]
            @DateValue<ISO8601Strategy> var at: Date
        }
        let text = #"{"user_id": 1, "tags": ["a", 2], "at": "2024-05-01T12:00:00Z"}"# + "\n"
            + #"{"user_id": 2, "tags": [], "at": "2024-05-01T12:00:01Z"}"#
        for backend in JoltBackend.allCases {
            let result = runStream(Row.self, text, chunk: 5, format: .jsonLines, backend: backend,
                             configure: { $0.keyDecodingStrategy = .convertFromSnakeCase })
            XCTAssertNil(result.error)
            XCTAssertEqual(result.elements.map(\.userId), [1, 2])
            XCTAssertEqual(result.elements.map(\.tags), [["a"], []])
        }
    }

    func testAsyncSequenceOfChunks() async throws {
        let text = #"[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":"c"}]"#
        let bytes = Array(text.utf8)
        for source in ["array", "data", "slice"] {
            let stream = AsyncStream<[UInt8]> { continuation in
                var i = 0
                while i < bytes.count { continuation.yield(Array(bytes[i..<min(i + 7, bytes.count)])); i += 7 }
                continuation.finish()
            }
            var ids: [Int] = []
            switch source {
            case "array":
                for try await item in JoltDecoder().decodeElements(Item.self, from: stream) { ids.append(item.id) }
            case "data":
                for try await item in JoltDecoder().decodeElements(Item.self, from: stream.map { Data($0) }) { ids.append(item.id) }
            default:
                for try await item in JoltDecoder().decodeElements(Item.self, from: stream.map { $0[...] }) { ids.append(item.id) }
            }
            XCTAssertEqual(ids, [1, 2, 3], source)
        }
    }

    func testAsyncErrorsAndTruncation() async {
        let stream = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(#"[{"id":1,"name":"a"},{"id":2,"name""#.utf8))
            continuation.finish()
        }
        var ids: [Int] = []
        do {
            for try await item in JoltDecoder().decodeElements(Item.self, from: stream) { ids.append(item.id) }
            XCTFail("a truncated stream must throw")
        } catch let error as JoltStreamError {
            XCTAssertEqual(ids, [1])
            XCTAssertEqual((error.underlying as? JoltSyntaxError)?.kind, .unexpectedEndOfInput)
        } catch {
            XCTFail("\(error)")
        }
        // A file, which waits for whole elements: those before the error still come first,
        // including one that only the end of the input completed.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jolt-stream-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        for (text, expected) in [(#"[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"#, [1, 2]), (#"[{"id":1,"name":"a"}, 7"#, [1])] {
            try? Data(text.utf8).write(to: url)
            for backend in JoltBackend.allCases {
                let decoder = JoltDecoder()
                decoder.backend = backend
                ids = []
                do {
                    for try await item in decoder.decodeElements(JSONValue.self, fromFileAt: url.path) { ids.append(item["id"]?.intValue ?? 7) }
                    XCTFail("a truncated stream must throw")
                } catch let error as JoltStreamError {
                    XCTAssertEqual(ids, expected + (text.hasSuffix("7") ? [7] : []), "\(backend)")
                    XCTAssertEqual((error.underlying as? JoltSyntaxError)?.kind, .unexpectedEndOfInput)
                } catch {
                    XCTFail("\(error)")
                }
            }
        }
    }

    func testCancellationStopsPromptly() async throws {
        let (chunks, continuation) = AsyncStream<[UInt8]>.makeStream()
        continuation.yield(Array(#"[{"id":1,"name":"a"},"#.utf8))
        let firstSeen = expectation(description: "first element")
        let task = Task {
            var count = 0
            for try await _ in JoltDecoder().decodeElements(Item.self, from: chunks) {
                count += 1
                if count == 1 { firstSeen.fulfill() }
            }
            return count
        }
        await fulfillment(of: [firstSeen], timeout: 5)
        task.cancel()
        let start = Date()
        do {
            _ = try await task.value
            XCTFail("cancelled iteration must throw")
        } catch is CancellationError {
            XCTAssertLessThan(Date().timeIntervalSince(start), 10)   // prompt, not a wait for more input (wide for a loaded machine)
        }
        continuation.finish()
    }

    func testFileSources() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jolt-stream-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        var text = "["
        for n in 0..<1000 { text += (n > 0 ? "," : "") + #"{"id":\#(n),"name":"n\#(n)"}"# }
        text += "]"
        try Data(text.utf8).write(to: url)
        var ids: [Int] = []
        for try await item in JoltDecoder().decodeElements(Item.self, fromFileAt: url.path, chunkSize: 100) { ids.append(item.id) }
        XCTAssertEqual(ids, Array(0..<1000))
        var count = 0
        try JoltDecoder().forEachElement(Item.self, inFileAt: url.path, chunkSize: 333) { _ in count += 1 }
        XCTAssertEqual(count, 1000)
        #if FullFoundation
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        count = 0
        try JoltDecoder().forEachElement(Item.self, in: handle) { _ in count += 1 }
        XCTAssertEqual(count, 1000)
        #endif
        XCTAssertThrowsError(try JoltDecoder().forEachElement(Item.self, inFileAt: "/nonexistent/file.json") { _ in })
    }

    /// forEachElement hands over each element as it is decoded: those before an
    /// error arrive, then the error; an error thrown by the body ends it at once.
    func testForEachElementDeliversElementsBeforeAnError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jolt-stream-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        var text = "["
        for n in 0..<300 { text += (n > 0 ? "," : "") + #"{"id":\#(n),"name":"n\#(n)"}"# }
        let errorAt = text.utf8.count + #",{"id":300,"name":"#.utf8.count
        try Data((text + #",{"id":300,"name":}]"#).utf8).write(to: url)
        for backend in JoltBackend.allCases {
            for chunkSize in [7, 4096, 1 << 16] {
                let decoder = JoltDecoder()
                decoder.backend = backend
                var ids: [Int] = []
                XCTAssertThrowsError(try decoder.forEachElement(Item.self, inFileAt: url.path, chunkSize: chunkSize) { ids.append($0.id) }) {
                    XCTAssertEqual(describeStreamError($0 as? JoltStreamError), "300@\(errorAt) [300] Unexpected character '}'", "\(backend) \(chunkSize)")
                }
                XCTAssertEqual(ids, Array(0..<300), "\(backend) \(chunkSize)")
                struct Enough: Error {}
                ids = []
                XCTAssertThrowsError(try decoder.forEachElement(Item.self, inFileAt: url.path, chunkSize: chunkSize) {
                    ids.append($0.id)
                    if $0.id == 10 { throw Enough() }
                }) { XCTAssertTrue($0 is Enough) }
                XCTAssertEqual(ids, Array(0...10))
            }
        }
    }
}
