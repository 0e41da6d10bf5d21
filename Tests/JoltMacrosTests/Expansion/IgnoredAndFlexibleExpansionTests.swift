import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// ReerCodable's `@CodingIgnored` without an initial value and `@FlexibleType` on a type.
final class IgnoredAndFlexibleExpansionTests: XCTestCase {
    func testIgnoredWithoutInitialValue() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Screen {
                var title: String
                @CodingIgnored var count: Int
                @CodingIgnored let name: String
                @CodingIgnored var flag: Bool
                @CodingIgnored let note: String?
                @CodingIgnored var tags: Set<String>
                @CodingIgnored var list: [Int]
                @CodingIgnored var map: [String: Int]
                @CodingIgnored var theme: Theme
                @CodingIgnored var cached: Int?
                @CodingIgnored var seen = 3
            }
            """#,
            expandedSource: #"""
            struct Screen {
                var title: String
                var count: Int
                let name: String
                var flag: Bool
                let note: String?
                var tags: Set<String>
                var list: [Int]
                var map: [String: Int]
                var theme: Theme
                var cached: Int?
                var seen = 3
            }

            extension Screen: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `title` = "title"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.title = try container.decode(String.self, forKey: .`title`)
                    self.count = 0
                    self.name = ""
                    self.flag = false
                    self.note = nil
                    self.tags = []
                    self.list = []
                    self.map = [:]
                    self.theme = _joltIgnoredDefault(Theme.self)
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.title, forKey: .`title`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    func testIgnoredWithoutAnyDefault() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Screen {
                var title: String
                @CodingIgnored var handler: () -> Void
                @CodingIgnored var pair: (Int, Int)
                @CodingIgnored var shape: any Shape
            }
            """#,
            expandedSource: #"""
            struct Screen {
                var title: String
                var handler: () -> Void
                var pair: (Int, Int)
                var shape: any Shape
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"an @CodingIgnored property needs an initial value, or a type with a default: an optional, a number, String, Bool, an array, a dictionary, a set, or a named type conforming to JoltDefaultInstance"#, line: 4, column: 5),
                DiagnosticSpec(message: #"an @CodingIgnored property needs an initial value, or a type with a default: an optional, a number, String, Bool, an array, a dictionary, a set, or a named type conforming to JoltDefaultInstance"#, line: 5, column: 5),
                DiagnosticSpec(message: #"an @CodingIgnored property needs an initial value, or a type with a default: an optional, a number, String, Bool, an array, a dictionary, a set, or a named type conforming to JoltDefaultInstance"#, line: 6, column: 5),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    func testFlexibleTypeOnTheType() {
        assertMacroExpansion(
            #"""
            @Codable @FlexibleType
            struct Product {
                var id: Int
                var sku: String?
                var active = false
                var price: Double
                var tags: [String]
                @DateCoding(ISO8601Strategy.self) var created: Date
                @CodingIgnored var cache: Int = 0
            }
            """#,
            expandedSource: #"""
            struct Product {
                var id: Int
                var sku: String?
                var active = false
                var price: Double
                var tags: [String]
                var created: Date
                var cache: Int = 0
            }

            extension Product: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `id` = "id"
                    case `sku` = "sku"
                    case `active` = "active"
                    case `price` = "price"
                    case `tags` = "tags"
                    case `created` = "created"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.id = try container._joltDecode(LosslessValue<Int>.self, forKey: .`id`).wrappedValue
                    self.sku = try container.decodeIfPresent(LosslessValue<String>.self, forKey: .`sku`)?.wrappedValue
                    self.active = container._joltDecode(LosslessValue<Bool>.self, forKey: .`active`, missing: LosslessValue<Bool>(wrappedValue: false), invalid: LosslessValue<Bool>(wrappedValue: false), decoder: decoder).wrappedValue
                    self.price = try container._joltDecode(LosslessValue<Double>.self, forKey: .`price`).wrappedValue
                    self.tags = try container.decode([String].self, forKey: .`tags`)
                    self.created = try container._joltDecode(DateValue<ISO8601Strategy>.self, forKey: .`created`).wrappedValue
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(LosslessValue<Int>(wrappedValue: self.id), forKey: .`id`)
                    if let value = self.sku {
                        try container.encode(LosslessValue<String>(wrappedValue: value), forKey: .`sku`)
                    }
                    try container.encode(LosslessValue<Bool>(wrappedValue: self.active), forKey: .`active`)
                    try container.encode(LosslessValue<Double>(wrappedValue: self.price), forKey: .`price`)
                    try container.encode(self.tags, forKey: .`tags`)
                    try container.encode(DateValue<ISO8601Strategy>(wrappedValue: self.created), forKey: .`created`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    /// `@FlexibleType` on a type: misplaced, useless or repeated is an error at the annotation.
    func testFlexibleTypeMisuse() {
        let cases: [(source: String, expanded: String, diagnostic: DiagnosticSpec)] = [
            ("@Codable @FlexibleType\nstruct Config {\n    @FlexibleType var id: Int\n}",
             "@Codable\nstruct Config {\n    var id: Int\n}",
             DiagnosticSpec(message: #"@FlexibleType is already on the type: it applies to every scalar property"#, line: 3, column: 5,
                            fixIts: [FixItSpec(message: #"remove @FlexibleType"#)])),
            ("@Codable @FlexibleType\nenum Status {\n    case on, off\n}",
             "@Codable\nenum Status {\n    case on, off\n}",
             DiagnosticSpec(message: #"@FlexibleType has no effect on an enum: it applies to the scalar properties of a struct or class"#,
                            line: 1, column: 10, fixIts: [FixItSpec(message: #"remove @FlexibleType"#)])),
            ("@Encodable @FlexibleType\nstruct Ping {\n    var id: Int\n}",
             "@Encodable\nstruct Ping {\n    var id: Int\n}",
             DiagnosticSpec(message: #"@FlexibleType has no effect: @Encodable writes no init(from:)"#, line: 1, column: 12,
                            fixIts: [FixItSpec(message: #"remove @FlexibleType"#)])),
            ("@Codable @FlexibleType\nstruct Tree {\n    var children: [Tree]\n    @DateCoding(ISO8601Strategy.self) var at: Date\n}",
             "@Codable\nstruct Tree {\n    var children: [Tree]\n    var at: Date\n}",
             DiagnosticSpec(message: #"@FlexibleType has no effect: no stored property of 'Tree' is a number, a String or a Bool read without another annotation"#,
                            line: 1, column: 10, fixIts: [FixItSpec(message: #"remove @FlexibleType"#)])),
            ("@FlexibleType\nstruct Plain {\n    var id: Int\n}",
             "struct Plain {\n    var id: Int\n}",
             DiagnosticSpec(message: #"@FlexibleType has no effect: 'Plain' is not annotated with @Codable, @Decodable or @Encodable"#,
                            line: 1, column: 1, fixIts: [FixItSpec(message: #"remove @FlexibleType"#)])),
        ]
        for (source, expanded, diagnostic) in cases {
            assertMacroExpansion(source, expandedSource: expanded, diagnostics: [diagnostic], macroSpecs: markerSpecs)
        }
    }
}
