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
/// - yajl is laxer than RFC 8259 (it takes `\f` and `\v` as whitespace and lets
///   invalid UTF-8 and lone surrogate escapes through). Input containing a raw
///   0x0B or 0x0C byte (valid nowhere in JSON) or ill-formed UTF-8 is refused
///   before yajl sees it; every escaped string and every number yajl reports is
///   validated by the same Swift code the Swift scanner uses. (yajl's lexer itself
///   rejects raw control characters and unknown escapes in strings.)
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
    /// - Throws: an error raised by Jolt's own checks (strings, numbers, limits).
    static func scan(_ p: UnsafePointer<UInt8>, start: Int, end: Int, into builder: inout TapeBuilder) throws(ScanError) -> Outcome {
        // yajl, told not to validate strings, checks neither UTF-8 nor surrogate
        // pairs, and skips a raw vertical tab or form feed as whitespace: UTF-8 and
        // those two bytes are checked here in one pass over the whole input, and
        // escaped strings one by one in the callbacks.
        if !UTF8Validator.isWellFormedWithoutVTOrFF(p, from: start, end: end) {
            return .rejected
        }

        let callbacks = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        callbacks.initialize(to: table)
        defer {
            callbacks.deinitialize(count: 1)
            callbacks.deallocate()
        }
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(builder: builder, base: p, start: start, end: end, handle: nil, error: nil, lastEnd: start))
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        guard let handle = yajl_alloc(callbacks, nil, state) else {
            fatalError("yajl_alloc failed: out of memory")
        }
        defer { yajl_free(handle) }
        state.pointee.handle = handle
        // Jolt validates strings itself, more strictly than yajl does.
        _ = jolt_yajl_dont_validate_strings(handle, 1)

        let parsed = yajl_parse(handle, p + start, end - start)
        let completed = yajl_complete_parse(handle)
        builder = state.pointee.builder
        if let error = state.pointee.error { throw error }
        guard parsed == yajl_status_ok && completed == yajl_status_ok else { return .rejected }
        // yajl checks what follows the top-level value only token by token, and an
        // unfinished token at the end of the input is no token: it accepts
        // `[1] "abc` and `{} tru`. Only whitespace may follow the value.
        var i = state.pointee.lastEnd
        SwiftScanner.skipWhitespace(p, &i, end)
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

    /// The offset of the token yajl is reporting, other than a number or a string:
    /// the first byte after the previous token that is not whitespace, `,` or `:`.
    /// (Cheaper than asking yajl for its position, a call into the library.)
    @inline(__always)
    static func nextToken(_ s: inout State) -> Int {
        var i = s.lastEnd
        while i < s.end {
            switch s.base[i] {
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: ":"): i &+= 1
            default: return i
            }
        }
        return i
    }

    /// The offset of the raw text of the string yajl just reported.
    @inline(__always)
    static func stringOffset(_ s: inout State, _ pointer: UnsafePointer<UInt8>, _ length: Int) throws(ScanError) -> (offset: Int, length: Int, escaped: Bool) {
        if s.contains(pointer) {
            // No escapes: yajl points into the input. yajl's lexer has rejected raw
            // control characters, and the input is known to be valid UTF-8.
            let offset = pointer - s.base
            s.lastEnd = offset &+ length &+ 1
            return (offset, length, false)
        }
        // Escapes: yajl hands over its unescaped copy. The closing quote is the last
        // byte consumed; the opening quote is the first one after the previous token.
        let close = s.consumed &- 1
        var quote = s.lastEnd
        while s.base[quote] != UInt8(ascii: "\"") { quote &+= 1 }
        let offset = quote &+ 1
        try StringScanner.checkSurrogateEscapes(s.base, from: offset, close: close)
        s.lastEnd = close &+ 1
        return (offset, close &- offset, true)
    }

    /// The callback table. Non-capturing closures only.
    static let table = yajl_callbacks(
        yajl_null: { context in
            handle(context) { (s: inout State) throws(ScanError) in
                let at = nextToken(&s)
                s.lastEnd = at &+ 4
                try s.builder.appendLiteral(.null, at: at)
            }
        },
        yajl_boolean: { context, value in
            handle(context) { (s: inout State) throws(ScanError) in
                let at = nextToken(&s)
                if value != 0 {
                    s.lastEnd = at &+ 4
                    try s.builder.appendLiteral(.true, at: at)
                } else {
                    s.lastEnd = at &+ 5
                    try s.builder.appendLiteral(.false, at: at)
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
                // yajl's number lexer follows RFC 8259's grammar exactly.
                s.lastEnd = offset &+ length
                try s.builder.appendNumber(at: offset, length: length)
            }
        },
        yajl_string: { context, text, length in
            handle(context) { (s: inout State) throws(ScanError) in
                let (offset, raw, escaped) = try stringOffset(&s, text.unsafelyUnwrapped, length)
                try s.builder.appendString(at: offset, length: raw, escaped: escaped)
            }
        },
        yajl_start_map: { context in
            handle(context) { (s: inout State) throws(ScanError) in
                let at = nextToken(&s)
                s.lastEnd = at &+ 1
                try s.builder.startContainer(.object, at: at)
            }
        },
        yajl_map_key: { context, text, length in
            handle(context) { (s: inout State) throws(ScanError) in
                let (offset, raw, escaped) = try stringOffset(&s, text.unsafelyUnwrapped, length)
                try s.builder.appendKey(at: offset, length: raw, escaped: escaped)
            }
        },
        yajl_end_map: { context in
            handle(context) { (s: inout State) throws(ScanError) in
                s.lastEnd = nextToken(&s) &+ 1
                s.builder.endContainer()
            }
        },
        yajl_start_array: { context in
            handle(context) { (s: inout State) throws(ScanError) in
                let at = nextToken(&s)
                s.lastEnd = at &+ 1
                try s.builder.startContainer(.array, at: at)
            }
        },
        yajl_end_array: { context in
            handle(context) { (s: inout State) throws(ScanError) in
                s.lastEnd = nextToken(&s) &+ 1
                s.builder.endContainer()
            }
        }
    )
}
#endif
