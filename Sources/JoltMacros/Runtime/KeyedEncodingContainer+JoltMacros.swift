/// The encoding helpers the code written by ``Codable()`` calls for enums.
/// Public for the generated code; not meant to be called by hand.
extension KeyedEncodingContainer {
    /// Encodes `value` at `path`, opening nested objects on the way.
    public mutating func _joltEncode<T: Encodable>(_ value: T, at path: [Key]) throws {
        guard let last = path.last else { return }
        if path.count == 1 { return try encode(value, forKey: last) }
        var nested = nestedContainer(keyedBy: Key.self, forKey: path[0])
        try nested._joltEncode(value, at: Array(path.dropFirst()))
    }

    /// Encodes `value` at `path` unless it is nil.
    public mutating func _joltEncodeIfPresent<T: Encodable>(_ value: T?, at path: [Key]) throws {
        guard let value else { return }
        try _joltEncode(value, at: path)
    }

    /// Writes the first encodable value of `matches` (or `fallback`) at `path`
    /// (see ``_JoltCaseScalar/encode(_:fallback:to:)``).
    public mutating func _joltEncodeMatch(_ matches: [JoltCaseMatch], fallback: String, at path: [Key]) throws {
        guard let last = path.last else { return }
        if path.count == 1 { return try _JoltCaseScalar.encode(matches, fallback: fallback, to: superEncoder(forKey: last)) }
        var nested = nestedContainer(keyedBy: Key.self, forKey: path[0])
        try nested._joltEncodeMatch(matches, fallback: fallback, at: Array(path.dropFirst()))
    }
}

extension _JoltCaseScalar {
    /// The scalar at `path` inside `container`, `.other` when missing.
    public init<K>(_ container: KeyedDecodingContainer<K>, path: [K]) {
        guard let (inner, key) = container._joltLocate(path) else {
            self = .other
            return
        }
        self.init(inner, forKey: key)
    }
}
