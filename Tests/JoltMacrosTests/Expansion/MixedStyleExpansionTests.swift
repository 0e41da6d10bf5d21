import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// ReerCodable's mixed naming styles (`@CamelSnakeCase`…) and `@CompactCoding` on a set.
final class MixedStyleExpansionTests: XCTestCase {
    func testMixedNamingStyles() {
        assertMacroExpansion(
            #"""
            @Codable @CamelSnakeCase
            struct Mixed {
                var userNameFirst: String
                @PascalSnakeCase var lastLoginAt: Int
                @CamelKebabCase var post_count: Int
                @PascalKebabCase var userURLString: String
                @CodingKey("explicit") var overridden: Int
            }
            """#,
            expandedSource: #"""
            struct Mixed {
                var userNameFirst: String
                var lastLoginAt: Int
                var post_count: Int
                var userURLString: String
                var overridden: Int
            }

            extension Mixed: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `user_Name_First` = "user_Name_First"
                    case `Last_Login_At` = "Last_Login_At"
                    case `post_Count` = "post-Count"
                    case `User_Url_String` = "User-Url-String"
                    case `explicit` = "explicit"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.userNameFirst = try container.decode(String.self, forKey: .`user_Name_First`)
                    self.lastLoginAt = try container.decode(Int.self, forKey: .`Last_Login_At`)
                    self.post_count = try container.decode(Int.self, forKey: .`post_Count`)
                    self.userURLString = try container.decode(String.self, forKey: .`User_Url_String`)
                    self.overridden = try container.decode(Int.self, forKey: .`explicit`)
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.userNameFirst, forKey: .`user_Name_First`)
                    try container.encode(self.lastLoginAt, forKey: .`Last_Login_At`)
                    try container.encode(self.post_count, forKey: .`post_Count`)
                    try container.encode(self.userURLString, forKey: .`User_Url_String`)
                    try container.encode(self.overridden, forKey: .`explicit`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testMixedStylesOnAnEnumAndItsCases() {
        assertMacroExpansion(
            #"""
            @Codable @PascalKebabCase
            enum Event {
                case userCreated(userId: Int)
                @CamelSnakeCase case accountClosed
            }
            """#,
            expandedSource: #"""
            enum Event {
                case userCreated(userId: Int)
                case accountClosed
            }

            extension Event: Decodable, Encodable, JoltCodingHooks {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if scalar.matches([.string("account_Closed")]) {
                            return .`accountClosed`
                        }
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            for key: _JoltAnyCodingKey in ["User-Created"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`userCreated`(userId: try values._joltDecode(Int.self, paths: [["User-Id"]]))
                            }
                            for key: _JoltAnyCodingKey in ["account_Closed"] where container.contains(key) {
                                return .`accountClosed`
                            }
                        }
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "No case of Event matches \(scalar)."))
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`userCreated`(let v0):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: "User-Created")
                        try values._joltEncode(v0, at: ["User-Id"])
                    case .`accountClosed`:
                        try _JoltCaseScalar.encode([.string("account_Closed")], fallback: "account_Closed", to: encoder)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testCompactSet() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Tags {
                @CompactCoding var ids: Set<Int>
                @CompactCoding var names: Set<String>?
            }
            """#,
            expandedSource: #"""
            struct Tags {
                var ids: Set<Int>
                var names: Set<String>?
            }

            extension Tags: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `ids` = "ids"
                    case `names` = "names"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.ids = try container._joltDecode(_JoltCompactSet<Int>.self, forKey: .`ids`).wrappedValue
                    self.names = try container.decodeIfPresent(_JoltCompactSet<String>.self, forKey: .`names`)?.wrappedValue
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(_JoltCompactSet<Int>(wrappedValue: self.ids), forKey: .`ids`)
                    if let value = self.names {
                        try container.encode(_JoltCompactSet<String>(wrappedValue: value), forKey: .`names`)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }
}
