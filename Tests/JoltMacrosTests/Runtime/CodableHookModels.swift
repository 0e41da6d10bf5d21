import Foundation
import JoltMacros

// Models whose lifecycle hooks are methods of any name annotated `@CodableHook`.

@Codable
struct Reading: Equatable {
    var low: Int
    var high: Int
    @CodingIgnored var label = ""

    init(low: Int, high: Int, label: String = "") {
        self.low = low
        self.high = high
        self.label = label
    }

    @CodableHook(.willDecode) static func prepare(from decoder: any Decoder) { decoder.log("prepare") }
    @CodableHook(.willDecode) static func prepareAgain() {}
    func didDecode(from decoder: any Decoder) throws { decoder.log("didDecode") }
    @CodableHook(.didDecode) func validate(from decoder: any Decoder) throws {
        decoder.log("validate")
        guard low <= high else { throw ValidationError(message: "low > high") }
    }
    @CodableHook(.didDecode) mutating func derive() { label = "\(low)-\(high)" }
    @CodableHook(.willEncode) func before(_ encoder: any Encoder) { encoder.log("before") }
    @CodableHook(.didEncode) func addSpan(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
        try container.encode(high - low, forKey: "span")
    }
}

@Codable
enum Lamp: Equatable {
    case on, off

    @CodableHook(.didDecode) func seen(from decoder: any Decoder) { decoder.log("Lamp.seen \(self)") }
    @CodableHook(.willEncode) func sent(to encoder: any Encoder) { encoder.log("Lamp.sent \(self)") }
}

/// Each annotated class runs its own annotated hooks: the superclass's during `super.init(from:)`.
@Codable
class HookedShape {
    var sides: Int

    init(sides: Int) { self.sides = sides }

    @CodableHook(.didDecode) func shapeDecoded(from decoder: any Decoder) { decoder.log("HookedShape.decoded \(sides)") }
    @CodableHook(.willEncode) func shapeEncoding(to encoder: any Encoder) { encoder.log("HookedShape.encoding") }
}

@InheritedCodable
final class HookedSquare: HookedShape {
    var size: Double

    init(size: Double) {
        self.size = size
        super.init(sides: 4)
    }

    @CodableHook(.willDecode) class func squareWill(from decoder: any Decoder) { decoder.log("HookedSquare.will") }
    @CodableHook(.didDecode) func squareDecoded(from decoder: any Decoder) { decoder.log("HookedSquare.decoded \(size)") }
    @CodableHook(.didEncode) func squareEncoded(to encoder: any Encoder) { encoder.log("HookedSquare.encoded") }
}
