import Jolt

extension _JoltCaseScalar {
    /// The scalar the direct reading of an enum stands on: the same as
    /// ``init(from:)`` gives for that value (`.other` for null, arrays, objects
    /// and values that decode as none of `Bool`, `Int`, `Double`, `String`),
    /// read from JoltDecoder's tape without a single-value container.
    ///
    /// ```swift
    /// // What @Codable writes for `enum Status: String { case active, closed }`:
    /// static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
    ///     let scalar = _JoltCaseScalar(reader)
    ///     if scalar.matches([.string("active")]) { return .active }
    ///     if scalar.matches([.string("closed")]) { return .closed }
    ///     return try Self(from: reader.decoder)   // no case: init(from:)'s fallback or error
    /// }
    /// ```
    public init(_ reader: borrowing _JoltDirectReader) {
        var scalar = _JoltCaseScalar.other
        reader.firstScalar(bool: { scalar = .bool($0) }, int: { scalar = .int($0) }, double: { scalar = .double($0) },
                           string: { scalar = .string($0) })
        self = scalar
    }
}

extension JoltCaseMatch {
    /// Writes this match as the first encodable match of a case (see
    /// ``_JoltCaseScalar/encode(_:fallback:to:)``) straight into the slot of
    /// `writer`: a range writes its lower bound; a `.pathValue` writes `fallback`.
    ///
    /// ```swift
    /// // What @Codable writes for `@CodingCase(match: .int(10), .string("ten")) case ten`:
    /// case .ten: try JoltCaseMatch.int(10).joltDirectEncode(fallback: "ten", to: writer)
    /// ```
    public func joltDirectEncode(fallback: String, to writer: _JoltDirectWriter) throws {
        switch self {
        case .string(let value): try writer.encode(value)
        case .int(let value): try writer.encode(value)
        case .double(let value): try writer.encode(value)
        case .bool(let value): try writer.encode(value)
        case .intRange(let range): try writer.encode(range.lowerBound)
        case .doubleRange(let range): try writer.encode(range.lowerBound)
        case .stringRange(let range): try writer.encode(range.lowerBound)
        case .pathValue: try writer.encode(fallback)
        }
    }
}
