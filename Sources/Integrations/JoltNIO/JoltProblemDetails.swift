#if NIO
import Jolt

/// An RFC 9457 problem details object (`application/problem+json`): what the
/// integrations answer when a request body cannot be used. It carries where the
/// body went wrong, never a stack trace:
///
/// ```json
/// {"type": "urn:jolt:problem:syntax-error", "title": "Malformed JSON", "status": 400,
///  "detail": "Unexpected character 'x' at line 3, column 7", "offset": 41, "line": 3, "column": 7}
/// ```
///
/// ```swift
/// if let problem = JoltProblemDetails(error) { … answer problem.statusCode with try problem.encoded() … }
/// ```
public struct JoltProblemDetails: Sendable, Hashable, Error, CustomStringConvertible {
    /// The media type of the encoded object.
    public static let mediaType = "application/problem+json"

    /// A URI naming the kind of problem (`urn:jolt:problem:…`).
    public var type: String
    /// A short summary of the kind of problem.
    public var title: String
    /// The HTTP status code (the member `status`).
    public var statusCode: Int
    /// What went wrong with this body.
    public var detail: String
    /// Byte offset in the body of a syntax error, or of the element that failed.
    public var offset: Int?
    /// Line (from 1) of a syntax error.
    public var line: Int?
    /// Column (from 1, in bytes) of a syntax error.
    public var column: Int?
    /// Where in the value the error is (`items[3].price`), when it is inside one.
    public var codingPath: String?
    /// The zero-based index of the stream element that failed.
    public var elementIndex: Int?
    /// More members, written after the standard ones (`"stored": 1200`).
    public var extensions: [String: JSONValue]

    /// A problem with every member given.
    public init(type: String, title: String, status: Int, detail: String, offset: Int? = nil, line: Int? = nil,
                column: Int? = nil, codingPath: String? = nil, elementIndex: Int? = nil,
                extensions: [String: JSONValue] = [:]) {
        self.type = type
        self.title = title
        self.statusCode = status
        self.detail = detail
        self.offset = offset
        self.line = line
        self.column = column
        self.codingPath = codingPath
        self.elementIndex = elementIndex
        self.extensions = extensions
    }

    public var description: String { "\(statusCode) \(title): \(detail)" }
}

extension JoltProblemDetails {
    /// `415`: a body whose media type is neither JSON nor JSON Lines.
    public static func unsupportedMediaType(_ contentType: String?) -> JoltProblemDetails {
        JoltProblemDetails(
            type: "urn:jolt:problem:unsupported-media-type", title: "Unsupported Media Type", status: 415,
            detail: "Expected application/json or application/x-ndjson, got \(contentType ?? "no Content-Type")")
    }

    /// `413`: a body over the limit.
    public static func bodyTooLarge(limit: Int) -> JoltProblemDetails {
        JoltProblemDetails(type: "urn:jolt:problem:body-too-large", title: "Content Too Large", status: 413,
                           detail: JoltBodyTooLargeError(limit: limit).description)
    }

    /// The problem for an error thrown while decoding a request body, or nil
    /// for an error that is not about the body (the framework answers those).
    ///
    /// - ``JoltBodyTooLargeError``, and an element or document over
    ///   `limits.maxDocumentBytes`: `413`;
    /// - a ``JoltSyntaxError`` (through `DecodingError.dataCorrupted` or a
    ///   ``JoltStreamError``): `400` with offset, line and column; a limit
    ///   (depth, string, number): `400` naming the limit;
    /// - any other `DecodingError`: `400` with the coding path of the bad value;
    /// - a ``JoltStreamError``: the same, with the element's index and offset.
    public init?(_ error: any Error) {
        switch error {
        case let problem as JoltProblemDetails:
            self = problem
        case let tooLarge as JoltBodyTooLargeError:
            self = .bodyTooLarge(limit: tooLarge.limit)
        case let stream as JoltStreamError:
            guard var problem = JoltProblemDetails(stream.underlying) else { return nil }
            problem.elementIndex = stream.elementIndex
            if problem.offset == nil { problem.offset = stream.byteOffset }
            if !stream.codingPath.isEmpty { problem.codingPath = Self.render(stream.codingPath) }
            if let index = stream.elementIndex, problem.line == nil {
                problem.detail = "Element \(index): \(problem.detail)"
            }
            self = problem
        case let syntax as JoltSyntaxError:
            self.init(syntax: syntax, codingPath: nil)
        case let decoding as DecodingError:
            self.init(decoding: decoding)
        default:
            return nil
        }
    }

    private init(syntax: JoltSyntaxError, codingPath: String?) {
        switch syntax.kind {
        case .limitExceeded(.documentBytes):
            self.init(type: "urn:jolt:problem:body-too-large", title: "Content Too Large", status: 413,
                      detail: syntax.description, offset: syntax.offset, line: syntax.line, column: syntax.column,
                      codingPath: codingPath)
        case .limitExceeded:
            self.init(type: "urn:jolt:problem:limit-exceeded", title: "Limit Exceeded", status: 400,
                      detail: syntax.description, offset: syntax.offset, line: syntax.line, column: syntax.column,
                      codingPath: codingPath)
        default:
            self.init(type: "urn:jolt:problem:syntax-error", title: "Malformed JSON", status: 400,
                      detail: syntax.description, offset: syntax.offset, line: syntax.line, column: syntax.column,
                      codingPath: codingPath)
        }
    }

    private init(decoding: DecodingError) {
        let context: DecodingError.Context
        let detail: String
        switch decoding {
        case .dataCorrupted(let c):
            if let syntax = c.underlyingError as? JoltSyntaxError {
                self.init(syntax: syntax, codingPath: c.codingPath.isEmpty ? nil : Self.render(c.codingPath))
                return
            }
            context = c
            detail = c.debugDescription
        case .typeMismatch(let type, let c):
            context = c
            detail = "Expected \(type): \(c.debugDescription)"
        case .valueNotFound(let type, let c):
            context = c
            detail = "Expected \(type), found null or nothing: \(c.debugDescription)"
        case .keyNotFound(let key, let c):
            context = c
            detail = "Missing key \"\(key.stringValue)\": \(c.debugDescription)"
        @unknown default:
            self.init(type: "urn:jolt:problem:invalid-value", title: "Invalid Value", status: 400,
                      detail: "The body does not decode")
            return
        }
        self.init(type: "urn:jolt:problem:invalid-value", title: "Invalid Value", status: 400, detail: detail,
                  codingPath: Self.render(context.codingPath))
    }

    static func render(_ path: [any CodingKey]) -> String {
        render(path.map(JoltPathComponent.init))
    }

    static func render(_ path: [JoltPathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .index: text += component.description
            case .key(let key): text += text.isEmpty ? key : "." + key
            }
        }
        return text
    }
}

extension JoltProblemDetails: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(type, forKey: Key("type"))
        try container.encode(title, forKey: Key("title"))
        try container.encode(statusCode, forKey: Key("status"))
        try container.encode(detail, forKey: Key("detail"))
        try container.encodeIfPresent(offset, forKey: Key("offset"))
        try container.encodeIfPresent(line, forKey: Key("line"))
        try container.encodeIfPresent(column, forKey: Key("column"))
        try container.encodeIfPresent(codingPath, forKey: Key("codingPath"))
        try container.encodeIfPresent(elementIndex, forKey: Key("elementIndex"))
        for (name, value) in extensions.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: Key(name))
        }
    }

    /// The object as JSON bytes, for a response body.
    public func encoded() -> [UInt8] {
        // Strings, numbers and JSON values always encode.
        (try? JoltEncoder().encodeToBytes(self)) ?? Array(#"{"status":500}"#.utf8)
    }
}
#endif
