/// An array that drops the elements it cannot decode instead of failing.
///
/// Invalid and `null` elements are left out, each recorded in the decode report
/// (``JoltDecoder/decodeWithReport(_:from:)``) as `.droppedElement` with its
/// index and the error. A missing key, `null` or a non-array value is still an
/// error; for an empty array instead, use ``DefaultEmptyLossyArray``. Works with
/// any `Decoder`; encodes as a plain array.
///
/// ```swift
/// struct Feed: Codable {
///     @LossyArray var posts: [Post]   // [{valid}, {"broken": 1}, null] -> 1 post
/// }
/// ```
@propertyWrapper
public struct LossyArray<Element> {
    public var wrappedValue: [Element]

    public init(wrappedValue: [Element]) {
        self.wrappedValue = wrappedValue
    }
}

extension LossyArray: Decodable where Element: Decodable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = try LossyDecoding.elements(Element.self, from: decoder)
    }
}

extension LossyArray: Encodable where Element: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension LossyArray: Equatable where Element: Equatable {}
extension LossyArray: Hashable where Element: Hashable {}
extension LossyArray: Sendable where Element: Sendable {}
