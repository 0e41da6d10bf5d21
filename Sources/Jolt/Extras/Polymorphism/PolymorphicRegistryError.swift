/// A ``PolymorphicRegistry`` configuration that cannot be built: an empty
/// discriminator key, an empty payload key, or an identifier registered for two
/// types.
///
/// ```swift
/// do {
///     registry = try builder.build()
/// } catch {
///     print(error)   // PolymorphicRegistry<any ViewItem>: "image" is registered for both ImageItem and PhotoItem
/// }
/// ```
public struct PolymorphicRegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for people.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
