import Foundation
import Jolt

/// libFuzzer entry point for the stream decoder. The first byte picks the
/// format (array or JSON Lines, bit 0x80), the chunk size (1-15 bytes, or all: the
/// low four bits) and the backend (0x40 yajl, else 0x20 simdjson, else Swift);
/// the rest is the stream. The elements must be what decoding the whole input
/// gives (an array as `[JSONValue]`, each non-blank line as a `JSONValue`), and
/// a stream must fail where that decode fails, except that the depth limit
/// counts from each element in a stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let all = UnsafeRawBufferPointer(start: start, count: count)
    let config = all[0]
    let bytes = Array(all[1...])
    let lines = config & 0x80 != 0
    // 1-15 bytes, or the whole input at once (where yajl frames the elements itself).
    let chunk = config & 0x0F == 0x0F ? max(1, bytes.count) : 1 + Int(config & 0x0F)
    let decoder = JoltDecoder()
    if config & 0x40 != 0 && JoltBackend.isYAJLAvailable {
        decoder.backend = .yajl
    } else if config & 0x20 != 0 && JoltBackend.isSIMDJSONAvailable {
        decoder.backend = .simdjson
    } else {
        decoder.backend = .swift
    }

    // The stream.
    let stream = JoltElementDecoder(JSONValue.self, decoder: decoder, format: lines ? .jsonLines : .array)
    var streamed: [JSONValue] = []
    var streamError: JoltStreamError?
    do {
        var i = 0
        while i < bytes.count {
            streamed += try stream.feed(Array(bytes[i..<min(i + chunk, bytes.count)]))
            i += chunk
        }
        streamed += try stream.finish()
    } catch let error as JoltStreamError {
        streamError = error
    } catch {
        fatalError("not a JoltStreamError: \(error)")
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
