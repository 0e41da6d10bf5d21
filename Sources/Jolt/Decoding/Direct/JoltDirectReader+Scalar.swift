// The value a reader stands on as a scalar: what the macros' enums match their
// cases against (`_JoltCaseScalar`), read without a single-value container.
extension _JoltDirectReader {
    /// Calls one of `bool`, `int`, `double` and `string` with the value this
    /// reader stands on: the first of those types it decodes as, tried in that
    /// order, each as `try?` on a single-value container would decode it under
    /// this decode's options. Calls none for `null` and for a value none of them
    /// decodes. (Closures rather than a generic result: the call crosses modules
    /// and stays unspecialized.)
    ///
    /// Under the default (strict) scalar conversion, only a value of the type's
    /// own kind can decode (and a string as `Double` under a
    /// `.convertFromString` strategy), so the kind on the tape picks the one to
    /// try; under `.lenient`, all four are tried in order.
    ///
    /// ```swift
    /// // {"status": "active"} read by a @Codable enum's direct reading:
    /// var text: String?
    /// reader.firstScalar(bool: { _ in }, int: { _ in }, double: { _ in }, string: { text = $0 })
    /// ```
    public func firstScalar(bool: (Bool) -> Void, int: (Int) -> Void, double: (Double) -> Void, string: (String) -> Void) {
        let (i, kind, lenient, floatsFromStrings) = withTape { tape in
            let i = tape.index
            let floats: Bool
            if case .convertFromString = tape.options.nonConformingFloatDecodingStrategy { floats = true } else { floats = false }
            return (i, tape.entries[i].rawKind, tape.context.lenientScalars, floats)
        }
        if kind == TapeKind.null.rawValue { return }
        if lenient {
            if let v = try? decode(Bool.self, at: i) { return bool(v) }
            if let v = try? decode(Int.self, at: i) { return int(v) }
            if let v = try? decode(Double.self, at: i) { return double(v) }
            if let v = try? decode(String.self, at: i) { return string(v) }
            return
        }
        switch kind {
        case TapeKind.true.rawValue:
            return bool(true)
        case TapeKind.false.rawValue:
            return bool(false)
        case TapeKind.number.rawValue:
            // An integer (also `2.0` or `1e2`), else a finite double; a number
            // beyond `Double`'s range decodes as neither.
            if let v = try? decode(Int.self, at: i) { return int(v) }
            if let v = try? decode(Double.self, at: i) { return double(v) }
        case TapeKind.string.rawValue:
            if floatsFromStrings, let v = try? decode(Double.self, at: i) {
                return double(v)
            }
            if let v = try? decode(String.self, at: i) { return string(v) }
        default:
            return
        }
    }
}
