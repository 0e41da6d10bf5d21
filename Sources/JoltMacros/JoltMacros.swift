@_exported import Jolt
import Foundation

// MARK: - Types

/// Makes a struct, class or enum `Codable`: writes `CodingKeys`,
/// `init(from:)` and `encode(to:)` from the annotations on its properties (and
/// through Jolt's property wrappers on them: ``JSONString`` for JSON in a string,
/// ``LossyArray``, ``DateValue``, ``Polymorphic``…). An annotation that the code
/// would not use, or used wrongly, is a compile-time error at the annotation.
/// The code runs on any `Decoder` and `Encoder` (Foundation's too); defaults
/// applied are recorded in a ``JoltDecoder`` report. Lifecycle hooks
/// (`didDecode(from:)` and the others of ``JoltCodingHooks``) declared in the
/// type or in any extension of it are called.
///
/// ```swift
/// @Codable @SnakeCase
/// struct User {
///     @CodingKey("name", "username", "profile.name") var name: String
///     var age = 33                                   // default when missing or invalid
///     @DateCoding(ISO8601Strategy.self) var joined: Date
///     @CodingIgnored var cache: [String: Int] = [:]
/// }
/// ```
@attached(extension, conformances: Decodable, Encodable, JoltCodingHooks, JoltCodableClass, _JoltDirectDecodable, _JoltDirectEncodable,
          names: named(CodingKeys), named(init(from:)), named(encode(to:)), named(init(joltDirect:)), named(joltDirectDecode), named(joltDecodesDirectly),
          named(joltDirectEncode(to:)))
@attached(member, conformances: _JoltDirectDecodable,
          names: named(CodingKeys), named(init(from:)), named(encode(to:)), named(joltHooksClass),
          named(init(joltDirect:)), named(joltDirectDecode), named(joltDecodesDirectly))
public macro Codable() = #externalMacro(module: "JoltMacrosPlugin", type: "CodableMacro")

/// Like ``Codable()``, writing only `init(from:)`.
///
/// ```swift
/// @Decodable struct Event { @CodingKey("event_id") let id: Int }
/// ```
@attached(extension, conformances: Decodable, JoltCodingHooks, JoltCodableClass, _JoltDirectDecodable,
          names: named(CodingKeys), named(init(from:)), named(init(joltDirect:)), named(joltDirectDecode), named(joltDecodesDirectly))
@attached(member, conformances: _JoltDirectDecodable,
          names: named(CodingKeys), named(init(from:)), named(joltHooksClass),
          named(init(joltDirect:)), named(joltDirectDecode), named(joltDecodesDirectly))
public macro Decodable() = #externalMacro(module: "JoltMacrosPlugin", type: "DecodableMacro")

/// Like ``Codable()``, writing only `encode(to:)`.
///
/// ```swift
/// @Encodable struct Ping { @EncodingKey("sent_at") var sentAt: Int }
/// ```
@attached(extension, conformances: Encodable, JoltCodingHooks, JoltCodableClass, _JoltDirectEncodable,
          names: named(CodingKeys), named(encode(to:)), named(joltDirectEncode(to:)))
@attached(member, names: named(CodingKeys), named(encode(to:)), named(joltHooksClass))
public macro Encodable() = #externalMacro(module: "JoltMacrosPlugin", type: "EncodableMacro")

/// The options of ``Codable(options:)``, ``Decodable(options:)`` and
/// ``Encodable(options:)``, as CodableKit's.
public struct JoltCodableOptions: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The standard coding.
    public static let `default`: JoltCodableOptions = []

    /// For a class whose superclass is not `Codable`: the generated `init(from:)`
    /// calls `super.init()` (not `super.init(from:)`), and `encode(to:)` writes only
    /// the class's own properties (no `super.encode(to:)`, no `override`). Only on
    /// a class with a superclass; for a subclass of a `Codable` class use
    /// ``InheritedCodable()``.
    ///
    /// ```swift
    /// class Node { var id = UUID(); init() {} }          // not Codable
    /// @Codable(options: .skipSuperCoding)
    /// final class Label: Node { var text: String }      // {"text": "Hi"}
    /// ```
    public static let skipSuperCoding = JoltCodableOptions(rawValue: 1 << 0)
}

/// ``Codable()`` with options: `.skipSuperCoding` for a subclass of a class that
/// is not `Codable` (see ``JoltCodableOptions/skipSuperCoding``).
///
/// ```swift
/// @Codable(options: .skipSuperCoding) final class Label: Node { var text: String }
/// ```
@attached(extension, conformances: Decodable, Encodable, JoltCodingHooks, JoltCodableClass, _JoltDirectDecodable, _JoltDirectEncodable,
          names: named(CodingKeys), named(init(from:)), named(encode(to:)), named(init(joltDirect:)), named(joltDirectDecode), named(joltDecodesDirectly),
          named(joltDirectEncode(to:)))
@attached(member, conformances: _JoltDirectDecodable,
          names: named(CodingKeys), named(init(from:)), named(encode(to:)), named(joltHooksClass),
          named(init(joltDirect:)), named(joltDirectDecode), named(joltDecodesDirectly))
public macro Codable(options: JoltCodableOptions) = #externalMacro(module: "JoltMacrosPlugin", type: "CodableMacro")

/// ``Decodable()`` with options (see ``JoltCodableOptions/skipSuperCoding``).
///
/// ```swift
/// @Decodable(options: .skipSuperCoding) final class Label: Node { var text: String }
/// ```
@attached(extension, conformances: Decodable, JoltCodingHooks, JoltCodableClass, _JoltDirectDecodable,
          names: named(CodingKeys), named(init(from:)), named(init(joltDirect:)), named(joltDirectDecode), named(joltDecodesDirectly))
@attached(member, conformances: _JoltDirectDecodable,
          names: named(CodingKeys), named(init(from:)), named(joltHooksClass),
          named(init(joltDirect:)), named(joltDirectDecode), named(joltDecodesDirectly))
public macro Decodable(options: JoltCodableOptions) = #externalMacro(module: "JoltMacrosPlugin", type: "DecodableMacro")

/// ``Encodable()`` with options (see ``JoltCodableOptions/skipSuperCoding``).
///
/// ```swift
/// @Encodable(options: .skipSuperCoding) final class Label: Node { var text: String }
/// ```
@attached(extension, conformances: Encodable, JoltCodingHooks, JoltCodableClass, _JoltDirectEncodable,
          names: named(CodingKeys), named(encode(to:)), named(joltDirectEncode(to:)))
@attached(member, names: named(CodingKeys), named(encode(to:)), named(joltHooksClass))
public macro Encodable(options: JoltCodableOptions) = #externalMacro(module: "JoltMacrosPlugin", type: "EncodableMacro")

/// For a subclass of a `Codable` class: its own properties plus its
/// superclass's, from the same JSON object (`super.init(from:)` and
/// `super.encode(to:)` get the same decoder and encoder). The hooks of
/// ``JoltCodingHooks`` run once per decode or encode, the subclass's
/// overrides included (see ``JoltCodableClass``).
///
/// ```swift
/// @Codable class Animal { var name: String = "" }
/// @InheritedCodable final class Dog: Animal { var barks = true }
/// ```
@attached(extension, conformances: JoltCodingHooks, JoltCodableClass)
@attached(member, conformances: JoltCodableClass, names: named(CodingKeys), named(init(from:)), named(encode(to:)), named(joltHooksClass))
public macro InheritedCodable() = #externalMacro(module: "JoltMacrosPlugin", type: "InheritedCodableMacro")

/// The points of a decode or encode at which a ``CodableHook(_:)`` method runs.
public enum JoltHookStage: Sendable {
    /// Before anything is decoded: a `static` (or `class`) method.
    case willDecode
    /// After every property is decoded: an instance method (`mutating` in a struct
    /// or enum if it changes the value); it may throw to reject the value.
    case didDecode
    /// Before anything is encoded: an instance method, not `mutating`.
    case willEncode
    /// After every property is encoded (it may write more keys): an instance method, not `mutating`.
    case didEncode
}

/// Runs a method of any name at a stage of the generated `init(from:)` or
/// `encode(to:)`, as CodableKit's `@CodableHook`. The method is declared in the body
/// of the ``Codable()`` (``Decodable()``, ``Encodable()``, ``InheritedCodable()``)
/// struct, class or enum; it takes no parameter, or one `any Decoder` (for the
/// decoding stages) or `any Encoder` (any label), and may throw. A stage's
/// methods run after its conventional hook of ``JoltCodingHooks``, in declaration
/// order. In a class hierarchy each annotated class's code runs its own
/// annotated methods (a superclass's during `super.init(from:)` and
/// `super.encode(to:)`); do not annotate an override of an annotated method
/// again. A misused annotation is a compile-time error.
///
/// ```swift
/// @Codable struct Range {
///     var min: Int
///     var max: Int
///     @CodableHook(.willDecode) static func prepare(from decoder: any Decoder) throws { }
///     @CodableHook(.didDecode) func validate() throws {
///         guard min <= max else { throw ValidationError("min > max") }
///     }
///     @CodableHook(.didEncode) func stamp(to encoder: any Encoder) throws { }
/// }
/// ```
@attached(peer)
public macro CodableHook(_ stage: JoltHookStage) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Decodes and encodes the type inside a sub-tree of the JSON object.
///
/// ```swift
/// @Codable @CodingContainer("data.info")
/// struct Info { var name: String }          // {"data": {"info": {"name": "x"}}}
/// ```
@attached(peer)
public macro CodingContainer(_ path: String) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

// MARK: - Keys

/// The keys a property is decoded from, tried in order: the first present, not
/// `null`, whose value decodes wins (when none decodes, the first present key's
/// error is thrown, or the property's default used); dots make nested paths.
/// The first is the encoding key.
///
/// ```swift
/// @CodingKey("name", "username", "profile.name") var name: String
/// ```
@attached(peer)
public macro CodingKey(_ keys: String...) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// The key (or dotted path) a property is encoded under, when not its first ``CodingKey(_:)``.
///
/// ```swift
/// @CodingKey("user_name", "login") @EncodingKey("name") var name: String
/// ```
@attached(peer)
public macro EncodingKey(_ key: String) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in snake_case (`userName` -> `user_name`), on a type or a property.
///
/// ```swift
/// @Codable @SnakeCase struct User { var userName: String }
/// ```
@attached(peer)
public macro SnakeCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in kebab-case (`userName` -> `user-name`). `@KebabCase var userName: String`
@attached(peer)
public macro KebabCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in camelCase (`user_name` -> `userName`). `@CamelCase var user_name: String`
@attached(peer)
public macro CamelCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in PascalCase (`userName` -> `UserName`). `@PascalCase var userName: String`
@attached(peer)
public macro PascalCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in SCREAMING_SNAKE_CASE (`userName` -> `USER_NAME`). `@ScreamingSnakeCase var userName: String`
@attached(peer)
public macro ScreamingSnakeCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in SCREAMING-KEBAB-CASE (`userName` -> `USER-NAME`). `@ScreamingKebabCase var userName: String`
@attached(peer)
public macro ScreamingKebabCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in flatcase (`userName` -> `username`). `@FlatCase var userName: String`
@attached(peer)
public macro FlatCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in UPPERCASE (`userName` -> `USERNAME`). `@UpperCase var userName: String`
@attached(peer)
public macro UpperCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in camel_Snake_Case: camelCase words joined by `_` (`userNameFirst` -> `user_Name_First`),
/// on a type or a property.
///
/// ```swift
/// @Codable @CamelSnakeCase struct User { var userName: String }   // "user_Name"
/// ```
@attached(peer)
public macro CamelSnakeCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in Pascal_Snake_Case: PascalCase words joined by `_` (`userNameFirst` -> `User_Name_First`).
///
/// ```swift
/// @PascalSnakeCase var userName: String   // "User_Name"
/// ```
@attached(peer)
public macro PascalSnakeCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in camel-Kebab-Case: camelCase words joined by `-` (`userNameFirst` -> `user-Name-First`).
///
/// ```swift
/// @CamelKebabCase var userName: String   // "user-Name"
/// ```
@attached(peer)
public macro CamelKebabCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Keys in Pascal-Kebab-Case: PascalCase words joined by `-` (`userNameFirst` -> `User-Name-First`).
///
/// ```swift
/// @PascalKebabCase var userName: String   // "User-Name"
/// ```
@attached(peer)
public macro PascalKebabCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

// MARK: - Values

/// The value of a property when its key is missing (or `null`) or its value
/// does not decode; for `let` properties (a `var`'s initial value does the same).
///
/// ```swift
/// @DecodingDefault("guest") let role: String
/// ```
@attached(peer)
public macro DecodingDefault<T>(_ value: T) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Different defaults for a missing (or `null`) key and for an invalid value.
///
/// ```swift
/// @DecodingDefault(missing: 0, invalid: -1) let count: Int
/// ```
@attached(peer)
public macro DecodingDefault<T>(missing: T, invalid: T) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Leaves a property out of decoding and encoding; it keeps its initial value.
/// Without one, decoding gives it its type's default: `nil` for an optional, `0`
/// for a number, `""`, `false`, an empty array, dictionary or set, or the
/// `default` of a ``JoltDefaultInstance`` type (any other type is an error).
///
/// ```swift
/// @CodingIgnored var isSelected = false
/// @CodingIgnored var cache: [String: Int]      // [:] when decoded
/// @CodingIgnored var theme: Theme              // Theme.default (Theme: JoltDefaultInstance)
/// ```
@attached(peer)
public macro CodingIgnored() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Drops the elements of an array, set or dictionary that do not decode
/// (Jolt's ``LossyArray``, ``LossySet``, ``LossyDictionary``).
///
/// ```swift
/// @LossyCoding var posts: [Post]        // [{valid}, {"broken": 1}] -> 1 post
/// ```
@attached(peer)
public macro LossyCoding() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Drops the `null` elements of an array or a set, or values of a dictionary;
/// anything else invalid is still an error.
///
/// ```swift
/// @CompactCoding var tags: [String]      // ["a", null, "b"] -> ["a", "b"]
/// @CompactCoding var ids: Set<Int>       // [1, null, 2, 1] -> [1, 2]
/// ```
@attached(peer)
public macro CompactCoding() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Reads and writes a `Date` (or `Date?`) with one of Jolt's date strategies.
///
/// ```swift
/// @DateCoding(ISO8601Strategy.self) var created: Date
/// @DateCoding(MillisecondsSince1970Strategy.self) var updated: Date?
/// ```
@attached(peer)
public macro DateCoding<S: DateValueCodingStrategy>(_ strategy: S.Type) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// The text encodings of ``Base64Coding(format:)``.
public enum JoltBinaryFormat: Sendable {
    /// Base64, standard alphabet, padded (the default).
    case base64
    /// Base64 with the URL-safe alphabet.
    case base64URL
    /// Hexadecimal.
    case hex
}

/// Reads and writes `Data` or `[UInt8]` as Base64 text (or Base64URL, hex),
/// whatever the coder's data strategy.
///
/// ```swift
/// @Base64Coding var avatar: Data
/// @Base64Coding(format: .hex) var digest: [UInt8]
/// ```
@attached(peer)
public macro Base64Coding(format: JoltBinaryFormat = .base64) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Accepts a scalar in another JSON type when it converts without loss
/// (`"42"` for an `Int`, `1` for a `Bool`, `7` for a `String`); Jolt's ``LosslessValue``.
/// On a struct or class, applies to each of its number, `String` and `Bool`
/// properties (optional or not) that no other annotation reads.
///
/// ```swift
/// @FlexibleType var id: Int
///
/// @Codable @FlexibleType
/// struct Product { var id: Int; var sku: String; var isActive: Bool }  // {"id": "1", "sku": 7, "isActive": 1}
/// ```
@attached(peer)
public macro FlexibleType() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Reads and writes a property with a ``JoltCodingTransformer``.
///
/// ```swift
/// @CustomCoding(CommaList.self) var tags: [String]
/// ```
@attached(peer)
public macro CustomCoding<T: JoltCodingTransformer>(_ transformer: T.Type) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Reads and writes a property through two ``JoltValueTransformer``s: `first`
/// reads its `Input` from the JSON, `second` turns `first`'s output into the
/// property's value; encoding reverses `second`, then `first`. `first`'s `Output`
/// must be `second`'s `Input` (else the annotation does not compile). A step that
/// throws makes the property's default its value when it has one (recorded in a
/// ``JoltDecoder`` report), else a `dataCorrupted` error at its coding path.
///
/// ```swift
/// @CustomCoding(JoltLosslessString<Int>.self, Increment.self) var count: Int   // "5" <-> 6
/// ```
@attached(peer)
public macro CustomCoding<A: JoltValueTransformer, B: JoltValueTransformer>(
    _ first: A.Type, _ second: B.Type
) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro") where A.Output == B.Input

/// Three ``JoltValueTransformer``s in order (see ``CustomCoding(_:_:)``).
///
/// ```swift
/// @CustomCoding(JoltLosslessString<Int>.self, Increment.self, JoltIntToBool.self) var flag: Bool   // "0" <-> true
/// ```
@attached(peer)
public macro CustomCoding<A: JoltValueTransformer, B: JoltValueTransformer, C: JoltValueTransformer>(
    _ first: A.Type, _ second: B.Type, _ third: C.Type
) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro") where A.Output == B.Input, B.Output == C.Input

/// Four ``JoltValueTransformer``s in order (see ``CustomCoding(_:_:)``).
///
/// ```swift
/// @CustomCoding(JoltLosslessString<Int>.self, Increment.self, Increment.self, JoltIntToBool.self)
/// var flag: Bool                                   // "-1" -> -1 -> 0 -> 1 -> true
/// ```
@attached(peer)
public macro CustomCoding<A: JoltValueTransformer, B: JoltValueTransformer, C: JoltValueTransformer, D: JoltValueTransformer>(
    _ first: A.Type, _ second: B.Type, _ third: C.Type, _ fourth: D.Type
) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro") where A.Output == B.Input, B.Output == C.Input, C.Output == D.Input

/// Reads and writes a property with closures given a decoder or an encoder
/// at the property's key. The property's default (its initial value or
/// ``DecodingDefault(_:)``) is used when the key is missing or `decode` throws.
///
/// ```swift
/// @CustomCoding(decode: { try Int(from: $0) * 2 }, encode: { try ($0 / 2).encode(to: $1) })
/// var doubled: Int
/// ```
@attached(peer)
public macro CustomCoding<T>(
    decode: (any Decoder) throws -> T, encode: (T, any Encoder) throws -> Void
) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Reads a property's own fields from the enclosing object, and writes them
/// there, instead of under a key of their own (serde's `flatten`). Its type
/// decodes with `init(from:)` on the same decoder and encodes with `encode(to:)`
/// on the same encoder, so it must be coded as a keyed object.
///
/// - An optional flattened property is nil when one of its type's own keys is
///   missing (or `null`) in the object; a present but invalid value is an error.
/// - With an initial value (or ``DecodingDefault(_:)``), the value is the default
///   when the type does not decode (recorded in a ``JoltDecoder`` report).
/// - Keys are not checked against the enclosing type's: a key both read is read
///   by both; when both write one, the last written wins (the flattened values
///   are written after the type's own properties, in declaration order).
///
/// ```swift
/// @Codable struct Address { var street: String; var city: String }
/// @Codable struct User {
///     var name: String
///     @Flatten var address: Address      // {"name": "Ann", "street": "Main St", "city": "Oslo"}
/// }
/// ```
@attached(peer)
public macro Flatten() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Writes `null` for a nil optional instead of leaving the key out; on a
/// property or on the type (all its optionals).
///
/// ```swift
/// @EncodeNil var nickname: String?       // {"nickname": null}
/// ```
@attached(peer)
public macro EncodeNil() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

// MARK: - Enums

/// The JSON values that select an enum case, and where its associated values are.
/// Without it a case matches its name (or its raw value).
///
/// ```swift
/// @Codable enum Phone {
///     @CodingCase(match: .string("iphone"), .int(10), .intRange(22...30), .bool(true))
///     case apple
///     @CodingCase(match: .string("vimeo"), values: [.label("id", keys: "ID", "Id")])
///     case video(id: String)               // {"vimeo": {"ID": "1"}}
///     @CodingCase(match: .string("yt"), .pathValue("type.middle"))
///     case youtube(id: String)             // {"type": {"middle": "yt"}, "id": "1"}
/// }
/// ```
@attached(peer)
public macro CodingCase(match: JoltCaseMatch..., values: [JoltCaseValue] = []) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// The case decoded when no other matches (recorded as `.unknownEnumCase`). In a
/// ``PolymorphicCodable(discriminator:payloadKey:)`` enum, the case of the
/// registry's fallback, written back under its ``PolymorphicCase(_:)`` value or
/// its name (a value keeping the discriminator it was read with writes that one).
///
/// ```swift
/// @Codable enum Status { case active, banned; @FallbackCase case unknown }
/// ```
@attached(peer)
public macro FallbackCase() = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

// MARK: - Polymorphism

/// Makes an enum whose cases each carry one value a ``PolymorphicEnum``
/// (decoded and encoded through a ``PolymorphicRegistry``), with the registry
/// written at compile time: each case registered under its ``PolymorphicCase(_:)``
/// identifiers (or its name), a ``FallbackCase()`` case as the fallback.
///
/// ```swift
/// @PolymorphicCodable(discriminator: "type")
/// enum Block {
///     @PolymorphicCase("image", "picture") case image(ImageItem)
///     case text(TextItem)                          // "text"
///     @FallbackCase case unknown(UnknownItem)
/// }
/// // [{"type": "image", "url": "a.png"}, {"type": "text", "text": "Hi"}]
/// ```
@attached(extension, conformances: PolymorphicEnum, Encodable, names: named(polymorphicRegistry), named(polymorphicPayload), named(encodePolymorphicCase(to:)))
public macro PolymorphicCodable(discriminator: String = "type", payloadKey: String? = nil) = #externalMacro(module: "JoltMacrosPlugin", type: "PolymorphicCodableMacro")

/// The discriminator values of a ``PolymorphicCodable(discriminator:payloadKey:)``
/// case; the first is written when encoding.
///
/// ```swift
/// @PolymorphicCase("image", "picture") case image(ImageItem)
/// ```
@attached(peer)
public macro PolymorphicCase(_ identifiers: String...) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// Declares a type's discriminator values for a protocol's polymorphic registry
/// (the first is written when encoding); `#polymorphicRegistry` collects them. On
/// the registry's fallback type, the first is written for a value decoded
/// through the fallback (unless the value keeps the discriminator it was read with).
///
/// ```swift
/// protocol ViewItem: Sendable {}
/// @PolymorphicIdentifier("image", "picture") struct ImageItem: ViewItem, Codable { var url: String }
/// @PolymorphicIdentifier("text") struct TextItem: ViewItem, Codable { var text: String }
/// ```
@attached(extension, conformances: PolymorphicIdentified, names: named(polymorphicIdentifiers))
public macro PolymorphicIdentifier(_ identifiers: String...) = #externalMacro(module: "JoltMacrosPlugin", type: "PolymorphicIdentifierMacro")

/// The ``PolymorphicRegistry`` of a protocol existential, written at compile
/// time from the ``PolymorphicIdentifier(_:)`` values of the listed types; a
/// type that does not conform to the protocol does not compile.
///
/// ```swift
/// let viewItems = #polymorphicRegistry((any ViewItem).self, discriminator: "type",
///                                      types: ImageItem.self, TextItem.self, fallback: UnknownItem.self)
/// decoder.register(viewItems)          // JoltDecoder; or userInfo[PolymorphicRegistries.userInfoKey]
/// struct Screen: Codable { @PolymorphicArray var items: [any ViewItem] }
/// ```
@freestanding(expression)
public macro polymorphicRegistry<Base>(
    _ base: Base.Type, discriminator: String = "type", payloadKey: String? = nil, types: Any.Type..., fallback: Any.Type? = nil
) -> PolymorphicRegistry<Base> = #externalMacro(module: "JoltMacrosPlugin", type: "PolymorphicRegistryMacro")

// MARK: - AutoCodable

/// AutoCodable's form: on an extension (in any file of the type's module),
/// writes `init(from:)` and `encode(to:)` from the `CodingKeys` enum written
/// in it. Property types are inferred; an optional is `decodeIfPresent`d.
/// For an enum, a `<Case>CodingKeys` enum per case with associated values
/// names them (`_0` for an unlabelled one).
///
/// A key can carry a custom value type, which is decoded or encoded in place
/// of the property's (or, in a `<Case>CodingKeys` enum, of that case's
/// associated value's) type: ``DecodedValue(_:)`` and ``EncodedValue(_:)``
/// (AutoCodable's), or ``CustomCoding(_:)`` with a ``JoltCodingTransformer``
/// for both directions.
///
/// ```swift
/// // User.swift:  struct User { let name: String; var age: Int? }
/// // User+Codable.swift:
/// @AutoCodable
/// extension User: Codable {
///     enum CodingKeys: String, CodingKey { case name = "user_name", age }
/// }
/// ```
@attached(member, names: named(init(from:)), named(encode(to:)))
public macro AutoCodable() = #externalMacro(module: "JoltMacrosPlugin", type: "AutoCodableMacro")

/// ``AutoCodable()`` writing only `init(from:)`: `@AutoDecodable extension User: Decodable { enum CodingKeys … }`
@attached(member, names: named(init(from:)))
public macro AutoDecodable() = #externalMacro(module: "JoltMacrosPlugin", type: "AutoCodableMacro")

/// ``AutoCodable()`` writing only `encode(to:)`: `@AutoEncodable extension User: Encodable { enum CodingKeys … }`
@attached(member, names: named(encode(to:)))
public macro AutoEncodable() = #externalMacro(module: "JoltMacrosPlugin", type: "AutoCodableMacro")

/// ``AutoCodable()`` with AutoCodable's options: the container (``JoltAutoContainer``)
/// and the members' access level (``JoltAccessControl``; without it, the
/// extension's). `.singleValue("value")` codes a struct or class as the value of
/// that property (decoding calls `init(value:)`; no `CodingKeys`);
/// `.singleValueForEnum` codes an enum without associated values as its case's
/// `CodingKeys` string, an unknown string being `dataCorrupted` ("Invalid value: …").
/// A container that the extension contradicts (`CodingKeys` beside `.singleValue`,
/// `.singleValueForEnum` without them, with a case's values, or on a struct) is
/// a compile-time error at the attribute.
///
/// ```swift
/// struct Identifier { let value: Int }
/// @AutoCodable(container: .singleValue("value"), accessControl: .public)
/// extension Identifier: Codable {}                 // 42 <-> Identifier(value: 42)
///
/// enum Membership { case regular, premium }
/// @AutoCodable(container: .singleValueForEnum)
/// extension Membership: Codable {
///     enum CodingKeys: String, CodingKey { case regular, premium = "PREMIUM" }
/// }
/// ```
@attached(member, names: named(init(from:)), named(encode(to:)))
public macro AutoCodable(
    container: JoltAutoContainer, accessControl: JoltAccessControl? = nil
) = #externalMacro(module: "JoltMacrosPlugin", type: "AutoCodableMacro")

/// ``AutoCodable()`` with `public` (or `package`, `internal`) members.
///
/// ```swift
/// @AutoCodable(accessControl: .public)
/// extension User: Codable { enum CodingKeys: String, CodingKey { case name } }
/// ```
@attached(member, names: named(init(from:)), named(encode(to:)))
public macro AutoCodable(accessControl: JoltAccessControl) = #externalMacro(module: "JoltMacrosPlugin", type: "AutoCodableMacro")

/// ``AutoCodable(container:accessControl:)`` writing only `init(from:)`.
///
/// ```swift
/// @AutoDecodable(container: .singleValue("value"))
/// extension Identifier: Decodable {}        // self.init(value: container.decode())
/// ```
@attached(member, names: named(init(from:)))
public macro AutoDecodable(
    container: JoltAutoContainer, accessControl: JoltAccessControl? = nil
) = #externalMacro(module: "JoltMacrosPlugin", type: "AutoCodableMacro")

/// ``AutoDecodable()`` with `public` (or `package`, `internal`) members.
///
/// ```swift
/// @AutoDecodable(accessControl: .public)
/// extension User: Decodable { enum CodingKeys: String, CodingKey { case name } }
/// ```
@attached(member, names: named(init(from:)))
public macro AutoDecodable(accessControl: JoltAccessControl) = #externalMacro(module: "JoltMacrosPlugin", type: "AutoCodableMacro")

/// ``AutoCodable(container:accessControl:)`` writing only `encode(to:)`.
///
/// ```swift
/// @AutoEncodable(container: .singleValueForEnum)
/// extension Membership: Encodable { enum CodingKeys: String, CodingKey { case regular, premium } }
/// ```
@attached(member, names: named(encode(to:)))
public macro AutoEncodable(
    container: JoltAutoContainer, accessControl: JoltAccessControl? = nil
) = #externalMacro(module: "JoltMacrosPlugin", type: "AutoCodableMacro")

/// ``AutoEncodable()`` with `public` (or `package`, `internal`) members.
///
/// ```swift
/// @AutoEncodable(accessControl: .public)
/// extension User: Encodable { enum CodingKeys: String, CodingKey { case name } }
/// ```
@attached(member, names: named(encode(to:)))
public macro AutoEncodable(accessControl: JoltAccessControl) = #externalMacro(module: "JoltMacrosPlugin", type: "AutoCodableMacro")

/// On a key of an ``AutoDecodable()`` `CodingKeys` (or `<Case>CodingKeys`)
/// enum: the value is decoded as `type` and converted with its
/// ``DecodableValue/value()``. An optional property is nil when the key is
/// missing or `null`.
///
/// ```swift
/// @AutoDecodable
/// extension Attachment: Decodable {            // enum Attachment { case image(url: URL, width: Int) }
///     enum CodingKeys: String, CodingKey { case image }
///     enum ImageCodingKeys: String, CodingKey {
///         @DecodedValue(FilePath.self) case url
///         case width = "w"
///     }
/// }
/// ```
@attached(peer)
public macro DecodedValue<T: DecodableValue>(_ type: T.Type) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")

/// On a key of an ``AutoEncodable()`` `CodingKeys` (or `<Case>CodingKeys`)
/// enum: the value is encoded as `type`, made with its ``EncodableValue/init(from:)``.
///
/// ```swift
/// @AutoEncodable
/// extension User: Encodable {
///     enum CodingKeys: String, CodingKey {
///         case name
///         @EncodedValue(FilePath.self) case avatar
///     }
/// }
/// ```
@attached(peer)
public macro EncodedValue<T: EncodableValue>(_ type: T.Type) = #externalMacro(module: "JoltMacrosPlugin", type: "MarkerMacro")
