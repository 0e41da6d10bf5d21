import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// The generated code of the behaviours that match the seed libraries.
final class SeedParityExpansionTests: XCTestCase {
    func testClosuresWithDefaults() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Model {
                @CustomCoding(decode: { try Int(from: $0) * 2 }, encode: { try ($0 / 2).encode(to: $1) })
                var doubled = 10
                @CustomCoding(decode: { try String(from: $0) }, encode: { try $0.encode(to: $1) })
                var code: String? = "NONE"
                @CustomCoding(decode: { try Int(from: $0) }, encode: { try $0.encode(to: $1) })
                @DecodingDefault(missing: 1, invalid: 2)
                let level: Int
            }
            """#,
            expandedSource: #"""
            struct Model {
                var doubled = 10
                var code: String? = "NONE"
                let level: Int
            }

            extension Model: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `doubled` = "doubled"
                    case `code` = "code"
                    case `level` = "level"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.doubled = container._joltDecode(paths: [[.`doubled`]], missing: 10, invalid: 10, decoder: decoder, using: {
                            try Int(from: $0) * 2
                        })
                    self.code = container._joltDecodeIfPresent(paths: [[.`code`]], missing: "NONE", invalid: "NONE", decoder: decoder, using: {
                            try String(from: $0)
                        })
                    self.level = container._joltDecode(paths: [[.`level`]], missing: 1, invalid: 2, decoder: decoder, using: {
                            try Int(from: $0)
                        })
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try ({
                            try ($0 / 2).encode(to: $1)
                        })(self.doubled, container.superEncoder(forKey: .`doubled`))
                    if let value = self.code {
                        try ({
                                try $0.encode(to: $1)
                            })(value, container.superEncoder(forKey: .`code`))
                    }
                    try ({
                            try $0.encode(to: $1)
                        })(self.level, container.superEncoder(forKey: .`level`))
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testJSONString() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Preferences {
                @JSONString var theme: Theme
                @JSONString var backup: Theme?
                @JSONString var fallback: Theme = Theme(name: "light", size: 12)
                @JSONString @LossyCoding var ids: [Int]
            }
            """#,
            expandedSource: #"""
            struct Preferences {
                @JSONString var theme: Theme
                @JSONString var backup: Theme?
                @JSONString var fallback: Theme = Theme(name: "light", size: 12)
                @JSONString var ids: [Int]
            }

            extension Preferences: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `theme` = "theme"
                    case `backup` = "backup"
                    case `fallback` = "fallback"
                    case `ids` = "ids"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.theme = try container._joltDecode(JSONString<Theme>.self, forKey: .`theme`).wrappedValue
                    self.backup = try container.decodeIfPresent(JSONString<Theme>.self, forKey: .`backup`)?.wrappedValue
                    self.fallback = container._joltDecode(JSONString<Theme>.self, forKey: .`fallback`, missing: JSONString<Theme>(wrappedValue: Theme(name: "light", size: 12)), invalid: JSONString<Theme>(wrappedValue: Theme(name: "light", size: 12)), decoder: decoder).wrappedValue
                    self.ids = try container._joltDecode(JSONString<LossyArray<Int>>.self, forKey: .`ids`).wrappedValue.wrappedValue
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(JSONString<Theme>(wrappedValue: self.theme), forKey: .`theme`)
                    if let value = self.backup {
                        try container.encode(JSONString<Theme>(wrappedValue: value), forKey: .`backup`)
                    }
                    try container.encode(JSONString<Theme>(wrappedValue: self.fallback), forKey: .`fallback`)
                    try container.encode(JSONString<LossyArray<Int>>(wrappedValue: LossyArray<Int>(wrappedValue: self.ids)), forKey: .`ids`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testRawValues() {
        assertMacroExpansion(
            #"""
            @Codable
            enum RawInt: Int {
                case one = 1, two, other = 0x10, next
            }
            @Codable
            enum RawFloat: Float {
                case zero, one, half = 0.5
            }
            """#,
            expandedSource: #"""
            enum RawInt: Int {
                case one = 1, two, other = 0x10, next
            }
            enum RawFloat: Float {
                case zero, one, half = 0.5
            }

            extension RawInt: Decodable, Encodable, JoltCodingHooks {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if scalar.matches([.int(1)]) {
                            return .`one`
                        }
                        if scalar.matches([.int(2)]) {
                            return .`two`
                        }
                        if scalar.matches([.int(0x10)]) {
                            return .`other`
                        }
                        if scalar.matches([.int(17)]) {
                            return .`next`
                        }
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            for key: _JoltAnyCodingKey in ["one"] where container.contains(key) {
                                return .`one`
                            }
                            for key: _JoltAnyCodingKey in ["two"] where container.contains(key) {
                                return .`two`
                            }
                            for key: _JoltAnyCodingKey in ["other"] where container.contains(key) {
                                return .`other`
                            }
                            for key: _JoltAnyCodingKey in ["next"] where container.contains(key) {
                                return .`next`
                            }
                        }
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "No case of RawInt matches \(scalar)."))
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`one`:
                        try _JoltCaseScalar.encode([.int(1)], fallback: "one", to: encoder)
                    case .`two`:
                        try _JoltCaseScalar.encode([.int(2)], fallback: "two", to: encoder)
                    case .`other`:
                        try _JoltCaseScalar.encode([.int(0x10)], fallback: "other", to: encoder)
                    case .`next`:
                        try _JoltCaseScalar.encode([.int(17)], fallback: "next", to: encoder)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }

            extension RawFloat: Decodable, Encodable, JoltCodingHooks {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if scalar.matches([.double(0)]) {
                            return .`zero`
                        }
                        if scalar.matches([.double(1)]) {
                            return .`one`
                        }
                        if scalar.matches([.double(0.5)]) {
                            return .`half`
                        }
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            for key: _JoltAnyCodingKey in ["zero"] where container.contains(key) {
                                return .`zero`
                            }
                            for key: _JoltAnyCodingKey in ["one"] where container.contains(key) {
                                return .`one`
                            }
                            for key: _JoltAnyCodingKey in ["half"] where container.contains(key) {
                                return .`half`
                            }
                        }
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "No case of RawFloat matches \(scalar)."))
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`zero`:
                        try _JoltCaseScalar.encode([.double(0)], fallback: "zero", to: encoder)
                    case .`one`:
                        try _JoltCaseScalar.encode([.double(1)], fallback: "one", to: encoder)
                    case .`half`:
                        try _JoltCaseScalar.encode([.double(0.5)], fallback: "half", to: encoder)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testPolymorphicFallbackIdentifier() {
        assertMacroExpansion(
            #"""
            @PolymorphicCodable
            enum Figure {
                case circle(Circle)
                @PolymorphicCase("unsupported") @FallbackCase case other(KindKeeper)
            }
            """#,
            expandedSource: #"""
            enum Figure {
                case circle(Circle)
                case other(KindKeeper)
            }

            extension Figure: PolymorphicEnum, Encodable {
                static let polymorphicRegistry = PolymorphicRegistry<Figure>(discriminator: "type", payloadKey: nil) { registry in
                    registry.register(Circle.self, as: "circle", Figure.`circle`)
                    registry.fallback(KindKeeper.self, as: "unsupported", Figure.`other`)
                }

                var polymorphicPayload: Any {
                    switch self {
                    case .`circle`(let value):
                        value
                    case .`other`(let value):
                        value
                    }
                }

                func encodePolymorphicCase(to encoder: any Encoder) throws {
                    switch self {
                    case .`circle`(let value):
                        try PolymorphicRegistry<Figure>.encodeCase(value, as: "circle", of: self, to: encoder)
                    case .`other`(let value):
                        try PolymorphicRegistry<Figure>.encodeFallbackCase(value, of: self, to: encoder)
                    }
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testJoltPropertyWrappers() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Model {
                @LossyArray var numbers: [Int]
                @OptionalDateValue<MillisecondsSince1970Strategy> var updated: Date?
                @Default<ZeroCount> var count: Int
                @PolymorphicDictionary var widgets: [String: any Widget]
                @OptionalPolymorphic var badge: (any Widget)?
            }
            """#,
            expandedSource: #"""
            struct Model {
                @LossyArray var numbers: [Int]
                @OptionalDateValue<MillisecondsSince1970Strategy> var updated: Date?
                @Default<ZeroCount> var count: Int
                @PolymorphicDictionary var widgets: [String: any Widget]
                @OptionalPolymorphic var badge: (any Widget)?
            }

            extension Model: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `numbers` = "numbers"
                    case `updated` = "updated"
                    case `count` = "count"
                    case `widgets` = "widgets"
                    case `badge` = "badge"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.numbers = try container._joltDecode(LossyArray<Int>.self, forKey: .`numbers`).wrappedValue
                    self.updated = try container.decodeIfPresent(DateValue<MillisecondsSince1970Strategy>.self, forKey: .`updated`)?.wrappedValue
                    self.count = container._joltDecode(Default<ZeroCount>.self, forKey: .`count`, missing: Default<ZeroCount>(wrappedValue: ZeroCount.defaultValue), invalid: Default<ZeroCount>(wrappedValue: ZeroCount.defaultValue), decoder: decoder).wrappedValue
                    self.widgets = try container._joltDecode(PolymorphicDictionary<any Widget>.self, forKey: .`widgets`).wrappedValue
                    self.badge = try container.decodeIfPresent(Polymorphic<(any Widget)>.self, forKey: .`badge`)?.wrappedValue
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(LossyArray<Int>(wrappedValue: self.numbers), forKey: .`numbers`)
                    if let value = self.updated {
                        try container.encode(DateValue<MillisecondsSince1970Strategy>(wrappedValue: value), forKey: .`updated`)
                    }
                    try container.encode(Default<ZeroCount>(wrappedValue: self.count), forKey: .`count`)
                    try container.encode(PolymorphicDictionary<any Widget>(wrappedValue: self.widgets), forKey: .`widgets`)
                    if let value = self.badge {
                        try container.encode(Polymorphic<(any Widget)>(wrappedValue: value), forKey: .`badge`)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }
}
