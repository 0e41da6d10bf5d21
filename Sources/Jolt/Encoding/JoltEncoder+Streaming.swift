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

/// Encodes values one at a time into a JSON array or JSON Lines, handing the
/// output over in chunks: for producers that push values rather than offer a
/// sequence. Not for use from several threads at once.
///
/// ```swift
/// let stream = JoltStreamEncoder<Row>(encoder: encoder, format: .jsonArray)
/// for try await row in rows {
///     try stream.append(row) { chunk in try handle.write(contentsOf: Data(chunk)) }
/// }
/// try stream.finish { chunk in try handle.write(contentsOf: Data(chunk)) }
/// ```
public final class JoltStreamEncoder<Element: Encodable> {
    private let core: EncodingCore
    private let format: JoltEncoder.StreamFormat
    private let options: EncoderOptions
    private let flushThreshold: Int
    private var count = 0
    private var finished = false

    /// A stream with `encoder`'s options (copied now), handing over chunks once
    /// about `flushThreshold` bytes are buffered.
    public init(encoder: JoltEncoder, format: JoltEncoder.StreamFormat = .jsonArray, flushThreshold: Int = 64 * 1024) {
        var options = encoder.options
        if format == .jsonLines { options.outputFormatting.remove(.prettyPrinted) }
        self.format = format
        self.options = options
        self.flushThreshold = max(flushThreshold, 1)
        core = EncodingCore(options: options, capacity: min(max(flushThreshold, 64) + 1024, 1 << 20))
        if format == .jsonArray { _ = core.openFrame(isObject: false) }
    }

    deinit {
        core.releaseReferences()
    }

    /// The number of values appended so far.
    public var valueCount: Int { count }

    /// Encodes `value` as the next element (or line); hands a chunk to `sink`
    /// when the buffer has reached the threshold.
    public func append(_ value: Element, flushingTo sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        precondition(!finished, "JoltStreamEncoder: append after finish")
        switch format {
        case .jsonArray:
            core.beginElement()
            try encodeElement(value) {
                try core.encodeNested(value, key: JoltCodingKey.index(count), pathCount: 0, extraPath: [])
                if let failure = core.failure { throw failure }
            }
        case .jsonLines:
            core.resetForNextValue()
            try encodeElement(value) { try core.encodeTopLevel(value) }
            core.writer.write(UInt8(ascii: "\n"))
        }
        count += 1
        if core.writer.count >= flushThreshold { try flush(sink) }
    }

    /// Closes the array (nothing to close for JSON Lines) and hands the rest of
    /// the output to `sink`.
    public func finish(flushingTo sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !finished else { return }
        finished = true
        if format == .jsonArray { core.closeFrames(downTo: 0) }
        try flush(sink)
    }

    /// Runs `encode`, the one-pass encode of `value` at the current position;
    /// when it raised a flag of ``EncodingCore/needsSecondPass`` (thrown or not),
    /// writes `value` again in its place.
    private func encodeElement(_ value: Element, _ encode: () throws -> Void) throws {
        core.forgetOffsets()
        let mark = core.mark()
        do {
            try encode()
            if _slowPath(core.needsSecondPass) { try encodeAgain(value, from: mark) }
        } catch {
            guard core.needsSecondPass else { throw error }
            try encodeAgain(value, from: mark)
        }
    }

    /// Writes `value` again in place of what its one-pass encode wrote
    /// (containers used after their parent was closed).
    private func encodeAgain(_ value: Element, from mark: EncodingCore.Mark) throws {
        core.rewind(to: mark)
        try JoltEncoder.writeSecondPass(value, options: options, into: core)
    }

    private func flush(_ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard core.writer.count > 0 else { return }
        try sink(UnsafeRawBufferPointer(core.writer.bytes))
        core.writer.count = 0
    }
}
