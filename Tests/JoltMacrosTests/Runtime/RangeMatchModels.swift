import Foundation
import JoltMacros

/// ReerCodable's range matches: numbers in a `Double` range, strings in a `String` range.
@Codable
enum Handset: Equatable {
    @CodingCase(match: .bool(true), .int(10), .string("iphone"), .intRange(22...30))
    case iPhone
    @CodingCase(match: .int(12), .string("MI"), .string("xiaomi"), .doubleRange(50...60))
    case xiaomi
    @CodingCase(match: .bool(false), .string("oppo"), .stringRange("o"..."q"))
    case oppo
    @CodingCase(match: .doubleRange(0.5...1.5))
    case half
    @CodingCase(match: .stringRange("x"..."z"))
    case letters
}

/// Range-matched cases inside an object, for coding paths.
@Codable
struct HandsetList: Equatable {
    var phones: [Handset]
}

/// A string range selects the key of a case with values; a number range the value at a `.pathValue`.
@Codable
enum Shipment: Equatable {
    @CodingCase(match: .stringRange("box-a"..."box-m"))
    case box(weight: Int)
    @CodingCase(match: .pathValue("grade"), .doubleRange(1...2.5))
    case fragile(note: String)
}
