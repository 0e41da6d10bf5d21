#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A document that is not valid JSON, or that exceeds one of the ``JoltLimits``.
///
/// Foundation reports every malformed document as "The given data was not valid
/// JSON." Jolt says what is wrong and where: the byte offset, the line and column,
/// and a short excerpt of the input around the position.
///
/// ``JoltDecoder`` throws it wrapped, as Foundation does, in
/// `DecodingError.dataCorrupted` (with an empty coding path) whose
/// `underlyingError` is this value, so code that catches `DecodingError` keeps
/// working:
///
/// ```swift
/// do {
///     _ = try JoltDecoder().decode([Int].self, from: "[1, 2,, 3]")
/// } catch let DecodingError.dataCorrupted(context) {
///     let error = context.underlyingError as! JoltSyntaxError
///     print(error.kind, error.line, error.column)   // unexpectedCharacter(44) 1 7
///     print(error)  // "Unexpected character ',' at line 1, column 7 (byte 6): [1, 2,, 3]"
/// }
/// ```
public struct JoltSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the document.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// The input is empty or only whitespace.
        case emptyInput
        /// The input ends inside a value.
        case unexpectedEndOfInput
        /// A byte that cannot start or continue the value here (the byte is given).
        case unexpectedCharacter(UInt8)
        /// A complete value is followed by more than whitespace.
        case trailingCharacters
        /// A number that does not follow RFC 8259's grammar (`01`, `1.`, `.5`, `-`, `1e`).
        case invalidNumber
        /// `true`, `false` or `null` misspelled.
        case invalidLiteral
        /// A control character (U+0000 to U+001F) written raw inside a string.
        case unescapedControlCharacter
        /// A backslash followed by something other than `"\/bfnrtu`.
        case invalidEscape
        /// `\u` not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\uD800`–`\uDFFF` escape that is not half of a valid surrogate pair.
        case invalidSurrogate
        /// Bytes that are not well-formed UTF-8 (overlong forms, encoded
        /// surrogates, code points above U+10FFFF, truncated sequences).
        case invalidUTF8
        /// A string that is not closed before the end of the input.
        case unterminatedString
        /// One of the configured ``JoltLimits`` was exceeded.
        case limitExceeded(JoltLimits.Limit)
        /// An object has this key twice, under
        /// ``JoltDecoder/DuplicateKeyPolicy/reject`` (found while decoding, not scanning).
        case duplicateKey(String)
        /// A key no decoded type asked for, under
        /// ``JoltDecoder/UnknownKeyPolicy/reject`` (found after decoding).
        case unknownKey(String)

        public var description: String {
            switch self {
            case .emptyInput: "Empty input"
            case .unexpectedEndOfInput: "Unexpected end of input"
            case .unexpectedCharacter(let byte): "Unexpected character \(JoltSyntaxError.describe(byte: byte))"
            case .trailingCharacters: "Unexpected characters after the top-level value"
            case .invalidNumber: "Invalid number"
            case .invalidLiteral: "Invalid literal"
            case .unescapedControlCharacter: "Unescaped control character in string"
            case .invalidEscape: "Invalid escape sequence in string"
            case .invalidUnicodeEscape: "Invalid \\u escape in string"
            case .invalidSurrogate: "Unpaired UTF-16 surrogate escape in string"
            case .invalidUTF8: "Invalid UTF-8"
            case .unterminatedString: "Unterminated string"
            case .limitExceeded(let limit): "Limit exceeded: \(limit)"
            case .duplicateKey(let name): "Duplicate key \"\(name)\""
            case .unknownKey(let name): "Unknown key \"\(name)\""
            }
        }
    }

    /// What is wrong.
    public let kind: Kind
    /// Zero-based byte offset of the problem in the input (counting a skipped BOM).
    public let offset: Int
    /// One-based line of the problem (lines end at `\n`).
    public let line: Int
    /// One-based column of the problem, counted in Unicode scalars from the line's start.
    public let column: Int
    /// Up to 40 bytes of input around the problem, decoded leniently, with
    /// control characters shown as spaces.
    public let excerpt: String

    public init(kind: Kind, offset: Int, line: Int, column: Int, excerpt: String) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.excerpt = excerpt
    }

    public var description: String {
        "\(kind) at line \(line), column \(column) (byte \(offset)): \(excerpt)"
    }

    static func describe(byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}

extension JoltSyntaxError {
    /// Builds the public error from a scanner's position, computing line, column and
    /// excerpt from the input. Only ever called on the error path.
    init(_ error: ScanError, in input: UnsafeRawBufferPointer) {
        self.init(error.kind, at: error.offset, in: input.bindMemory(to: UInt8.self))
    }

    /// The error `kind` at index `local` of `bytes`, which may be a window of a
    /// longer input (a stream): `bytes[0]` is byte `baseOffset` of the input, on
    /// line `baseLine`, whose first byte is at input offset `baseLineStart`. The
    /// column counts Unicode scalars, except over bytes of the line before the
    /// window, which count one each.
    init(_ kind: Kind, at local: Int, in bytes: UnsafeBufferPointer<UInt8>,
         baseOffset: Int = 0, baseLine: Int = 1, baseLineStart: Int = 0) {
        let local = min(max(local, 0), bytes.count)
        var line = baseLine
        var lineStart = baseLineStart - baseOffset   // negative when the line began before the window
        var column = 1
        if let base = bytes.baseAddress {
            let (breaks, afterLast) = Self.lineBreaks(base, count: local)
            if breaks > 0 {
                line += breaks
                lineStart = afterLast
            }
            column += max(-lineStart, 0) + Self.scalarStarts(base + max(lineStart, 0), count: local - max(lineStart, 0))
        }
        let from = max(0, local - 20)
        let to = min(bytes.count, local + 20)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        let excerpt = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 ? " " : $0 }))
        self.init(kind: kind, offset: baseOffset + local, line: line, column: column, excerpt: excerpt)
    }
}

extension JoltSyntaxError {
    // Line and column are counted over every byte before the error, which for
    // input refused by size (`maxDocumentBytes`, up to 4 GiB) were never scanned,
    // so that such an error costs little next to receiving the input.

    /// The number of `\n` in `p[0..<count]`, and the index just after the last one.
    ///
    /// Found by `memchr` (vectorized in the C library): machine-written JSON has
    /// few newlines, and a pretty-printed one costs a call a line. The stream
    /// counts the lines of the bytes it drops with it too.
    static func lineBreaks(_ p: UnsafePointer<UInt8>, count: Int) -> (count: Int, afterLast: Int) {
        var breaks = 0
        var afterLast = 0
        while afterLast < count, let found = memchr(p + afterLast, 0x0A, count &- afterLast) {
            afterLast = p.distance(to: found.assumingMemoryBound(to: UInt8.self)) &+ 1
            breaks &+= 1
        }
        return (breaks, afterLast)
    }

    /// The number of bytes of `p[0..<count]` that start a Unicode scalar (are not
    /// UTF-8 continuation bytes `10xxxxxx`).
    static func scalarStarts(_ p: UnsafePointer<UInt8>, count: Int) -> Int {
        var continuations = 0
        var i = 0
        let raw = UnsafeRawPointer(p)
        while i &+ 8 <= count {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // Bit 7 set and bit 6 clear, per byte.
            continuations &+= (w & ~(w << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            i &+= 8
        }
        while i < count {
            if p[i] & 0xC0 == 0x80 { continuations &+= 1 }
            i &+= 1
        }
        return count &- continuations
    }
}

/// The scanners' internal error: a kind and a byte offset. Cheap to throw;
/// turned into a ``JoltSyntaxError`` (with line, column and excerpt) at the API
/// boundary.
struct ScanError: Error, Hashable, Sendable {
    var kind: JoltSyntaxError.Kind
    var offset: Int

    init(_ kind: JoltSyntaxError.Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }
}
