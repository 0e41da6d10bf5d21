/// A value written as a string in the JSON (`"5"` for `5`), through its
/// `LosslessStringConvertible` text: a ``JoltValueTransformer`` to chain with
/// others in ``CustomCoding(_:_:)``. A string that does not convert is an error.
///
/// ```swift
/// @CustomCoding(JoltLosslessString<Int>.self) var count: Int          // "5" <-> 5
/// ```
public enum JoltLosslessString<Value: LosslessStringConvertible>: JoltValueTransformer {
    public static func transform(_ input: String) throws -> Value {
        guard let value = Value(input) else { throw JoltTransformFailure("\"\(input)\" is not a \(Value.self)") }
        return value
    }

    public static func reverse(_ output: Value) throws -> String { output.description }
}
