// CodableWithConfiguration, the decoding half: `decode(_:from:configuration:)` with a value and
// with a `DecodingConfigurationProviding` type, from every input JoltDecoder takes, and the
// container methods with `configuration:`, which are Foundation's own extensions over any
// Decoder (they use `superDecoder`, `contains` and `decodeNil`). Each case runs Foundation's
// JSONDecoder and JoltDecoder on every backend and compares values or errors.

import XCTest
import Foundation
@testable import Jolt

final class FoundationParityConfigurationTests: XCTestCase {

    /// swift-foundation's `encodingTopLevelWithConfiguration`, the decoding half: the value
    /// encoded with a configuration decodes with the same one, given as a value or a provider.
    func testTopLevelWithConfiguration() throws {
        let encoder = JSONEncoder()
        let value = CodableTypeWithConfiguration.testValue
        let byValue = try encoder.encode(value, configuration: .init(1))
        assertParityOf("value configuration", expect: .value(value),
                       foundation: { try $0.decode(CodableTypeWithConfiguration.self, from: byValue, configuration: .init(1)) },
                       jolt: { try $0.decode(CodableTypeWithConfiguration.self, from: byValue, configuration: .init(1)) })
        let byProvider = try encoder.encode(value, configuration: CodableTypeWithConfiguration.ConfigProviding.self)
        assertParityOf("provider configuration", expect: .value(value),
                       foundation: { try $0.decode(CodableTypeWithConfiguration.self, from: byProvider,
                                                   configuration: CodableTypeWithConfiguration.ConfigProviding.self) },
                       jolt: { try $0.decode(CodableTypeWithConfiguration.self, from: byProvider,
                                             configuration: CodableTypeWithConfiguration.ConfigProviding.self) })
    }

    /// Every input JoltDecoder takes, in both forms, gives what Foundation gives from `Data`.
    func testEveryInput() {
        let json = "41"
        let data = Data(json.utf8)
        let expected = Configured(value: 41 + 7)
        let foundation: (JSONDecoder) throws -> Configured = { try $0.decode(Configured.self, from: data, configuration: ParityOffset(7)) }
        let inputs: [(String, (JoltDecoder) throws -> Configured)] = [
            ("Data", { try $0.decode(Configured.self, from: data, configuration: ParityOffset(7)) }),
            ("[UInt8]", { try $0.decode(Configured.self, from: Array(json.utf8), configuration: ParityOffset(7)) }),
            ("String", { try $0.decode(Configured.self, from: json, configuration: ParityOffset(7)) }),
            ("UnsafeRawBufferPointer", { decoder in try data.withUnsafeBytes { try decoder.decode(Configured.self, from: $0, configuration: ParityOffset(7)) } }),
            ("Substring", { try $0.decode(Configured.self, from: json[...], configuration: ParityOffset(7)) }),
            ("ArraySlice", { try $0.decode(Configured.self, from: Array(json.utf8)[...], configuration: ParityOffset(7)) }),
        ]
        for (name, jolt) in inputs {
            assertParityOf("value, \(name)", expect: .value(expected), foundation: foundation, jolt: jolt)
        }
        let providerInputs: [(String, (JoltDecoder) throws -> Configured)] = [
            ("Data", { try $0.decode(Configured.self, from: data, configuration: SevenProvider.self) }),
            ("[UInt8]", { try $0.decode(Configured.self, from: Array(json.utf8), configuration: SevenProvider.self) }),
            ("String", { try $0.decode(Configured.self, from: json, configuration: SevenProvider.self) }),
            ("UnsafeRawBufferPointer", { decoder in try data.withUnsafeBytes { try decoder.decode(Configured.self, from: $0, configuration: SevenProvider.self) } }),
            ("Substring", { try $0.decode(Configured.self, from: json[...], configuration: SevenProvider.self) }),
        ]
        for (name, jolt) in providerInputs {
            assertParityOf("provider, \(name)", expect: .value(expected),
                           foundation: { try $0.decode(Configured.self, from: data, configuration: SevenProvider.self) }, jolt: jolt)
        }
    }

    /// The standard types that decode with a configuration: `Optional` and `Array` (Foundation's
    /// conformances, which use the unkeyed container's `decode(_:configuration:)`).
    func testOptionalAndArray() {
        decodeBoth([Configured].self, "[1, 2]", expect: .value([Configured(value: 8), Configured(value: 9)]))
        decodeBoth([Configured].self, "[]", expect: .value([]))
        decodeBoth(Configured?.self, "null", expect: .value(nil))
        decodeBoth(Configured?.self, "3", expect: .value(Configured(value: 10)))
        decodeBoth([Configured?].self, "[null, 1]", expect: .value([nil, Configured(value: 8)]))
        decodeBoth([[Configured]].self, "[[1], []]", expect: .value([[Configured(value: 8)], []]))
        decodeBoth([Configured].self, "[1, null]", expect: .failureOf(.valueNotFound, Int.self, at: [1]))
        decodeBoth([Configured].self, #"[1, "x"]"#, expect: .failureOf(.typeMismatch, Int.self, at: [1]))
        decodeBoth([Configured].self, "{}", expect: .failureOf(.typeMismatch, [Any].self, at: []))
    }

    /// Errors come out as from `decode(_:from:)`: syntax errors at the root, the type's own
    /// errors at their paths, an error thrown by the initializer as it is.
    func testErrors() {
        decodeBoth(Configured.self, "[", expect: .failureAt(.dataCorrupted, []))
        decodeBoth(Configured.self, "", expect: .failureAt(.dataCorrupted, []))
        decodeBoth(Configured.self, "null", expect: .failureOf(.valueNotFound, Int.self, at: []))
        decodeBoth(Configured.self, "true", expect: .failureOf(.typeMismatch, Int.self, at: []))
        decodeBoth(Configured.self, "1.5", expect: .failureAt(.dataCorrupted, []))
        decodeBoth(Configured.self, "-1", expect: .failure(.notADecodingError))
        decodeBoth([Configured].self, "[1,]", expect: .value([Configured(value: 8)]), jolt: .rejectsTrailingComma)
    }

    /// The keyed container's `decode(_:forKey:configuration:)` and `decodeIfPresent`, with a
    /// value and with a provider: present, missing, null.
    func testKeyedContainerMethods() {
        decodeBoth(KeyedConfigured.self, #"{"a": 1, "b": 2, "c": 3, "d": 4}"#,
                   expect: .value(KeyedConfigured(a: .init(value: 2), b: .init(value: 102), c: .init(value: 5), d: .init(value: 104))))
        decodeBoth(KeyedConfigured.self, #"{"a": 1, "b": 2}"#,
                   expect: .value(KeyedConfigured(a: .init(value: 2), b: .init(value: 102), c: nil, d: nil)))
        // Learned: decodeIfPresent with a null member throws in Foundation on Linux (Swift 6.3.1):
        // the extension decodes through `superDecoder(forKey:)` whenever the key is present.
        decodeBoth(KeyedConfigured.self, #"{"a": 1, "b": 2, "c": null, "d": null}"#,
                   expect: .failureOf(.valueNotFound, Int.self, at: ["c"]))
        decodeBoth(KeyedConfigured.self, #"{"a": 1, "b": 2, "d": null}"#, expect: .failureOf(.valueNotFound, Int.self, at: ["d"]))
        // decode with a missing key: the superDecoder stands on null.
        decodeBoth(KeyedConfigured.self, #"{"b": 2}"#, expect: .failureOf(.valueNotFound, Int.self, at: ["a"]))
        decodeBoth(KeyedConfigured.self, #"{"a": null, "b": 2}"#, expect: .failureOf(.valueNotFound, Int.self, at: ["a"]))
        decodeBoth(KeyedConfigured.self, #"{"a": 1, "b": "2"}"#, expect: .failureOf(.typeMismatch, Int.self, at: ["b"]))
        decodeBoth(KeyedConfigured.self, #"{"a": 1, "b": 2, "c": [3]}"#, expect: .failureOf(.typeMismatch, Int.self, at: ["c"]))
        decodeBoth([KeyedConfigured].self, #"[{"a": 1, "b": 2}, {"a": 1, "b": 2, "d": true}]"#,
                   expect: .failureOf(.typeMismatch, Int.self, at: [1, "d"]))
        decodeBoth(KeyedConfigured.self, #"{"a": 1, "b": 2}"#, .keys(.convertFromSnakeCase),
                   expect: .value(KeyedConfigured(a: .init(value: 2), b: .init(value: 102), c: nil, d: nil)))
    }

    /// The unkeyed container's `decode(_:configuration:)` and `decodeIfPresent`: in order,
    /// null, and at the end.
    func testUnkeyedContainerMethods() {
        decodeBoth(UnkeyedConfigured.self, "[1, 2, 3, 4]",
                   expect: .value(UnkeyedConfigured(values: [.init(value: 2), .init(value: 102), .init(value: 5), .init(value: 104)])))
        decodeBoth(UnkeyedConfigured.self, "[1, 2, null, null]",
                   expect: .value(UnkeyedConfigured(values: [.init(value: 2), .init(value: 102), nil, nil])))
        decodeBoth(UnkeyedConfigured.self, "[1, 2]", expect: .failureOf(.valueNotFound, Never.self, at: [2]))
        decodeBoth(UnkeyedConfigured.self, "[1]", expect: .failureOf(.valueNotFound, (any Decoder).self, at: [1]))
        decodeBoth(UnkeyedConfigured.self, "[null]", expect: .failureOf(.valueNotFound, Int.self, at: [0]))
        decodeBoth(UnkeyedConfigured.self, #"[1, 2, 3, "4"]"#, expect: .failureOf(.typeMismatch, Int.self, at: [3]))
        decodeBoth([UnkeyedConfigured].self, #"[[1, 2, 3, 4], [1, 2, 3, "4"]]"#, expect: .failureOf(.typeMismatch, Int.self, at: [1, 3]))
    }

    /// `@CodableConfiguration`, Foundation's property wrapper: its `init(from:)` passes the
    /// provider's configuration; an optional one is decoded with `decodeIfPresent`.
    func testCodableConfigurationWrapper() {
        assertParity(Wrapped.self, #"{"value": 1, "optional": 2}"#,
                     expect: .value(Wrapped(value: .init(value: 101), optional: .init(value: 102))))
        assertParity(Wrapped.self, #"{"value": 1}"#, expect: .value(Wrapped(value: .init(value: 101), optional: nil)))
        // Learned: an explicit null for the optional throws in Foundation (its decodeIfPresent
        // for the wrapper is the keyed one above); Jolt, through the same extension, too.
        assertParity(Wrapped.self, #"{"value": 1, "optional": null}"#, expect: .failureOf(.valueNotFound, Int.self, at: ["optional"]))
        assertParity(Wrapped.self, #"{"optional": 2}"#, expect: .keyNotFound("value", at: []))
        assertParity(Wrapped.self, #"{"value": null}"#, expect: .failureOf(.valueNotFound, Int.self, at: ["value"]))
    }

    /// Decodes `json` as `type` with the configuration `ParityOffset(7)` in both decoders.
    private func decodeBoth<T: DecodableWithConfiguration & Equatable>(
        _ type: T.Type, _ json: String, _ options: ParityOptions = .standard, expect: ParityExpect<T>,
        jolt difference: JoltDifference? = nil, file: StaticString = #filePath, line: UInt = #line
    ) where T.DecodingConfiguration == ParityOffset {
        assertParityOf("\(T.self) \(json)", options, expect: expect, difference: difference, file: file, line: line,
                       foundation: { try $0.decode(T.self, from: Data(json.utf8), configuration: ParityOffset(7)) },
                       jolt: { try $0.decode(T.self, from: json, configuration: ParityOffset(7)) })
    }
}

/// swift-foundation's `CodableTypeWithConfiguration` (the decoding half).
private struct CodableTypeWithConfiguration: CodableWithConfiguration, Equatable {
    struct Config {
        let num: Int
        init(_ num: Int) { self.num = num }
    }

    struct ConfigProviding: EncodingConfigurationProviding, DecodingConfigurationProviding {
        static var encodingConfiguration: Config { Config(2) }
        static var decodingConfiguration: Config { Config(2) }
    }

    static var testValue: Self { Self(3) }

    let num: Int

    init(_ num: Int) { self.num = num }

    func encode(to encoder: any Encoder, configuration: Config) throws {
        var container = encoder.singleValueContainer()
        try container.encode(num + configuration.num)
    }

    init(from decoder: any Decoder, configuration: Config) throws {
        let container = try decoder.singleValueContainer()
        num = try container.decode(Int.self) - configuration.num
    }
}

/// A configuration: a number added to each decoded value.
struct ParityOffset {
    let amount: Int
    init(_ amount: Int) { self.amount = amount }
}

private enum SevenProvider: DecodingConfigurationProviding {
    static var decodingConfiguration: ParityOffset { ParityOffset(7) }
}

private enum HundredProvider: EncodingConfigurationProviding, DecodingConfigurationProviding {
    static var encodingConfiguration: ParityOffset { ParityOffset(100) }
    static var decodingConfiguration: ParityOffset { ParityOffset(100) }
}

/// An integer plus the configuration's offset; a negative integer is an error of its own.
private struct Configured: CodableWithConfiguration, Equatable {
    struct Negative: Error {}
    var value: Int
    init(value: Int) { self.value = value }
    init(from decoder: any Decoder, configuration: ParityOffset) throws {
        let raw = try decoder.singleValueContainer().decode(Int.self)
        guard raw >= 0 else { throw Negative() }
        value = raw + configuration.amount
    }
    func encode(to encoder: any Encoder, configuration: ParityOffset) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value - configuration.amount)
    }
}

/// Foundation's keyed-container extensions, with a value (`a`, `c`) and a provider (`b`, `d`).
private struct KeyedConfigured: DecodableWithConfiguration, Equatable {
    var a: Configured, b: Configured, c: Configured?, d: Configured?
    enum CodingKeys: String, CodingKey { case a, b, c, d }
    init(a: Configured, b: Configured, c: Configured?, d: Configured?) { self.a = a; self.b = b; self.c = c; self.d = d }
    init(from decoder: any Decoder, configuration: ParityOffset) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        a = try container.decode(Configured.self, forKey: .a, configuration: ParityOffset(1))
        b = try container.decode(Configured.self, forKey: .b, configuration: HundredProvider.self)
        c = try container.decodeIfPresent(Configured.self, forKey: .c, configuration: ParityOffset(2))
        d = try container.decodeIfPresent(Configured.self, forKey: .d, configuration: HundredProvider.self)
    }
}

/// Foundation's unkeyed-container extensions: decode with a value, then a provider, then
/// decodeIfPresent with a value, then a provider.
private struct UnkeyedConfigured: DecodableWithConfiguration, Equatable {
    var values: [Configured?]
    init(values: [Configured?]) { self.values = values }
    init(from decoder: any Decoder, configuration: ParityOffset) throws {
        var container = try decoder.unkeyedContainer()
        values = [try container.decode(Configured.self, configuration: ParityOffset(1))]
        values.append(try container.decode(Configured.self, configuration: HundredProvider.self))
        values.append(try container.decodeIfPresent(Configured.self, configuration: ParityOffset(2)))
        values.append(try container.decodeIfPresent(Configured.self, configuration: HundredProvider.self))
    }
}

/// Foundation's `@CodableConfiguration` wrapper, plain and optional.
private struct Wrapped: Decodable, Equatable {
    @CodableConfiguration(from: HundredProvider.self) var value = Configured(value: 0)
    @CodableConfiguration(from: HundredProvider.self) var optional: Configured? = nil

    init(value: Configured, optional: Configured?) {
        self.value = value
        self.optional = optional
    }
}
