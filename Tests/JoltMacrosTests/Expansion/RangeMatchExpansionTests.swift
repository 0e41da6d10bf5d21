import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// ReerCodable's `.doubleRange` and `.stringRange` case matches.
final class RangeMatchExpansionTests: XCTestCase {
    func testRangesSelectScalarsKeysAndPathValues() {
        assertMacroExpansion(
            #"""
            @Codable
            enum Phone {
                @CodingCase(match: .int(12), .doubleRange(50...60))
                case xiaomi
                @CodingCase(match: .stringRange("o"..."q"))
                case oppo
                @CodingCase(match: .stringRange("box-a"..."box-m"))
                case box(weight: Int)
                @CodingCase(match: .pathValue("grade"), .doubleRange(1...2.5))
                case fragile(note: String)
            }
            """#,
            expandedSource: #"""

            enum Phone {
                case xiaomi
                case oppo
                case box(weight: Int)
                case fragile(note: String)
            }

            extension Phone: Decodable, Encodable, JoltCodingHooks {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if scalar.matches([.int(12), .doubleRange(50 ... 60)]) {
                            return .`xiaomi`
                        }
                        if scalar.matches([.stringRange("o" ... "q")]) {
                            return .`oppo`
                        }
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            if _JoltCaseScalar(container, path: ["grade"]).matches([.doubleRange(1 ... 2.5)]) {
                                return .`fragile`(note: try container._joltDecode(String.self, paths: [["note"]]))
                            }
                            for key: _JoltAnyCodingKey in ["xiaomi"] where container.contains(key) {
                                return .`xiaomi`
                            }
                            for key: _JoltAnyCodingKey in ["o"] where container.contains(key) {
                                return .`oppo`
                            }
                            if !_JoltCaseScalar.keys(in: container, matching: [.stringRange("o" ... "q")]).isEmpty {
                                return .`oppo`
                            }
                            for key: _JoltAnyCodingKey in ["box-a"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`box`(weight: try values._joltDecode(Int.self, paths: [["weight"]]))
                            }
                            for key in _JoltCaseScalar.keys(in: container, matching: [.stringRange("box-a" ... "box-m")]) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`box`(weight: try values._joltDecode(Int.self, paths: [["weight"]]))
                            }
                        }
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "No case of Phone matches \(scalar)."))
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`xiaomi`:
                        try _JoltCaseScalar.encode([.int(12), .doubleRange(50 ... 60)], fallback: "xiaomi", to: encoder)
                    case .`oppo`:
                        try _JoltCaseScalar.encode([.stringRange("o" ... "q")], fallback: "oppo", to: encoder)
                    case .`box`(let v0):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: "box-a")
                        try values._joltEncode(v0, at: ["weight"])
                    case .`fragile`(let v0):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        try container._joltEncodeMatch([.doubleRange(1 ... 2.5)], fallback: "fragile", at: ["grade"])
                        try container._joltEncode(v0, at: ["note"])
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testInvertedRanges() {
        assertMacroExpansion(
            #"""
            @Codable
            enum Phone {
                @CodingCase(match: .stringRange("q"..."o"), .doubleRange(60...50.5), .intRange(3 ... -1))
                case oppo
                @CodingCase(match: .doubleRange(1...1), .stringRange("a"..."a"))
                case one
            }
            """#,
            expandedSource: #"""
            @Codable
            enum Phone {
                case oppo
                case one
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #""q"..."o" is not a range: its lower bound is above its upper bound (it would stop the program when decoding); write "o"..."q""#, line: 3, column: 37, fixIts: [FixItSpec(message: "swap the bounds")]),
                DiagnosticSpec(message: #"60...50.5 is not a range: its lower bound is above its upper bound (it would stop the program when decoding); write 50.5...60"#, line: 3, column: 62, fixIts: [FixItSpec(message: "swap the bounds")]),
                DiagnosticSpec(message: #"3 ... -1 is not a range: its lower bound is above its upper bound (it would stop the program when decoding); write -1...3"#, line: 3, column: 84, fixIts: [FixItSpec(message: "swap the bounds")]),
            ],
            macroSpecs: markerSpecs
        )
    }

    func testNumberRangeOnACaseWithValues() {
        assertMacroExpansion(
            #"""
            @Codable
            enum Shipment {
                @CodingCase(match: .string("box"), .doubleRange(1...2), .intRange(1...3))
                case box(weight: Int)
                @CodingCase(match: .pathValue("grade"), .doubleRange(1...2))
                case fragile(note: String)
                @CodingCase(match: .stringRange("a"..<"c"))
                case letters
            }
            """#,
            expandedSource: #"""
            @Codable
            enum Shipment {
                case box(weight: Int)
                case fragile(note: String)
                case letters
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"case 'box' has associated values, so it is read from an object and a number never selects it; match its key with .string or .stringRange, or a value inside the object with .pathValue"#, line: 3, column: 40),
                DiagnosticSpec(message: #"case 'box' has associated values, so it is read from an object and a number never selects it; match its key with .string or .stringRange, or a value inside the object with .pathValue"#, line: 3, column: 61),
                DiagnosticSpec(message: #".stringRange takes a closed range, as in .stringRange("a"..."f")"#, line: 7, column: 37),
            ],
            macroSpecs: markerSpecs
        )
    }
}
