import Foundation
import Jolt

/// libFuzzer entry point for the stream decoder. The first byte picks the
/// format (array or JSON Lines, bit 0x80), the chunk size (one of 15 sizes from
/// 1 to 200 bytes, across simdjson's 64-byte blocks, or all: the low four bits)
/// and the backend (0x40 yajl, else 0x20 simdjson, else Swift; an input that
/// picks a backend this build lacks is skipped); the rest is the stream. The
/// elements must be what decoding the whole input gives (an array as
/// `[JSONValue]`, each non-blank line as a `JSONValue`), and a stream must
/// fail where that decode fails, except that the depth limit counts from each
/// element in a stream. On yajl and simdjson, which frame elements their own
/// way, the stream must also give the Swift backend's elements and error (its
/// element, offset, coding path and underlying error) in the same chunks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let all = UnsafeRawBufferPointer(start: start, count: count)
    let config = all[0]
    let bytes = Array(all[1...])
    let lines = config & 0x80 != 0
    // Small chunks, chunks around simdjson's 64-byte blocks, or the whole input at
    // once (where yajl frames the elements itself).
    let sizes = [1, 2, 3, 5, 7, 13, 31, 63, 64, 65, 100, 127, 128, 129, 200]
    let chunk = config & 0x0F == 0x0F ? max(1, bytes.count) : sizes[Int(config & 0x0F)]
    let decoder = JoltDecoder()
    // An input for a backend this build lacks tests nothing, rather than another backend
    // under its name (simdjson's trait is on only where simdjson.h is installed).
    guard let backend = try? JoltBackend(named: config & 0x40 != 0 ? "yajl" : config & 0x20 != 0 ? "simdjson" : "swift") else {
        return 0
    }
    decoder.backend = backend

    // The stream.
    let (streamed, streamError) = stream(bytes, chunk: chunk, lines: lines, decoder: decoder)
    if decoder.backend != .swift {
        let swift = JoltDecoder()
        swift.backend = .swift
        let (reference, referenceError) = stream(bytes, chunk: chunk, lines: lines, decoder: swift)
        guard streamed == reference else { fatalError("\(decoder.backend)'s stream elements differ from Swift's") }
        guard describe(streamError) == describe(referenceError) else {
            fatalError("\(decoder.backend)'s stream error \(describe(streamError)) differs from Swift's \(describe(referenceError))")
        }
    }

    // The whole input, decoded at once.
    var expected: [JSONValue]?
    var depthOnly = false
    if lines {
        var values: [JSONValue] = []
        var failed = false
        // A byte order mark at the start of the stream belongs to no line.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        for line in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard let value = try? decoder.decode(JSONValue.self, from: Array(line)) else { failed = true; break }
            values.append(value)
        }
        expected = failed ? nil : values
    } else {
        do {
            expected = try decoder.decode([JSONValue].self, from: bytes)
        } catch let DecodingError.dataCorrupted(context) {
            if let syntax = context.underlyingError as? JoltSyntaxError, syntax.kind == .limitExceeded(.depth) { depthOnly = true }
        } catch {}
    }
    if let expected {
        guard streamError == nil else { fatalError("the stream failed where decode succeeded: \(streamError!)") }
        guard streamed == expected else { fatalError("the stream's elements differ from decode's") }
    } else if streamError == nil && !depthOnly {
        fatalError("the stream succeeded where decode failed (\(streamed.count) elements)")
    }
    return 0
}

/// The elements of `bytes` streamed in chunks of `chunk` bytes, and the error that ended the stream.
func stream(_ bytes: [UInt8], chunk: Int, lines: Bool, decoder: JoltDecoder) -> ([JSONValue], JoltStreamError?) {
    let stream = JoltElementDecoder(JSONValue.self, decoder: decoder, format: lines ? .jsonLines : .array)
    var streamed: [JSONValue] = []
    do {
        var i = 0
        while i < bytes.count {
            streamed += try stream.feed(Array(bytes[i..<min(i + chunk, bytes.count)]))
            i += chunk
        }
        streamed += try stream.finish()
        return (streamed, nil)
    } catch let error as JoltStreamError {
        return (streamed, error)
    } catch {
        fatalError("not a JoltStreamError: \(error)")
    }
}

/// A stream error in one line: element, offset, coding path and the underlying error.
func describe(_ error: JoltStreamError?) -> String {
    guard let error else { return "none" }
    return "\(error.elementIndex.map(String.init) ?? "-")@\(error.byteOffset) \(error.codingPath) \(error.underlying)"
}
