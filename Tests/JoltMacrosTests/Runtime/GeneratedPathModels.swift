import Foundation
import JoltMacros

/// A value that must be at a nested path, one with a default at one key, and an
/// optional with a default: the shapes whose generated code reads a key once
/// (``GeneratedPathTests``).
@Codable
struct NestedRank: Equatable {
    @CodingKey("meta.rank") var rank: Int
    var age = 33
    var bonus: Int? = 7
}

/// A nested path through a wrapper.
@Codable
struct NestedDate: Equatable {
    @CodingKey("meta.when") @DateCoding(ISO8601Strategy.self) var when: Date
}
