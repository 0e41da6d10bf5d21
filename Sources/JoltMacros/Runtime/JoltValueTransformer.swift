import Foundation
import Jolt

/// Turns a JSON value into a property's value and back, in steps that compose:
/// ``CustomCoding(_:_:)`` (and its forms with three and four transformers) apply
/// several in order when decoding (the first reads its `Input` from the JSON,
/// each next one takes the previous one's `Output`), and in reverse order when
/// encoding. A mismatch between two steps does not compile.
///
/// An error thrown by `transform` is a `DecodingError.dataCorrupted` at the
/// property's coding path (or the property's default, when it has one); one
/// thrown by `reverse` an `EncodingError.invalidValue`. A single value
/// transformer is also a ``JoltCodingTransformer``: ``CustomCoding(_:)`` takes it.
///
/// ```swift
/// enum Increment: JoltValueTransformer {
///     static func transform(_ input: Int) throws -> Int { input + 1 }
///     static func reverse(_ output: Int) throws -> Int { output - 1 }
/// }
/// @Codable struct Model {
///     @CustomCoding(JoltLosslessString<Int>.self, Increment.self)
///     var count: Int                        // "5" -> 6 when decoding, 6 -> "5" when encoding
/// }
/// ```
public protocol JoltValueTransformer: JoltCodingTransformer where Value == Output {
    /// What is read from (and written to) the JSON, or the previous step's output.
    associatedtype Input: Codable
    /// The property's value, or the next step's input.
    associatedtype Output
    /// `input` turned into the property's value (decoding).
    static func transform(_ input: Input) throws -> Output
    /// `output` turned back into the input (encoding).
    static func reverse(_ output: Output) throws -> Input
}

extension JoltValueTransformer {
    /// Decodes `Input` and transforms it; a failed transform is `dataCorrupted` at `decoder`'s coding path.
    public static func decode(from decoder: any Decoder) throws -> Output {
        let input = try Input(from: decoder)
        do {
            return try transform(input)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: JoltTransformError.describe(error, in: Self.self),
                underlyingError: error))
        }
    }

    /// Reverses `value` and encodes the input; a failed reverse is `invalidValue` at `encoder`'s coding path.
    public static func encode(_ value: Output, to encoder: any Encoder) throws {
        let input: Input
        do {
            input = try reverse(value)
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: JoltTransformError.describe(error, in: Self.self),
                underlyingError: error))
        }
        try input.encode(to: encoder)
    }
}
