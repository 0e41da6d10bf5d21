/// A non-final class whose coding ``Codable()`` or ``InheritedCodable()``
/// writes. Each such class overrides ``joltHooksClass`` to name itself, so
/// that in a hierarchy only the generated `init(from:)` and `encode(to:)` of
/// the most derived annotated class run the ``JoltCodingHooks``: each hook runs
/// once per decode or encode, and it is the most derived one (an `override`
/// in a subclass, or a hook a subclass declares in an extension).
///
/// ```swift
/// @Codable class Animal {
///     var name = ""
///     func didDecode(from decoder: any Decoder) throws { print("animal") }
/// }
/// @InheritedCodable class Dog: Animal {
///     var barks = true
///     override func didDecode(from decoder: any Decoder) throws { print("dog") }
/// }
/// // Decoding a Dog prints "dog" once: Animal's init(from:) (run through
/// // super.init(from:)) leaves the hooks to Dog's, because Dog.joltHooksClass is Dog.
/// ```
///
/// A subclass without the annotations inherits its superclass's value, so the
/// superclass's generated code runs the hooks for it. Written by the macros;
/// not meant to be implemented by hand.
public protocol JoltCodableClass: AnyObject {
    /// The annotated class whose generated code runs the hooks for instances of this class.
    static var joltHooksClass: AnyClass { get }
}
