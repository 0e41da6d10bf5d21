#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes the elements of a JSON stream as bytes arrive: push chunks with
/// ``feed(_:)``, get back the elements they completed, and call ``finish()`` at
/// the end of the input. For event-loop code (a SwiftNIO handler) that has no
/// async context; ``JoltDecoder/decodeElements(_:from:format:errorPolicy:maxElementBytes:)``
/// wraps it as an `AsyncSequence`.
///
/// ```swift
/// let stream = JoltElementDecoder(Event.self, format: .jsonLines)
/// // in channelRead (the bytes are copied in; the buffer can be reused at once):
/// let events = try buffer.withUnsafeReadableBytes { try stream.feed($0) }
/// for event in events { handle(event) }
/// // in channelInactive:
/// for event in try stream.finish() { handle(event) }
/// ```
///
/// Memory stays bounded by the largest element plus one chunk: each element is
/// decoded as soon as its last byte arrives, and the bytes before it are
/// dropped. Each byte is scanned once whatever the chunking (one byte at a time
/// included; on the simdjson backend, up to 63 bytes of a partial block once
/// more per call), so time is linear in the input. Limits apply per element: its
/// size (`maxElementBytes`, and the decoder's `limits.maxDocumentBytes`) and
/// depth (`limits.maxDepth`).
///
/// Not thread-safe: feed one instance from one thread (or event loop) at a time.
public final class JoltElementDecoder<Element: Decodable> {
    private let options: DecoderOptions
    private let policy: JoltStreamErrorPolicy
    private var framer: ElementFramer
    /// The largest element accepted: the framer's limit, kept here too because
    /// ``leadingElement(_:at:final:deliver:)`` runs while the framer is being
    /// mutated (`scan`), so it may not read the framer.
    private let maxElementBytes: Int
    /// The deepest nesting accepted, the framer's limit, kept here for the same reason.
    private let maxDepth: Int
    /// The unconsumed bytes; `buffer[0]` is byte `bufferOffset` of the stream.
    private var buffer: [UInt8] = []
    private var bufferOffset = 0
    /// Newlines before `bufferOffset`, and the stream offset just after the last
    /// of them, for the line and column of a syntax error.
    private var linesBefore = 0
    private var lastLineStartBefore = 0
    private var elementCount = 0
    private var failure: JoltStreamError?
    private var finished = false
    /// Keyed containers and conformance answers reused from one element's
    /// decode to the next (the elements are usually of one type, with the same
    /// nested types).
    let scratch: DecodeScratch
    /// The size of the last element, to guess whether the bytes at hand hold the next.
    private var lastElementBytes = 0
    /// On the yajl backend, array and object elements of an array or of
    /// concatenated values are framed by yajl as it builds their tape (see
    /// ``leadingElement(_:at:final:deliver:)``).
    private let framesWithYAJL: Bool
    /// On the simdjson backend, array and object elements of an array or of
    /// concatenated values are framed with SIMD instructions (see
    /// ``simdjsonLeadingElement(_:at:final:deliver:)``).
    private let framesWithSIMDJSON: Bool
    #if SIMDJSON
    private var simdjsonFramer = SIMDJSONFramer()
    #endif
    /// For yajl framing: the buffer's bytes before this index are well-formed
    /// UTF-8 without VT or FF, as the yajl backend requires before yajl reads them.
    private var checkedEnd = 0
    /// The check found a byte that is not: it stops there for good (the stream
    /// ends with a syntax error at or before it).
    private var checkStopped = false
    /// The source has more input at once (a file): an element that the bytes at
    /// hand may not hold whole waits for the next chunk, so that yajl frames it
    /// too, instead of going to the framer. (A network source must not wait: an
    /// element is delivered as soon as its last byte is there.)
    private let waitsForWholeElements: Bool

    /// The elements skipped under ``JoltStreamErrorPolicy/skip`` (as
    /// `.droppedElement` issues at `[index]`).
    public private(set) var report = JoltDecodeReport()

    /// The number of elements seen so far, decoded or skipped.
    public var elementsSeen: Int { elementCount }

    /// A stream decoder.
    /// - Parameters:
    ///   - type: the element type.
    ///   - decoder: the decoder whose options (strategies, policies, registries,
    ///     backend, limits) decode each element; copied now.
    ///   - format: how the stream is laid out. Default ``JoltStreamFormat/automatic``.
    ///   - errorPolicy: what an element that does not decode does. Default ``JoltStreamErrorPolicy/stop``.
    ///   - maxElementBytes: the largest element accepted (also capped by the
    ///     decoder's `limits.maxDocumentBytes`). Default 64 MiB.
    public convenience init(_ type: Element.Type, decoder: JoltDecoder = JoltDecoder(), format: JoltStreamFormat = .automatic,
                            errorPolicy: JoltStreamErrorPolicy = .stop, maxElementBytes: Int = 64 << 20) {
        self.init(type, options: decoder.options, format: format, errorPolicy: errorPolicy, maxElementBytes: maxElementBytes)
    }

    init(_ type: Element.Type, options: DecoderOptions, format: JoltStreamFormat, errorPolicy: JoltStreamErrorPolicy,
         maxElementBytes: Int, waitsForWholeElements: Bool = false) {
        self.waitsForWholeElements = waitsForWholeElements
        self.options = options
        scratch = DecodeScratch(memo: options.caches.memo)
        self.policy = errorPolicy
        let maxBytes = max(1, min(maxElementBytes, options.limits.effectiveDocumentBytes))
        maxDepth = max(0, options.limits.maxDepth)
        framer = ElementFramer(format: format, maxDepth: maxDepth, maxElementBytes: maxBytes)
        self.maxElementBytes = maxBytes
        // JSON Lines are left out by the framer's mode (see `checkForYAJLFraming`).
        // Without its trait a backend is unavailable, so no decoder can have asked for it.
        #if YAJL
        framesWithYAJL = options.backend == .yajl
        #else
        framesWithYAJL = false
        #endif
        #if SIMDJSON
        framesWithSIMDJSON = options.backend == .simdjson
        #else
        framesWithSIMDJSON = false
        #endif
    }

    /// Adds the next bytes of the stream.
    /// - Returns: the elements these bytes completed, in order.
    /// - Throws: a ``JoltStreamError``: a syntax error (always), an element that
    ///   does not decode (under ``JoltStreamErrorPolicy/stop``), a limit. The
    ///   elements these bytes completed before the error are returned first, and
    ///   the error is thrown by the next call; after it every call throws it again.
    public func feed(_ bytes: some JoltInput) throws -> [Element] {
        var elements: [Element] = []
        try feed(bytes) { elements.append($0) }
        return elements
    }

    /// Ends the stream.
    /// - Returns: the elements completed by the end of input (a last scalar, a
    ///   last line without a newline).
    /// - Throws: a ``JoltStreamError`` if the input ends inside an element or an
    ///   array (a truncated stream is an error, never a silent end). Elements
    ///   that only the end of input completed (a last scalar) are then not
    ///   returned; `forEachElement` and ``JoltElementSequence`` deliver them
    ///   before the error.
    public func finish() throws -> [Element] {
        var elements: [Element] = []
        try finish { elements.append($0) }
        return elements
    }

    /// ``feed(_:)`` that hands each element to `deliver` as soon as it is
    /// decoded, instead of gathering them in an array (``JoltDecoder``'s
    /// `forEachElement`). Errors come as from ``feed(_:)``; whatever `deliver`
    /// throws is rethrown at once.
    func feed(_ bytes: some JoltInput, deliver: (Element) throws -> Void) throws {
        try checkUsable()
        bytes.withJoltBytes { raw in buffer.append(contentsOf: raw) }
        try process(final: false, deliver: deliver)
    }

    /// ``finish()`` that hands each element to `deliver`.
    func finish(deliver: (Element) throws -> Void) throws {
        try checkUsable()
        try process(final: true, deliver: deliver)
        finished = true
        buffer = []
    }

    private func checkUsable() throws {
        if let failure { throw failure }
        precondition(!finished, "JoltElementDecoder used after finish()")
    }

    private func process(final: Bool, deliver: (Element) throws -> Void) throws {
        var delivered = false
        func counted(_ element: Element) throws {
            delivered = true
            try deliver(element)
        }
        do {
            try buffer.withUnsafeBufferPointer { b in
                let framing = checkForYAJLFraming(b)
                try framer.scan(b, final: final, emit: { range in
                    try decodeElement(at: range, in: b, deliver: counted)
                }, leading: { start in
                    if framing { return try self.leadingElement(b, at: start, final: final, deliver: counted) }
                    if framesWithSIMDJSON { return try self.simdjsonLeadingElement(b, at: start, final: final, deliver: counted) }
                    return .frame
                })
            }
        } catch let error as ScanError {
            failure = buffer.withUnsafeBufferPointer { b in
                JoltStreamError(elementIndex: framer.isInsideElement ? elementCount : nil,
                                byteOffset: bufferOffset + error.offset, codingPath: [],
                                underlying: syntaxError(error.kind, at: error.offset, in: b))
            }
        } catch let error as JoltStreamError {
            failure = error
        }
        if let failure {
            // The elements before the error are delivered; the error comes with
            // the next call (at once from finish(), which has no next call).
            buffer = []
            if !delivered || final { throw failure }
            return
        }
        compact()
    }

    /// The bytes held for an unfinished element (for tests of the memory bound).
    var bufferedByteCount: Int { buffer.count }

    /// The elements that yajl framed (for tests of that path).
    private(set) var elementsFramedByYAJL = 0

    /// The elements framed with SIMD instructions (for tests of that path).
    private(set) var elementsFramedBySIMDJSON = 0

    /// Extends the UTF-8 check over new bytes; whether elements may be framed by yajl.
    private func checkForYAJLFraming(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard framesWithYAJL, framer.mode != .lines, let p = b.baseAddress else { return false }
        if !checkStopped && checkedEnd < b.count {
            let (end, invalid) = UTF8Validator.wellFormedPrefix(p, from: checkedEnd, end: b.count)
            checkedEnd = end
            checkStopped = invalid
        }
        return true
    }

    /// The most bytes an element waits with (see ``waitsForWholeElements``).
    static var waitingLimit: Int { 1 << 20 }

    /// yajl framing: decodes the array or object element that starts at
    /// `b[start]` from the tape yajl builds as it finds the element's end, if
    /// the checked bytes hold the whole element. Otherwise the element goes to
    /// the framer and the usual decode (which also report every error), or,
    /// with ``waitsForWholeElements``, waits for more input.
    ///
    /// An element is tried only when the bytes at hand are likely to hold it
    /// (twice the last element's size, or more than the size limit, or the end
    /// of the input): a try that runs out of bytes is wasted work. Each element
    /// is tried at most once, so time stays linear in the input whatever the
    /// chunking. An indented element (a line break after its bracket) is left
    /// to the usual decode, which removes the indentation before yajl reads it.
    ///
    /// Elements that wait are delivered later than the call that brought their
    /// last byte, so only sources that have more input at once wait, and they
    /// take elements with ``feed(_:deliver:)`` and ``finish(deliver:)``, which
    /// hand over those before an error even where ``finish()`` would throw.
    private func leadingElement(_ b: UnsafeBufferPointer<UInt8>, at start: Int, final: Bool,
                                deliver: (Element) throws -> Void) throws -> ElementFramer.Leading {
        #if YAJL
        // The checked bytes from `start`; none if the check stopped before it (the
        // stream then fails there, through the framer).
        let available = min(checkedEnd, start &+ maxElementBytes &+ 1) &- start
        guard let base = b.baseAddress, available > 0 else { return .frame }
        if available >= 2 && (b[start &+ 1] == 0x0A || b[start &+ 1] == 0x0D) { return .frame }
        // At the end of the input, the bytes at hand are all there is: a try is never wasted.
        // The first element: at once, or with a file after 4 KiB (most are smaller).
        let wanted = lastElementBytes > 0 ? 2 &* lastElementBytes : waitsForWholeElements ? 4096 : 2
        guard final || available >= min(wanted, maxElementBytes &+ 1) else {
            // Waiting is linear too (no byte is looked at again), and bounded, so
            // that the bytes held stay within the largest element plus a chunk
            // and this margin. Not past a failed check, where the bytes at hand
            // stop growing.
            return waitsForWholeElements && !checkStopped && available < Self.waitingLimit ? .later : .frame
        }
        let p = base + start
        var builder = TapeBuilder(input: p, inputLength: lastElementBytes > 0 ? lastElementBytes : available, limits: options.limits,
                                  reusing: scratch.takeSpareTape())
        guard let length = YAJLScanner.scanLeadingValue(p, end: available, into: &builder),
              length <= maxElementBytes else {
            builder.release()
            return .frame
        }
        elementsFramedByYAJL += 1
        try decodeElement(at: start..<start &+ length, in: b, tape: builder.finish(), deliver: deliver)
        return .handled(end: start &+ length)
        #else
        return .frame
        #endif
    }

    /// SIMD framing: frames the array or object element that starts at
    /// `b[start]` with ``SIMDJSONFramer`` (64 bytes at a time, in the simdjson
    /// shim), and decodes it once it ends within the bytes at hand.
    /// Otherwise the framer stops before the element (``ElementFramer/Leading/later``)
    /// and the next call goes on where this one stopped, so an element is still
    /// delivered by the call that brings its last byte, and each byte is read
    /// once (those of a last partial block of 64 once more).
    ///
    /// The element goes to the framer, whose errors are the reference, when the
    /// input ends first, when it is over the size or depth limit, or when it has
    /// a backslash outside a string (see `jolt_simdjson_frame`). Where it does
    /// not, the two find the same end, so every element is the same bytes on
    /// every backend.
    private func simdjsonLeadingElement(_ b: UnsafeBufferPointer<UInt8>, at start: Int, final: Bool,
                                        deliver: (Element) throws -> Void) throws -> ElementFramer.Leading {
        #if SIMDJSON
        guard let base = b.baseAddress else { return .frame }
        let available = min(b.count &- start, maxElementBytes)
        let length: Int
        switch simdjsonFramer.frame(base + start, available: available, maxDepth: maxDepth, elementOffset: bufferOffset &+ start) {
        case .end(let end):
            length = end
        case .more where !final && available < maxElementBytes:
            return .later
        case .more, .frame:
            simdjsonFramer.reset()
            return .frame
        }
        elementsFramedBySIMDJSON += 1
        try decodeElement(at: start..<start &+ length, in: b, deliver: deliver)
        return .handled(end: start &+ length)
        #else
        return .frame
        #endif
    }

    /// Decodes the element at `b[range]` as the next one (from `tape`, its tape,
    /// if already built) and hands it to `deliver`, unless it is skipped under
    /// ``JoltStreamErrorPolicy/skip``. Whatever `deliver` throws is rethrown as is.
    private func decodeElement(at range: Range<Int>, in b: UnsafeBufferPointer<UInt8>, tape: Tape? = nil,
                               deliver: (Element) throws -> Void) throws {
        let index = elementCount
        elementCount += 1
        lastElementBytes = range.count
        let start = bufferOffset + range.lowerBound
        let value: Element
        do {
            value = try JoltDecoder.decodeCore(Element.self, fromInput: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[range])),
                                               at: nil, options: options, reporting: false, scratch: scratch, tape: tape).0
        } catch {
            // A syntax error inside the element ends the stream, at its place in the stream.
            if case DecodingError.dataCorrupted(let context) = error, let syntax = context.underlyingError as? JoltSyntaxError {
                switch syntax.kind {
                case .duplicateKey, .unknownKey:
                    break   // a policy on keys, not a syntax error: the element is skippable
                default:
                    throw JoltStreamError(elementIndex: index, byteOffset: start + syntax.offset, codingPath: [.index(index)],
                                          underlying: syntaxError(syntax.kind, at: range.lowerBound + syntax.offset, in: b))
                }
            }
            let path = [JoltPathComponent.index(index)] + Self.codingPath(of: error)
            if policy == .skip {
                report = JoltDecodeReport(issues: report.issues + [JoltDecodeReport.Issue(
                    kind: .droppedElement, codingPath: path, reason: LossyDecoding.describe(error), offset: start)])
                return
            }
            throw JoltStreamError(elementIndex: index, byteOffset: start, codingPath: path, underlying: error)
        }
        try deliver(value)
    }

    static func codingPath(of error: any Error) -> [JoltPathComponent] {
        guard let error = error as? DecodingError else { return [] }
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
            return c.codingPath.map(JoltPathComponent.init)
        @unknown default:
            return []
        }
    }

    /// A ``JoltSyntaxError`` at buffer index `local`, with the stream's offset,
    /// line and column.
    private func syntaxError(_ kind: JoltSyntaxError.Kind, at local: Int, in b: UnsafeBufferPointer<UInt8>) -> JoltSyntaxError {
        JoltSyntaxError(kind, at: local, in: b, baseOffset: bufferOffset, baseLine: linesBefore + 1,
                        baseLineStart: lastLineStartBefore)
    }

    /// Drops the consumed prefix of the buffer once it is large, so that the
    /// cost of moving the rest is paid at most once per byte on average.
    private func compact() {
        let consumed = framer.firstNeededIndex
        guard consumed > 0, consumed >= 64 << 10 || consumed * 2 >= buffer.count else { return }
        buffer.withUnsafeBufferPointer { b in
            let (breaks, afterLast) = JoltSyntaxError.lineBreaks(b.baseAddress!, count: consumed)
            if breaks > 0 {
                linesBefore += breaks
                lastLineStartBefore = bufferOffset + afterLast
            }
        }
        buffer.removeFirst(consumed)
        bufferOffset += consumed
        framer.shift(by: consumed)
        checkedEnd -= consumed
        if checkedEnd < 0 {
            // Bytes went unchecked (no yajl framing, JSON Lines): start again
            // only at an element's start, which is never inside a character.
            checkedEnd = 0
        }
    }
}
