/// A type with a value that an ``CodingIgnored()`` property of that type, declared
/// without an initial value, takes when the type is decoded (ReerCodable's
/// `default` instance). Numbers, `String`, `Bool`, optionals, arrays,
/// dictionaries and sets need no conformance: they take `0`, `""`, `false`,
/// `nil` or an empty collection.
///
/// ```swift
/// struct Theme: JoltDefaultInstance { var name: String; static var `default`: Theme { Theme(name: "light") } }
/// @Codable struct Screen { var title: String; @CodingIgnored var theme: Theme }
/// ```
public protocol JoltDefaultInstance {
    /// The value an ignored property of this type takes.
    static var `default`: Self { get }
}

/// The value of an ignored property of type `T` (used by the generated code).
@inlinable
public func _joltIgnoredDefault<T: JoltDefaultInstance>(_ type: T.Type) -> T {
    T.default
}
