import Foundation
import JoltMacros

// The hooks of the AutoCodable types Window and Signal, in a third file.

extension Window {
    static func willDecode(from decoder: any Decoder) throws { decoder.log("Window.willDecode") }

    mutating func didDecode(from decoder: any Decoder) throws {
        guard low <= high else { throw ValidationError(message: "low > high") }
        normalized = true
    }

    func didEncode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
        try container.encode(high - low, forKey: "width")
    }
}

extension Signal {
    func didDecode(from decoder: any Decoder) throws { decoder.log("Signal.didDecode \(self)") }
    func willEncode(to encoder: any Encoder) throws { encoder.log("Signal.willEncode \(self)") }
}
