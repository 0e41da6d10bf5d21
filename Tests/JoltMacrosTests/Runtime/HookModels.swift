import Foundation
import JoltMacros

// Annotated types whose lifecycle hooks are declared elsewhere: in
// HookModels+Hooks.swift (another file), or, for the class hierarchy, in the
// class bodies with overrides in subclasses.

@Codable
struct Ranged: Equatable {
    var min: Int
    var max: Int
    @CodingIgnored var checkedBy = ""
}

@Codable
public struct PublicRanged: Equatable, Sendable {
    public var low: Int
    public init(low: Int) { self.low = low }
}

@Codable
enum Toggle: Equatable {
    case on, off
}

/// Hooks in the class body (`class func` so that a subclass can override it).
@Codable
class Vehicle {
    var wheels: Int

    init(wheels: Int) { self.wheels = wheels }

    class func willDecode(from decoder: any Decoder) throws { decoder.log("Vehicle.willDecode") }
    func didDecode(from decoder: any Decoder) throws { decoder.log("Vehicle.didDecode") }
    func willEncode(to encoder: any Encoder) throws { encoder.log("Vehicle.willEncode") }
}

/// Overrides two of its superclass's hooks.
@InheritedCodable
class Car: Vehicle {
    var seats: Int

    init(wheels: Int, seats: Int) {
        self.seats = seats
        super.init(wheels: wheels)
    }

    override class func willDecode(from decoder: any Decoder) throws { decoder.log("Car.willDecode") }
    override func didDecode(from decoder: any Decoder) throws { decoder.log("Car.didDecode") }
}

/// No hooks of its own: its superclass's run, once.
@InheritedCodable
final class Truck: Vehicle {
    var load: Double

    init(wheels: Int, load: Double) {
        self.load = load
        super.init(wheels: wheels)
    }
}

/// Not annotated (it inherits `init(from:)`): Vehicle's generated code runs the hooks, its override included.
final class Bike: Vehicle {
    override func didDecode(from decoder: any Decoder) throws { decoder.log("Bike.didDecode") }
}

/// No hooks; its subclass declares its own in an extension.
@Codable
class Shelter {
    var name: String

    init(name: String) { self.name = name }
}

@InheritedCodable
final class Kennel: Shelter {
    var dogs: Int

    init(name: String, dogs: Int) {
        self.dogs = dogs
        super.init(name: name)
    }
}

/// A superclass with synthesized Codable, not annotated.
class Plain: Codable {
    var id: Int

    init(id: Int) { self.id = id }
}

/// Its code declares `joltHooksClass` instead of overriding it, and adds the conformances.
@InheritedCodable
class Fancy: Plain {
    var style: String

    init(id: Int, style: String) {
        self.style = style
        super.init(id: id)
    }
}
