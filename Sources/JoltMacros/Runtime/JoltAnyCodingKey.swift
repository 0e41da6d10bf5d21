/// A coding key made from any string or integer: the key type the code that
/// ``Codable()`` writes uses for enums, nested paths and superclass containers.
///
/// ```swift
/// let container = try decoder.container(keyedBy: _JoltAnyCodingKey.self)
/// let name = try container.decode(String.self, forKey: "name")
/// ```
public struct _JoltAnyCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    public let stringValue: String
    public let intValue: Int?

    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    public init(stringLiteral value: String) {
        self.init(stringValue: value)
    }

    /// A key with the same text as `key`.
    public init(_ key: some CodingKey) {
        self.stringValue = key.stringValue
        self.intValue = key.intValue
    }
}
