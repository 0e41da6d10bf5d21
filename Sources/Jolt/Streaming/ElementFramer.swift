/// Splits a byte stream into the byte ranges of its elements, resuming exactly
/// where the previous call stopped: each byte is looked at once, whatever the
/// chunking (1-byte chunks included), so framing is linear in the input.
///
/// The framer only finds where an element starts and ends (brackets, strings,
/// escapes, delimiters); the element's bytes are then validated and decoded by
/// the decoder's scanner. It tracks nesting depth itself so that a hostile
/// element fails at the depth limit, or at the element size limit, long before
/// it is buffered whole.
///
/// Positions are indexes into the caller's buffer; ``shift(by:)`` moves them
/// when the caller drops a consumed prefix.
struct ElementFramer {
    enum Mode { case array, lines, concatenated }

    enum Phase {
        /// Nothing but whitespace yet (an array expects `[`; automatic decides here).
        case start
        /// After `[`: an element or `]`.
        case firstOrEnd
        /// After `,`: an element.
        case elementRequired
        /// After an array element: `,` or `]`.
        case afterElement
        /// After the closing `]`: only whitespace.
        case afterArray
        /// Between concatenated values: whitespace or a value.
        case between
        /// Inside an element (array or concatenated).
        case inElement
        /// Inside a line (JSON Lines), which starts at `lineStart`.
        case inLine
    }

    /// The element kinds, by their first byte.
    enum Kind { case container, string, scalar }

    private(set) var mode: Mode?
    private(set) var phase = Phase.start
    let maxDepth: Int
    let maxElementBytes: Int

    /// The next buffer index to look at.
    private(set) var pos = 0
    /// Where the element (or line) being scanned starts.
    private(set) var elementStart = 0
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var kind = Kind.scalar
    /// Whether the current line has a byte other than whitespace.
    private var lineHasContent = false
    /// Whether the start of the stream was checked for a byte order mark.
    private var checkedByteOrderMark = false

    init(format: JoltStreamFormat, maxDepth: Int, maxElementBytes: Int) {
        switch format {
        case .array: mode = .array
        case .jsonLines: mode = .lines
        case .concatenated: mode = .concatenated
        case .automatic: mode = nil
        }
        self.maxDepth = maxDepth
        self.maxElementBytes = maxElementBytes
    }

    /// The first buffer index still needed: the start of an unfinished element
    /// or line, else the scan position.
    var firstNeededIndex: Int {
        phase == .inElement || phase == .inLine || phase == .start && mode != .array ? elementStart : pos
    }

    /// Whether an element has started and not ended.
    var isInsideElement: Bool {
        phase == .inElement || phase == .inLine && lineHasContent
    }

    /// Moves every position back by `count` after the caller dropped that many
    /// bytes from the front of its buffer.
    mutating func shift(by count: Int) {
        pos -= count
        elementStart -= count
    }

    @inline(__always)
    static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
    }

    /// Scans `b` from the saved position to its end, calling `emit` with the
    /// range of each complete element. With `final`, the input ends at the end
    /// of `b`: an element still open is an error, a trailing scalar is complete.
    /// - Throws: `ScanError` at a buffer index for input that cannot be framed;
    ///   whatever `emit` throws.
    mutating func scan(_ b: UnsafeBufferPointer<UInt8>, final: Bool, emit: (Range<Int>) throws -> Void) throws {
        let n = b.count
        while pos < n {
            switch phase {
            case .start:
                if !checkedByteOrderMark {
                    // A UTF-8 byte order mark at the very start is skipped, as decode does.
                    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                    let available = min(n - pos, 3)
                    if (0..<available).allSatisfy({ b[pos + $0] == bom[$0] }) {
                        if available < 3 && !final { return }
                        if available == 3 { pos += 3 }
                    }
                    checkedByteOrderMark = true
                }
                if mode == .lines {
                    // A line starts at its first byte, whitespace included (a line is
                    // decoded as a document, where a byte order mark may only come first).
                    phase = .inLine
                    elementStart = pos
                    lineHasContent = false
                    break
                }
                while pos < n && Self.isWhitespace(b[pos]) {
                    if b[pos] == 0x0A { elementStart = pos + 1 }
                    pos += 1
                }
                if pos - elementStart > maxElementBytes { throw ScanError(.limitExceeded(.documentBytes), at: elementStart + maxElementBytes) }
                guard pos < n else { break }
                if mode == nil { mode = b[pos] == UInt8(ascii: "[") ? .array : .lines }
                switch mode! {
                case .array:
                    guard b[pos] == UInt8(ascii: "[") else { throw ScanError(.unexpectedCharacter(b[pos]), at: pos) }
                    pos += 1
                    phase = .firstOrEnd
                case .lines:
                    // Automatic: back to the start of this line.
                    phase = .inLine
                    pos = elementStart
                    lineHasContent = false
                case .concatenated:
                    phase = .between
                }
            case .firstOrEnd, .elementRequired, .between:
                while pos < n && Self.isWhitespace(b[pos]) { pos += 1 }
                guard pos < n else { break }
                let c = b[pos]
                if c == UInt8(ascii: "]") && phase == .firstOrEnd {
                    pos += 1
                    phase = .afterArray
                } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") || c == UInt8(ascii: ",") || c == UInt8(ascii: ":")
                            || c >= 0x80 {
                    // No value starts with a non-ASCII byte either. Refused here because
                    // the decoder would skip a byte order mark at the start of the element
                    // as at the start of a document: only the stream's first bytes may
                    // be one (JSON Lines aside, where each line is a document).
                    throw ScanError(.unexpectedCharacter(c), at: pos)
                } else {
                    beginElement(c)
                }
            case .afterElement:
                while pos < n && Self.isWhitespace(b[pos]) { pos += 1 }
                guard pos < n else { break }
                switch b[pos] {
                case UInt8(ascii: ","): phase = .elementRequired
                case UInt8(ascii: "]"): phase = .afterArray
                default: throw ScanError(.unexpectedCharacter(b[pos]), at: pos)
                }
                pos += 1
            case .afterArray:
                while pos < n && Self.isWhitespace(b[pos]) { pos += 1 }
                if pos < n { throw ScanError(.trailingCharacters, at: pos) }
            case .inElement:
                if let end = try scanElement(b) {
                    try emit(elementStart..<end)
                    phase = mode == .array ? .afterElement : .between
                }
            case .inLine:
                try scanLine(b, emit: emit)
            }
        }
        guard final else { return }
        switch phase {
        case .inElement:
            guard kind == .scalar && depth == 0 else { throw ScanError(.unexpectedEndOfInput, at: n) }
            try emit(elementStart..<n)
            phase = mode == .array ? .afterElement : .between
            if mode == .array { throw ScanError(.unexpectedEndOfInput, at: n) }
        case .inLine:
            if lineHasContent { try emit(elementStart..<n) }
            lineHasContent = false
            elementStart = n
        case .start:
            if mode == .array { throw ScanError(.unexpectedEndOfInput, at: n) }
        case .firstOrEnd, .elementRequired, .afterElement:
            throw ScanError(.unexpectedEndOfInput, at: n)
        case .afterArray, .between:
            break
        }
    }

    private mutating func beginElement(_ first: UInt8) {
        elementStart = pos
        depth = 0
        inString = false
        escaped = false
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): kind = .container
        case UInt8(ascii: "\""): kind = .string
        default: kind = .scalar
        }
        phase = .inElement
    }

    /// Scans the element from `pos`; the end index once it is complete, nil if
    /// the buffer ends first.
    private mutating func scanElement(_ b: UnsafeBufferPointer<UInt8>) throws -> Int? {
        let n = b.count
        // The size limit is checked when the element ends and at the end of each
        // call, so an element is never buffered more than one chunk past it; the
        // error is reported at the first byte over the limit.
        while pos < n {
            let c = b[pos]
            if inString {
                // Skip plain string bytes quickly.
                if !escaped {
                    var i = Self.skipPlainStringBytes(b, from: pos)
                    while i < n, b[i] != UInt8(ascii: "\""), b[i] != UInt8(ascii: "\\") { i += 1 }
                    pos = i
                    guard pos < n else { break }
                    if b[pos] == UInt8(ascii: "\\") {
                        escaped = true
                        pos += 1
                        continue
                    }
                    // The closing quote.
                    inString = false
                    pos += 1
                    if depth == 0 { try checkSize(pos); return pos }
                    continue
                }
                escaped = false
                pos += 1
                continue
            }
            switch c {
            case UInt8(ascii: "\""):
                if kind == .scalar && depth == 0 && pos > elementStart { try checkSize(pos); return pos }
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if kind == .scalar && depth == 0 && pos > elementStart { try checkSize(pos); return pos }
                depth += 1
                if depth > maxDepth { throw ScanError(.limitExceeded(.depth), at: pos) }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { try checkSize(pos); return pos }   // the end of a scalar (or a stray closer, the decoder's to report)
                depth -= 1
                if depth == 0 {
                    pos += 1
                    try checkSize(pos)
                    return pos
                }
            case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                if depth == 0 { try checkSize(pos); return pos }
            default:
                break
            }
            pos += 1
        }
        try checkSize(pos)
        return nil
    }

    /// Throws when the element, up to `end`, is over the size limit.
    @inline(__always)
    private func checkSize(_ end: Int) throws {
        if _slowPath(end - elementStart > maxElementBytes) {
            throw ScanError(.limitExceeded(.documentBytes), at: elementStart + maxElementBytes)
        }
    }

    /// The index of the first `"` or `\\` at or after `i`, or a little before
    /// the end of the buffer: eight bytes at a time (``StringScanner/bytesEqual(_:_:)``,
    /// whose lowest flagged byte is exact).
    @inline(__always)
    static func skipPlainStringBytes(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = b.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        var i = start
        while i &+ 8 <= b.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let found = StringScanner.bytesEqual(word, UInt8(ascii: "\"")) | StringScanner.bytesEqual(word, UInt8(ascii: "\\"))
            if found != 0 { return i &+ found.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        return i
    }

    /// Scans a line from `pos`: at its newline, emits it unless it is blank.
    private mutating func scanLine(_ b: UnsafeBufferPointer<UInt8>, emit: (Range<Int>) throws -> Void) throws {
        let n = b.count
        var i = pos
        while i < n && b[i] != 0x0A {
            if !lineHasContent && !Self.isWhitespace(b[i]) { lineHasContent = true }
            i += 1
        }
        pos = i
        if i - elementStart > maxElementBytes { throw ScanError(.limitExceeded(.documentBytes), at: elementStart + maxElementBytes) }
        guard i < n else { return }
        if lineHasContent { try emit(elementStart..<i) }
        pos = i + 1
        elementStart = pos
        lineHasContent = false
    }
}
