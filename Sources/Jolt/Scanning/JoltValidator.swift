/// Checks that bytes are one valid JSON document within ``JoltLimits``, without
/// decoding anything.
///
/// It runs the same scanner the decoder runs, so a document it accepts is one
/// ``JoltDecoder`` can parse, and the errors are the same.
///
/// ```swift
/// try JoltValidator().validate(requestBody)      // throws JoltSyntaxError
/// let ok = JoltValidator(backend: .swift).isValid("[1, 2]")
/// ```
public struct JoltValidator: Sendable {
    /// The scanner to use.
    public var backend: JoltBackend
    /// The limits to enforce.
    public var limits: JoltLimits

    /// - Parameters:
    ///   - backend: the scanner; `.default` unless given.
    ///   - limits: the limits; `.default` unless given.
    public init(backend: JoltBackend = .default, limits: JoltLimits = .default) {
        self.backend = backend
        self.limits = limits
    }

    /// Validates `input`.
    ///
    /// - Throws: ``JoltSyntaxError`` with the first problem's kind and position.
    /// - Complexity: O(n) in the input's length.
    public func validate(_ input: some JoltInput) throws(JoltSyntaxError) {
        let result = input.withJoltBytes { bytes -> JoltSyntaxError? in
            do throws(ScanError) {
                _ = try TapeParser.parse(bytes, backend: backend, limits: limits)
                return nil
            } catch {
                return JoltSyntaxError(error, in: bytes)
            }
        }
        if let result { throw result }
    }

    /// Whether `input` is one valid JSON document within the limits.
    public func isValid(_ input: some JoltInput) -> Bool {
        do {
            try validate(input)
            return true
        } catch {
            return false
        }
    }
}
