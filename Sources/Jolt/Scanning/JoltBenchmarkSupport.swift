#if YAJL
internal import CYAJL
#endif

/// Entry points for Jolt's own benchmarks: scanning alone, and a bare yajl parse
/// to compare the tape-building backend with. Not API.
@_spi(Benchmarks)
public enum JoltBenchmarkSupport {
    /// Builds the tape of `bytes` with `backend` and throws it away.
    ///
    /// - Returns: the number of tape entries.
    @discardableResult
    public static func buildTape(_ bytes: UnsafeRawBufferPointer, backend: JoltBackend) throws -> Int {
        do throws(ScanError) {
            return try TapeParser.parse(bytes, backend: backend, limits: .default).count
        } catch {
            throw JoltSyntaxError(error, in: bytes)
        }
    }

    /// Builds the tape of `bytes` with `backend` and returns its entries, two words
    /// each (header, payload), for the differential fuzzer to compare backends with.
    public static func tapeWords(_ bytes: UnsafeRawBufferPointer, backend: JoltBackend) throws -> [UInt64] {
        do throws(ScanError) {
            let tape = try TapeParser.parse(bytes, backend: backend, limits: .default)
            return tape.allEntries.flatMap { [$0.header, $0.payload] }
        } catch {
            throw JoltSyntaxError(error, in: bytes)
        }
    }

    /// Parses `bytes` with yajl and callbacks that do nothing, the floor for the
    /// yajl backend. Like the backend, it sets no string callback (with one, yajl
    /// unescapes every escaped string before calling it). Returns whether yajl
    /// accepted the text; false without yajl.
    public static func bareYAJLParse(_ bytes: UnsafeRawBufferPointer) -> Bool {
        #if YAJL
        let callbacks = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        callbacks.initialize(to: yajl_callbacks(
            yajl_null: { _ in 1 },
            yajl_boolean: { _, _ in 1 },
            yajl_integer: nil,
            yajl_double: nil,
            yajl_number: { _, _, _ in 1 },
            yajl_string: nil,
            yajl_start_map: { _ in 1 },
            yajl_map_key: { _, _, _ in 1 },
            yajl_end_map: { _ in 1 },
            yajl_start_array: { _ in 1 },
            yajl_end_array: { _ in 1 }
        ))
        defer {
            callbacks.deinitialize(count: 1)
            callbacks.deallocate()
        }
        guard let handle = yajl_alloc(callbacks, nil, nil) else { return false }
        defer { yajl_free(handle) }
        _ = jolt_yajl_dont_validate_strings(handle, 1)
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let parsed = yajl_parse(handle, base, bytes.count)
        let completed = yajl_complete_parse(handle)
        return parsed == yajl_status_ok && completed == yajl_status_ok
        #else
        return false
        #endif
    }
}
