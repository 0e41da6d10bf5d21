/// The decoding helper the code written by ``AutoDecodable(container:accessControl:)``
/// with `.singleValue("property")` calls. Public for the generated code; not meant
/// to be called by hand.
extension SingleValueDecodingContainer {
    /// The value, of the type the context expects (the property's, through `init(property:)`).
    ///
    /// ```swift
    /// try self.init(value: container._joltDecodeInferred())
    /// ```
    public func _joltDecodeInferred<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try decode(T.self)
    }
}
