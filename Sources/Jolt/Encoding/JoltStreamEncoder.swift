#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
                if _slowPath(core.lateMerging) { core.endLateMerging() }
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
    /// writes `value` again in its place. When the value fails, nothing of it
    /// stays in the output (its separator included), so a caller that catches
    /// the error can go on appending.
    private func encodeElement(_ value: Element, _ encode: () throws -> Void) throws {
        core.forgetOffsets()
        let mark = core.mark()
        core.beginValue()
        do {
            try encodeWithSecondPass(value, from: mark, encode)
        } catch {
            core.rewind(to: mark)
            if format == .jsonArray { core.takeBack(frame: 0, elementStart: mark.count) }
            throw error
        }
    }

    /// `encode`, then the second pass if the first raised its flag.
    private func encodeWithSecondPass(_ value: Element, from mark: EncodingCore.Mark, _ encode: () throws -> Void) throws {
        do {
            try encode()
        } catch where core.needsSecondPass {
            return try encodeAgain(value, from: mark)
        }
        if _slowPath(core.needsSecondPass) { try encodeAgain(value, from: mark) }
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
