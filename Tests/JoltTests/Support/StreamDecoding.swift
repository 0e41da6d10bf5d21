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

/// Decodes `bytes` in chunks of `chunk` bytes with a fresh push decoder; also
/// returns the decoder, for its counters.
func runStream<T: Decodable>(_ type: T.Type, bytes: [UInt8], chunk: Int, format: JoltStreamFormat = .automatic,
                             policy: JoltStreamErrorPolicy = .stop, backend: JoltBackend = .swift,
                             maxElementBytes: Int = 64 << 20,
                             configure: (JoltDecoder) -> Void = { _ in }) -> (outcome: StreamOutcome<T>, stream: JoltElementDecoder<T>) {
    let decoder = JoltDecoder()
    decoder.backend = backend
    configure(decoder)
    let stream = JoltElementDecoder(T.self, decoder: decoder, format: format, errorPolicy: policy, maxElementBytes: maxElementBytes)
    var elements: [T] = []
    do {
        var i = 0
        while i < bytes.count {
            elements += try stream.feed(Array(bytes[i..<min(i + chunk, bytes.count)]))
            i += chunk
        }
        elements += try stream.finish()
        return ((elements, nil, stream.report), stream)
    } catch let error as JoltStreamError {
        return ((elements, error, stream.report), stream)
    } catch {
        XCTFail("not a JoltStreamError: \(error)")
        return ((elements, nil, stream.report), stream)
    }
}

/// A stream error in one line: element index, byte offset, coding path, kind.
func describeStreamError(_ error: JoltStreamError?) -> String {
    guard let error else { return "none" }
    let kind = (error.underlying as? JoltSyntaxError).map { "\($0.kind)" } ?? "\(type(of: error.underlying))"
    return "\(error.elementIndex.map(String.init) ?? "-")@\(error.byteOffset) \(error.codingPath.map(\.description).joined(separator: ".")) \(kind)"
}
