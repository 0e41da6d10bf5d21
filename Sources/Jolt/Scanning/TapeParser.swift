#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The front of every backend: checks the document size, skips a UTF-8 BOM, runs
/// the chosen scanner and returns the tape.
enum TapeParser {
    /// Parses a whole document.
    ///
    /// - Parameters:
    ///   - input: the document's bytes; they are not copied and must outlive the tape's use.
    ///   - backend: the scanner to use.
    ///   - limits: the limits to enforce.
    ///   - storage: an earlier tape's memory to build this one in (freed if the
    ///     parse fails).
    /// - Throws: a ``ScanError`` for invalid JSON or an exceeded limit.
    static func parse(_ input: UnsafeRawBufferPointer, backend: JoltBackend, limits: JoltLimits,
                      reusing storage: TapeStorage? = nil) throws(ScanError) -> Tape {
        let end = input.count
        if end > limits.effectiveDocumentBytes {
            if let storage { free(storage.entries) }
            throw ScanError(.limitExceeded(.documentBytes), at: limits.effectiveDocumentBytes)
        }
        guard end > 0, let raw = input.baseAddress else {
            if let storage { free(storage.entries) }
            throw ScanError(.emptyInput, at: 0)
        }
        let p = raw.assumingMemoryBound(to: UInt8.self)
        var start = 0
        if end >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            start = 3
        }
        var builder = TapeBuilder(input: p, inputLength: end, limits: limits, reusing: storage)
        do throws(ScanError) {
            // A backend this build lacks is unavailable: no case for it, and no stand-in.
            switch backend {
            #if YAJL
            case .yajl:
                let outcome: YAJLScanner.Outcome
                do throws(ScanError) {
                    outcome = try YAJLScanner.scan(p, start: start, end: end, into: &builder)
                } catch {
                    // Jolt's own checks in a callback stopped yajl; the Swift scanner,
                    // which reads strictly left to right, may find an earlier error.
                    throw preciseError(p, start: start, end: end, limits: limits, ifAccepted: error)
                }
                if outcome == .rejected {
                    // (A BOM alone leaves yajl nothing to read: start == end.)
                    let fallback = start < end ? ScanError(.unexpectedCharacter(p[start]), at: start) : ScanError(.emptyInput, at: start)
                    throw preciseError(p, start: start, end: end, limits: limits, ifAccepted: fallback)
                }
            #endif
            case .swift:
                try SwiftScanner.scan(p, start: start, end: end, into: &builder)
            #if SIMDJSON
            case .simdjson:
                do throws(ScanError) {
                    try SIMDJSONScanner.scan(p, start: start, end: end, into: &builder)
                } catch {
                    // simdjson's stage 1 or Jolt's checks over its indexes rejected the
                    // document; the Swift scanner says what is wrong and where.
                    throw preciseError(p, start: start, end: end, limits: limits, ifAccepted: error)
                }
            #endif
            }
        } catch {
            builder.release()
            throw error
        }
        return builder.finish()
    }

    /// The error the Swift scanner reports for a document the yajl backend rejected,
    /// so that both backends report the same kind at the same position.
    ///
    /// - Parameter ifAccepted: the error to report if the Swift scanner accepts the
    ///   document: a disagreement between the backends, which the tests and the
    ///   differential fuzzer guard against. The document is refused rather than guessed at.
    static func preciseError(_ p: UnsafePointer<UInt8>, start: Int, end: Int, limits: JoltLimits, ifAccepted: ScanError) -> ScanError {
        var builder = TapeBuilder(input: p, inputLength: 0, limits: limits)
        defer { builder.release() }
        do {
            try SwiftScanner.scan(p, start: start, end: end, into: &builder)
        } catch {
            return error
        }
        return ifAccepted
    }
}
