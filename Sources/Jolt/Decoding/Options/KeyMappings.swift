/// Alternative JSON keys for the coding keys of particular types, configured on
/// the decoder instead of in the model: for fields renamed between API versions,
/// or spelled differently by different producers.
///
/// An immutable value: each `for(_:_:)` returns a new one. For a coding key of a
/// mapped type, the decoder tries the key's own name first, then each
/// alternative in order; an alternative containing the decoder's
/// ``JoltDecoder/keyPathSeparator`` (`"."` when none is set) is a path into nested
/// objects, unless the object has a key with exactly that name. Alternatives are
/// JSON spellings matched after the decoder's key decoding strategy, like the
/// key's own name. A type without mappings pays nothing.
///
/// ```swift
/// struct User: Decodable { var name: String; var age: Int }
///
/// decoder.keyMappings = KeyMappings()
///     .for(User.self, ["name": ["user_name", "username", "profile.name"]])
/// // {"profile": {"name": "Ann"}, "age": 3} decodes as User(name: "Ann", age: 3)
/// ```
///
/// The mapping applies to the keyed container a type's `init(from:)` asks for on
/// its own value, not to containers nested inside it (map the nested type), and
/// to types decoded by ``JoltDecoder`` only.
public struct KeyMappings: Sendable {
    /// Coding key name to alternatives, per type.
    let byType: [ObjectIdentifier: [String: [String]]]

    /// No mappings.
    public init() {
        byType = [:]
    }

    private init(byType: [ObjectIdentifier: [String: [String]]]) {
        self.byType = byType
    }

    /// These mappings plus alternatives for `type`: for each coding key name, the
    /// JSON keys or paths to try, in order, when the name itself is missing.
    /// Mappings given earlier for the same type and key are replaced.
    public func `for`<T: Decodable>(_ type: T.Type, _ alternatives: [String: [String]]) -> KeyMappings {
        var byType = byType
        byType[ObjectIdentifier(type), default: [:]].merge(alternatives) { _, new in new }
        return KeyMappings(byType: byType)
    }

    /// Whether no type has a mapping.
    public var isEmpty: Bool { byType.isEmpty }

    /// The alternatives for `type`, if any.
    func alternatives(for type: ObjectIdentifier) -> [String: [String]]? {
        byType[type]
    }
}
