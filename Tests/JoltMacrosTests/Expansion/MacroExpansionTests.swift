import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import SwiftSyntaxMacroExpansion
import XCTest

/// The code each Jolt macro writes (SwiftSyntaxMacrosTestSupport).
final class MacroExpansionTests: XCTestCase {
    func testKeysDefaultsAndOptionals() {
        assertMacroExpansion(
            #"""
            @Codable
            struct User {
                @CodingKey("user_name") var name: String
                @CodingKey("name", "username", "profile.name") @EncodingKey("display") var display: String
                var age = 33
                var nickname: String?
                @DecodingDefault("guest") let role: String
                @DecodingDefault(missing: 0, invalid: -1) let score: Int
                @CodingIgnored var cache: [String: Int] = [:]
                var computed: Int { age * 2 }
                static let shared = 1
            }
            """#,
            expandedSource: #"""
            struct User {
                var name: String
                var display: String
                var age = 33
                var nickname: String?
                let role: String
                let score: Int
                var cache: [String: Int] = [:]
                var computed: Int { age * 2 }
                static let shared = 1
            }

            extension User: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `user_name` = "user_name"
                    case `name` = "name"
                    case `username` = "username"
                    case `profile` = "profile"
                    case `display` = "display"
                    case `age` = "age"
                    case `nickname` = "nickname"
                    case `role` = "role"
                    case `score` = "score"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.name = try container.decode(String.self, forKey: .`user_name`)
                    self.display = try container._joltDecode(paths: [[.`name`], [.`username`], [.`profile`, .`name`]]) {
                        try $0.decodeIfPresent(String.self, forKey: $1)
                    }
                    self.age = container._joltDecode(forKey: .`age`, missing: 33, invalid: 33, decoder: decoder) {
                        try $0.decodeIfPresent(Int.self, forKey: $1)
                    }
                    self.nickname = try container.decodeIfPresent(String.self, forKey: .`nickname`)
                    self.role = container._joltDecode(forKey: .`role`, missing: "guest", invalid: "guest", decoder: decoder) {
                        try $0.decodeIfPresent(String.self, forKey: $1)
                    }
                    self.score = container._joltDecode(forKey: .`score`, missing: 0, invalid: -1, decoder: decoder) {
                        try $0.decodeIfPresent(Int.self, forKey: $1)
                    }
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.name, forKey: .`user_name`)
                    try container.encode(self.display, forKey: .`display`)
                    try container.encode(self.age, forKey: .`age`)
                    try container.encodeIfPresent(self.nickname, forKey: .`nickname`)
                    try container.encode(self.role, forKey: .`role`)
                    try container.encode(self.score, forKey: .`score`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testNamingStyles() {
        assertMacroExpansion(
            #"""
            @Codable @SnakeCase
            struct Styled {
                var firstName: String
                @KebabCase var lastLoginAt: Int
                @CamelCase var post_count: Int
                @PascalCase var displayName: String
                @ScreamingSnakeCase var apiKey: String
                @ScreamingKebabCase var requestId: String
                @FlatCase var homePage: String
                @UpperCase var countryCode: String
            }
            """#,
            expandedSource: #"""
            struct Styled {
                var firstName: String
                var lastLoginAt: Int
                var post_count: Int
                var displayName: String
                var apiKey: String
                var requestId: String
                var homePage: String
                var countryCode: String
            }

            extension Styled: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `first_name` = "first_name"
                    case `last_login_at` = "last-login-at"
                    case `postCount` = "postCount"
                    case `DisplayName` = "DisplayName"
                    case `API_KEY` = "API_KEY"
                    case `REQUEST_ID` = "REQUEST-ID"
                    case `homepage` = "homepage"
                    case `COUNTRYCODE` = "COUNTRYCODE"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.firstName = try container.decode(String.self, forKey: .`first_name`)
                    self.lastLoginAt = try container.decode(Int.self, forKey: .`last_login_at`)
                    self.post_count = try container.decode(Int.self, forKey: .`postCount`)
                    self.displayName = try container.decode(String.self, forKey: .`DisplayName`)
                    self.apiKey = try container.decode(String.self, forKey: .`API_KEY`)
                    self.requestId = try container.decode(String.self, forKey: .`REQUEST_ID`)
                    self.homePage = try container.decode(String.self, forKey: .`homepage`)
                    self.countryCode = try container.decode(String.self, forKey: .`COUNTRYCODE`)
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.firstName, forKey: .`first_name`)
                    try container.encode(self.lastLoginAt, forKey: .`last_login_at`)
                    try container.encode(self.post_count, forKey: .`postCount`)
                    try container.encode(self.displayName, forKey: .`DisplayName`)
                    try container.encode(self.apiKey, forKey: .`API_KEY`)
                    try container.encode(self.requestId, forKey: .`REQUEST_ID`)
                    try container.encode(self.homePage, forKey: .`homepage`)
                    try container.encode(self.countryCode, forKey: .`COUNTRYCODE`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testValueCodings() {
        assertMacroExpansion(
            #"""
            @Codable @EncodeNil
            struct Media {
                @DateCoding(ISO8601Strategy.self) var created: Date
                @DateCoding(MillisecondsSince1970Strategy.self) var updated: Date?
                @Base64Coding var avatar: Data
                @Base64Coding(format: .hex) var digest: [UInt8]
                @FlexibleType var id: Int = 0
                @LossyCoding var numbers: [Int]
                @LossyCoding var scores: [String: Int]
                @CompactCoding var names: [String]?
                @CustomCoding(CommaList.self) var tags: [String]
                @CustomCoding(decode: { try Int(from: $0) }, encode: { try $0.encode(to: $1) }) var raw: Int
            }
            """#,
            expandedSource: #"""
            struct Media {
                var created: Date
                var updated: Date?
                var avatar: Data
                var digest: [UInt8]
                var id: Int = 0
                var numbers: [Int]
                var scores: [String: Int]
                var names: [String]?
                var tags: [String]
                var raw: Int
            }

            extension Media: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `created` = "created"
                    case `updated` = "updated"
                    case `avatar` = "avatar"
                    case `digest` = "digest"
                    case `id` = "id"
                    case `numbers` = "numbers"
                    case `scores` = "scores"
                    case `names` = "names"
                    case `tags` = "tags"
                    case `raw` = "raw"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.created = try container._joltDecode(DateValue<ISO8601Strategy>.self, forKey: .`created`).wrappedValue
                    self.updated = try container.decodeIfPresent(DateValue<MillisecondsSince1970Strategy>.self, forKey: .`updated`)?.wrappedValue
                    self.avatar = try container._joltDecode(Base64Data<Data>.self, forKey: .`avatar`).wrappedValue
                    self.digest = try container._joltDecode(HexData<[UInt8]>.self, forKey: .`digest`).wrappedValue
                    self.id = container._joltDecode(LosslessValue<Int>.self, forKey: .`id`, missing: LosslessValue<Int>(wrappedValue: 0), invalid: LosslessValue<Int>(wrappedValue: 0), decoder: decoder).wrappedValue
                    self.numbers = try container._joltDecode(LossyArray<Int>.self, forKey: .`numbers`).wrappedValue
                    self.scores = try container._joltDecode(LossyDictionary<String, Int>.self, forKey: .`scores`).wrappedValue
                    self.names = try container.decodeIfPresent(_JoltCompactArray<String>.self, forKey: .`names`)?.wrappedValue
                    self.tags = try container._joltDecode(_JoltCustomCoded<CommaList>.self, forKey: .`tags`).wrappedValue
                    self.raw = try container._joltDecode(paths: [[.`raw`]], using: {
                            try Int(from: $0)
                        })
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(DateValue<ISO8601Strategy>(wrappedValue: self.created), forKey: .`created`)
                    if let value = self.updated {
                        try container.encode(DateValue<MillisecondsSince1970Strategy>(wrappedValue: value), forKey: .`updated`)
                    } else {
                        try container.encodeNil(forKey: .`updated`)
                    }
                    try container.encode(Base64Data<Data>(wrappedValue: self.avatar), forKey: .`avatar`)
                    try container.encode(HexData<[UInt8]>(wrappedValue: self.digest), forKey: .`digest`)
                    try container.encode(LosslessValue<Int>(wrappedValue: self.id), forKey: .`id`)
                    try container.encode(LossyArray<Int>(wrappedValue: self.numbers), forKey: .`numbers`)
                    try container.encode(LossyDictionary<String, Int>(wrappedValue: self.scores), forKey: .`scores`)
                    if let value = self.names {
                        try container.encode(_JoltCompactArray<String>(wrappedValue: value), forKey: .`names`)
                    } else {
                        try container.encodeNil(forKey: .`names`)
                    }
                    try container.encode(_JoltCustomCoded<CommaList>(wrappedValue: self.tags), forKey: .`tags`)
                    try ({
                            try $0.encode(to: $1)
                        })(self.raw, container.superEncoder(forKey: .`raw`))
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testContainerAndHooks() {
        assertMacroExpansion(
            #"""
            @Codable @CodingContainer("data.info")
            public struct Info {
                public var name: String
                @CodingKey("meta.rank") @EncodeNil var rank: Int?

                static func willDecode(from decoder: any Decoder) throws {}
                mutating func didDecode(from decoder: any Decoder) throws {}
                func willEncode(to encoder: any Encoder) {}
                func didEncode(to encoder: any Encoder) throws {}
            }
            """#,
            expandedSource: #"""
            public struct Info {
                public var name: String
                var rank: Int?

                static func willDecode(from decoder: any Decoder) throws {}
                mutating func didDecode(from decoder: any Decoder) throws {}
                func willEncode(to encoder: any Encoder) {}
                func didEncode(to encoder: any Encoder) throws {}
            }

            extension Info: Decodable, Encodable, JoltCodingHooks {
                public enum CodingKeys: String, CodingKey {
                    case `data` = "data"
                    case `info` = "info"
                    case `name` = "name"
                    case `meta` = "meta"
                    case `rank` = "rank"
                }

                public init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)._joltNestedContainer([.`data`, .`info`])
                    self.name = try container.decode(String.self, forKey: .`name`)
                    self.rank = try container._joltDecodeIfPresent(paths: [[.`meta`, .`rank`]]) {
                        try $0.decodeIfPresent(Int.self, forKey: $1)
                    }
                    try _joltHook(self.didDecode(from: decoder))
                }

                public func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    var container0 = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .`data`)
                    var container1 = container0.nestedContainer(keyedBy: CodingKeys.self, forKey: .`info`)
                    try container1.encode(self.name, forKey: .`name`)
                    do {
                        var container2 = container1.nestedContainer(keyedBy: CodingKeys.self, forKey: .`meta`)
                        if let value = self.rank {
                            try container2.encode(value, forKey: .`rank`)
                        } else {
                            try container2.encodeNil(forKey: .`rank`)
                        }
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testDecodableAndEncodable() {
        assertMacroExpansion(
            #"""
            @Decodable
            struct Event {
                @CodingKey("event_id") let id: Int
            }
            @Encodable
            struct Ping {
                @EncodingKey("sent_at") var sentAt: Int
            }
            """#,
            expandedSource: #"""
            struct Event {
                let id: Int
            }
            struct Ping {
                var sentAt: Int
            }

            extension Event: Decodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `event_id` = "event_id"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.id = try container.decode(Int.self, forKey: .`event_id`)
                    try _joltHook(self.didDecode(from: decoder))
                }
            }

            extension Ping: Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `sent_at` = "sent_at"
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.sentAt, forKey: .`sent_at`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testClassAndInheritedCodable() {
        assertMacroExpansion(
            #"""
            @Codable
            open class Animal {
                var name: String = ""
            }
            @InheritedCodable
            final class Dog: Animal {
                var barks = true
            }
            """#,
            expandedSource: #"""
            open class Animal {
                var name: String = ""

                public enum CodingKeys: String, CodingKey {
                    case `name` = "name"
                }

                open class var joltHooksClass: AnyClass {
                    Animal.self
                }

                public required init(from decoder: any Decoder) throws {
                    let runsHooks = Self.joltHooksClass == Animal.self
                    if runsHooks {
                        try _joltHook(Self.willDecode(from: decoder))
                    }
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.name = container._joltDecode(forKey: .`name`, missing: "", invalid: "", decoder: decoder) {
                        try $0.decodeIfPresent(String.self, forKey: $1)
                    }
                    if runsHooks {
                        try _joltHook(self.didDecode(from: decoder))
                    }
                }

                public func encode(to encoder: any Encoder) throws {
                    let runsHooks = Self.joltHooksClass == Animal.self
                    if runsHooks {
                        try _joltHook(self.willEncode(to: encoder))
                    }
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.name, forKey: .`name`)
                    if runsHooks {
                        try _joltHook(self.didEncode(to: encoder))
                    }
                }
            }
            final class Dog: Animal {
                var barks = true

                enum CodingKeys: String, CodingKey {
                    case `barks` = "barks"
                }

                override class var joltHooksClass: AnyClass {
                    Dog.self
                }

                required init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.barks = container._joltDecode(forKey: .`barks`, missing: true, invalid: true, decoder: decoder) {
                        try $0.decodeIfPresent(Bool.self, forKey: $1)
                    }
                    try super.init(from: decoder)
                    try _joltHook(self.didDecode(from: decoder))
                }

                override func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    try super.encode(to: encoder)
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.barks, forKey: .`barks`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }

            extension Animal: Decodable, Encodable, JoltCodingHooks, JoltCodableClass {
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    /// A final class runs its hooks unconditionally (no subclass can take them over).
    func testFinalClassHooks() {
        assertMacroExpansion(
            #"""
            @Codable
            final class Counter {
                var count: Int
            }
            """#,
            expandedSource: #"""
            final class Counter {
                var count: Int

                enum CodingKeys: String, CodingKey {
                    case `count` = "count"
                }

                required init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.count = try container.decode(Int.self, forKey: .`count`)
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.count, forKey: .`count`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }

            extension Counter: Decodable, Encodable, JoltCodingHooks {
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    /// A subclass of a class whose code the macros did not write: the compiler lists
    /// `JoltCodableClass` (the superclass does not conform), so `joltHooksClass` is declared,
    /// not overridden, and the conformances are added.
    func testInheritedCodableOfUnannotatedSuperclass() {
        var specs = joltMacroSpecs
        specs["InheritedCodable"] = MacroSpec(type: InheritedCodableMacro.self, conformances: ["JoltCodingHooks", "JoltCodableClass"])
        assertMacroExpansion(
            #"""
            @InheritedCodable
            public class Fancy: Plain {
                var style: String
            }
            @InheritedCodable
            final class Fanciest: Plain {
                var level = 1
            }
            """#,
            expandedSource: #"""
            public class Fancy: Plain {
                var style: String

                public enum CodingKeys: String, CodingKey {
                    case `style` = "style"
                }

                public class var joltHooksClass: AnyClass {
                    Fancy.self
                }

                public required init(from decoder: any Decoder) throws {
                    let runsHooks = Self.joltHooksClass == Fancy.self
                    if runsHooks {
                        try _joltHook(Self.willDecode(from: decoder))
                    }
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.style = try container.decode(String.self, forKey: .`style`)
                    try super.init(from: decoder)
                    if runsHooks {
                        try _joltHook(self.didDecode(from: decoder))
                    }
                }

                override public func encode(to encoder: any Encoder) throws {
                    let runsHooks = Self.joltHooksClass == Fancy.self
                    if runsHooks {
                        try _joltHook(self.willEncode(to: encoder))
                    }
                    try super.encode(to: encoder)
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.style, forKey: .`style`)
                    if runsHooks {
                        try _joltHook(self.didEncode(to: encoder))
                    }
                }
            }
            final class Fanciest: Plain {
                var level = 1

                enum CodingKeys: String, CodingKey {
                    case `level` = "level"
                }

                required init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.level = container._joltDecode(forKey: .`level`, missing: 1, invalid: 1, decoder: decoder) {
                        try $0.decodeIfPresent(Int.self, forKey: $1)
                    }
                    try super.init(from: decoder)
                    try _joltHook(self.didDecode(from: decoder))
                }

                override func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    try super.encode(to: encoder)
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.level, forKey: .`level`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }

            extension Fancy: JoltCodingHooks, JoltCodableClass {
            }

            extension Fanciest: JoltCodingHooks {
            }
            """#,
            macroSpecs: specs
        )
    }

    func testEnumCases() {
        assertMacroExpansion(
            #"""
            @Codable
            enum Video {
                @CodingCase(match: .string("iphone"), .int(10), .intRange(22...30), .bool(true))
                case phone
                @CodingCase(match: .string("vimeo"), values: [.label("id", keys: "ID", "Id"), .index(1, keys: "minutes")])
                case vimeo(id: String, Int = 3)
                @CodingCase(match: .string("short"), .pathValue("type.middle"))
                case short(id: Int, note: String?)
                @FallbackCase
                case unknown
            }
            """#,
            expandedSource: #"""
            enum Video {
                case phone
                case vimeo(id: String, Int = 3)
                case short(id: Int, note: String?)
                case unknown
            }

            extension Video: Decodable, Encodable, JoltCodingHooks {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if scalar.matches([.string("iphone"), .int(10), .intRange(22 ... 30), .bool(true)]) {
                            return .`phone`
                        }
                        if scalar.matches([.string("unknown")]) {
                            return .`unknown`
                        }
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            if _JoltCaseScalar(container, path: ["type", "middle"]).matches([.string("short")]) {
                                return .`short`(id: try container._joltDecode(Int.self, paths: [["id"]]), note: try container._joltDecodeIfPresent(String.self, paths: [["note"]]))
                            }
                            for key: _JoltAnyCodingKey in ["iphone"] where container.contains(key) {
                                return .`phone`
                            }
                            for key: _JoltAnyCodingKey in ["vimeo"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`vimeo`(id: try values._joltDecode(String.self, paths: [["ID"], ["Id"]]), values._joltDecode(Int.self, paths: [["minutes"]], missing: 3, invalid: 3, decoder: decoder))
                            }
                            for key: _JoltAnyCodingKey in ["unknown"] where container.contains(key) {
                                return .`unknown`
                            }
                        }
                        decoder.recordRecovery(.unknownEnumCase, reason: "no case of Video matches \(scalar); unknown used")
                        return .`unknown`
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`phone`:
                        try _JoltCaseScalar.encode([.string("iphone"), .int(10), .intRange(22 ... 30), .bool(true)], fallback: "phone", to: encoder)
                    case .`vimeo`(let v0, let v1):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: "vimeo")
                        try values._joltEncode(v0, at: ["ID"])
                        try values._joltEncode(v1, at: ["minutes"])
                    case .`short`(let v0, let v1):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        try container._joltEncode("short", at: ["type", "middle"])
                        try container._joltEncode(v0, at: ["id"])
                        try container._joltEncodeIfPresent(v1, at: ["note"])
                    case .`unknown`:
                        try _JoltCaseScalar.encode([.string("unknown")], fallback: "unknown", to: encoder)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    /// A style on the enum and on a case: case names and associated value labels
    /// (not `_1`); explicit texts and keys win.
    func testEnumNamingStyles() {
        assertMacroExpansion(
            #"""
            @Codable @SnakeCase
            enum Activity {
                case userCreated
                case userDeleted(userId: Int, String)
                @KebabCase
                case passwordReset(requestedAt: Int)
                @CodingCase(match: .string("login"), values: [.label("ipAddress", keys: "ip")])
                case loggedIn(ipAddress: String, userAgent: String)
            }
            """#,
            expandedSource: #"""
            enum Activity {
                case userCreated
                case userDeleted(userId: Int, String)
                case passwordReset(requestedAt: Int)
                case loggedIn(ipAddress: String, userAgent: String)
            }

            extension Activity: Decodable, Encodable, JoltCodingHooks {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if scalar.matches([.string("user_created")]) {
                            return .`userCreated`
                        }
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            for key: _JoltAnyCodingKey in ["user_created"] where container.contains(key) {
                                return .`userCreated`
                            }
                            for key: _JoltAnyCodingKey in ["user_deleted"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`userDeleted`(userId: try values._joltDecode(Int.self, paths: [["user_id"]]), try values._joltDecode(String.self, paths: [["_1"]]))
                            }
                            for key: _JoltAnyCodingKey in ["password-reset"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`passwordReset`(requestedAt: try values._joltDecode(Int.self, paths: [["requested-at"]]))
                            }
                            for key: _JoltAnyCodingKey in ["login"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`loggedIn`(ipAddress: try values._joltDecode(String.self, paths: [["ip"]]), userAgent: try values._joltDecode(String.self, paths: [["user_agent"]]))
                            }
                        }
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "No case of Activity matches \(scalar)."))
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`userCreated`:
                        try _JoltCaseScalar.encode([.string("user_created")], fallback: "user_created", to: encoder)
                    case .`userDeleted`(let v0, let v1):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: "user_deleted")
                        try values._joltEncode(v0, at: ["user_id"])
                        try values._joltEncode(v1, at: ["_1"])
                    case .`passwordReset`(let v0):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: "password-reset")
                        try values._joltEncode(v0, at: ["requested-at"])
                    case .`loggedIn`(let v0, let v1):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: "login")
                        try values._joltEncode(v0, at: ["ip"])
                        try values._joltEncode(v1, at: ["user_agent"])
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testPolymorphicCodable() {
        assertMacroExpansion(
            #"""
            @PolymorphicCodable(discriminator: "kind", payloadKey: "data")
            public enum Block {
                @PolymorphicCase("image", "picture") case image(ImageItem)
                case text(TextItem)
                @FallbackCase case unknown(UnknownItem)
            }
            """#,
            expandedSource: #"""
            public enum Block {
                case image(ImageItem)
                case text(TextItem)
                case unknown(UnknownItem)
            }

            extension Block: PolymorphicEnum, Encodable {
                public static let polymorphicRegistry = PolymorphicRegistry<Block>(discriminator: "kind", payloadKey: "data") { registry in
                    registry.register(ImageItem.self, as: "image", Block.`image`)
                    registry.register(ImageItem.self, as: "picture", Block.`image`)
                    registry.register(TextItem.self, as: "text", Block.`text`)
                    registry.fallback(UnknownItem.self, as: "unknown", Block.`unknown`)
                }

                public var polymorphicPayload: Any {
                    switch self {
                    case .`image`(let value):
                        value
                    case .`text`(let value):
                        value
                    case .`unknown`(let value):
                        value
                    }
                }

                public func encodePolymorphicCase(to encoder: any Encoder) throws {
                    switch self {
                    case .`image`(let value):
                        try PolymorphicRegistry<Block>.encodeCase(value, as: "image", of: self, to: encoder)
                    case .`text`(let value):
                        try PolymorphicRegistry<Block>.encodeCase(value, as: "text", of: self, to: encoder)
                    case .`unknown`(let value):
                        try PolymorphicRegistry<Block>.encodeFallbackCase(value, of: self, to: encoder)
                    }
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testPolymorphicIdentifierAndRegistry() {
        assertMacroExpansion(
            #"""
            @PolymorphicIdentifier("image", "picture")
            public struct ImageItem: ViewItem, Codable {
                var url: String
            }
            """#,
            expandedSource: #"""
            public struct ImageItem: ViewItem, Codable {
                var url: String
            }

            extension ImageItem: PolymorphicIdentified {
                public static var polymorphicIdentifiers: [String] {
                    ["image", "picture"]
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            let registry = #polymorphicRegistry((any ViewItem).self, discriminator: "meta.kind", types: ImageItem.self, TextItem.self, fallback: UnknownItem.self)
            """#,
            expandedSource: #"""
            let registry = PolymorphicRegistry<(any ViewItem)>(discriminator: "meta.kind", payloadKey: nil) { registry in
                for identifier in ImageItem.polymorphicIdentifiers {
                    registry.register(ImageItem.self, as: identifier) {
                        $0
                    }
                }
                for identifier in TextItem.polymorphicIdentifiers {
                    registry.register(TextItem.self, as: identifier) {
                        $0
                    }
                }
                registry.identifiedFallback(UnknownItem.self) {
                    $0
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testAutoCodableStruct() {
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension Account: Codable {
                enum CodingKeys: String, CodingKey {
                    case name = "user_name", age
                }
            }
            """#,
            expandedSource: #"""
            extension Account: Codable {
                enum CodingKeys: String, CodingKey {
                    case name = "user_name", age
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.name = try container._joltDecodeInferred(forKey: .`name`)
                    self.age = try container._joltDecodeInferred(forKey: .`age`)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container._joltEncodeInferred(self.name, forKey: .`name`)
                    try container._joltEncodeInferred(self.age, forKey: .`age`)
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testAutoCodableWithHooks() {
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension Account: Codable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case name
                }
            }
            """#,
            expandedSource: #"""
            extension Account: Codable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case name
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.name = try container._joltDecodeInferred(forKey: .`name`)
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container._joltEncodeInferred(self.name, forKey: .`name`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testAutoDecodableEnum() {
        assertMacroExpansion(
            #"""
            @AutoDecodable
            extension Shape: Decodable {
                enum CodingKeys: String, CodingKey {
                    case circle, empty
                }
                enum CircleCodingKeys: String, CodingKey {
                    case radius = "r", _1
                }
            }
            @AutoEncodable
            extension Shape: Encodable {
                enum CodingKeys: String, CodingKey {
                    case circle, empty
                }
                enum CircleCodingKeys: String, CodingKey {
                    case radius = "r", _1
                }
            }
            """#,
            expandedSource: #"""
            extension Shape: Decodable {
                enum CodingKeys: String, CodingKey {
                    case circle, empty
                }
                enum CircleCodingKeys: String, CodingKey {
                    case radius = "r", _1
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    guard let key = container.allKeys.first, container.allKeys.count == 1 else {
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container.codingPath, debugDescription: "Expected one key naming a case."))
                    }
                    switch key {
                    case .`circle`:
                        let values = try container.nestedContainer(keyedBy: CircleCodingKeys.self, forKey: .`circle`)
                        self = .`circle`(radius: try values._joltDecodeInferred(forKey: .`radius`), try values._joltDecodeInferred(forKey: .`_1`))
                    case .`empty`:
                        self = .`empty`
                    }
                }
            }
            extension Shape: Encodable {
                enum CodingKeys: String, CodingKey {
                    case circle, empty
                }
                enum CircleCodingKeys: String, CodingKey {
                    case radius = "r", _1
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    switch self {
                    case .`circle`(let v0, let v1):
                        var values = container.nestedContainer(keyedBy: CircleCodingKeys.self, forKey: .`circle`)
                        try values._joltEncodeInferred(v0, forKey: .`radius`)
                        try values._joltEncodeInferred(v1, forKey: .`_1`)
                    case .`empty`:
                        _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .`empty`)
                    }
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    /// Custom value types on keys: a struct's properties, and per case, each
    /// associated value's in its `<Case>CodingKeys` enum.
    func testAutoCodableValueTypes() {
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension Member: Codable {
                enum CodingKeys: String, CodingKey {
                    case name
                    @DecodedValue(FilePath.self) @EncodedValue(FilePath.self) case avatar
                    @CustomCoding(CommaList.self) case tags
                }
            }
            @AutoCodable
            extension Attachment: Codable {
                enum CodingKeys: String, CodingKey {
                    case clip, note
                }
                enum ClipCodingKeys: String, CodingKey {
                    @DecodedValue(FilePath.self) case _0 = "src"
                    @CustomCoding(Milliseconds.self) case length = "ms"
                }
            }
            """#,
            expandedSource: #"""
            extension Member: Codable {
                enum CodingKeys: String, CodingKey {
                    case name
                    case avatar
                    case tags
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.name = try container._joltDecodeInferred(forKey: .`name`)
                    self.avatar = try container._joltDecodeInferred(FilePath.self, forKey: .`avatar`)
                    self.tags = try container._joltDecodeInferred(transformer: CommaList.self, forKey: .`tags`)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container._joltEncodeInferred(self.name, forKey: .`name`)
                    try container._joltEncodeInferred(self.avatar, as: FilePath.self, forKey: .`avatar`)
                    try container._joltEncodeInferred(self.tags, transformer: CommaList.self, forKey: .`tags`)
                }
            }
            extension Attachment: Codable {
                enum CodingKeys: String, CodingKey {
                    case clip, note
                }
                enum ClipCodingKeys: String, CodingKey {
                    case _0 = "src"
                    case length = "ms"
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    guard let key = container.allKeys.first, container.allKeys.count == 1 else {
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container.codingPath, debugDescription: "Expected one key naming a case."))
                    }
                    switch key {
                    case .`clip`:
                        let values = try container.nestedContainer(keyedBy: ClipCodingKeys.self, forKey: .`clip`)
                        self = .`clip`(try values._joltDecodeInferred(FilePath.self, forKey: .`_0`), length: try values._joltDecodeInferred(transformer: Milliseconds.self, forKey: .`length`))
                    case .`note`:
                        self = .`note`
                    }
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    switch self {
                    case .`clip`(let v0, let v1):
                        var values = container.nestedContainer(keyedBy: ClipCodingKeys.self, forKey: .`clip`)
                        try values._joltEncodeInferred(v0, forKey: .`_0`)
                        try values._joltEncodeInferred(v1, transformer: Milliseconds.self, forKey: .`length`)
                    case .`note`:
                        _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .`note`)
                    }
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    /// AutoCodable's nested containers: a `<Key>CodingKeys` enum inside `CodingKeys`.
    func testAutoCodableNestedContainers() {
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension Person: Codable {
                enum CodingKeys: String, CodingKey {
                    case names, age
                    enum NamesCodingKeys: String, CodingKey {
                        case firstName = "first", lastName
                        enum LastNameCodingKeys: String, CodingKey {
                            case family
                        }
                    }
                }
            }
            """#,
            expandedSource: #"""
            extension Person: Codable {
                enum CodingKeys: String, CodingKey {
                    case names, age
                    enum NamesCodingKeys: String, CodingKey {
                        case firstName = "first", lastName
                        enum LastNameCodingKeys: String, CodingKey {
                            case family
                        }
                    }
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let namesContainer = try container.nestedContainer(keyedBy: CodingKeys.NamesCodingKeys.self, forKey: .`names`)
                    self.firstName = try namesContainer._joltDecodeInferred(forKey: .`firstName`)
                    let names_lastNameContainer = try namesContainer.nestedContainer(keyedBy: CodingKeys.NamesCodingKeys.LastNameCodingKeys.self, forKey: .`lastName`)
                    self.family = try names_lastNameContainer._joltDecodeInferred(forKey: .`family`)
                    self.age = try container._joltDecodeInferred(forKey: .`age`)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    var namesContainer = container.nestedContainer(keyedBy: CodingKeys.NamesCodingKeys.self, forKey: .`names`)
                    try namesContainer._joltEncodeInferred(self.firstName, forKey: .`firstName`)
                    var names_lastNameContainer = namesContainer.nestedContainer(keyedBy: CodingKeys.NamesCodingKeys.LastNameCodingKeys.self, forKey: .`lastName`)
                    try names_lastNameContainer._joltEncodeInferred(self.family, forKey: .`family`)
                    try container._joltEncodeInferred(self.age, forKey: .`age`)
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }
}
