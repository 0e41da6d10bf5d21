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
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.count = try container._joltDecode(_JoltCustomCoded<_JoltTransformChain<JoltLosslessString<Int>, Increment>>.self, forKey: .`count`).wrappedValue
                    self.flag = try container.decodeIfPresent(_JoltCustomCoded<_JoltTransformChain<JoltLosslessString<Int>, _JoltTransformChain<Increment, JoltIntToBool>>>.self, forKey: .`flag`)?.wrappedValue
                    self.value = container._joltDecode(_JoltCustomCoded<_JoltTransformChain<A, _JoltTransformChain<B, _JoltTransformChain<C, D>>>>.self, forKey: .`value`, missing: _JoltCustomCoded<_JoltTransformChain<A, _JoltTransformChain<B, _JoltTransformChain<C, D>>>>(wrappedValue: 1), invalid: _JoltCustomCoded<_JoltTransformChain<A, _JoltTransformChain<B, _JoltTransformChain<C, D>>>>(wrappedValue: 1), decoder: decoder).wrappedValue
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(_JoltCustomCoded<_JoltTransformChain<JoltLosslessString<Int>, Increment>>(wrappedValue: self.count), forKey: .`count`)
                    if let value = self.flag {
                        try container.encode(_JoltCustomCoded<_JoltTransformChain<JoltLosslessString<Int>, _JoltTransformChain<Increment, JoltIntToBool>>>(wrappedValue: value), forKey: .`flag`)
                    }
                    try container.encode(_JoltCustomCoded<_JoltTransformChain<A, _JoltTransformChain<B, _JoltTransformChain<C, D>>>>(wrappedValue: self.value), forKey: .`value`)
                    try _joltHook(self.didEncode(to: encoder))
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
                    self.count = try container._joltDecodeInferred(transformer: _JoltTransformChain<JoltLosslessString<Int>, Increment>.self, forKey: .`count`)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container._joltEncodeInferred(self.count, transformer: _JoltTransformChain<JoltLosslessString<Int>, Increment>.self, forKey: .`count`)
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
