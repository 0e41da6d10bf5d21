import Foundation
import XCTest
@testable import Jolt

/// Each limit accepts exactly its value and rejects one more, identically on both
/// backends, with the limit named and the position given.
final class LimitsTests: XCTestCase {
    private func assertLimit(
        _ limit: JoltLimits.Limit, _ limits: JoltLimits, accepts ok: String, rejects bad: String, at offset: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for backend in JoltBackend.allCases {
            XCTAssertTrue(parseTape(ok, backend, limits: limits).isSuccess, "\(backend) rejected N", file: file, line: line)
            XCTAssertEqual(parseTape(bad, backend, limits: limits).failure, ScanError(.limitExceeded(limit), at: offset),
                           "\(backend)", file: file, line: line)
        }
    }

    func testDepth() {
        var limits = JoltLimits()
        limits.maxDepth = 3
        assertLimit(.depth, limits, accepts: "[[{\"a\":1}]]", rejects: "[[{\"a\":[1]}]]", at: 7)
        assertLimit(.depth, .default, accepts: String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
                    rejects: String(repeating: "[", count: 513) + String(repeating: "]", count: 513), at: 512)
    }

    func testDocumentBytes() {
        var limits = JoltLimits()
        limits.maxDocumentBytes = 7
        assertLimit(.documentBytes, limits, accepts: "[1,2,3]", rejects: "[1,2,34]", at: 7)
    }

    func testStringAndKeyBytes() {
        var limits = JoltLimits()
        limits.maxStringBytes = 4
        assertLimit(.stringBytes, limits, accepts: #"["abcd"]"#, rejects: #"["abcde"]"#, at: 1)
        assertLimit(.stringBytes, limits, accepts: #"["a\nb"]"#, rejects: #"["a\n\b"]"#, at: 1)
        limits = JoltLimits()
        limits.maxKeyBytes = 2
        assertLimit(.keyBytes, limits, accepts: #"{"ab":"long value"}"#, rejects: #"{"abc":1}"#, at: 1)
    }

    func testNumberBytes() {
        var limits = JoltLimits()
        limits.maxNumberBytes = 5
        assertLimit(.numberBytes, limits, accepts: "[-1.25]", rejects: "[-1.255]", at: 1)
        assertLimit(.numberBytes, limits, accepts: "12345", rejects: "123456", at: 0)
    }

    func testContainerElements() {
        var limits = JoltLimits()
        limits.maxContainerElements = 3
        assertLimit(.containerElements, limits, accepts: "[1,[2,3,4],5]", rejects: "[1,2,3,4]", at: 7)
        assertLimit(.containerElements, limits, accepts: #"{"a":1,"b":2,"c":[1,2,3]}"#, rejects: #"{"a":1,"b":2,"c":3,"d":4}"#, at: 19)
        assertLimit(.containerElements, limits, accepts: "[[],[],[]]", rejects: "[[],[],[],[]]", at: 10)
    }

    /// Ten million nested `[` are rejected at the depth limit, fast, without
    /// recursion (a recursive scanner would overflow the stack long before).
    /// The offset is the exact check; the time bound only catches work that
    /// grows with the input past the limit (each backend takes well under a
    /// second), and is wide so that a loaded machine cannot fail it.
    func testTenMillionNestedArraysAreRejectedQuickly() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 10_000_000)
        for backend in JoltBackend.allCases {
            let start = Date()
            XCTAssertEqual(parseTape(bytes, backend).failure, ScanError(.limitExceeded(.depth), at: 512))
            XCTAssertLessThan(Date().timeIntervalSince(start), 10, "\(backend)")
        }
        // With the depth limit lifted, still no stack growth: the stack is a heap buffer.
        for backend in JoltBackend.allCases {
            var limits = JoltLimits.unlimited
            limits.maxDocumentBytes = Int(UInt32.max)
            XCTAssertEqual(parseTape(bytes, backend, limits: limits).failure?.kind, .unexpectedEndOfInput, "\(backend)")
        }
    }

    /// Input past the tape's addressing (4 GiB - 1 bytes) is refused by every
    /// backend before a byte is scanned, even with every limit lifted: simdjson's
    /// own indexes stop at 4 GiB, and the tape's offsets and indexes are 32-bit
    /// where they are packed. The input is 4 GiB + 1 bytes of a sparse mapping
    /// (zero pages, nothing allocated): had a backend started scanning, a NUL
    /// would have given a syntax error at offset 0.
    func testInputPastFourGiBIsRefusedByEveryBackend() throws {
        let length = Int(UInt32.max) + 2
        guard let mapping = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              mapping != MAP_FAILED else { throw XCTSkip("no 4 GiB address range to map") }
        defer { munmap(mapping, length) }
        let input = UnsafeRawBufferPointer(start: mapping, count: length)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.limits = .unlimited
            XCTAssertThrowsError(try decoder.decode([Int].self, from: input)) { error in
                guard case DecodingError.dataCorrupted(let context) = error,
                      let syntax = context.underlyingError as? JoltSyntaxError else { return XCTFail("\(backend): \(error)") }
                XCTAssertEqual(syntax.kind, .limitExceeded(.documentBytes), "\(backend)")
                XCTAssertEqual(syntax.offset, Int(UInt32.max), "\(backend)")
            }
        }
    }
}
