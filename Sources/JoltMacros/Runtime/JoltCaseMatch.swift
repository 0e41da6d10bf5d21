/// A JSON value that selects an enum case, for ``CodingCase(match:values:)``.
///
/// ```swift
/// @Codable enum Phone {
///     @CodingCase(match: .string("iphone"), .int(10), .intRange(22...30), .bool(true))
///     case apple
///     @CodingCase(match: .string("mi"), .doubleRange(50...60))
///     case xiaomi                               // "mi", 50, 55.5, 60
///     @CodingCase(match: .stringRange("o"..."q"))
///     case oppo                                 // "o", "oppo", "p", "q"; written "o"
///     case android                              // "android"
/// }
/// ```
public enum JoltCaseMatch: Sendable, Hashable {
    /// The string `value`; the first `.string` match is the one encoded.
    case string(String)
    /// The integer `value`.
    case int(Int)
    /// Any integer in `range`.
    case intRange(ClosedRange<Int>)
    /// The number `value`.
    case double(Double)
    /// Any number in `range`, integer or not (`.doubleRange(50...60)` matches
    /// `50`, `55.5` and `60`); written as its lower bound.
    case doubleRange(ClosedRange<Double>)
    /// Any string in `range`, in Swift's `String` order (`.stringRange("o"..."q")`
    /// matches `"o"`, `"oppo"`, `"p"` and `"q"`, not `"qa"`); written as its lower
    /// bound. In an object (a case with associated values) it matches the key.
    case stringRange(ClosedRange<String>)
    /// The boolean `value`.
    case bool(Bool)
    /// The case's `.string` matches are looked for at this key path inside the
    /// object (`"type.middle"` reads `{"type": {"middle": "…"}}`), and the
    /// associated values are read from the same object.
    case pathValue(String)

    /// Whether `scalar` selects this match.
    public func matches(_ scalar: _JoltCaseScalar) -> Bool {
        switch (self, scalar) {
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.int(let a), .double(let b)): Double(a) == b
        case (.intRange(let r), .int(let b)): r.contains(b)
        case (.double(let a), .double(let b)): a == b
        case (.double(let a), .int(let b)): a == Double(b)
        case (.doubleRange(let r), .double(let b)): r.contains(b)
        case (.doubleRange(let r), .int(let b)): r.contains(Double(b))
        case (.stringRange(let r), .string(let b)): r.contains(b)
        case (.bool(let a), .bool(let b)): a == b
        default: false
        }
    }
}

/// The scalar an enum is read from: what ``JoltCaseMatch`` compares against.
public enum _JoltCaseScalar: Sendable, Hashable {
    case string(String), int(Int), double(Double), bool(Bool), other

    /// The scalar at `decoder` (`.other` for null, arrays and objects).
    public init(from decoder: any Decoder) {
        guard let container = try? decoder.singleValueContainer(), !container.decodeNil() else {
            self = .other
            return
        }
        if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else { self = .other }
    }

    /// The scalar at `key` of `container`, `.other` when missing.
    public init<K>(_ container: KeyedDecodingContainer<K>, forKey key: K) {
        guard container.contains(key), let decoder = try? container.superDecoder(forKey: key) else {
            self = .other
            return
        }
        self.init(from: decoder)
    }

    /// Whether any of `matches` selects this scalar.
    public func matches(_ matches: [JoltCaseMatch]) -> Bool {
        matches.contains { $0.matches(self) }
    }

    /// The keys of `container` that a `.stringRange` of `matches` selects, in
    /// `String` order (so that the same object selects the same key whatever
    /// order the decoder lists them in).
    public static func keys(
        in container: KeyedDecodingContainer<_JoltAnyCodingKey>, matching matches: [JoltCaseMatch]
    ) -> [_JoltAnyCodingKey] {
        container.allKeys.filter { _JoltCaseScalar.string($0.stringValue).matches(matches) }
            .sorted { $0.stringValue < $1.stringValue }
    }

    /// Writes the first encodable value of `matches` (string, int, double or
    /// bool), or `fallback` as a string.
    public static func encode(_ matches: [JoltCaseMatch], fallback: String, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        for match in matches {
            switch match {
            case .string(let value): return try container.encode(value)
            case .int(let value): return try container.encode(value)
            case .double(let value): return try container.encode(value)
            case .bool(let value): return try container.encode(value)
            case .intRange(let range): return try container.encode(range.lowerBound)
            case .doubleRange(let range): return try container.encode(range.lowerBound)
            case .stringRange(let range): return try container.encode(range.lowerBound)
            case .pathValue: continue
            }
        }
        try container.encode(fallback)
    }
}

/// Where an associated value of an enum case is read from and written to, for
/// ``CodingCase(match:values:)``: by its label or its position, with its own keys.
///
/// ```swift
/// @Codable enum Video {
///     @CodingCase(match: .string("vimeo"), values: [.label("id", keys: "ID", "Id"), .index(1, keys: "minutes")])
///     case vimeo(id: String, Int)       // {"vimeo": {"ID": "1", "minutes": 3}}
/// }
/// ```
public struct JoltCaseValue: Sendable, Hashable {
    public let label: String?
    public let index: Int?
    public let keys: [String]

    /// The associated value labelled `label`, read from the first of `keys` present.
    public static func label(_ label: String, keys: String...) -> JoltCaseValue {
        JoltCaseValue(label: label, index: nil, keys: keys)
    }

    /// The associated value at `index` (from 0), read from the first of `keys` present.
    public static func index(_ index: Int, keys: String...) -> JoltCaseValue {
        JoltCaseValue(label: nil, index: index, keys: keys)
    }
}
