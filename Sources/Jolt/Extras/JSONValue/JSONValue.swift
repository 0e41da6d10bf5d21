/// Any JSON value, kept as written: numbers keep their exact text, objects
/// keep their key order.
///
/// Use it for the parts of a payload that have no fixed shape (metadata,
/// extension fields, pass-through blobs), or to look around a document before
/// choosing a model. It is `Codable` with any coder, `Hashable`, expressible by
/// literals, and under ``JoltDecoder`` it is built straight from the tape.
///
/// ```swift
/// struct Event: Codable {
///     var id: Int
///     var payload: JSONValue                      // whatever the producer sent
/// }
///
/// let value = try JoltDecoder().decode(JSONValue.self, from: data)
/// let name = value["users"][0]["name"]?.stringValue     // nil if any step is missing
/// let big = value["id"]?.numberValue?.text               // "12345678901234567890", exactly
///
/// let patch: JSONValue = ["op": "replace", "path": "/name", "value": "Ada"]
/// ```
///
/// Equality follows JSON: objects are equal when they have the same keys with
/// equal values, in any order; numbers are equal when their text is (`1` and
/// `1.0` are different texts; compare ``doubleValue`` for numeric equality).
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its text as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, with its members in document order.
    case object(JSONObject)
}
