import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// CodableKit's `@CodableHook(.stage)` on methods of any name, and its misuse.
final class CodableHookExpansionTests: XCTestCase {
    /// Several hooks per stage in declaration order, after the conventional one; a
    /// method with the conventional name is not called twice.
    func testStructHooks() {
        assertMacroExpansion(
            #"""
            @Codable
            struct User {
                var id: Int
                @CodableHook(.willDecode) static func pre1() throws {}
                @CodableHook(.willDecode) static func pre2(from decoder: any Decoder) throws {}
                @CodableHook(.didDecode) mutating func post(_ decoder: Decoder) {}
                @CodableHook(.didDecode) func didDecode(from decoder: any Decoder) throws {}
                @CodableHook(.willEncode) func prepare() {}
                @CodableHook(.didEncode) @CodableHook(.willEncode) func finish() throws {}
            }
            """#,
            expandedSource: #"""
            struct User {
                var id: Int
                static func pre1() throws {}
                static func pre2(from decoder: any Decoder) throws {}
                mutating func post(_ decoder: Decoder) {}
                func didDecode(from decoder: any Decoder) throws {}
                func prepare() {}
                func finish() throws {}
            }

            extension User: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `id` = "id"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    try _joltHook(Self.pre1())
                    try _joltHook(Self.pre2(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.id = try container.decode(Int.self, forKey: .`id`)
                    try _joltHook(self.didDecode(from: decoder))
                    try _joltHook(self.post(decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    try _joltHook(self.prepare())
                    try _joltHook(self.finish())
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .`id`)
                    try _joltHook(self.didEncode(to: encoder))
                    try _joltHook(self.finish())
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    /// In a class that can have subclasses, the annotated hooks are not guarded by `runsHooks`.
    func testClassAndEnumHooks() {
        assertMacroExpansion(
            #"""
            @Decodable
            class Base {
                var id: Int
                @CodableHook(.didDecode) func check() {}
            }
            @Encodable
            enum Mode {
                case on
                @CodableHook(.didEncode) func after(to encoder: any Encoder) {}
            }
            """#,
            expandedSource: #"""
            class Base {
                var id: Int
                func check() {}

                enum CodingKeys: String, CodingKey {
                    case `id` = "id"
                }

                class var joltHooksClass: AnyClass {
                    Base.self
                }

                required init(from decoder: any Decoder) throws {
                    let runsHooks = Self.joltHooksClass == Base.self
                    if runsHooks {
                        try _joltHook(Self.willDecode(from: decoder))
                    }
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.id = try container.decode(Int.self, forKey: .`id`)
                    if runsHooks {
                        try _joltHook(self.didDecode(from: decoder))
                    }
                    try _joltHook(self.check())
                }
            }
            enum Mode {
                case on
                func after(to encoder: any Encoder) {}
            }

            extension Base: Decodable, JoltCodingHooks, JoltCodableClass {
            }

            extension Mode: Encodable, JoltCodingHooks {
                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`on`:
                        try _JoltCaseScalar.encode([.string("on")], fallback: "on", to: encoder)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                    try _joltHook(self.after(to: encoder))
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    /// Each misuse is an error at the annotation.
    func testMisuse() {
        assertMacroExpansion(
            #"""
            @Decodable
            struct User {
                @CodableHook(.didDecode) var id: Int
                @CodableHook(.didDecode) static func a() {}
                @CodableHook(.willDecode) func b() {}
                @CodableHook(.didDecode) func c(_ x: Int) {}
                @CodableHook(.didDecode) func d() -> Int { 0 }
                @CodableHook(.afterDecode) func e() {}
                @CodableHook(.willEncode) func f() {}
                @CodableHook(.didDecode) @CodableHook(.didDecode) func g() {}
                @CodableHook(.didDecode) func h(from decoder: any Encoder) {}
            }
            @Encodable
            struct Plain {
                var id: Int
                @CodableHook(.didEncode) mutating func i() {}
            }
            struct Bare {
                @CodableHook(.didDecode) func j() {}
            }
            extension Plain {
                @CodableHook(.willEncode) func k() {}
            }
            """#,
            expandedSource: #"""
            @Decodable
            struct User {
                var id: Int
                static func a() {}
                func b() {}
                func c(_ x: Int) {}
                func d() -> Int { 0 }
                func e() {}
                func f() {}
                func g() {}
                func h(from decoder: any Encoder) {}
            }
            @Encodable
            struct Plain {
                var id: Int
                mutating func i() {}
            }
            struct Bare {
                func j() {}
            }
            extension Plain {
                func k() {}
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodableHook applies to a method of a @Codable, @Decodable, @Encodable or @InheritedCodable type; not on a property"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"remove @CodableHook"#)]),
                DiagnosticSpec(message: #"a .didDecode hook is an instance method, not 'static' or 'class'"#, line: 4, column: 5),
                DiagnosticSpec(message: #"a .willDecode hook runs before the value exists: make it 'static' (or 'class')"#, line: 5, column: 5),
                DiagnosticSpec(message: #"a .didDecode hook takes no parameter or one 'any Decoder'"#, line: 6, column: 5),
                DiagnosticSpec(message: #"a hook returns nothing"#, line: 7, column: 5),
                DiagnosticSpec(message: #"@CodableHook takes one stage: .willDecode, .didDecode, .willEncode or .didEncode"#, line: 8, column: 5),
                DiagnosticSpec(message: #"@CodableHook(.willEncode) has no effect: @Decodable writes no encode(to:)"#, line: 9, column: 5, fixIts: [FixItSpec(message: #"remove @CodableHook"#)]),
                DiagnosticSpec(message: #"@CodableHook(.didDecode) is given twice"#, line: 10, column: 30, fixIts: [FixItSpec(message: #"remove @CodableHook"#)]),
                DiagnosticSpec(message: #"a .didDecode hook takes no parameter or one 'any Decoder'"#, line: 11, column: 5),
                DiagnosticSpec(message: #"a .didEncode hook cannot be 'mutating': encoding does not change the value"#, line: 16, column: 5),
                DiagnosticSpec(message: #"@CodableHook has no effect: 'Bare' is not annotated with @Codable, @Decodable or @Encodable"#, line: 19, column: 5, fixIts: [FixItSpec(message: #"remove @CodableHook"#)]),
                DiagnosticSpec(message: #"@CodableHook has no effect: the type's macro reads only its body; move the method into 'Plain'"#, line: 22, column: 5, fixIts: [FixItSpec(message: #"remove @CodableHook"#)]),
            ],
            macroSpecs: markerSpecs
        )
    }
}
