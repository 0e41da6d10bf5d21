import Foundation
import JoltMacros

// Enums whose cases have associated values, read directly: an object's key
// selects the case, and its values are read from the object under that key.

/// Labels, positions, a default, optionals, alternative keys and a key path,
/// a struct read directly, and the enum itself.
@Codable
indirect enum DirectShape: Equatable {
    case dot
    case circle(radius: Double)
    case rect(width: Int, height: Int = 1, label: String?)
    @CodingCase(match: .string("poly"), .string("polygon"),
                values: [.label("sides", keys: "n", "count"), .label("name", keys: "meta.name", "name")])
    case polygon(sides: Int, name: String?)
    case pair(Int, String)
    case framed(inner: DirectInner, shape: DirectShape?)
    case group([DirectShape])
}

extension DirectShape {
    static func willDecode(from decoder: any Decoder) throws { decoder.log("DirectShape") }
}

/// A naming style, and a case selected by a range of keys: an object is read
/// directly up to that case, and again through init(from:) past it.
@Codable @SnakeCase
enum DirectEvent: Equatable {
    case userCreated
    case userDeleted(userId: Int, reason: String?, at: Double = 0)
    @CodingCase(match: .stringRange("x"..."z"))
    case ranged(value: Int)
    case afterRange(value: Int)
}

extension DirectEvent {
    static func willDecode(from decoder: any Decoder) throws { decoder.log("DirectEvent") }
}

/// The enums as properties of a struct read directly.
@Codable
struct DirectShapeHolder: Equatable {
    var shape: DirectShape
    var shapes: [DirectShape]
    var optional: DirectShape?
    var event: DirectEvent
    var byName: [String: DirectShape]
}

/// The same in a plain Codable struct (synthesized `init(from:)`).
struct PlainShapeHolder: Codable, Equatable {
    var shape: DirectShape
    var shapes: [DirectShape]
    var optional: DirectShape?
    var event: DirectEvent
    var byName: [String: DirectShape]
}

/// Written directly too (every value at one key): labels and positions, a
/// default, optionals, a date, a struct written directly, the enum itself.
@Codable
indirect enum DirectMethod: Equatable {
    case cash
    case card(last4: String, expiry: Int, holder: String?, limit: Double = 0)
    @CodingCase(match: .string("bank_transfer"), values: [.label("iban", keys: "IBAN")])
    case transfer(iban: String, reference: String = "", at: Date?)
    case nested(inner: DirectInner, methods: [DirectMethod])
    case unlabeled(Int, String)
}
