// A scalar written into the slot a writer stands for: what the macros' enums
// write directly, without a single-value container.
extension _JoltDirectWriter {
    /// Writes `value` into the slot, as `encoder.singleValueContainer().encode(value)`
    /// writes it (escaping under this encode's options; a second value in the
    /// slot throws the same error).
    ///
    /// ```swift
    /// // What @Codable writes for `enum Status: String { case active, closed }`:
    /// func joltDirectEncode(to writer: _JoltDirectWriter) throws {
    ///     switch self {
    ///     case .active: try writer.encode("active")
    ///     case .closed: try writer.encode("closed")
    ///     }
    /// }
    /// ```
    public func encode(_ value: String) throws { try slot.encode(value) }

    /// Writes `value` into the slot, as a single-value container writes it.
    public func encode(_ value: Int) throws { try slot.encode(value) }

    /// Writes `value` into the slot, as a single-value container writes it
    /// (under the non-conforming float strategy, with the slot's coding path
    /// in its error).
    public func encode(_ value: Double) throws { try slot.encode(value) }

    /// Writes `value` into the slot, as a single-value container writes it.
    public func encode(_ value: Bool) throws { try slot.encode(value) }
}
