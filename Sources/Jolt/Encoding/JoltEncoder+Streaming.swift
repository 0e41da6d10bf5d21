#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
// FileHandle (Foundation, not FoundationEssentials): the FullFoundation trait's overload.
#if FullFoundation
import Foundation
#endif

extension JoltEncoder {
    /// How the streaming encode methods lay out a sequence of values.
    ///
    /// ```swift
    /// try encoder.encode(rows, as: .jsonLines, toFileAt: url)
    /// ```
    public enum StreamFormat: Sendable, Hashable {
        /// One JSON array, exactly the bytes `encode(Array(values))` would write
        /// (pretty printing included). **The default.**
        case jsonArray
        /// JSON Lines: each value compact on its own line, followed by `\n`
        /// (`.prettyPrinted` is ignored: a value must fit on one line).
        case jsonLines
    }

    /// Writes `values` as a JSON array or as JSON Lines, handing the output to
    /// `sink` in chunks of about `flushThreshold` bytes, so that memory stays
    /// bounded whatever the number of values (one value is never split across
    /// two buffers' worth of memory: a chunk is handed over between values).
    ///
    /// ```swift
    /// try encoder.encode(events, as: .jsonLines) { chunk in
    ///     socket.send(chunk)   // an UnsafeRawBufferPointer, valid during the call
    /// }
    /// ```
    ///
    /// On an error (from a value or from `sink`) the chunks handed over so far
    /// stay written: the output is incomplete.
    public func encode<S: Sequence>(_ values: S, as format: StreamFormat = .jsonArray, flushThreshold: Int = 64 * 1024,
                                    to sink: (UnsafeRawBufferPointer) throws -> Void) throws where S.Element: Encodable {
        let stream = JoltStreamEncoder<S.Element>(encoder: self, format: format, flushThreshold: flushThreshold)
        for value in values {
            try stream.append(value, flushingTo: sink)
        }
        try stream.finish(flushingTo: sink)
    }

    #if FullFoundation
    /// Writes `values` as a JSON array or as JSON Lines to an open file handle,
    /// in chunks of about `flushThreshold` bytes (see the variant with a sink
    /// closure).
    ///
    /// ```swift
    /// try encoder.encode(rows, as: .jsonArray, to: FileHandle.standardOutput)
    /// ```
    public func encode<S: Sequence>(_ values: S, as format: StreamFormat = .jsonArray, flushThreshold: Int = 64 * 1024,
                                    to fileHandle: FileHandle) throws where S.Element: Encodable {
        try encode(values, as: format, flushThreshold: flushThreshold) { chunk in
            try fileHandle.write(contentsOf: Data(chunk))
        }
    }
    #endif

    /// Writes `values` as a JSON array or as JSON Lines to the file at `url`,
    /// created or truncated, in chunks of about `flushThreshold` bytes.
    ///
    /// ```swift
    /// try encoder.encode(rows, as: .jsonLines, toFileAt: URL(fileURLWithPath: "rows.jsonl"))
    /// ```
    public func encode<S: Sequence>(_ values: S, as format: StreamFormat = .jsonArray, flushThreshold: Int = 64 * 1024,
                                    toFileAt url: URL) throws where S.Element: Encodable {
        let file = try FileChunkWriter(path: url.path)
        try encode(values, as: format, flushThreshold: flushThreshold) { chunk in try file.write(chunk) }
        try file.close()
    }
}
