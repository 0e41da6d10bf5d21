import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// `@CustomCoding(A.self, B.self, …)`: value transformers applied in order (CodableKit's chained transformers).
final class TransformChainExpansionTests: XCTestCase {
    func testChainedTransformers() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Model {
                @CustomCoding(JoltLosslessString<Int>.self, Increment.self) var count: Int
                @CustomCoding(JoltLosslessString<Int>.self, Increment.self, JoltIntToBool.self) var flag: Bool?
                @CustomCoding(A.self, B.self, C.self, D.self) var value: Int = 1
            }
            """#,
            expandedSource: #"""
            struct Model {
                var count: Int
                var flag: Bool?
                var value: Int = 1
            }

            extension Model: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `count` = "count"
                    case `flag` = "flag"
                    case `value` = "value"
                }

                init(from decoder: any Decoder) throws {
                    try joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.count = try container.joltDecode(JoltCustomCoded<JoltTransformChain<JoltLosslessString<Int>, Increment>>.self, forKey: .`count`).wrappedValue
                    self.flag = try container.decodeIfPresent(JoltCustomCoded<JoltTransformChain<JoltLosslessString<Int>, JoltTransformChain<Increment, JoltIntToBool>>>.self, forKey: .`flag`)?.wrappedValue
                    self.value = container.joltDecode(JoltCustomCoded<JoltTransformChain<A, JoltTransformChain<B, JoltTransformChain<C, D>>>>.self, forKey: .`value`, missing: JoltCustomCoded<JoltTransformChain<A, JoltTransformChain<B, JoltTransformChain<C, D>>>>(wrappedValue: 1), invalid: JoltCustomCoded<JoltTransformChain<A, JoltTransformChain<B, JoltTransformChain<C, D>>>>(wrappedValue: 1), decoder: decoder).wrappedValue
                    try joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(JoltCustomCoded<JoltTransformChain<JoltLosslessString<Int>, Increment>>(wrappedValue: self.count), forKey: .`count`)
                    if let value = self.flag {
                        try container.encode(JoltCustomCoded<JoltTransformChain<JoltLosslessString<Int>, JoltTransformChain<Increment, JoltIntToBool>>>(wrappedValue: value), forKey: .`flag`)
                    }
                    try container.encode(JoltCustomCoded<JoltTransformChain<A, JoltTransformChain<B, JoltTransformChain<C, D>>>>(wrappedValue: self.value), forKey: .`value`)
                    try joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testChainOnAnAutoCodableKey() {
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension Model: Codable {
                enum CodingKeys: String, CodingKey {
                    @CustomCoding(JoltLosslessString<Int>.self, Increment.self) case count
                }
            }
            """#,
            expandedSource: #"""
            extension Model: Codable {
                enum CodingKeys: String, CodingKey {
                    case count
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.count = try container.joltDecodeInferred(transformer: JoltTransformChain<JoltLosslessString<Int>, Increment>.self, forKey: .`count`)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.joltEncodeInferred(self.count, transformer: JoltTransformChain<JoltLosslessString<Int>, Increment>.self, forKey: .`count`)
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testChainArgumentsAreTypes() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Model {
                @CustomCoding(JoltLosslessString<Int>.self, increment) var count: Int
            }
            """#,
            expandedSource: #"""
            @Codable
            struct Model {
                var count: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CustomCoding takes the transformer type itself, as in CommaList.self"#, line: 3, column: 49),
            ],
            macroSpecs: markerSpecs
        )
    }
}
