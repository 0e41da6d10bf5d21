#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import Jolt

/// Pages of memory followed by an inaccessible page: a document copied so that it
/// ends on the last readable byte makes any read past its end crash the test.
///
/// ```swift
/// let guarded = GuardedBytes(pages: 4)
/// let tape = guarded.parseTape(Array("[1]".utf8), .simdjson)  // nil if it does not fit
/// ```
final class GuardedBytes {
    private let base: UnsafeMutableRawPointer?
    private let mapped: Int
    /// The longest document that fits (0 if the mapping failed).
    let capacity: Int

    init(pages: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapped = (pages + 1) * page
        if let start = mmap(nil, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), start != MAP_FAILED {
            if mprotect(start + pages * page, page, PROT_NONE) == 0 {
                base = start
                capacity = pages * page
            } else {
                munmap(start, mapped)
                base = nil
                capacity = 0
            }
        } else {
            base = nil
            capacity = 0
        }
        self.mapped = mapped
    }

    deinit {
        if let base { munmap(base, mapped) }
    }

    /// Calls `body` with `bytes` copied to end at the inaccessible page, or returns
    /// nil if they do not fit.
    func withBytesAtEnd<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        guard let base, bytes.count <= capacity else { return nil }
        let start = base + (capacity - bytes.count)
        bytes.withUnsafeBytes { if let from = $0.baseAddress { start.copyMemory(from: from, byteCount: $0.count) } }
        return body(UnsafeRawBufferPointer(start: start, count: bytes.count))
    }

    /// ``parseTape(_:_:limits:)`` of `bytes` placed at the end, or nil if they do not fit.
    func parseTape(_ bytes: [UInt8], _ backend: JoltBackend, limits: JoltLimits = .default) -> Result<[TapeEntry], ScanError>? {
        withBytesAtEnd(bytes) { input in
            do throws(ScanError) {
                return .success(try TapeParser.parse(input, backend: backend, limits: limits).allEntries)
            } catch {
                return .failure(error)
            }
        }
    }
}
