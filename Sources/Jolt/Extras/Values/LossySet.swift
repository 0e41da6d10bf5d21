/// A set that drops the elements it cannot decode instead of failing; see
/// ``LossyArray``. Duplicates collapse as in `Set`. Encodes as an array.
///
/// ```swift
/// struct User: Codable {
///     @LossySet var roles: Set<Role>   // ["admin", "unknown-role", null] -> [.admin]
/// }
/// ```
@propertyWrapper
public struct LossySet<Element: Hashable> {
    public var wrappedValue: Set<Element>

    public init(wrappedValue: Set<Element>) {
        self.wrappedValue = wrappedValue
    }
}

extension LossySet: Decodable where Element: Decodable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = Set(try LossyDecoding.elements(Element.self, from: decoder))
    }
}

extension LossySet: Encodable where Element: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension LossySet: Equatable {}
extension LossySet: Hashable {}
extension LossySet: Sendable where Element: Sendable {}
