import Foundation
import XCTest
@testable import Jolt

/// What a stream decode gave: the elements before the error, the error, the report.
typealias StreamOutcome<T> = (elements: [T], error: JoltStreamError?, report: JoltDecodeReport)

/// Decodes `text` in chunks of `chunk` bytes with a fresh push decoder.
func runStream<T: Decodable>(_ type: T.Type, _ text: String, chunk: Int, format: JoltStreamFormat = .automatic,
                             policy: JoltStreamErrorPolicy = .stop, backend: JoltBackend = .swift,
                             maxElementBytes: Int = 64 << 20,
                             configure: (JoltDecoder) -> Void = { _ in }) -> StreamOutcome<T> {
    runStream(type, bytes: Array(text.utf8), chunk: chunk, format: format, policy: policy, backend: backend,
              maxElementBytes: maxElementBytes, configure: configure).outcome
}

/// Decodes `bytes` in chunks of `chunk` bytes with a fresh push decoder (one
/// that waits for whole elements, as for a file, with `waits`); also returns
/// the decoder, for its counters, and the most bytes it held.
func runStream<T: Decodable>(_ type: T.Type, bytes: [UInt8], chunk: Int, format: JoltStreamFormat = .automatic,
                             policy: JoltStreamErrorPolicy = .stop, backend: JoltBackend = .swift,
                             maxElementBytes: Int = 64 << 20, waits: Bool = false,
                             configure: (JoltDecoder) -> Void = { _ in }) -> (outcome: StreamOutcome<T>, stream: JoltElementDecoder<T>, peak: Int) {
    let decoder = JoltDecoder()
    decoder.backend = backend
    configure(decoder)
    let stream = JoltElementDecoder(T.self, options: decoder.options, format: format, errorPolicy: policy,
                                    maxElementBytes: maxElementBytes, waitsForWholeElements: waits)
    var elements: [T] = []
    var peak = 0
    do {
        var i = 0
        // A waiting decoder is used as forEachElement uses it: each element handed
        // over as it is decoded.
        while i < bytes.count {
            let piece = Array(bytes[i..<min(i + chunk, bytes.count)])
            if waits { try stream.feed(piece) { elements.append($0) } } else { elements += try stream.feed(piece) }
            peak = max(peak, stream.bufferedByteCount)
            i += chunk
        }
        if waits { try stream.finish { elements.append($0) } } else { elements += try stream.finish() }
        return ((elements, nil, stream.report), stream, peak)
    } catch let error as JoltStreamError {
        return ((elements, error, stream.report), stream, peak)
    } catch {
        XCTFail("not a JoltStreamError: \(error)")
        return ((elements, nil, stream.report), stream, peak)
    }
}

/// A stream error in one line: element index, byte offset, coding path, kind.
func describeStreamError(_ error: JoltStreamError?) -> String {
    guard let error else { return "none" }
    let kind = (error.underlying as? JoltSyntaxError).map { "\($0.kind)" } ?? "\(type(of: error.underlying))"
    return "\(error.elementIndex.map(String.init) ?? "-")@\(error.byteOffset) \(error.codingPath.map(\.description).joined(separator: ".")) \(kind)"
}

/// Streams `bytes` on `backend` and on the Swift backend, in the same chunks and
/// with the same options, and asserts the same elements, error (see
/// ``describeStreamError(_:)``) and report. Returns `backend`'s decoder, for its counters.
@discardableResult
func assertStreamsAgreeWithSwift<T: Decodable & Equatable>(_ type: T.Type, _ bytes: [UInt8], chunk: Int, backend: JoltBackend,
                                                           format: JoltStreamFormat = .automatic,
                                                           policy: JoltStreamErrorPolicy = .stop,
                                                           maxElementBytes: Int = 64 << 20, waits: Bool = false,
                                                           configure: (JoltDecoder) -> Void = { _ in },
                                                           _ label: String = "", file: StaticString = #filePath,
                                                           line: UInt = #line) -> JoltElementDecoder<T> {
    let swift = runStream(type, bytes: bytes, chunk: chunk, format: format, policy: policy, backend: .swift,
                          maxElementBytes: maxElementBytes, waits: waits, configure: configure).outcome
    let other = runStream(type, bytes: bytes, chunk: chunk, format: format, policy: policy, backend: backend,
                          maxElementBytes: maxElementBytes, waits: waits, configure: configure)
    let context = "\(backend): \(label) chunk \(chunk): \(String(decoding: bytes.prefix(300), as: UTF8.self))"
    XCTAssertEqual(other.outcome.elements, swift.elements, context, file: file, line: line)
    XCTAssertEqual(describeStreamError(other.outcome.error), describeStreamError(swift.error), context, file: file, line: line)
    XCTAssertEqual(other.outcome.report, swift.report, context, file: file, line: line)
    return other.stream
}
