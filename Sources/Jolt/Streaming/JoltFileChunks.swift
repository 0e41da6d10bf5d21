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

/// A file read in chunks, as an `AsyncSequence` of `[UInt8]`. The handle is
/// closed when the iterator is released.
public struct JoltFileChunks: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    let path: String
    let chunkSize: Int

    /// The chunks of the file at `path`, `chunkSize` bytes each (the last one shorter).
    public init(path: String, chunkSize: Int = 64 << 10) {
        self.path = path
        self.chunkSize = Swift.max(1, chunkSize)
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: FileChunkReader(path: path, chunkSize: chunkSize))
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: FileChunkReader

        public mutating func next() async throws -> [UInt8]? {
            try reader.next()
        }
    }
}

/// Reads a file in chunks with `read(2)`; opens lazily, closes at the end or
/// when released.
final class FileChunkReader {
    let path: String
    let chunkSize: Int
    private var fd: Int32 = -1
    private var finished = false

    init(path: String, chunkSize: Int) {
        self.path = path
        self.chunkSize = chunkSize
    }

    init(fileDescriptor: Int32, chunkSize: Int) {
        self.path = ""
        self.chunkSize = chunkSize
        self.fd = fileDescriptor
    }

    func next() throws -> [UInt8]? {
        if finished { return nil }
        if fd < 0 {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                finished = true
                throw CocoaError.file(errno, path: path, writing: false)
            }
        }
        let chunk = try [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
            var n: Int
            repeat { n = read(fd, buffer.baseAddress, chunkSize) } while n < 0 && errno == EINTR
            guard n >= 0 else { throw CocoaError.file(errno, path: path, writing: false) }
            count = n
        }
        if chunk.isEmpty {
            finished = true
            closeFile()
            return nil
        }
        return chunk
    }

    private func closeFile() {
        if fd >= 0 && !path.isEmpty { close(fd) }
        fd = -1
    }

    deinit { closeFile() }
}
