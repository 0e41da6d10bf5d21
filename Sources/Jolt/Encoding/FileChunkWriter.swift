#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes chunks to a file with `write(2)`: the file is created or truncated
/// when the writer is made, and closed by `close()` (or, after an error, when
/// the writer is released). POSIX rather than `FileHandle`, which is not in
/// FoundationEssentials.
///
/// ```swift
/// let file = try FileChunkWriter(path: "rows.jsonl")
/// try file.write(chunk)
/// try file.close()
/// ```
final class FileChunkWriter {
    private let path: String
    private var fd: Int32

    init(path: String) throws {
        self.path = path
        var descriptor: Int32
        repeat { descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw CocoaError.file(errno, path: path, writing: true) }
        fd = descriptor
    }

    func write(_ chunk: UnsafeRawBufferPointer) throws {
        guard var next = chunk.baseAddress else { return }
        var remaining = chunk.count
        while remaining > 0 {
            let n = posixWrite(fd, next, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                throw CocoaError.file(errno, path: path, writing: true)
            }
            next += n
            remaining -= n
        }
    }

    /// Closes the file; a failure here (a full disk on a network file system)
    /// is a failed write.
    func close() throws {
        let descriptor = fd
        fd = -1
        guard descriptor >= 0 else { return }
        if posixClose(descriptor) != 0 && errno != EINTR { throw CocoaError.file(errno, path: path, writing: true) }
    }

    deinit { if fd >= 0 { _ = posixClose(fd) } }
}

// Free functions: inside the class, `write` and `close` name its own methods.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

private func posixClose(_ fd: Int32) -> Int32 {
    close(fd)
}
