#if YAJL
internal import CYAJL
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The yajl backend: yajl's SAX events build the same tape as ``SwiftScanner``.
///
/// - One handle per parse, freed on every path; `yajl_complete_parse` is always
///   called; the callback table is allocated on the heap for the handle's lifetime,
///   because yajl keeps the pointer.
/// - Callbacks are non-capturing `@convention(c)` closures. They find the state
///   through the context pointer and never throw across C: an error is stored in
///   the state and the callback returns 0, and Swift throws it after yajl returns.
/// - Only the raw-number callback is used: yajl's integer and double callbacks go
///   through `strtod`, which is locale-dependent, reject Int64.min and are slow.
/// - There is no string callback: given one, yajl unescapes every escaped string
///   into its own buffer first, which Jolt never reads (it records offsets into
///   the input). String values are found between the tokens yajl does report:
///   before a key or a closing brace when the object awaits a value, and in the
///   gap before an array's next token. Keys still come through their callback.
/// - yajl is laxer than RFC 8259 (it takes `\f` and `\v` as whitespace and lets
///   invalid UTF-8 and lone surrogate escapes through). Input containing a raw
///   0x0B or 0x0C byte (valid nowhere in JSON) or ill-formed UTF-8 is refused
///   before yajl sees it; every escaped string and every number is validated by
///   the same Swift code the Swift scanner uses. (yajl's lexer itself rejects raw
///   control characters and unknown escapes in strings.)
enum YAJLScanner {
    /// What a yajl run decided.
    enum Outcome {
        /// The tape is complete.
        case accepted
        /// yajl itself rejected the text; the caller finds the precise error.
        case rejected
    }

    /// Per-parse state, reached from the callbacks through the context pointer.
    struct State {
        var builder: TapeBuilder
        let base: UnsafePointer<UInt8>
        /// Where yajl's buffer starts in the input (after a BOM).
        let start: Int
        let end: Int
        var handle: yajl_handle?
        var error: ScanError?
        /// Offset just past the last token reported by a callback. Only `,` `:`
        /// and whitespace can lie between it and the next reported token.
        var lastEnd: Int
        /// When yajl reads a copy without indentation: the map back to the original.
        let removal: IndentationRemoval?
        var removalCursor = 0

        /// The offset in the original input of `offset` in the text yajl reads:
        /// what the tape records.
        @inline(__always) mutating func original(_ offset: Int) -> Int {
            guard let removal else { return offset }
            return removal.original(offset, cursor: &removalCursor)
        }

        /// The absolute offset just past the token yajl is reporting.
        @inline(__always) var consumed: Int {
            start &+ Int(yajl_get_bytes_consumed(handle))
        }

        @inline(__always) func contains(_ pointer: UnsafePointer<UInt8>) -> Bool {
            pointer >= base && pointer < base + end
        }
    }

    /// Parses `p[start..<end]` into `builder`.
    ///
    /// - Returns: `.rejected` when yajl found a syntax error (the builder then holds a
    ///   partial tape and must be released).
    /// - Throws: an error raised by Jolt's own checks (strings, numbers, limits),
    ///   at an offset that may be off when the document is indented (the caller
    ///   takes the error from the Swift scanner).
    static func scan(_ p: UnsafePointer<UInt8>, start: Int, end: Int, into builder: inout TapeBuilder) throws(ScanError) -> Outcome {
        #if DEBUG
        ScannerRuns.yajl.add(1, ordering: .relaxed)
        #endif
        // yajl, told not to validate strings, checks neither UTF-8 nor surrogate
        // pairs, and skips a raw vertical tab or form feed as whitespace: UTF-8 and
        // those two bytes are checked here in one pass over the whole input, and
        // escaped strings one by one in the callbacks.
        if !UTF8Validator.isWellFormedWithoutVTOrFF(p, from: start, end: end) {
            return .rejected
        }
        // An indented document: yajl reads a copy without the indentation.
        if let removal = IndentationRemoval(p, start: start, end: end) {
            defer { removal.deallocate() }
            return try parse(UnsafePointer(removal.text), start: start, end: removal.count, removal: removal, into: &builder)
        }
        return try parse(p, start: start, end: end, removal: nil, into: &builder)
    }

    /// ``scan(_:start:end:into:)`` after the checks: yajl parses `p[start..<end]`,
    /// the original or its copy without indentation (`removal`).
    private static func parse(_ p: UnsafePointer<UInt8>, start: Int, end: Int, removal: IndentationRemoval?, into builder: inout TapeBuilder) throws(ScanError) -> Outcome {
        try withHandle(p, start: start, end: end, removal: removal, builder: &builder) { (handle, state) throws(ScanError) in
            try finishDocument(p, end: end, handle: handle, state: state)
        }
    }

    /// Runs `body` with a yajl handle whose callbacks build the tape of
    /// `p[start..<end]` into `builder` (given back on every path: the caller
    /// releases a partial tape).
    private static func withHandle<R, E: Error>(_ p: UnsafePointer<UInt8>, start: Int, end: Int, removal: IndentationRemoval?,
                                                builder: inout TapeBuilder,
                                                _ body: (yajl_handle, UnsafeMutablePointer<State>) throws(E) -> R) throws(E) -> R {
        let callbacks = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        callbacks.initialize(to: table)
        defer {
            callbacks.deinitialize(count: 1)
            callbacks.deallocate()
        }
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(builder: builder, base: p, start: start, end: end, handle: nil, error: nil, lastEnd: start, removal: removal))
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        defer { builder = state.pointee.builder }
        guard let handle = yajl_alloc(callbacks, nil, state) else {
            fatalError("yajl_alloc failed: out of memory")
        }
        defer { yajl_free(handle) }
        state.pointee.handle = handle
        // Jolt validates strings itself, more strictly than yajl does.
        _ = jolt_yajl_dont_validate_strings(handle, 1)
        return try body(handle, state)
    }

    /// Parses the array or object that starts at `p[0]` and ends somewhere in
    /// `p[0..<end]`, which goes on with more of a stream: the next element of a
    /// stream, framed by yajl as it builds the tape (instead of by
    /// ``ElementFramer`` first, which reads every byte once more). yajl stops at
    /// the value's end (trailing garbage allowed).
    ///
    /// The caller has checked `p[0..<end]` with ``UTF8Validator/wellFormedPrefix(_:from:end:)``.
    /// - Returns: the length of the value, whose tape is then in `builder`; nil
    ///   if `p[0..<end]` does not hold all of it, or if yajl or Jolt's checks
    ///   refused it. The caller then frames the element and decodes it the usual
    ///   way, which reports any error exactly as a whole document's.
    static func scanLeadingValue(_ p: UnsafePointer<UInt8>, end: Int, into builder: inout TapeBuilder) -> Int? {
        withHandle(p, start: 0, end: end, removal: nil, builder: &builder) { (handle, state) -> Int? in
            _ = jolt_yajl_allow_trailing_garbage(handle, 1)
            let status = yajl_parse(handle, p, end)
            guard status == yajl_status_ok, state.pointee.error == nil,
                  state.pointee.builder.depth == 0, state.pointee.builder.count > 0 else { return nil }
            return state.pointee.consumed
        }
    }

    /// Ends the parse of a whole document (`parse`).
    private static func finishDocument(_ p: UnsafePointer<UInt8>, end: Int, handle: yajl_handle,
                                       state: UnsafeMutablePointer<State>) throws(ScanError) -> Outcome {
        let start = state.pointee.start
        let parsed = yajl_parse(handle, p + start, end - start)
        let completed = yajl_complete_parse(handle)
        if let error = state.pointee.error { throw error }
        guard parsed == yajl_status_ok && completed == yajl_status_ok else { return .rejected }
        // yajl checks what follows the top-level value only token by token, and an
        // unfinished token at the end of the input is no token: it accepts
        // `[1] "abc` and `{} tru`. Only whitespace may follow the value.
        var i = state.pointee.lastEnd
        SwiftScanner.skipWhitespace(p, &i, end)
        if i < end && p[i] == UInt8(ascii: "\"") && state.pointee.builder.count == 0 {
            // A document that is one string: yajl reported nothing (see `table`).
            guard let close = closingQuote(p, open: i, end: end) else { return .rejected }
            try appendStringValue(&state.pointee, open: i, close: close)
            i = close &+ 1
            SwiftScanner.skipWhitespace(p, &i, end)
        }
        return i == end ? .accepted : .rejected
    }

    /// Runs `body` on the state behind `context`, turning a thrown error into a
    /// stored error and a 0 return that stops yajl.
    @inline(__always)
    static func handle(_ context: UnsafeMutableRawPointer?, _ body: (inout State) throws(ScanError) -> Void) -> Int32 {
        let state = context.unsafelyUnwrapped.assumingMemoryBound(to: State.self)
        do {
            try body(&state.pointee)
            return 1
        } catch {
            state.pointee.error = error
            return 0
        }
    }

    /// The offset of the token yajl is reporting, other than a number, a key or the
    /// end of an object: the first byte after the previous token that is not
    /// whitespace, `,` or `:`. String values before it, which yajl does not report
    /// (see `table`), are appended first; only an array can hold them here (in an
    /// object, the value after a key is the token being reported).
    @inline(__always)
    static func nextToken(_ s: inout State) throws(ScanError) -> Int {
        var i = s.lastEnd
        while i < s.end {
            switch s.base[i] {
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: ":"): i &+= 1
            case UInt8(ascii: "\""): i = try stringValuesInArray(&s, from: i)
            default: return i
            }
        }
        return i
    }

    /// Appends the string values of an array that start at `i` (an opening quote)
    /// and follow each other up to the next token yajl reports; returns that token's offset.
    @inline(never)
    static func stringValuesInArray(_ s: inout State, from start: Int) throws(ScanError) -> Int {
        var i = start
        while i < s.end {
            switch s.base[i] {
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","): i &+= 1
            case UInt8(ascii: "\""):
                // yajl has lexed the whole string before reporting the next token.
                let close = closingQuote(s.base, open: i, end: s.end).unsafelyUnwrapped
                try appendStringValue(&s, open: i, close: close)
                i = close &+ 1
            default: return i
            }
        }
        return i
    }

    /// Before a number in an array: the string values yajl did not report.
    @inline(never)
    static func stringValuesBeforeNumber(_ s: inout State) throws(ScanError) {
        _ = try nextToken(&s)
    }

    /// Before a key or the end of an object: the string value of the previous key,
    /// when yajl reported no value for it. `next` is the offset of the token
    /// after the value (the next key's opening quote or the closing brace), nil
    /// when it is not known (an escaped key).
    @inline(__always)
    static func stringValueInObject(_ s: inout State, before next: Int?) throws(ScanError) {
        guard s.builder.awaitsValue else { return }
        let open = quote(in: s, from: s.lastEnd)
        let close: Int
        if let next {
            // Only whitespace and a comma separate the value's closing quote from `next`.
            var i = next &- 1
            while s.base[i] != UInt8(ascii: "\"") { i &-= 1 }
            close = i
        } else {
            close = closingQuote(s.base, open: open, end: s.end).unsafelyUnwrapped
        }
        try appendStringValue(&s, open: open, close: close)
    }

    /// The first quote at or after `i`, where only whitespace, `,` and `:` can come
    /// before it.
    @inline(__always)
    static func quote(in s: State, from i: Int) -> Int {
        var i = i
        while s.base[i] != UInt8(ascii: "\"") { i &+= 1 }
        return i
    }

    /// Appends the string value whose quotes are at `open` and `close`: escaped
    /// text is checked for lone surrogate escapes, as in the Swift scanner.
    @inline(__always)
    static func appendStringValue(_ s: inout State, open: Int, close: Int) throws(ScanError) {
        let offset = open &+ 1
        let length = close &- offset
        let escaped = containsBackslash(s.base + offset, length)
        if escaped { try StringScanner.checkSurrogateEscapes(s.base, from: offset, close: close) }
        s.lastEnd = close &+ 1
        try s.builder.appendString(at: s.original(offset), length: length, escaped: escaped)
    }

    /// Whether the `count` bytes at `p` hold a backslash: word by word for short
    /// text (most strings), where a call to `memchr` costs more than the search.
    @inline(__always)
    static func containsBackslash(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        if count >= 32 { return memchr(p, Int32(UInt8(ascii: "\\")), count) != nil }
        let raw = UnsafeRawPointer(p)
        @inline(__always) func hasBackslash(_ w: UInt64) -> Bool {
            StringScanner.bytesEqual(w, UInt8(ascii: "\\")) != 0
        }
        if count < 8 {
            for i in 0..<count where p[i] == UInt8(ascii: "\\") { return true }
            return false
        }
        var i = 0
        while i &+ 8 <= count {
            if hasBackslash(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return true }
            i &+= 8
        }
        return i < count && hasBackslash(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
    }

    /// The offset of the quote that closes the string opened at `open`, nil if
    /// there is none before `end`.
    static func closingQuote(_ p: UnsafePointer<UInt8>, open: Int, end: Int) -> Int? {
        var i = open &+ 1
        while i < end {
            guard let found = memchr(p + i, Int32(UInt8(ascii: "\"")), end &- i) else { return nil }
            let quote = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - p
            // The quote is escaped if an odd number of backslashes precede it.
            var backslashes = 0
            while p[quote &- 1 &- backslashes] == UInt8(ascii: "\\") { backslashes &+= 1 }
            if backslashes & 1 == 0 { return quote }
            i = quote &+ 1
        }
        return nil
    }

    /// The offset of the raw text of the key yajl just reported, after appending
    /// the string value before it, if any.
    @inline(__always)
    static func keyOffset(_ s: inout State, _ pointer: UnsafePointer<UInt8>, _ length: Int) throws(ScanError) -> (offset: Int, length: Int, escaped: Bool) {
        if s.contains(pointer) {
            // No escapes: yajl points into the input. yajl's lexer has rejected raw
            // control characters, and the input is known to be valid UTF-8.
            let offset = pointer - s.base
            try stringValueInObject(&s, before: offset &- 1)
            s.lastEnd = offset &+ length &+ 1
            return (offset, length, false)
        }
        // Escapes: yajl hands over its unescaped copy. The closing quote is the last
        // byte consumed; the opening quote is the first one after the previous
        // token (and, if the previous key has a string value, after that value).
        let close = s.consumed &- 1
        try stringValueInObject(&s, before: nil)
        let offset = quote(in: s, from: s.lastEnd) &+ 1
        try StringScanner.checkSurrogateEscapes(s.base, from: offset, close: close)
        s.lastEnd = close &+ 1
        return (offset, close &- offset, true)
    }

    /// The callback table. Non-capturing closures only.
    static let table = yajl_callbacks(
        yajl_null: { context in
            handle(context) { (s: inout State) throws(ScanError) in
                let at = try nextToken(&s)
                s.lastEnd = at &+ 4
                try s.builder.appendLiteral(.null, at: s.original(at))
            }
        },
        yajl_boolean: { context, value in
            handle(context) { (s: inout State) throws(ScanError) in
                let at = try nextToken(&s)
                if value != 0 {
                    s.lastEnd = at &+ 4
                    try s.builder.appendLiteral(.true, at: s.original(at))
                } else {
                    s.lastEnd = at &+ 5
                    try s.builder.appendLiteral(.false, at: s.original(at))
                }
            }
        },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, text, length in
            handle(context) { (s: inout State) throws(ScanError) in
                let pointer = UnsafeRawPointer(text.unsafelyUnwrapped).assumingMemoryBound(to: UInt8.self)
                // A number that ends the input is completed by yajl_complete_parse from
                // the lexer's own buffer: it is then the last `length` bytes.
                let offset = s.contains(pointer) ? pointer - s.base : s.end &- length
                // In an array, string values yajl did not report may come first
                // (at least 3 bytes: `"",`).
                if _slowPath(offset &- s.lastEnd > 2) && !s.builder.inObject { try stringValuesBeforeNumber(&s) }
                // yajl's number lexer follows RFC 8259's grammar exactly.
                s.lastEnd = offset &+ length
                try s.builder.appendNumber(at: s.original(offset), length: length)
            }
        },
        // Off: with a string callback, yajl unescapes every escaped string into a
        // buffer of its own before calling it, which Jolt never reads (it keeps
        // offsets into the input). String values are found between the tokens
        // that are reported instead: `nextToken`, `keyOffset`, `yajl_end_map`.
        yajl_string: nil,
        yajl_start_map: { context in
            handle(context) { (s: inout State) throws(ScanError) in
                let at = try nextToken(&s)
                s.lastEnd = at &+ 1
                try s.builder.startContainer(.object, at: s.original(at))
            }
        },
        yajl_map_key: { context, text, length in
            handle(context) { (s: inout State) throws(ScanError) in
                let (offset, raw, escaped) = try keyOffset(&s, text.unsafelyUnwrapped, length)
                try s.builder.appendKey(at: s.original(offset), length: raw, escaped: escaped)
            }
        },
        yajl_end_map: { context in
            handle(context) { (s: inout State) throws(ScanError) in
                let brace = s.consumed &- 1
                try stringValueInObject(&s, before: brace)
                s.lastEnd = brace &+ 1
                s.builder.endContainer()
            }
        },
        yajl_start_array: { context in
            handle(context) { (s: inout State) throws(ScanError) in
                let at = try nextToken(&s)
                s.lastEnd = at &+ 1
                try s.builder.startContainer(.array, at: s.original(at))
            }
        },
        yajl_end_array: { context in
            handle(context) { (s: inout State) throws(ScanError) in
                s.lastEnd = try nextToken(&s) &+ 1
                s.builder.endContainer()
            }
        }
    )
}
#endif
