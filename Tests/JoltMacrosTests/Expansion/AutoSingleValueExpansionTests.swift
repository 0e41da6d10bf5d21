import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// AutoCodable's `container: .singleValue("property")`, `.singleValueForEnum` and `accessControl:`.
final class AutoSingleValueExpansionTests: XCTestCase {
    func testSingleValue() {
        assertMacroExpansion(
            #"""
            @AutoCodable(container: .singleValue("value"))
            extension Identifier: Codable {}
            """#,
            expandedSource: #"""
            extension Identifier: Codable {

                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    try self.init(value: container._joltDecodeInferred())
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode(self.value)
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testSingleValueDecodablePublicWithHooks() {
        assertMacroExpansion(
            #"""
            @AutoDecodable(container: .singleValue("raw"), accessControl: .public)
            extension Token: Decodable, JoltCodingHooks {}
            """#,
            expandedSource: #"""
            extension Token: Decodable, JoltCodingHooks {

                public init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.singleValueContainer()
                    try self.init(raw: container._joltDecodeInferred())
                    try _joltHook(self.didDecode(from: decoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testSingleValueForEnum() {
        assertMacroExpansion(
            #"""
            @AutoCodable(container: .singleValueForEnum)
            extension Membership: Codable {
                enum CodingKeys: String, CodingKey {
                    case regular
                    case premium = "PREMIUM"
                }
            }
            """#,
            expandedSource: #"""
            extension Membership: Codable {
                enum CodingKeys: String, CodingKey {
                    case regular
                    case premium = "PREMIUM"
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    let stringValue = try container.decode(String.self)
                    switch stringValue {
                    case CodingKeys.`regular`.stringValue:
                        self = .`regular`
                    case CodingKeys.`premium`.stringValue:
                        self = .`premium`
                    default:
                        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Invalid value: \(stringValue)")
                    }
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    switch self {
                    case .`regular`:
                        try container.encode(CodingKeys.`regular`.stringValue)
                    case .`premium`:
                        try container.encode(CodingKeys.`premium`.stringValue)
                    }
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testPublicKeyedMembers() {
        assertMacroExpansion(
            #"""
            @AutoEncodable(accessControl: .public)
            extension User: Encodable {
                enum CodingKeys: String, CodingKey {
                    case name
                }
            }
            """#,
            expandedSource: #"""
            extension User: Encodable {
                enum CodingKeys: String, CodingKey {
                    case name
                }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container._joltEncodeInferred(self.name, forKey: .`name`)
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testSingleValueMisuse() {
        assertMacroExpansion(
            #"""
            @AutoCodable(container: .singleValue(""))
            extension A: Codable {}
            @AutoCodable(container: .singleValue("first name"))
            extension B: Codable {}
            @AutoCodable(container: .singleValue(name))
            extension C: Codable {}
            @AutoCodable(container: .singleValue("value"))
            extension D: Codable {
                enum CodingKeys: String, CodingKey {
                    case value
                }
            }
            @AutoCodable(container: .singleValue("value"))
            enum E {
                case a
            }
            @AutoCodable(container: .flat)
            extension F: Codable {}
            """#,
            expandedSource: #"""
            extension A: Codable {}
            extension B: Codable {}
            extension C: Codable {}
            extension D: Codable {
                enum CodingKeys: String, CodingKey {
                    case value
                }
            }
            enum E {
                case a
            }
            extension F: Codable {}
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"'' is not a property name: .singleValue names the property holding the value (.singleValue("value"))"#, line: 1, column: 25),
                DiagnosticSpec(message: #"'first name' is not a property name: .singleValue names the property holding the value (.singleValue("value"))"#, line: 3, column: 25),
                DiagnosticSpec(message: #".singleValue takes the name of the property holding the value, as a string literal (.singleValue("value"))"#, line: 5, column: 25),
                DiagnosticSpec(message: #"a single value container has no keys: CodingKeys would be ignored; remove it, or use the keyed container"#, line: 9, column: 10),
                DiagnosticSpec(message: #".singleValue(_:) reads a struct or class from one property; for an enum use .singleValueForEnum"#, line: 13, column: 25),
                DiagnosticSpec(message: #"the container is written out: .keyed, .singleValue("property") or .singleValueForEnum"#, line: 17, column: 25),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    func testSingleValueForEnumMisuse() {
        assertMacroExpansion(
            #"""
            @AutoCodable(container: .singleValueForEnum)
            extension A: Codable {}
            @AutoCodable(container: .singleValueForEnum)
            extension B: Codable {
                enum CodingKeys: String, CodingKey {
                    case image
                }
                enum ImageCodingKeys: String, CodingKey {
                    case url
                }
            }
            @AutoCodable(container: .singleValueForEnum)
            struct C {
                var a: Int
            }
            @AutoCodable(container: .singleValueForEnum)
            extension D: Codable {
                enum CodingKeys: String, CodingKey {
                    @DecodedValue(Path.self) case a
                }
            }
            """#,
            expandedSource: #"""
            extension A: Codable {}
            extension B: Codable {
                enum CodingKeys: String, CodingKey {
                    case image
                }
                enum ImageCodingKeys: String, CodingKey {
                    case url
                }
            }
            struct C {
                var a: Int
            }
            extension D: Codable {
                enum CodingKeys: String, CodingKey {
                    case a
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #".singleValueForEnum needs a 'CodingKeys' enum in the extension naming the cases (their raw values are the strings)"#, line: 1, column: 25),
                DiagnosticSpec(message: #".singleValueForEnum writes a case as a string: a case with associated values (ImageCodingKeys) cannot be one"#, line: 3, column: 25),
                DiagnosticSpec(message: #".singleValueForEnum applies to an enum; for a struct or class use .singleValue("property")"#, line: 12, column: 25),
                DiagnosticSpec(message: #"@DecodedValue has no effect with .singleValueForEnum: a case is written as its key's string"#, line: 19, column: 9),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    func testAccessControlMisuse() {
        assertMacroExpansion(
            #"""
            @AutoCodable(accessControl: level)
            extension A: Codable {
                enum CodingKeys: String, CodingKey {
                    case a
                }
            }
            @AutoCodable(accessControl: .package)
            public extension B: Codable {
                enum CodingKeys: String, CodingKey {
                    case a
                }
            }
            """#,
            expandedSource: #"""
            extension A: Codable {
                enum CodingKeys: String, CodingKey {
                    case a
                }
            }
            public extension B: Codable {
                enum CodingKeys: String, CodingKey {
                    case a
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"accessControl is written out: .public, .package or .internal"#, line: 1, column: 29),
                DiagnosticSpec(message: #"the extension is 'public' and accessControl: .package asks for 'package' members; keep one"#, line: 7, column: 29),
            ],
            macroSpecs: joltMacroSpecs
        )
    }
}
