/// `0` and `1` in the JSON for `false` and `true`: a ``JoltValueTransformer``
/// (any other integer is an error). Chain it after ``JoltLosslessString`` for `"0"` and `"1"`.
///
/// ```swift
/// @CustomCoding(JoltIntToBool.self) var isActive: Bool               // 1 <-> true
/// ```
public enum JoltIntToBool: JoltValueTransformer {
    public static func transform(_ input: Int) throws -> Bool {
        switch input {
        case 0: return false
        case 1: return true
        default: throw JoltTransformFailure("\(input) is not 0 or 1")
        }
    }

    public static func reverse(_ output: Bool) throws -> Int { output ? 1 : 0 }
}
