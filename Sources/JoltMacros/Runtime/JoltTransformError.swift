/// The error of one step of a ``_JoltTransformChain``: which transformer failed, and how.
/// Decoding turns it into the `dataCorrupted` error's description.
///
/// ```swift
/// // @CustomCoding(JoltLosslessString<Int>.self, JoltIntToBool.self) var on: Bool, given "2":
/// // DecodingError.dataCorrupted at "on": "JoltIntToBool failed: 2 is not 0 or 1"
/// ```
public struct JoltTransformError: Error, CustomStringConvertible {
    /// The transformer that threw, as its type's name.
    public let transformer: String
    /// What it threw.
    public let underlying: any Error

    public var description: String { "\(transformer) failed: \(underlying)" }

    /// `body`'s value; an error it throws is wrapped with `step`'s name (once: an
    /// inner chain's error keeps the name of the step that threw).
    static func step<T>(_ step: Any.Type, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as JoltTransformError {
            throw error
        } catch {
            throw JoltTransformError(transformer: String(describing: step), underlying: error)
        }
    }

    /// The text of a transform's error: the failing step and its error.
    static func describe(_ error: any Error, in transformer: Any.Type) -> String {
        if let error = error as? JoltTransformError { return error.description }
        return "\(transformer) failed: \(error)"
    }
}
