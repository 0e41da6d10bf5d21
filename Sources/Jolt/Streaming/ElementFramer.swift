#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    enum Mode {
        case array, lines, concatenated
        /// One value that is not an array (``JoltStreamFormat/document``): one
        /// element, then only whitespace.
        case single
    }

    enum Phase {
        /// Nothing but whitespace yet (an array expects `[`; automatic and document decide here).
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

    /// What ``scan(_:final:emit:leading:)``'s `leading` did with an element.
    enum Leading {
        /// It framed and handled the element, which ends at `end`.
        case handled(end: Int)
        /// The framer is to frame it.
        case frame
        /// The framer is to stop before it until more input is there (never
        /// asked for with `final`).
        case later
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
    /// ``JoltStreamFormat/document``: the first byte decides between an array and a single value.
    private var isDocument = false
    /// Whether the start of the stream was checked for a byte order mark.
    private var checkedByteOrderMark = false

    init(format: JoltStreamFormat, maxDepth: Int, maxElementBytes: Int) {
        switch format {
        case .array: mode = .array
        case .jsonLines: mode = .lines
        case .concatenated: mode = .concatenated
        case .automatic: mode = nil
        case .document: mode = nil; isDocument = true
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
    ///
    /// `leading` is offered each array or object element of an array or of
    /// concatenated values first, with the index of its first byte: it may
    /// handle the element itself (``Leading/handled(end:)``: the framer goes on
    /// after it), leave it to the framer, or have the framer stop before it
    /// until more input is there (``Leading/later``).
    /// - Throws: `ScanError` at a buffer index for input that cannot be framed;
    ///   whatever `emit` or `leading` throws.
    mutating func scan(_ b: UnsafeBufferPointer<UInt8>, final: Bool, emit: (Range<Int>) throws -> Void,
                       leading: (Int) throws -> Leading = { _ in .frame }) throws {
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
                try checkSize(pos)
                guard pos < n else { break }
                if mode == nil {
                    mode = b[pos] == UInt8(ascii: "[") ? .array : isDocument ? .single : .lines
                }
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
                case .concatenated, .single:
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
                } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                    switch try leading(pos) {
                    case .handled(let end):
                        pos = end
                        elementStart = end
                        phase = phaseAfterElement
                    case .later:
                        return
                    case .frame:
                        beginElement(c)
                    }
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
                    phase = phaseAfterElement
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
            phase = phaseAfterElement
            if mode == .array { throw ScanError(.unexpectedEndOfInput, at: n) }
        case .inLine:
            if lineHasContent { try emit(elementStart..<n) }
            lineHasContent = false
            elementStart = n
        case .start:
            if mode == .array { throw ScanError(.unexpectedEndOfInput, at: n) }
            if isDocument { throw ScanError(.emptyInput, at: n) }
        case .firstOrEnd, .elementRequired, .afterElement:
            throw ScanError(.unexpectedEndOfInput, at: n)
        case .afterArray, .between:
            break
        }
    }

    /// Where the framer goes after an element: `,` or `]` in an array, only
    /// whitespace after a single document, else the next value.
    private var phaseAfterElement: Phase {
        switch mode {
        case .array: .afterElement
        case .single: .afterArray
        default: .between
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
    ///
    /// The position and depth live in locals for the whole scan (stored back
    /// once, on the way out), and a string is skipped in one inner loop, eight
    /// bytes at a time up to its closing quote or next backslash: stored
    /// properties written on every byte would make this loop most of the
    /// framer's cost.
    private mutating func scanElement(_ b: UnsafeBufferPointer<UInt8>) throws -> Int? {
        let n = b.count
        guard let p = b.baseAddress, pos < n else {
            try checkSize(pos)
            return nil
        }
        var i = pos
        var depth = self.depth
        // The size limit is checked when the element ends and at the end of each
        // call, so an element is never buffered more than one chunk past it; the
        // error is reported at the first byte over the limit.
        @inline(__always) func finish(_ end: Int?) throws -> Int? {
            pos = end ?? i
            self.depth = depth
            try checkSize(pos)
            return end
        }
        if inString {
            // Resuming inside a string: after a backslash, its escaped byte first.
            if escaped {
                escaped = false
                i &+= 1
            }
            guard Self.skipString(p, n, &i, &escaped) else { return try finish(nil) }
            inString = false
            i &+= 1
            if depth == 0 { return try finish(i) }
        }
        while i < n {
            switch p[i] {
            case UInt8(ascii: "\""):
                if kind == .scalar && depth == 0 && i > elementStart { return try finish(i) }
                i &+= 1
                guard Self.skipString(p, n, &i, &escaped) else {
                    inString = true
                    return try finish(nil)
                }
                i &+= 1
                if depth == 0 { return try finish(i) }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if kind == .scalar && depth == 0 && i > elementStart { return try finish(i) }
                depth &+= 1
                if depth > maxDepth {
                    pos = i
                    self.depth = depth
                    throw ScanError(.limitExceeded(.depth), at: i)
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return try finish(i) }   // the end of a scalar (or a stray closer, the decoder's to report)
                depth &-= 1
                if depth == 0 { return try finish(i &+ 1) }
            case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                if depth == 0 { return try finish(i) }
            default:
                break
            }
            i &+= 1
        }
        return try finish(nil)
    }

    /// Skips string text from `i` (just past the opening quote, or where the
    /// previous buffer ended inside the string) to the closing quote, and says
    /// whether it found one. If the buffer ends first, `i` is its end and
    /// `escaped` says whether its last byte was a backslash whose escaped byte
    /// is still to come.
    @inline(__always)
    private static func skipString(_ p: UnsafePointer<UInt8>, _ n: Int, _ i: inout Int, _ escaped: inout Bool) -> Bool {
        let raw = UnsafeRawPointer(p)
        var j = i
        while true {
            // Eight bytes at a time to the first `"` or `\\` (the lowest flagged
            // byte of ``StringScanner/bytesEqual(_:_:)`` is exact), then bytewise
            // near the end of the buffer.
            while j &+ 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
                let found = StringScanner.bytesEqual(word, UInt8(ascii: "\"")) | StringScanner.bytesEqual(word, UInt8(ascii: "\\"))
                if found != 0 {
                    j &+= found.trailingZeroBitCount &>> 3
                    break
                }
                j &+= 8
            }
            while j < n && p[j] != UInt8(ascii: "\"") && p[j] != UInt8(ascii: "\\") { j &+= 1 }
            guard j < n else {
                i = n
                escaped = false
                return false
            }
            if p[j] == UInt8(ascii: "\"") {
                i = j
                return true
            }
            // A backslash: its escaped byte is never a delimiter.
            guard j &+ 1 < n else {
                i = n
                escaped = true
                return false
            }
            j &+= 2
        }
    }

    /// Throws when the element, up to `end`, is over the size limit.
    @inline(__always)
    private func checkSize(_ end: Int) throws {
        if _slowPath(end - elementStart > maxElementBytes) {
            throw ScanError(.limitExceeded(.documentBytes), at: elementStart + maxElementBytes)
        }
    }

    /// Scans a line from `pos`: at its newline, emits it unless it is blank.
    /// The newline is found by `memchr`; only the line's leading bytes are
    /// looked at one by one, until one is not whitespace.
    private mutating func scanLine(_ b: UnsafeBufferPointer<UInt8>, emit: (Range<Int>) throws -> Void) throws {
        let n = b.count
        guard let p = b.baseAddress, pos < n else { return }
        var i = pos
        let newline = memchr(p + i, 0x0A, n &- i).map { p.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? n
        while !lineHasContent && i < newline {
            if !Self.isWhitespace(p[i]) { lineHasContent = true }
            i &+= 1
        }
        pos = newline
        try checkSize(newline)
        guard newline < n else { return }
        if lineHasContent { try emit(elementStart..<newline) }
        pos = newline &+ 1
        elementStart = pos
        lineHasContent = false
    }
}
