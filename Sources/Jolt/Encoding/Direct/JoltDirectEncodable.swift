/// A type that ``JoltEncoder`` writes past the `Encoder` protocol: no keyed
/// container, no `CodingKey` turned into a `String`, each key written as bytes
/// the macros escaped when they expanded.
///
/// You do not write this conformance: `@Codable` and `@Encodable` (JoltMacros)
/// add it to the structs whose encoded properties each have one key, and to
/// enums: a scalar case written into the slot with `_JoltDirectWriter`'s
/// `encode` methods for scalars, a case with associated values as an object
/// (`_.encodeObject(_:distinctKeys:_:)`). Their
/// `encode(to:)` hands a `_JoltDirectWriter` to ``joltDirectEncode(to:)``
/// whenever the encoder is a ``JoltEncoder`` whose options the direct path
/// honours (no key strategy, key paths or key mappings), at any depth; it runs
/// the generated container code everywhere else: under Foundation's
/// `JSONEncoder`, or when `JoltEncoder.usesDirectPath` (a test hook) is off.
///
/// Both write the same bytes and throw the same errors, with the same coding
/// paths: the direct path writes through the same core (formatting, sorted
/// keys, the nil, date, data and float strategies, a key written twice).
///
/// ```swift
/// @Codable struct User { let id: Int; var name = "" }
///
/// let json = try JoltEncoder().encode(User(id: 1))  // the direct path: {"id":1,"name":""}
/// ```
public protocol _JoltDirectEncodable: Encodable {
    /// Writes the value into the slot `writer` stands for. Written by the macros.
    func joltDirectEncode(to writer: _JoltDirectWriter) throws
}
