/// The encoding helpers the code written by ``Codable()`` calls for enums.
/// Public for the generated code; not meant to be called by hand.
extension KeyedEncodingContainer {
    /// Encodes `value` at `path`, opening nested objects on the way.
    public mutating func joltEncode<T: Encodable>(_ value: T, at path: [Key]) throws {
        guard let last = path.last else { return }
        if path.count == 1 { return try encode(value, forKey: last) }
        var nested = nestedContainer(keyedBy: Key.self, forKey: path[0])
        try nested.joltEncode(value, at: Array(path.dropFirst()))
    }

    /// Encodes `value` at `path` unless it is nil.
    public mutating func joltEncodeIfPresent<T: Encodable>(_ value: T?, at path: [Key]) throws {
        guard let value else { return }
        try joltEncode(value, at: path)
    }

    /// Writes the first encodable value of `matches` (or `fallback`) at `path`
    /// (see ``JoltCaseScalar/encode(_:fallback:to:)``).
    public mutating func joltEncodeMatch(_ matches: [JoltCaseMatch], fallback: String, at path: [Key]) throws {
        guard let last = path.last else { return }
        if path.count == 1 { return try JoltCaseScalar.encode(matches, fallback: fallback, to: superEncoder(forKey: last)) }
        var nested = nestedContainer(keyedBy: Key.self, forKey: path[0])
        try nested.joltEncodeMatch(matches, fallback: fallback, at: Array(path.dropFirst()))
    }
}

extension JoltCaseScalar {
    /// The scalar at `path` inside `container`, `.other` when missing.
    public init<K>(_ container: KeyedDecodingContainer<K>, path: [K]) {
        guard let (inner, key) = container.joltLocate(path) else {
            self = .other
            return
        }
        self.init(inner, forKey: key)
    }
}
