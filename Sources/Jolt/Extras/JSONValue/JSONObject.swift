/// The members of a JSON object, in document order, with lookup by key.
///
/// Keys are unique (a decode resolves duplicates by the decoder's
/// ``JoltDecoder/DuplicateKeyPolicy``). Lookup is a linear scan for small
/// objects and a hash lookup for objects of more than 16 members.
///
/// ```swift
/// var object: JSONObject = ["id": 1, "name": "Ada"]
/// object["admin"] = true                     // appended
/// object.keys                                 // ["id", "name", "admin"]
/// for (key, value) in object { print(key, value) }
/// ```
public struct JSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The keys, in order.
    public private(set) var keys: [String]
    /// The values, in the order of ``keys``.
    public private(set) var values: [JSONValue]
    /// Key to position, for objects of more than `indexThreshold` members.
    private var index: [String: Int]?

    static let indexThreshold = 16

    /// An empty object.
    public init() {
        keys = []
        values = []
    }

    /// An object with these members, in this order; of duplicate keys the last
    /// value is kept, at the first key's position.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
        self.init()
        for (key, value) in members { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// Members known to have distinct keys, appended without a check.
    init(uniqueKeys keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
        if keys.count > Self.indexThreshold { rebuildIndex() }
    }

    private mutating func rebuildIndex() {
        var index = [String: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() { index[key] = position }
        self.index = index
    }

    /// The position of `key`, if present.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    /// The value for `key`; setting nil removes the member, setting a new key
    /// appends it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    if index != nil { rebuildIndex() }
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index![key] = keys.count - 1
                } else if keys.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { keys.count }
    public subscript(position: Int) -> (key: String, value: JSONValue) { (keys[position], values[position]) }

    // MARK: Equality: the same members, in any order

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.keys.count == rhs.keys.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        for (position, key) in lhs.keys.enumerated() {
            guard let value = rhs[key], value == lhs.values[position] else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine the members' own hashes commutatively.
        var combined = 0
        for (position, key) in keys.enumerated() {
            var member = Hasher()
            member.combine(key)
            member.combine(values[position])
            combined = combined &+ member.finalize()
        }
        hasher.combine(keys.count)
        hasher.combine(combined)
    }
}
