import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// CodableKit's `@Codable(options: .skipSuperCoding)`, for a subclass of a class that is not `Codable`.
final class SkipSuperCodingExpansionTests: XCTestCase {
    func testSubclassCallsSuperInit() {
        assertMacroExpansion(
            #"""
            @Codable(options: .skipSuperCoding)
            final class Label: Node {
                var text: String
            }
            @Decodable(options: [.default, .skipSuperCoding])
            class Tag: Node {
                var name: String
            }
            """#,
            expandedSource: #"""
            final class Label: Node {
                var text: String

                enum CodingKeys: String, CodingKey {
                    case `text` = "text"
                }

                required init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.text = try container.decode(String.self, forKey: .`text`)
                    super.init()
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.text, forKey: .`text`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            class Tag: Node {
                var name: String

                enum CodingKeys: String, CodingKey {
                    case `name` = "name"
                }

                class var joltHooksClass: AnyClass {
                    Tag.self
                }

                required init(from decoder: any Decoder) throws {
                    let runsHooks = Self.joltHooksClass == Tag.self
                    if runsHooks {
                        try _joltHook(Self.willDecode(from: decoder))
                    }
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.name = try container.decode(String.self, forKey: .`name`)
                    super.init()
                    if runsHooks {
                        try _joltHook(self.didDecode(from: decoder))
                    }
                }
            }

            extension Label: Decodable, Encodable, JoltCodingHooks {
            }

            extension Tag: Decodable, JoltCodingHooks, JoltCodableClass {
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testMisuse() {
        assertMacroExpansion(
            #"""
            @Codable(options: .skipSuperCoding)
            struct Point {
                var x: Int
            }
            @Codable(options: .skipSuperCoding)
            class Root {
                var id: Int
            }
            @Encodable(options: .inheritSuper)
            class Leaf: Root {
                var leaf: Int
            }
            """#,
            expandedSource: #"""
            struct Point {
                var x: Int
            }
            class Root {
                var id: Int
            }
            class Leaf: Root {
                var leaf: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #".skipSuperCoding applies to a class with a superclass"#, line: 1, column: 19),
                DiagnosticSpec(message: #".skipSuperCoding applies to a subclass, and 'Root' has no superclass"#, line: 5, column: 19),
                DiagnosticSpec(message: #"options are written out: .skipSuperCoding, .default or a list of them"#, line: 9, column: 21),
            ],
            macroSpecs: joltMacroSpecs
        )
    }
}
