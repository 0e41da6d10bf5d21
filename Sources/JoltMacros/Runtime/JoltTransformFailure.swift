/// An error a ``JoltValueTransformer`` throws for a value it cannot convert, with the reason.
///
/// ```swift
/// static func transform(_ input: String) throws -> URL {
///     guard let url = URL(string: input) else { throw JoltTransformFailure("not a URL: \(input)") }
///     return url
/// }
/// ```
public struct JoltTransformFailure: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
