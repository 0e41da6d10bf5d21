import Foundation
import Jolt
import JoltNIO

/// A value that may not have decoded: the error is kept instead of ending the
/// decoding of the array around it, so that one bad element is rejected alone.
struct Failable<Value: Decodable>: Decodable {
    let result: Result<Value, any Error>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Value(from: decoder))
        } catch {
            result = .failure(error)
        }
    }
}

/// The `--decoder foundation` mode: the body has been collected whole, and
/// Foundation's `JSONDecoder` decodes it: a JSON array as `[Failable<Event>]`
/// (one pass over the whole body, each element decoded on its own), one
/// object as one element, JSON Lines line by line. The same answers as the
/// Jolt modes, with these differences:
///
/// - a syntax error in a JSON array or object is found before any element is
///   decoded, so no element of that body is stored (Jolt stores the elements
///   before the error); its offset, line and column are not known;
/// - the body is validated as UTF-8 first (Foundation's parser lets invalid
///   UTF-8 through where Jolt's does not), so both modes refuse it.
enum FoundationIngest {
    /// Calls `body` with each element of `data` that decodes, in order, and
    /// returns the elements that do not (under `.skip`).
    /// - Throws: a `400` ``JoltNIO/JoltProblemDetails`` for a syntax error, or
    ///   under `.stop` for the first element that does not decode; what `body` throws.
    static func forEachElement(
        in data: Data, format: JoltStreamFormat, decoder: JSONDecoder, errorPolicy: JoltStreamErrorPolicy,
        _ body: (Event) async throws -> Void
    ) async throws -> [JoltRejectedElement] {
        if let invalid = data.withUnsafeBytes({ UTF8Check.firstInvalidByte(in: $0) }) {
            throw JoltProblemDetails(type: "urn:jolt:problem:syntax-error", title: "Malformed JSON", status: 400,
                                     detail: "Invalid UTF-8 at byte \(invalid)", offset: invalid)
        }
        if format == .jsonLines {
            return try await forEachLine(in: data, decoder: decoder, errorPolicy: errorPolicy, body)
        }
        let start = data.withUnsafeBytes { ElementOffsets.firstNonWhitespace(in: $0) }
        let isArray = start.map { data[data.startIndex + $0] == UInt8(ascii: "[") } ?? false
        let elements: [Failable<Event>]
        do {
            if isArray {
                elements = try decoder.decode([Failable<Event>].self, from: data)
            } else {
                elements = [try decoder.decode(Failable<Event>.self, from: data)]
            }
        } catch {
            throw problem(forDocument: error)
        }
        var offsets: [Int]?
        var rejected: [JoltRejectedElement] = []
        for (index, element) in elements.enumerated() {
            switch element.result {
            case .success(let event):
                try await body(event)
            case .failure(let error):
                if isSyntaxError(error) {
                    // Too deep, found inside the element: the stream ends here, as it does on Jolt.
                    throw JoltProblemDetails(type: "urn:jolt:problem:syntax-error", title: "Malformed JSON",
                                             status: 400, detail: "Element \(index): \(describe(error))",
                                             elementIndex: index)
                }
                if offsets == nil {
                    offsets = isArray ? data.withUnsafeBytes { ElementOffsets.ofArrayElements(in: $0) } : [start ?? 0]
                }
                let offset = offsets.flatMap { index < $0.count ? $0[index] : nil } ?? -1
                if errorPolicy == .stop { throw problem(forElement: index, offset: offset, error: error) }
                rejected.append(JoltRejectedElement(index: index, offset: offset, error: describe(error)))
            }
        }
        return rejected
    }

    /// JSON Lines: each line that is not blank is one element.
    private static func forEachLine(
        in data: Data, decoder: JSONDecoder, errorPolicy: JoltStreamErrorPolicy, _ body: (Event) async throws -> Void
    ) async throws -> [JoltRejectedElement] {
        var rejected: [JoltRejectedElement] = []
        var index = 0
        var lineNumber = 0
        var lineStart = data.startIndex
        while lineStart < data.endIndex {
            lineNumber += 1
            let (newline, first) = data.withUnsafeBytes { bytes in
                let from = lineStart - data.startIndex
                let end = memchr(bytes.baseAddress! + from, 0x0A, bytes.count - from)
                    .map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.baseAddress!) } ?? bytes.count
                var first = from
                while first < end, isWhitespace(bytes[first]) { first += 1 }
                return (data.startIndex + end, data.startIndex + first)
            }
            defer { lineStart = newline == data.endIndex ? newline : newline + 1 }
            guard first < newline else { continue }   // a blank line
            let line = data[lineStart..<newline]
            let offset = first - data.startIndex
            defer { index += 1 }
            let event: Event
            do {
                event = try decoder.decode(Event.self, from: line)
            } catch {
                if isSyntaxError(error) {
                    throw JoltProblemDetails(type: "urn:jolt:problem:syntax-error", title: "Malformed JSON",
                                             status: 400, detail: "Element \(index): \(describe(error))",
                                             offset: offset, line: lineNumber, elementIndex: index)
                }
                if errorPolicy == .stop { throw problem(forElement: index, offset: offset, error: error) }
                rejected.append(JoltRejectedElement(index: index, offset: offset, error: describe(error)))
                continue
            }
            try await body(event)
        }
        return rejected
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Foundation reports text that does not parse (malformed, too deep) as
    /// `dataCorrupted` "The given data was not valid JSON." (nesting too deep
    /// is found where it is, inside an element).
    static func isSyntaxError(_ error: any Error) -> Bool {
        guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
        return context.debugDescription.contains("not valid JSON")
    }

    /// The problem for a body that does not decode as a whole (not JSON, too deep).
    static func problem(forDocument error: any Error) -> JoltProblemDetails {
        if isSyntaxError(error) {
            return JoltProblemDetails(type: "urn:jolt:problem:syntax-error", title: "Malformed JSON", status: 400,
                                      detail: describe(error))
        }
        var problem = JoltProblemDetails(error) ?? JoltProblemDetails(
            type: "urn:jolt:problem:invalid-value", title: "Invalid Value", status: 400, detail: describe(error))
        problem.statusCode = 400
        return problem
    }

    /// The `400` for an element that does not decode, under `.stop`.
    static func problem(forElement index: Int, offset: Int, error: any Error) -> JoltProblemDetails {
        var problem = JoltProblemDetails(error) ?? JoltProblemDetails(
            type: "urn:jolt:problem:invalid-value", title: "Invalid Value", status: 400, detail: describe(error))
        problem.elementIndex = index
        problem.offset = offset
        problem.detail = "Element \(index): \(problem.detail)"
        return problem
    }

    /// A short description of a decoding error (the words Jolt's reports
    /// use), after its path inside the element.
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        let context: DecodingError.Context? = switch decoding {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context):
            context
        @unknown default: nil
        }
        var path = (context?.codingPath ?? []).map(JoltPathComponent.init)
        // An element of an array is decoded at [index]: its path starts inside it.
        if case .index? = path.first { path.removeFirst() }
        return RejectedElements.describe(reason(decoding), at: path)
    }

    /// The reason alone.
    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            return "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "expected \(type), found null: \(context.debugDescription)"
        case .keyNotFound(let key, _):
            return "missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError {
                return "\(context.debugDescription) \(underlying)"
            }
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}

/// Where the elements of a JSON array begin, found by a scan of its structure
/// (strings, escapes and nesting; no values are parsed). Only run when an
/// element was rejected, to report its offset.
enum ElementOffsets {
    /// The offset of the first byte that is not whitespace, or nil.
    static func firstNonWhitespace(in bytes: UnsafeRawBufferPointer) -> Int? {
        bytes.firstIndex { !FoundationIngest.isWhitespace($0) }
    }

    /// The offsets of the first byte of each element of the top-level array
    /// in `bytes` (as far as the array is well-formed).
    static func ofArrayElements(in bytes: UnsafeRawBufferPointer) -> [Int] {
        guard let open = firstNonWhitespace(in: bytes), bytes[open] == UInt8(ascii: "[") else { return [] }
        var offsets: [Int] = []
        var depth = 1
        var inString = false
        var escaped = false
        var expectingElement = true
        var position = open + 1
        while position < bytes.count {
            let byte = bytes[position]
            defer { position += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if FoundationIngest.isWhitespace(byte) { continue }
            if depth == 1 && expectingElement {
                if byte == UInt8(ascii: "]") { break }   // an empty array
                offsets.append(position)
                expectingElement = false
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return offsets }
            case UInt8(ascii: ","):
                if depth == 1 { expectingElement = true }
            default: break
            }
        }
        return offsets
    }
}

/// A UTF-8 check, fast on ASCII.
enum UTF8Check {
    /// The offset of the first byte that is not part of well-formed UTF-8, or nil.
    static func firstInvalidByte(in bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        var i = 0
        while i < count {
            // Eight ASCII bytes at a time.
            if i + 8 <= count, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= count else { return i }
            let second = bytes[i + 1]
            guard second >= low && second <= high else { return i }
            for k in 2..<max(2, length) where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }
}
