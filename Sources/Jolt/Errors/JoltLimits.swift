/// Bounds on what a document may contain, enforced identically by both backends
/// while scanning, so that hostile input cannot exhaust the stack, memory or time.
///
/// Exceeding a limit throws a ``JoltSyntaxError`` of kind
/// `.limitExceeded(limit)` with the byte offset, line and column where it was
/// crossed. Each limit accepts exactly its value and rejects one more.
///
/// ```swift
/// let decoder = JoltDecoder()
/// decoder.limits.maxDepth = 64                 // default 512, as Foundation
/// decoder.limits.maxDocumentBytes = 1 << 20    // 1 MiB request bodies
/// decoder.limits.maxStringBytes = 64 << 10
/// ```
public struct JoltLimits: Sendable, Hashable {
    /// Names one limit, for error reports.
    public enum Limit: String, Sendable, Hashable, CustomStringConvertible {
        case depth
        case documentBytes
        case stringBytes
        case keyBytes
        case numberBytes
        case containerElements

        public var description: String {
            switch self {
            case .depth: "nesting depth (maxDepth)"
            case .documentBytes: "document size (maxDocumentBytes)"
            case .stringBytes: "string length (maxStringBytes)"
            case .keyBytes: "key length (maxKeyBytes)"
            case .numberBytes: "number length (maxNumberBytes)"
            case .containerElements: "elements in one array or object (maxContainerElements)"
            }
        }
    }

    /// The largest number of arrays and objects open at once. Default 512,
    /// Foundation's limit: 512 nested `[` are accepted, 513 rejected.
    public var maxDepth: Int = 512
    /// The largest input, in bytes (a UTF-8 BOM included). Default 2 GiB; values
    /// above 4 GiB - 1 are treated as 4 GiB - 1, the tape's addressing limit.
    public var maxDocumentBytes: Int = 1 << 31
    /// The longest string value, in bytes of its raw text between the quotes
    /// (escapes counted as written). Default 64 MiB.
    public var maxStringBytes: Int = 64 << 20
    /// The longest object key, in bytes of its raw text between the quotes.
    /// Default 64 KiB.
    public var maxKeyBytes: Int = 64 << 10
    /// The longest number, in bytes of its text. Default 1,024 (a double never
    /// needs more than 767 significant digits to be read exactly).
    public var maxNumberBytes: Int = 1024
    /// The most elements in one array, or members in one object. Default 100,000,000.
    public var maxContainerElements: Int = 100_000_000

    /// The defaults listed on each property.
    public init() {}

    /// Limits with every value set to its default unless given.
    public init(
        maxDepth: Int = 512,
        maxDocumentBytes: Int = 1 << 31,
        maxStringBytes: Int = 64 << 20,
        maxKeyBytes: Int = 64 << 10,
        maxNumberBytes: Int = 1024,
        maxContainerElements: Int = 100_000_000
    ) {
        self.maxDepth = maxDepth
        self.maxDocumentBytes = maxDocumentBytes
        self.maxStringBytes = maxStringBytes
        self.maxKeyBytes = maxKeyBytes
        self.maxNumberBytes = maxNumberBytes
        self.maxContainerElements = maxContainerElements
    }

    /// The default limits.
    public static let `default` = JoltLimits()

    /// No practical limit beyond the tape's own (4 GiB - 1 of input, depth 2^31).
    public static let unlimited = JoltLimits(
        maxDepth: Int(Int32.max), maxDocumentBytes: Int(UInt32.max),
        maxStringBytes: Int(UInt32.max), maxKeyBytes: Int(UInt32.max),
        maxNumberBytes: Int(UInt32.max), maxContainerElements: Int(UInt32.max)
    )

    /// The document-size limit actually enforced.
    var effectiveDocumentBytes: Int { min(max(maxDocumentBytes, 0), Int(UInt32.max)) }
}
