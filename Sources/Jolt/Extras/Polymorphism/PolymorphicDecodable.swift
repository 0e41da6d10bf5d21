#if compiler(>=6.2)
/// What a type registered in a ``PolymorphicRegistry`` must be: `Decodable`,
/// with a metatype that may be shared between threads (`SendableMetatype`, which
/// every type has unless a conformance of it is isolated to a global actor).
///
/// ```swift
/// struct ImageItem: ViewItem, Codable { var url: String }   // a PolymorphicDecodable
/// ```
public typealias PolymorphicDecodable = Decodable & SendableMetatype
#else
/// What a type registered in a ``PolymorphicRegistry`` must be: `Decodable`.
///
/// ```swift
/// struct ImageItem: ViewItem, Codable { var url: String }   // a PolymorphicDecodable
/// ```
public typealias PolymorphicDecodable = Decodable
#endif
