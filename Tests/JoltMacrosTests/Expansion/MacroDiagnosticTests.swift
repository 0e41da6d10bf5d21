import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// The errors (with fix-its) the Jolt macros report for misuse.
final class MacroDiagnosticTests: XCTestCase {
    func testLetWithInitialValue() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                let retries = 3
            }
            """#,
            expandedSource: #"""
            struct Config {
                let retries = 3
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"a 'let' with an initial value is never decoded; make it 'var' so the value is the default, or remove the value and use @DecodingDefault"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"make it 'var'"#)]),
            ],
            macroSpecs: joltMacroSpecs,
            fixedSource: #"""
            @Codable
            struct Config {
                var retries = 3
            }
            """#
        )
    }

    func testPolymorphicIdentifierAndRegistryMisuse() {
        assertMacroExpansion(
            #"""
            @PolymorphicIdentifier
            struct A: Codable {}
            """#,
            expandedSource: #"""
            struct A: Codable {}
            """#,
            diagnostics: [DiagnosticSpec(message: "@PolymorphicIdentifier needs at least one discriminator value", line: 1, column: 1)],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @PolymorphicIdentifier(name)
            struct A: Codable {}
            """#,
            expandedSource: #"""
            struct A: Codable {}
            """#,
            diagnostics: [DiagnosticSpec(message: "a discriminator value is a string literal", line: 1, column: 24)],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            let r = #polymorphicRegistry((any ViewItem).self, types: ImageItem)
            """#,
            expandedSource: #"""
            let r = fatalError()
            """#,
            diagnostics: [DiagnosticSpec(message: "a registered type is written as a metatype, as in ImageItem.self", line: 1, column: 58)],
            macroSpecs: joltMacroSpecs
        )
    }

    func testDecodingDefaultWithoutValue() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                @DecodingDefault let retries: Int
            }
            """#,
            expandedSource: #"""
            struct Config {
                let retries: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@DecodingDefault needs a value (or missing: and invalid:)"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"add a default value"#)]),
            ],
            macroSpecs: joltMacroSpecs,
            fixedSource: #"""
            @Codable
            struct Config {
                @DecodingDefault(<#value#>) let retries: Int
            }
            """#
        )
    }

    func testTwoStylesOnOneProperty() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                @SnakeCase @KebabCase var maxRetries: Int
            }
            """#,
            expandedSource: #"""
            struct Config {
                var maxRetries: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"a property takes one naming style; remove the others"#, line: 3, column: 16, fixIts: [FixItSpec(message: #"keep @SnakeCase only"#)]),
            ],
            macroSpecs: joltMacroSpecs,
            fixedSource: #"""
            @Codable
            struct Config {
                @SnakeCase var maxRetries: Int
            }
            """#
        )
    }

    func testTwoStylesOnATypeAndACase() {
        assertMacroExpansion(
            #"""
            @Codable @SnakeCase @CamelCase
            enum Event {
                @KebabCase @FlatCase case userCreated
            }
            """#,
            expandedSource: #"""
            enum Event {
                case userCreated
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"a type takes one naming style; remove the others"#, line: 1, column: 21, fixIts: [FixItSpec(message: #"keep @SnakeCase only"#)]),
                DiagnosticSpec(message: #"a case takes one naming style; remove the others"#, line: 3, column: 16, fixIts: [FixItSpec(message: #"keep @KebabCase only"#)]),
            ],
            macroSpecs: joltMacroSpecs,
            fixedSource: #"""
            @Codable @SnakeCase
            enum Event {
                @KebabCase case userCreated
            }
            """#
        )
    }

    func testCaseValueMisuse() {
        assertMacroExpansion(
            #"""
            @Codable
            enum Video {
                @CodingCase(values: [.label("id", keys: "ID")])
                case youTube
                @CodingCase(values: [.label("url", keys: "u"), .index(2, keys: "x"), .label("id"), .index(0, keys: "a"), .label("id", keys: "b")])
                case vimeo(id: String, Int)
                @CodingCase(values: [.label("id", keys: "ID")])
                case tiktok(String)
            }
            """#,
            expandedSource: #"""
            enum Video {
                case youTube
                case vimeo(id: String, Int)
                case tiktok(String)
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"case 'youTube' has no associated values: remove 'values:'"#, line: 3, column: 17),
                DiagnosticSpec(message: #"case 'vimeo' has no associated value labelled "url" (labels: 'id')"#, line: 5, column: 33),
                DiagnosticSpec(message: #"case 'vimeo' has 2 associated values: index 2 is out of range"#, line: 5, column: 59),
                DiagnosticSpec(message: #".label("id") needs at least one key"#, line: 5, column: 74),
                DiagnosticSpec(message: #"the associated value 'id' of case 'vimeo' is given keys twice"#, line: 5, column: 110),
                DiagnosticSpec(message: #"case 'tiktok' has no associated value labelled "id" (use .index(_:keys:))"#, line: 7, column: 33),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable
            enum Clip {
                @CodingCase(values: [.index(first, keys: "a")])
                case short(Int)
            }
            """#,
            expandedSource: #"""
            enum Clip {
                case short(Int)
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "an associated value's index is an integer literal", line: 3, column: 33),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    func testCodingKeyOnACase() {
        assertMacroExpansion(
            #"""
            @Codable
            enum Status {
                @CodingKey("on", "ON") case active
            }
            """#,
            expandedSource: #"""
            enum Status {
                case active
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodingKey names a property's keys; an enum case's JSON values are given with @CodingCase(match: .string(…))"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"use @CodingCase(match:)"#)]),
            ],
            macroSpecs: joltMacroSpecs,
            fixedSource: #"""
            @Codable
            enum Status {
                @CodingCase(match: .string("on"), .string("ON")) case active
            }
            """#
        )
    }

    func testBadKeyPath() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                @CodingKey("data..count") var count: Int
            }
            """#,
            expandedSource: #"""
            struct Config {
                var count: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"'data..count' is not a key path: use keys separated by single dots ('a.b'), without empty parts"#, line: 3, column: 16, fixIts: [FixItSpec(message: #"use 'data.count'"#)]),
            ],
            macroSpecs: joltMacroSpecs,
            fixedSource: #"""
            @Codable
            struct Config {
                @CodingKey("data.count") var count: Int
            }
            """#
        )
    }

    func testUnsupportedDeclaration() {
        assertMacroExpansion(
            #"""
            @Codable
            protocol Config {}
            """#,
            expandedSource: #"""
            protocol Config {}
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@Codable applies to a struct, a class or an enum"#, line: 1, column: 1),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    func testMissingTypeAndCollection() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                @Base64Coding var blob = makeBlob()
                @LossyCoding var count: Int
                @CodingIgnored let pair: (Int, Int)
            }
            """#,
            expandedSource: #"""
            struct Config {
                var blob = makeBlob()
                var count: Int
                let pair: (Int, Int)
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@Base64Coding needs the property's type written out ('var name: Type')"#, line: 3, column: 5),
                DiagnosticSpec(message: #"@LossyCoding applies to an array, a dictionary or a set"#, line: 4, column: 5),
                DiagnosticSpec(message: #"an @CodingIgnored property needs an initial value, or a type with a default: an optional, a number, String, Bool, an array, a dictionary, a set, or a named type conforming to JoltDefaultInstance"#, line: 5, column: 5),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    func testFallbackWithValuesAndPolymorphicShape() {
        assertMacroExpansion(
            #"""
            @Codable
            enum Status {
                case active
                @FallbackCase case other(String)
            }
            @PolymorphicCodable
            enum Block {
                case pair(A, B)
            }
            """#,
            expandedSource: #"""
            enum Status {
                case active
                case other(String)
            }
            enum Block {
                case pair(A, B)
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@FallbackCase applies to a case without associated values"#, line: 4, column: 5),
                DiagnosticSpec(message: #"a @PolymorphicCodable case carries exactly one value"#, line: 8, column: 10),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    func testAutoCodableWithoutCodingKeys() {
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension Account: Codable {}
            """#,
            expandedSource: #"""
            extension Account: Codable {}
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@AutoCodable, @AutoDecodable and @AutoEncodable need a 'CodingKeys' enum in the extension"#, line: 1, column: 1),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    func testAutoCodableValueTypeMisuse() {
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension Attachment: Codable {
                enum CodingKeys: String, CodingKey {
                    @DecodedValue(FilePath.self) case clip
                    case note
                }
                enum ClipCodingKeys: String, CodingKey {
                    case _0
                }
            }
            @AutoCodable
            extension Member: Codable {
                enum CodingKeys: String, CodingKey {
                    @CustomCoding(decode: { try Int(from: $0) }, encode: { try $0.encode(to: $1) }) case age
                    @CustomCoding(CommaList.self) @DecodedValue(Tags.self) case tags
                }
            }
            """#,
            expandedSource: #"""
            extension Attachment: Codable {
                enum CodingKeys: String, CodingKey {
                    case clip
                    case note
                }
                enum ClipCodingKeys: String, CodingKey {
                    case _0
                }
            }
            extension Member: Codable {
                enum CodingKeys: String, CodingKey {
                    case age
                    case tags
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "in an enum's CodingKeys a key names a case; put @DecodedValue on a key of ClipCodingKeys, for one associated value", line: 4, column: 9),
                DiagnosticSpec(message: "on a coding key, @CustomCoding takes a JoltCodingTransformer type (@CustomCoding(T.self)), not closures", line: 14, column: 9),
                DiagnosticSpec(message: "a key takes @CustomCoding or @DecodedValue/@EncodedValue, not both", line: 15, column: 9),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    func testPolymorphicAndInheritedMisuse() {
        assertMacroExpansion(
            #"""
            @PolymorphicCodable
            struct Block {}
            """#,
            expandedSource: #"""
            struct Block {}
            """#,
            diagnostics: [DiagnosticSpec(message: "@PolymorphicCodable applies to an enum whose cases each carry one value", line: 1, column: 1)],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            let r = #polymorphicRegistry(types: ImageItem.self)
            """#,
            expandedSource: #"""
            let r = fatalError()
            """#,
            diagnostics: [DiagnosticSpec(message: "#polymorphicRegistry needs the base type first, as in (any ViewItem).self", line: 1, column: 9)],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            let r = #polymorphicRegistry((any ViewItem).self, kinds: ImageItem.self)
            """#,
            expandedSource: #"""
            let r = fatalError()
            """#,
            diagnostics: [DiagnosticSpec(message: "unexpected argument to #polymorphicRegistry", line: 1, column: 51)],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @InheritedCodable
            struct Child {
                var name: String
            }
            """#,
            expandedSource: #"""
            struct Child {
                var name: String
            }
            """#,
            diagnostics: [DiagnosticSpec(message: "@InheritedCodable applies to a subclass of a Codable class", line: 1, column: 1)],
            macroSpecs: joltMacroSpecs
        )
    }
}
