/// The coding keys Jolt makes itself: array indexes (`"Index 3"`, as Foundation
/// names them), JSON keys, and `super`.
enum JoltCodingKey: CodingKey, Sendable {
    case index(Int)
    case string(String)
    case superKey
    /// A key of a `[String: Value]` dictionary: like the standard library's
    /// `_DictionaryCodingKey`, its `intValue` is the key read as an integer.
    case dictionary(String)

    init?(stringValue: String) { self = .string(stringValue) }
    init?(intValue: Int) { self = .index(intValue) }

    var stringValue: String {
        switch self {
        case .index(let i): "Index \(i)"
        case .string(let s), .dictionary(let s): s
        case .superKey: "super"
        }
    }

    /// The index of an `.index` key, nil for the others.
    var arrayIndex: Int? {
        if case .index(let i) = self { return i }
        return nil
    }

    var intValue: Int? {
        switch self {
        case .index(let i): i
        case .dictionary(let s): Int(s)
        case .string, .superKey: nil
        }
    }
}

/// Stands for "no key" in the decoder's generic paths (the root value, a single
/// value container). Using a concrete marker instead of an optional generic key
/// spares unspecialized code an `Optional<Key>` metadata lookup on every call.
struct NoKey: CodingKey {
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
    init() {}
    var stringValue: String { "" }
    var intValue: Int? { nil }
}
