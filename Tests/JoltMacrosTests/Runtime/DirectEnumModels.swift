import Foundation
import JoltMacros

// Enums read directly (`_JoltDirectDecodable`): the scalar is read from the tape
// and matched against the cases that a scalar alone selects; anything else goes
// to init(from:) before any of it is read.

/// String raw values, one explicit.
@Codable
enum DirectStatus: String, Equatable {
    case active
    case closed = "CLOSED"
}

/// Integer raw values, the implicit one after an explicit one.
@Codable
enum DirectLevel: Int, Equatable {
    case low = 1, mid, high = 5
}

/// Every kind of match, and a case with associated values (read from an object).
@Codable
enum DirectPhone: Equatable {
    @CodingCase(match: .string("iphone"), .int(10), .intRange(22...30), .bool(true))
    case apple
    @CodingCase(match: .string("mi"), .doubleRange(50...60))
    case xiaomi
    @CodingCase(match: .stringRange("o"..."q"))
    case oppo
    @CodingCase(match: .double(1.5), .bool(false))
    case half
    case android
    case custom(name: String)
}

/// A fallback case for what no other case matches.
@Codable
enum DirectSwitch: Equatable {
    case on, off
    @FallbackCase case unknown
}

/// Only a case with associated values: read directly from its object.
@Codable
enum DirectOnlyValues: Equatable {
    case point(x: Int, y: Int)
}

/// A hook that records itself (HookLog).
@Codable
enum DirectMood: String, Equatable {
    case calm, angry
}

extension DirectMood {
    static func willDecode(from decoder: any Decoder) throws { decoder.log("DirectMood") }
}

/// The enums as properties of a struct read directly: plain, optional, in an
/// array and a dictionary, with a default.
@Codable
struct DirectEnumHolder: Equatable {
    var status: DirectStatus
    var level: DirectLevel?
    var phones: [DirectPhone]
    var phone: DirectPhone = .android
    var toggle: DirectSwitch
    var byName: [String: DirectStatus]
    var point: DirectOnlyValues?
    var mood: DirectMood
}

/// The enums in a plain Codable struct (synthesized `init(from:)`): JoltDecoder
/// still reads each enum directly.
struct PlainEnumHolder: Codable, Equatable {
    var status: DirectStatus
    var level: DirectLevel?
    var phones: [DirectPhone]
    var toggle: DirectSwitch
    var byName: [String: DirectStatus]
    var mood: DirectMood
}

/// Numbers, a Boolean and a non-finite match (an error under `.throw`), written
/// directly as a case's first match.
@Codable
enum DirectRatio: Equatable {
    @CodingCase(match: .double(1.5)) case half
    @CodingCase(match: .doubleRange(2.5...3)) case more
    @CodingCase(match: .double(.infinity), .string("inf")) case endless
    @CodingCase(match: .bool(true)) case yes
    @CodingCase(match: .stringRange("a/b"..."a/c")) case slashed
    case plain
}

/// Enums of each kind as properties of a struct written directly.
@Codable
struct DirectEnumRow: Equatable {
    var status: DirectStatus
    var level: DirectLevel?
    var ratios: [DirectRatio]
    var toggle: DirectSwitch
    var byName: [String: DirectLevel]
    var phone: DirectPhone
}
