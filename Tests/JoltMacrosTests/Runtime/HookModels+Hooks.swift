import Foundation
import JoltMacros

// The hooks of the types in HookModels.swift, declared in extensions in this
// other file: the generated code still calls them.

extension Ranged {
    static func willDecode(from decoder: any Decoder) throws { decoder.log("Ranged.willDecode") }

    mutating func didDecode(from decoder: any Decoder) throws {
        guard min <= max else { throw ValidationError(message: "min > max") }
        checkedBy = "didDecode"
    }

    /// Does not throw: the generated `try` still compiles without a warning.
    func didEncode(to encoder: any Encoder) {
        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
        try? container.encode(max - min, forKey: "span")
    }
}

extension PublicRanged {
    /// Internal in a public type: fine, the hooks are not protocol requirements.
    func didDecode(from decoder: any Decoder) { decoder.log("PublicRanged.didDecode") }
}

extension Toggle {
    func didDecode(from decoder: any Decoder) throws { decoder.log("Toggle.didDecode") }
    func willEncode(to encoder: any Encoder) throws { encoder.log("Toggle.willEncode \(self)") }
}

extension Kennel {
    static func willDecode(from decoder: any Decoder) throws { decoder.log("Kennel.willDecode") }
    func didDecode(from decoder: any Decoder) throws { decoder.log("Kennel.didDecode \(name) \(dogs)") }

    func didEncode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
        try container.encode(true, forKey: "kennel")
    }
}

extension Fancy {
    func didDecode(from decoder: any Decoder) throws { decoder.log("Fancy.didDecode \(id) \(style)") }
}
