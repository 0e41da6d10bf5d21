/// How the values of a stream are laid out.
///
/// ```swift
/// let events = decoder.decodeElements(Event.self, from: chunks, format: .jsonLines)
/// ```
public enum JoltStreamFormat: Sendable, Hashable {
    /// One top-level JSON array; its elements are decoded one by one.
    case array
    /// JSON Lines / NDJSON: one value per line. Lines end in `\n` or `\r\n`; blank
    /// lines are skipped; the last line needs no newline. A value that spans two
    /// lines is an error.
    case jsonLines
    /// JSON values one after another, separated by optional whitespace
    /// (`{"a":1}{"a":2} 3`).
    case concatenated
    /// ``array`` if the first byte that is not whitespace is `[`, else
    /// ``jsonLines``. **The default.** (A JSON Lines stream whose lines are
    /// arrays needs ``jsonLines`` explicitly.)
    case automatic
    /// One JSON document, as an `application/json` request body is: the
    /// elements of a top-level array, or else the one value itself as the only
    /// element (`{"id": 1}` is one element; `{"id": 1} {"id": 2}` is an error:
    /// trailing characters). Empty input is an error too.
    case document
}

/// What a stream does when an element does not decode as the element type.
///
/// A syntax error is never skipped: it ends the stream, because the stream can
/// no longer be split into elements with certainty.
public enum JoltStreamErrorPolicy: Sendable, Hashable {
    /// Throw a ``JoltStreamError`` with the element's index, coding path and
    /// byte offset. **The default.**
    case stop
    /// Leave the element out, record it in the stream's ``JoltDecodeReport`` as
    /// `.droppedElement` (path `[index]`, the error as reason), and go on.
    case skip
}
