import Foundation
import JoltMacros

/// A class that can have subclasses: read directly when it is the type decoded,
/// through `init(from:)` as a subclass.
@Codable
class Craft {
    var wheels: Int
    var name = ""
    @CodingKey("made", "info.made") var made: Int?

    static func willDecode(from decoder: any Decoder) throws { decoder.log("Craft") }

    /// What a test compares: the dynamic type and every property.
    func summary() -> String { "\(type(of: self)) \(wheels) \(name) \(made.map(String.init) ?? "-")" }
}

extension Craft: Equatable {
    static func == (a: Craft, b: Craft) -> Bool { a.summary() == b.summary() }
}

/// An annotated subclass: its own property, read by its own `init(from:)`.
@InheritedCodable
final class Barge: Craft {
    var load: Double

    override func summary() -> String { super.summary() + " load \(load)" }
}

/// A subclass without annotation or initializer: it inherits every initializer
/// of `Craft`, `init(joltDirect:)` too, and must still be made as a `Canoe`.
final class Canoe: Craft {}

/// An annotated subclass that can have subclasses itself.
@InheritedCodable
class Yacht: Craft {
    var doors = 4

    override func summary() -> String { super.summary() + " doors \(doors)" }
}

/// A struct read directly whose properties are those classes.
@Codable
struct Harbour: Equatable {
    var vehicle: Craft
    var bike: Canoe?
    var truck: Barge
    var cars: [Yacht] = []
}
