/// An error in a stream of elements: where it happened, and what it was.
///
/// ```swift
/// do {
///     for try await event in decoder.decodeElements(Event.self, from: chunks) { … }
/// } catch let error as JoltStreamError {
///     log("element \(error.elementIndex ?? -1) at byte \(error.byteOffset): \(error.underlying)")
/// }
/// ```
public struct JoltStreamError: Error, Sendable, CustomStringConvertible {
    /// The zero-based index of the element, or nil for an error between
    /// elements (a missing comma, text after the closing bracket, the end of input).
    public let elementIndex: Int?
    /// The byte offset in the whole stream: of the syntax error, or of the start
    /// of the element that failed to decode.
    public let byteOffset: Int
    /// The coding path of the failure, starting with the element's index.
    public let codingPath: [JoltPathComponent]
    /// The error: a ``JoltSyntaxError`` (with the stream's offset, line and
    /// column), a `DecodingError` from the element's decode, or `CancellationError`.
    public let underlying: any Error

    public init(elementIndex: Int?, byteOffset: Int, codingPath: [JoltPathComponent], underlying: any Error) {
        self.elementIndex = elementIndex
        self.byteOffset = byteOffset
        self.codingPath = codingPath
        self.underlying = underlying
    }

    public var description: String {
        let element = elementIndex.map { "element \($0)" } ?? "between elements"
        let path = codingPath.isEmpty ? "" : " at \(codingPath.map(\.description).joined(separator: "."))"
        return "\(element), byte \(byteOffset)\(path): \(underlying)"
    }
}
