import Foundation
import JoltMacros

/// One more when decoding, one less when encoding.
enum Increment: JoltValueTransformer {
    static func transform(_ input: Int) throws -> Int { input + 1 }
    static func reverse(_ output: Int) throws -> Int { output - 1 }
}

/// Refuses negative numbers both ways.
enum NonNegative: JoltValueTransformer {
    static func transform(_ input: Int) throws -> Int {
        guard input >= 0 else { throw JoltTransformFailure("\(input) is negative") }
        return input
    }

    static func reverse(_ output: Int) throws -> Int { try transform(output) }
}

/// Chained transformers on properties of every shape.
@Codable
struct ChainedModel: Equatable {
    @CustomCoding(JoltLosslessString<Int>.self, Increment.self) var count: Int
    @CustomCoding(JoltLosslessString<Int>.self, JoltIntToBool.self) var enabled: Bool
    @CustomCoding(JoltLosslessString<Int>.self, Increment.self, Increment.self, JoltIntToBool.self) var flag: Bool
    @CustomCoding(JoltLosslessString<Int>.self, Increment.self) var maybe: Int?
    @CustomCoding(JoltLosslessString<Int>.self, Increment.self) var fallback: Int = 42
    @CustomCoding(JoltIntToBool.self) var single: Bool
}

/// A chain whose last step can fail when encoding.
@Codable
struct Guarded: Equatable {
    @CustomCoding(JoltLosslessString<Int>.self, NonNegative.self, Increment.self) var level: Int
}

/// A chain on a key of an `@AutoCodable` extension.
struct AutoTransformed: Equatable {
    var count: Int
    var label: String
}

@AutoCodable
extension AutoTransformed: Codable {
    enum CodingKeys: String, CodingKey {
        @CustomCoding(JoltLosslessString<Int>.self, Increment.self) case count
        case label
    }
}
