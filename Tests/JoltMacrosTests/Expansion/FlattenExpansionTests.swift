import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// `@Flatten`: a property's own keys read from, and written to, the enclosing object.
final class FlattenExpansionTests: XCTestCase {
    func testFlattenedProperties() {
        assertMacroExpansion(
            #"""
            @Codable
            struct User {
                var name: String
                @Flatten var address: Address
                @Flatten var geo: Geo?
                @Flatten var extra: Extra = Extra()
            }
            """#,
            expandedSource: #"""
            struct User {
                var name: String
                var address: Address
                var geo: Geo?
                var extra: Extra = Extra()
            }

            extension User: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `name` = "name"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.name = try container.decode(String.self, forKey: .`name`)
                    self.address = try Address(from: decoder)
                    self.geo = try _JoltFlattened.decodeIfPresent(Geo.self, from: decoder)
                    self.extra = _JoltFlattened.decode(Extra.self, from: decoder, property: "extra", default: Extra())
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.name, forKey: .`name`)
                    try self.address.encode(to: encoder)
                    try self.geo?.encode(to: encoder)
                    try self.extra.encode(to: encoder)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testOnlyFlattenedProperties() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Place {
                @Flatten var address: Address
                @CodingIgnored var cache = 0
            }
            """#,
            expandedSource: #"""
            struct Place {
                var address: Address
                var cache = 0
            }

            extension Place: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: CodingKey {
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    self.address = try Address(from: decoder)
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    try self.address.encode(to: encoder)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testFlattenWithKeysAndValueAnnotations() {
        assertMacroExpansion(
            #"""
            @Codable
            struct User {
                @Flatten @CodingKey("addr") var address: Address
                @Flatten @SnakeCase var homeAddress: Address
                @Flatten @CustomCoding(AddressText.self) var workAddress: Address
                @Flatten @EncodeNil var geo: Geo?
                @Flatten @DecodingDefault(Address()) var other: Address
            }
            """#,
            expandedSource: #"""
            @Codable
            struct User {
                var address: Address
                var homeAddress: Address
                var workAddress: Address
                var geo: Geo?
                var other: Address
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodingKey has no effect: a @Flatten property has no key of its own: its type's keys are read from the enclosing object"#, line: 3, column: 14, fixIts: [FixItSpec(message: #"remove @CodingKey"#)]),
                DiagnosticSpec(message: #"@SnakeCase has no effect: a @Flatten property has no key of its own: its type's keys are read from the enclosing object"#, line: 4, column: 14, fixIts: [FixItSpec(message: #"remove @SnakeCase"#)]),
                DiagnosticSpec(message: #"@CustomCoding has no effect: a @Flatten property is read and written by its type's own init(from:) and encode(to:)"#, line: 5, column: 14, fixIts: [FixItSpec(message: #"remove @CustomCoding"#)]),
                DiagnosticSpec(message: #"@EncodeNil has no effect: a nil @Flatten property writes no keys"#, line: 6, column: 14, fixIts: [FixItSpec(message: #"remove @EncodeNil"#)]),
            ],
            macroSpecs: markerSpecs
        )
    }

    func testFlattenMisplaced() {
        assertMacroExpansion(
            #"""
            @Codable @CodingContainer("data")
            struct User {
                @Flatten var address: Address
                @Flatten let geo: Geo = Geo()
            }
            @Codable
            enum Kind {
                @Flatten case a
            }
            """#,
            expandedSource: #"""
            @Codable
            struct User {
                var address: Address
                let geo: Geo = Geo()
            }
            @Codable
            enum Kind {
                case a
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@Flatten is not supported in a type with @CodingContainer: the flattened type would read the whole object, not the container"#, line: 3, column: 5),
                DiagnosticSpec(message: #"a 'let' with an initial value is never decoded; make it 'var' so the value is the default, or remove the value"#, line: 4, column: 5, fixIts: [FixItSpec(message: #"make it 'var'"#)]),
                DiagnosticSpec(message: #"@Flatten applies to a stored property of a @Codable, @Decodable or @Encodable struct or class; not on an enum case"#, line: 8, column: 5, fixIts: [FixItSpec(message: #"remove @Flatten"#)]),
            ],
            macroSpecs: markerSpecs
        )
    }

    func testFlattenWithoutAType() {
        assertMacroExpansion(
            #"""
            @Codable
            struct User {
                @Flatten var address = Address()
            }
            """#,
            expandedSource: #"""
            struct User {
                var address = Address()
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@Flatten needs the property's type written out ('var name: Type')"#, line: 3, column: 5),
            ],
            macroSpecs: joltMacroSpecs
        )
    }
}
