/// The lifecycle hooks of a type whose coding ``Codable()`` writes, as no-ops
/// that the type's own hooks replace: declare any of them in the type's body
/// or in any extension in its module (another file included), and the
/// generated `init(from:)` and `encode(to:)` call it.
///
/// ```swift
/// @Codable struct Range { var min: Int; var max: Int }
///
/// // Range+Validation.swift
/// extension Range {
///     func didDecode(from decoder: any Decoder) throws {    // after every property is decoded
///         guard min <= max else { throw ValidationError("min > max") }
///     }
/// }
/// ```
///
/// The four hooks, in the order they run:
/// - `static func willDecode(from decoder: any Decoder) throws`: before anything is decoded
///   (a `class func` in a class can be overridden).
/// - `mutating func didDecode(from decoder: any Decoder) throws`: after every property is
///   decoded; it may change the value or throw to reject it (it need not be `mutating`, nor
///   `throws`).
/// - `func willEncode(to encoder: any Encoder) throws`: before anything is encoded.
/// - `func didEncode(to encoder: any Encoder) throws`: after every property is encoded; it
///   may write more keys.
///
/// The generated code calls them statically, in the type's module, so they are not
/// protocol requirements: a hook keeps the access level you give it (an `internal` hook
/// in a `public` type is fine). In a class hierarchy each decode and encode runs each hook
/// once, the most derived one (see ``JoltCodableClass``).
public protocol JoltCodingHooks {}

extension JoltCodingHooks {
    /// Does nothing; declare `static func willDecode(from:)` to run code before decoding.
    @inlinable public static func willDecode(from decoder: any Decoder) throws {}

    /// Does nothing; declare `func didDecode(from:)` to validate or adjust a decoded value.
    @inlinable public mutating func didDecode(from decoder: any Decoder) throws {}

    /// Does nothing; declare `func willEncode(to:)` to run code before encoding.
    @inlinable public func willEncode(to encoder: any Encoder) throws {}

    /// Does nothing; declare `func didEncode(to:)` to run code (or write more keys) after encoding.
    @inlinable public func didEncode(to encoder: any Encoder) throws {}
}

extension JoltCodingHooks where Self: AnyObject {
    /// Does nothing; the class form of ``JoltCodingHooks/didDecode(from:)`` (a
    /// class's `self` cannot be passed to a `mutating` method).
    @inlinable public func didDecode(from decoder: any Decoder) throws {}
}

/// A throwing no-op the generated code wraps around each hook call,
/// `try _joltHook(self.didDecode(from: decoder))`, so that the `try` compiles
/// without a warning when your hook does not throw. Not meant to be called by hand.
@inlinable public func _joltHook(_ call: Void) throws {}

/// `value` after `hooks` (a struct's `didDecode` hooks) ran on it: how the
/// direct reading the macros write runs them, outside the initializer (where a
/// `try` after the last assignment made the compiler copy the value out). Not
/// meant to be called by hand.
///
/// ```swift
/// static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
///     return try _joltDidDecode(Self(joltDirect: reader)) {
///         try _joltHook($0.didDecode(from: reader.decoder))
///     }
/// }
/// ```
@inlinable public func _joltDidDecode<T>(_ value: consuming T, _ hooks: (inout T) throws -> Void) rethrows -> T {
    var value = value
    try hooks(&value)
    return value
}
