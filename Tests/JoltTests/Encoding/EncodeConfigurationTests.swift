// CodableWithConfiguration through JoltEncoder, against Foundation's
// JSONEncoder: the top-level `encode(_:configuration:)` in both forms (a
// configuration value, an EncodingConfigurationProviding type), the container
// methods Foundation defines for any encoder (`encode(_:forKey:configuration:)`,
// `encodeIfPresent`, `UnkeyedEncodingContainer.encode(_:configuration:)`), the
// `@CodableConfiguration` wrapper, errors, and round trips through Foundation's
// decoder.

import XCTest
import Foundation
@testable import Jolt

/// swift-foundation's CodableTypeWithConfiguration: a number offset by the
/// configuration's.
private struct Offset: CodableWithConfiguration, Equatable {
    struct Config { let num: Int; init(_ num: Int) { self.num = num } }
    struct ConfigProviding: EncodingConfigurationProviding, DecodingConfigurationProviding {
        static var encodingConfiguration: Config { Config(2) }
        static var decodingConfiguration: Config { Config(2) }
    }
    let num: Int
    init(_ num: Int) { self.num = num }
    func encode(to encoder: any Encoder, configuration: Config) throws {
        var container = encoder.singleValueContainer()
        try container.encode(num + configuration.num)
    }
    init(from decoder: any Decoder, configuration: Config) throws {
        num = try decoder.singleValueContainer().decode(Int.self) - configuration.num
    }
}

/// A configured type that writes an object with camel-case keys (for the key
/// strategies) and a nested array.
private struct Labelled: CodableWithConfiguration, Equatable {
    struct Style { let prefix: String }
    enum Provider: EncodingConfigurationProviding, DecodingConfigurationProviding {
        static var encodingConfiguration: Style { Style(prefix: "p:") }
        static var decodingConfiguration: Style { Style(prefix: "p:") }
    }
    enum CodingKeys: String, CodingKey { case displayName, tagList, createdAt }
    var displayName: String
    var tagList: [String]
    var createdAt = Date(timeIntervalSince1970: 86_400)

    func encode(to encoder: any Encoder, configuration: Style) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(configuration.prefix + displayName, forKey: .displayName)
        var tags = c.nestedUnkeyedContainer(forKey: .tagList)
        for tag in tagList { try tags.encode(configuration.prefix + tag) }
        try c.encode(createdAt, forKey: .createdAt)
    }
    init(displayName: String, tagList: [String]) {
        self.displayName = displayName
        self.tagList = tagList
    }
    init(from decoder: any Decoder, configuration: Style) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        displayName = String(try c.decode(String.self, forKey: .displayName).dropFirst(configuration.prefix.count))
        tagList = try c.decode([String].self, forKey: .tagList).map { String($0.dropFirst(configuration.prefix.count)) }
        createdAt = try c.decode(Date.self, forKey: .createdAt)
    }
}

/// Every container method with a configuration.
private struct Holder: Encodable {
    enum K: String, CodingKey {
        case byValue, byProvider, presentValue, presentProvider, absentValue, absentProvider, list, labelled, unkeyed, afterAll
    }
    var value = Offset(5)
    var optional: Offset? = Offset(7)
    var absent: Offset?
    var list = [Offset(1), Offset(2)]
    var labelled = Labelled(displayName: "Ann", tagList: ["a", "b/c"])

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(value, forKey: .byValue, configuration: Offset.Config(10))
        try c.encode(value, forKey: .byProvider, configuration: Offset.ConfigProviding.self)
        try c.encodeIfPresent(optional, forKey: .presentValue, configuration: Offset.Config(10))
        try c.encodeIfPresent(optional, forKey: .presentProvider, configuration: Offset.ConfigProviding.self)
        try c.encodeIfPresent(absent, forKey: .absentValue, configuration: Offset.Config(10))
        try c.encodeIfPresent(absent, forKey: .absentProvider, configuration: Offset.ConfigProviding.self)
        try c.encode(list, forKey: .list, configuration: Offset.Config(100))
        try c.encode(labelled, forKey: .labelled, configuration: Labelled.Provider.self)
        var u = c.nestedUnkeyedContainer(forKey: .unkeyed)
        try u.encode(value, configuration: Offset.Config(1))
        try u.encode(value, configuration: Offset.ConfigProviding.self)
        try u.encode(list, configuration: Offset.Config(3))
        try u.encode(labelled, configuration: Labelled.Style(prefix: "u:"))
        try u.encode(Offset?.none, configuration: Offset.Config(0))
        try u.encode(9)
        try c.encode(1, forKey: .afterAll)
    }
}

/// The property wrapper, plain and optional.
private struct Wrapped: Codable, Equatable {
    @CodableConfiguration(from: Offset.ConfigProviding.self) var offset = Offset(40)
    @CodableConfiguration(from: Offset.ConfigProviding.self) var maybe: Offset? = Offset(1)
    @CodableConfiguration(from: Offset.ConfigProviding.self) var none: Offset? = nil
    @CodableConfiguration(from: Labelled.Provider.self) var labelled = Labelled(displayName: "Bo", tagList: [])
    var plain = 3
}

/// A configured value that encodes nothing.
private struct Silent: EncodableWithConfiguration {
    func encode(to encoder: any Encoder, configuration: Int) throws {}
}

/// A configured value whose float is out of range for JSON.
private struct Scaled: EncodableWithConfiguration {
    enum K: String, CodingKey { case values }
    var values: [Double]
    func encode(to encoder: any Encoder, configuration: Double) throws {
        var c = encoder.container(keyedBy: K.self)
        var list = c.nestedUnkeyedContainer(forKey: .values)
        for v in values { try list.encode(v * configuration) }
    }
}

/// A configured value that writes to a nested container after its parent went
/// on: Jolt encodes it again in merge mode, the configuration included.
private struct OutOfOrderConfigured: EncodableWithConfiguration {
    enum K: String, CodingKey { case list, after }
    func encode(to encoder: any Encoder, configuration: Int) throws {
        var c = encoder.container(keyedBy: K.self)
        var list = c.nestedUnkeyedContainer(forKey: .list)
        try list.encode(configuration)
        try c.encode(true, forKey: .after)
        try list.encode(configuration + 1)
    }
}

final class EncodeConfigurationTests: XCTestCase {
    /// swift-foundation's testEncodingTopLevelWithConfiguration, both forms,
    /// decoded by Foundation's decoder with the same configuration.
    func testTopLevelWithConfiguration() throws {
        let value = Offset(3)
        let encoder = JoltEncoder()
        let decoder = JSONDecoder()
        var decoded = try decoder.decode(Offset.self, from: try encoder.encode(value, configuration: .init(1)), configuration: .init(1))
        XCTAssertEqual(decoded, value)
        decoded = try decoder.decode(Offset.self, from: try encoder.encode(value, configuration: Offset.ConfigProviding.self),
                                     configuration: Offset.ConfigProviding.self)
        XCTAssertEqual(decoded, value)
        XCTAssertEqual(String(decoding: try encoder.encode(value, configuration: .init(1)), as: UTF8.self), "4")
        XCTAssertEqual(String(decoding: try encoder.encode(value, configuration: Offset.ConfigProviding.self), as: UTF8.self), "5")

        assertEncodeCallParity("top-level value", foundation: { try $0.encode(value, configuration: .init(1)) },
                               jolt: { try $0.encode(value, configuration: .init(1)) })
        assertEncodeCallParity("top-level provider", foundation: { try $0.encode(value, configuration: Offset.ConfigProviding.self) },
                               jolt: { try $0.encode(value, configuration: Offset.ConfigProviding.self) })
        let labelled = Labelled(displayName: "Zoë", tagList: ["x", "y/z"])
        assertEncodeCallParity("top-level object", foundation: { try $0.encode(labelled, configuration: Labelled.Provider.self) },
                               jolt: { try $0.encode(labelled, configuration: Labelled.Provider.self) })
        assertEncodeCallParity("top-level array", foundation: { try $0.encode([value, Offset(-9)], configuration: .init(1)) },
                               jolt: { try $0.encode([value, Offset(-9)], configuration: .init(1)) })
        assertEncodeCallParity("top-level nil", foundation: { try $0.encode(Offset?.none, configuration: .init(1)) },
                               jolt: { try $0.encode(Offset?.none, configuration: .init(1)) })
    }

    /// The container methods with a configuration, through Jolt's containers:
    /// Foundation's bytes in every layout, and with the key and date strategies.
    func testContainerMethodsWithConfiguration() throws {
        assertEncodeParity(Holder(), "container methods")
        assertEncodeParity([Holder(), Holder(optional: nil)], "container methods in an array")
        assertEncodeParity(Holder(), "snake case", foundation: { $0.keyEncodingStrategy = .convertToSnakeCase },
                           jolt: { $0.keyEncodingStrategy = .convertToSnakeCase })
        let custom: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            AnyKey(path.map(\.stringValue).joined(separator: ">"))
        }
        assertEncodeParity(Holder(), "custom keys", foundation: { $0.keyEncodingStrategy = .custom(custom) },
                           jolt: { $0.keyEncodingStrategy = .custom(custom) })
        assertEncodeParity(Holder(), "dates", extraFormatting: .withoutEscapingSlashes,
                           foundation: { $0.dateEncodingStrategy = .iso8601 }, jolt: { $0.dateEncodingStrategy = .iso8601 })
        let json = String(decoding: try JoltEncoder().encode(Holder()), as: UTF8.self)
        XCTAssertTrue(json.hasPrefix(#"{"byValue":15,"byProvider":7,"presentValue":17,"presentProvider":9,"list":[101,102],"#), json)
        XCTAssertTrue(json.hasSuffix(#""unkeyed":[6,7,[4,5],{"displayName":"u:Ann","tagList":["u:a","u:b\/c"],"createdAt":-978220800},null,9],"afterAll":1}"#), json)
    }

    /// `@CodableConfiguration`: Foundation's bytes, and a round trip through
    /// each decoder.
    func testCodableConfigurationWrapper() throws {
        assertEncodeParity(Wrapped(), "property wrapper")
        let data = try JoltEncoder().encode(Wrapped())
        XCTAssertEqual(try JSONDecoder().decode(Wrapped.self, from: data), Wrapped())
        XCTAssertEqual(try JoltDecoder().decode(Wrapped.self, from: data), Wrapped())
        XCTAssertEqual(try JoltDecoder().decode(Wrapped.self, from: try JSONEncoder().encode(Wrapped())), Wrapped())
    }

    /// Errors: a configured value that encodes nothing (Foundation's message,
    /// naming the configured type), and a non-conforming float inside one
    /// (Foundation's coding path), at the top level and through a container.
    func testErrors() throws {
        assertEncodeCallParity("encodes nothing", foundation: { try $0.encode(Silent(), configuration: 1) },
                               jolt: { try $0.encode(Silent(), configuration: 1) })
        XCTAssertThrowsError(try JoltEncoder().encode(Silent(), configuration: 1)) { error in
            guard case EncodingError.invalidValue(let value, let context) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(value is Silent)
            XCTAssertEqual(context.debugDescription, "Top-level Silent did not encode any values.")
        }
        let scaled = Scaled(values: [1, 2, 3])
        assertEncodeCallParity("infinity", foundation: { try $0.encode(scaled, configuration: .infinity) },
                               jolt: { try $0.encode(scaled, configuration: .infinity) })
        assertEncodeCallParity("infinity converted",
                               configureFoundation: { $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "n") },
                               configureJolt: { $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "n") },
                               foundation: { try $0.encode(scaled, configuration: .infinity) },
                               jolt: { try $0.encode(scaled, configuration: .infinity) })
        struct Nested: Encodable {
            enum K: String, CodingKey { case inner }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: K.self)
                try c.encode(Scaled(values: [0]), forKey: .inner, configuration: Double.nan)
            }
        }
        assertEncodeParity(Nested(), "NaN under encode(_:forKey:configuration:)")
        assertEncodeParity([Nested()], "NaN under encode(_:forKey:configuration:), in an array")
    }

    /// A configured value that needs the second pass: Foundation's bytes, the
    /// configuration included, with Foundation's options and with Jolt's own.
    func testOutOfOrderConfiguredValueIsEncodedAgain() throws {
        assertEncodeCallParity("out of order", foundation: { try $0.encode(OutOfOrderConfigured(), configuration: 5) },
                               jolt: { try $0.encode(OutOfOrderConfigured(), configuration: 5) })
        let sorted = JoltEncoder()
        sorted.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try sorted.encode(OutOfOrderConfigured(), configuration: 5), as: UTF8.self),
                       #"{"after":true,"list":[5,6]}"#)
        let paths = JoltEncoder()
        paths.keyPathSeparator = "."
        paths.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try paths.encode(OutOfOrderConfigured(), configuration: 5), as: UTF8.self),
                       #"{"after":true,"list":[5,6]}"#)
    }

    /// Key mappings apply to the configured type at the top level. Below it,
    /// `encode(_:forKey:configuration:)` writes through a super encoder, which
    /// does not know the type it is given, so its keys are not mapped.
    func testKeyMappingsApplyToTheConfiguredType() throws {
        final class Mapped: EncodableWithConfiguration, Decodable {
            enum CodingKeys: String, CodingKey { case displayName, inner }
            let inner: Mapped?
            init(inner: Mapped? = nil) { self.inner = inner }
            init(from decoder: any Decoder) throws { inner = nil }
            func encode(to encoder: any Encoder, configuration: String) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(configuration, forKey: .displayName)
                try c.encodeIfPresent(inner, forKey: .inner, configuration: configuration + "!")
            }
        }
        let encoder = JoltEncoder()
        encoder.keyMappings = KeyMappings().for(Mapped.self, ["displayName": ["name"], "inner": ["child.value"]])
        XCTAssertEqual(String(decoding: try encoder.encode(Mapped(inner: Mapped()), configuration: "a"), as: UTF8.self),
                       #"{"name":"a","child":{"value":{"displayName":"a!"}}}"#)
    }
}
