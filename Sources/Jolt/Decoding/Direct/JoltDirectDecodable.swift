/// A type that ``JoltDecoder`` reads straight from its tape, past the `Decoder`
/// protocol: no keyed container, no `CodingKey` boxing, keys matched as bytes by
/// code written for the type's own keys.
///
/// You do not write this conformance: `@Codable` and `@Decodable` (JoltMacros)
/// add it, besides `init(from:)`, to the structs and classes whose properties
/// they can read this way, and to enums: a case selected by a scalar, or by an
/// object's key, its associated values read from the object below that key (an
/// `init(joltDirect:)` that ``joltDirectDecode(_:)`` calls). A class
/// that can have subclasses reads itself directly only when it is the type
/// decoded: a subclass is made by its own `init(from:)`.
/// ``JoltDecoder`` then uses it wherever the type is decoded, at any depth (a
/// property, an optional, an array or dictionary element, inside a wrapper),
/// and `init(from:)` everywhere else: under Foundation's
/// `JSONDecoder`, and in a decode whose options the direct path does not honour
/// itself (a key strategy, key mappings or paths, a duplicate key policy other
/// than `.useFirst`, an unknown key policy other than `.ignore`, a report), or
/// when `JoltDecoder.usesDirectPath` (a test hook) is off.
///
/// The two initializers decode the same values and throw the same errors
/// (case, coding path and message): the direct one throws the error
/// `init(from:)` would have thrown first, each value read once. An enum's
/// direct reader passes what none of its tests selects (no case matches, or
/// an object whose case is selected by a value at a path or a key range) to
/// `init(from:)` before reading any of it: one decode either way.
///
/// ```swift
/// @Codable struct User { let id: Int; var name = "" }
///
/// let user = try JoltDecoder().decode(User.self, from: #"{"id":1}"#)  // the direct path
/// ```
public protocol _JoltDirectDecodable: Decodable {
    /// Reads the value from the object `reader` stands on. Written by the macros.
    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self

    /// Whether ``joltDirectDecode(_:)`` reads the tape itself. False for a
    /// conformance that only forwards to `init(from:)`, which the decoder then
    /// does not use: a class whose properties the direct path cannot read (such
    /// a class declares every conformance its macro may add, or the compiler
    /// fails on its subclasses), and the subclasses of a class that can have
    /// them (they inherit its conformance).
    static var joltDecodesDirectly: Bool { get }
}

extension _JoltDirectDecodable {
    public static var joltDecodesDirectly: Bool { true }
}
