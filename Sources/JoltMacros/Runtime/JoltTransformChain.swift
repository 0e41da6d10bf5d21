/// Two ``JoltValueTransformer``s one after the other: `First` then `Second` when
/// decoding, `Second` then `First` reversed when encoding. ``CustomCoding(_:_:)``
/// writes it (nested for more steps: `_JoltTransformChain<A, _JoltTransformChain<B, C>>`);
/// `First.Output` must be `Second.Input`.
///
/// ```swift
/// @CustomCoding(JoltLosslessString<Int>.self, JoltIntToBool.self) var enabled: Bool   // "1" <-> true
/// ```
public enum _JoltTransformChain<First: JoltValueTransformer, Second: JoltValueTransformer>: JoltValueTransformer
where First.Output == Second.Input {
    public static func transform(_ input: First.Input) throws -> Second.Output {
        let middle = try JoltTransformError.step(First.self) { try First.transform(input) }
        return try JoltTransformError.step(Second.self) { try Second.transform(middle) }
    }

    public static func reverse(_ output: Second.Output) throws -> First.Input {
        let middle = try JoltTransformError.step(Second.self) { try Second.reverse(output) }
        return try JoltTransformError.step(First.self) { try First.reverse(middle) }
    }
}
