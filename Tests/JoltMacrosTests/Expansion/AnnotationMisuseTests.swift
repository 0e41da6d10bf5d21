import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

/// Every misuse of every annotation is an error at the annotation (with a fix-it
/// where the fix is obvious), never ignored: the annotations' own checks (run with
/// `markerSpecs`, the type's macro left unexpanded) and the type macros'.
final class AnnotationMisuseTests: XCTestCase {
    /// Two macros writing a type's code: the later one is reported (`@AutoDecodable @AutoEncodable` share nothing).
    func testTypeMacroConflicts() {
        assertMacroExpansion(
            #"""
            @Codable @Decodable
            struct Event {
                var id: Int
            }
            """#,
            expandedSource: #"""
            struct Event {
                var id: Int
            }

            extension Event: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `id` = "id"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.id = try container.decode(Int.self, forKey: .`id`)
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .`id`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@Decodable and @Codable both write the type's coding; keep one"#, line: 1, column: 10, fixIts: [FixItSpec(message: #"remove @Decodable"#)]),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @Decodable @Encodable
            struct Event {
                var id: Int
            }
            """#,
            expandedSource: #"""
            struct Event {
                var id: Int
            }

            extension Event: Decodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `id` = "id"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.id = try container.decode(Int.self, forKey: .`id`)
                    try _joltHook(self.didDecode(from: decoder))
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@Encodable and @Decodable both write the type's coding; keep one (@Codable writes both)"#, line: 1, column: 12, fixIts: [FixItSpec(message: #"remove @Encodable"#)]),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable @PolymorphicCodable
            enum Block {
                case text(TextItem)
            }
            """#,
            expandedSource: #"""
            enum Block {
                case text(TextItem)
            }

            extension Block: Decodable, Encodable, JoltCodingHooks {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            for key: _JoltAnyCodingKey in ["text"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`text`(try values._joltDecode(TextItem.self, paths: [["_0"]]))
                            }
                        }
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "No case of Block matches \(scalar)."))
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`text`(let v0):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: "text")
                        try values._joltEncode(v0, at: ["_0"])
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@PolymorphicCodable and @Codable both write the type's coding; keep one"#, line: 1, column: 10, fixIts: [FixItSpec(message: #"remove @PolymorphicCodable"#)]),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable @InheritedCodable
            class Dog: Animal {
                var barks = true
            }
            """#,
            expandedSource: #"""
            class Dog: Animal {
                var barks = true

                enum CodingKeys: String, CodingKey {
                    case `barks` = "barks"
                }

                class var joltHooksClass: AnyClass {
                    Dog.self
                }

                required init(from decoder: any Decoder) throws {
                    let runsHooks = Self.joltHooksClass == Dog.self
                    if runsHooks {
                        try _joltHook(Self.willDecode(from: decoder))
                    }
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.barks = container._joltDecode(forKey: .`barks`, missing: true, invalid: true, decoder: decoder) {
                        try $0.decodeIfPresent(Bool.self, forKey: $1)
                    }
                    if runsHooks {
                        try _joltHook(self.didDecode(from: decoder))
                    }
                }

                func encode(to encoder: any Encoder) throws {
                    let runsHooks = Self.joltHooksClass == Dog.self
                    if runsHooks {
                        try _joltHook(self.willEncode(to: encoder))
                    }
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.barks, forKey: .`barks`)
                    if runsHooks {
                        try _joltHook(self.didEncode(to: encoder))
                    }
                }
            }

            extension Dog: Decodable, Encodable, JoltCodingHooks, JoltCodableClass {
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@InheritedCodable and @Codable both write the type's coding; keep one"#, line: 1, column: 10, fixIts: [FixItSpec(message: #"remove @InheritedCodable"#)]),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @AutoCodable @AutoDecodable
            extension Account: Codable {
                enum CodingKeys: String, CodingKey {
                    case name
                }
            }
            """#,
            expandedSource: #"""
            extension Account: Codable {
                enum CodingKeys: String, CodingKey {
                    case name
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.name = try container._joltDecodeInferred(forKey: .`name`)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container._joltEncodeInferred(self.name, forKey: .`name`)
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@AutoDecodable and @AutoCodable both write the type's coding; keep one"#, line: 1, column: 14, fixIts: [FixItSpec(message: #"remove @AutoDecodable"#)]),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @AutoDecodable @AutoEncodable
            extension Account: Codable {
                enum CodingKeys: String, CodingKey {
                    case name
                }
            }
            """#,
            expandedSource: #"""
            extension Account: Codable {
                enum CodingKeys: String, CodingKey {
                    case name
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.name = try container._joltDecodeInferred(forKey: .`name`)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container._joltEncodeInferred(self.name, forKey: .`name`)
                }
            }
            """#,
            macroSpecs: joltMacroSpecs
        )
    }

    /// A type macro on a declaration it cannot write code for.
    func testTypeMacroMisplaced() {
        assertMacroExpansion(
            #"""
            @Codable
            actor Counter {
                var count = 0
            }
            """#,
            expandedSource: #"""
            actor Counter {
                var count = 0
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@Codable applies to a struct, a class or an enum"#, line: 1, column: 1),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @InheritedCodable
            class Animal {
                var name = ""
            }
            """#,
            expandedSource: #"""
            class Animal {
                var name = ""
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@InheritedCodable applies to a subclass, and 'Animal' has no superclass; use @Codable"#, line: 1, column: 1, fixIts: [FixItSpec(message: #"use @Codable"#)]),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @AutoCodable
            protocol Named {}
            """#,
            expandedSource: #"""
            protocol Named {}
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@AutoCodable applies to an extension of a struct, class or enum (or to the type)"#, line: 1, column: 1),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    /// Annotations in a type without @Codable, @Decodable or @Encodable would be ignored.
    func testAnnotationsOutsideCodableTypes() {
        assertMacroExpansion(
            #"""
            struct Plain {
                @CodingKey("user_name") var name: String
                @SnakeCase @DecodingDefault(0) var retryCount: Int
            }
            """#,
            expandedSource: #"""
            struct Plain {
                var name: String
                var retryCount: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodingKey has no effect: 'Plain' is not annotated with @Codable, @Decodable or @Encodable"#, line: 2, column: 5, fixIts: [FixItSpec(message: #"remove @CodingKey"#)]),
                DiagnosticSpec(message: #"@SnakeCase has no effect: 'Plain' is not annotated with @Codable, @Decodable or @Encodable"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"remove @SnakeCase"#)]),
                DiagnosticSpec(message: #"@DecodingDefault has no effect: 'Plain' is not annotated with @Codable, @Decodable or @Encodable"#, line: 3, column: 16, fixIts: [FixItSpec(message: #"remove @DecodingDefault"#)]),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @SnakeCase @EncodeNil @CodingContainer("data")
            struct Plain {
                var name: String
            }
            """#,
            expandedSource: #"""
            struct Plain {
                var name: String
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@SnakeCase has no effect: 'Plain' is not annotated with @Codable, @Decodable or @Encodable"#, line: 1, column: 1, fixIts: [FixItSpec(message: #"remove @SnakeCase"#)]),
                DiagnosticSpec(message: #"@EncodeNil has no effect: 'Plain' is not annotated with @Codable, @Decodable or @Encodable"#, line: 1, column: 12, fixIts: [FixItSpec(message: #"remove @EncodeNil"#)]),
                DiagnosticSpec(message: #"@CodingContainer has no effect: 'Plain' is not annotated with @Codable, @Decodable or @Encodable"#, line: 1, column: 23, fixIts: [FixItSpec(message: #"remove @CodingContainer"#)]),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            enum Status {
                @CodingCase(match: .string("on")) case active
                @FallbackCase case unknown
                @SnakeCase case userBanned
            }
            """#,
            expandedSource: #"""
            enum Status {
                case active
                case unknown
                case userBanned
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodingCase has no effect: 'Status' is not annotated with @Codable, @Decodable or @Encodable"#, line: 2, column: 5, fixIts: [FixItSpec(message: #"remove @CodingCase"#)]),
                DiagnosticSpec(message: #"@FallbackCase applies to a case of a @Codable, @Decodable, @Encodable or @PolymorphicCodable enum"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"remove @FallbackCase"#)]),
                DiagnosticSpec(message: #"@SnakeCase has no effect: 'Status' is not annotated with @Codable, @Decodable or @Encodable"#, line: 4, column: 5, fixIts: [FixItSpec(message: #"remove @SnakeCase"#)]),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            func make() {}
            @Codable
            struct Config {
                @CodingKey("make") func make() {}
                @PolymorphicCase("x") @CodingCase(match: .int(1)) @DecodedValue(Tags.self) var tags: String
            }
            """#,
            expandedSource: #"""
            func make() {}
            @Codable
            struct Config {
                func make() {}
                var tags: String
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodingKey applies to a stored property of a @Codable, @Decodable or @Encodable struct or class; not on a method"#, line: 4, column: 5, fixIts: [FixItSpec(message: #"remove @CodingKey"#)]),
                DiagnosticSpec(message: #"@PolymorphicCase applies to a case of a @PolymorphicCodable enum; not on a property"#, line: 5, column: 5, fixIts: [FixItSpec(message: #"remove @PolymorphicCase"#)]),
                DiagnosticSpec(message: #"@CodingCase applies to a case of a @Codable, @Decodable or @Encodable enum; not on a property"#, line: 5, column: 27, fixIts: [FixItSpec(message: #"remove @CodingCase"#)]),
                DiagnosticSpec(message: #"@DecodedValue applies to a key of a CodingKeys enum in an @AutoCodable, @AutoDecodable or @AutoEncodable extension; not on a property"#, line: 5, column: 55, fixIts: [FixItSpec(message: #"remove @DecodedValue"#)]),
            ],
            macroSpecs: markerSpecs
        )
    }

    /// Property annotations on types and cases, case annotations on types, type annotations on enums.
    func testAnnotationsOnTheWrongKind() {
        assertMacroExpansion(
            #"""
            @Codable @DateCoding(ISO8601Strategy.self) @FallbackCase
            struct Config {
                var name: String
            }
            """#,
            expandedSource: #"""
            @Codable
            struct Config {
                var name: String
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@DateCoding applies to a stored property of a @Codable, @Decodable or @Encodable struct or class; not on a type"#, line: 1, column: 10, fixIts: [FixItSpec(message: #"remove @DateCoding"#)]),
                DiagnosticSpec(message: #"@FallbackCase applies to a case of a @Codable, @Decodable, @Encodable or @PolymorphicCodable enum; not on a type"#, line: 1, column: 44, fixIts: [FixItSpec(message: #"remove @FallbackCase"#)]),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable @EncodeNil @CodingContainer("data")
            enum Status {
                @PolymorphicCase("on") @CodingContainer("x") @LossyCoding case active
            }
            """#,
            expandedSource: #"""
            @Codable
            enum Status {
                case active
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@PolymorphicCase applies to a case of a @PolymorphicCodable enum"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"remove @PolymorphicCase"#)]),
                DiagnosticSpec(message: #"@CodingContainer applies to a @Codable, @Decodable or @Encodable struct or class; not on an enum case"#, line: 3, column: 28, fixIts: [FixItSpec(message: #"remove @CodingContainer"#)]),
                DiagnosticSpec(message: #"@LossyCoding applies to a stored property of a @Codable, @Decodable or @Encodable struct or class; not on an enum case"#, line: 3, column: 50, fixIts: [FixItSpec(message: #"remove @LossyCoding"#)]),
                DiagnosticSpec(message: #"@EncodeNil has no effect on an enum: cases have no optional properties"#, line: 1, column: 10, fixIts: [FixItSpec(message: #"remove @EncodeNil"#)]),
                DiagnosticSpec(message: #"@CodingContainer has no effect on an enum: an enum is read from the value itself"#, line: 1, column: 21, fixIts: [FixItSpec(message: #"remove @CodingContainer"#)]),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @PolymorphicCodable @SnakeCase
            enum Block {
                @SnakeCase @CodingCase(match: .string("t")) case textItem(TextItem)
                @DecodingDefault(1) case other(OtherItem)
            }
            """#,
            expandedSource: #"""
            @PolymorphicCodable
            enum Block {
                case textItem(TextItem)
                case other(OtherItem)
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@SnakeCase has no effect: in a @PolymorphicCodable enum a case is chosen by its @PolymorphicCase values"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"remove @SnakeCase"#)]),
                DiagnosticSpec(message: #"@CodingCase has no effect: in a @PolymorphicCodable enum a case is chosen by its @PolymorphicCase values"#, line: 3, column: 16, fixIts: [FixItSpec(message: #"remove @CodingCase"#)]),
                DiagnosticSpec(message: #"@DecodingDefault applies to a stored property of a @Codable, @Decodable or @Encodable struct or class; not on an enum case"#, line: 4, column: 5, fixIts: [FixItSpec(message: #"remove @DecodingDefault"#)]),
                DiagnosticSpec(message: #"@SnakeCase has no effect: @PolymorphicCodable enums take their discriminator values from @PolymorphicCase"#, line: 1, column: 21, fixIts: [FixItSpec(message: #"remove @SnakeCase"#)]),
            ],
            macroSpecs: markerSpecs
        )
    }

    /// Static, lazy and computed properties are not coded; a decoded `let` cannot have a value.
    /// (A declaration of two variables is refused by the test harness itself; the compiler expands
    /// it, and the annotation reports "the annotations would apply to each of 'a' and 'b'".)
    func testPropertyShapes() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                @CodingKey("LIMIT") static var limit = 3
                @FlexibleType lazy var cached: Int = 0
                @CodingKey("full") var fullName: String { "a" }
                @DecodingDefault("x") var title: String {
                    get { "t" }
                    set {}
                }
                @CodingKey("n") var observed: Int = 0 {
                    didSet {}
                }
                @CodingKey("a") var a, b: Int
            }
            """#,
            expandedSource: #"""
            @Codable
            struct Config {
                static var limit = 3
                lazy var cached: Int = 0
                var fullName: String { "a" }
                var title: String {
                    get { "t" }
                    set {}
                }
                var observed: Int = 0 {
                    didSet {}
                }
                var a, b: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodingKey has no effect: static properties are not coded"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"remove @CodingKey"#)]),
                DiagnosticSpec(message: #"@FlexibleType has no effect: lazy properties are not coded"#, line: 4, column: 5, fixIts: [FixItSpec(message: #"remove @FlexibleType"#)]),
                DiagnosticSpec(message: #"@CodingKey has no effect: computed properties are not coded"#, line: 5, column: 5, fixIts: [FixItSpec(message: #"remove @CodingKey"#)]),
                DiagnosticSpec(message: #"@DecodingDefault has no effect: computed properties are not coded"#, line: 6, column: 5, fixIts: [FixItSpec(message: #"remove @DecodingDefault"#)]),
                DiagnosticSpec(message: #"peer macro can only be applied to a single variable"#, line: 13, column: 5),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                @CodingKey("max_retries") let retries = 3
                @DecodingDefault(5) let timeout = 10
                @CodingIgnored let version = 2
            }
            """#,
            expandedSource: #"""
            @Codable
            struct Config {
                let retries = 3
                let timeout = 10
                let version = 2
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"a 'let' with an initial value is never decoded; make it 'var' so the value is the default, or remove the value"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"make it 'var'"#)]),
                DiagnosticSpec(message: #"a 'let' with an initial value is never decoded; remove the value: @DecodingDefault gives the default"#, line: 4, column: 5, fixIts: [FixItSpec(message: #"remove the initial value"#)]),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @Encodable
            struct Ping {
                @CodingKey("sent") let sent = 1
            }
            """#,
            expandedSource: #"""
            @Encodable
            struct Ping {
                let sent = 1
            }
            """#,
            macroSpecs: markerSpecs
        )
    }

    /// Arguments the generated code reads at compile time.
    func testArgumentsMustBeLiterals() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                @CodingKey() var a: Int
                @CodingKey(key, "b\(suffix)") var b: Int
                @EncodingKey(name) var c: Int
                @DateCoding(strategy) var d: Date
                @CustomCoding(transformer) var e: [String]
                @Base64Coding(format: format) var f: Data
            }
            """#,
            expandedSource: #"""
            @Codable
            struct Config {
                var a: Int
                var b: Int
                var c: Int
                var d: Date
                var e: [String]
                var f: Data
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodingKey needs at least one key ("name", or a path "a.b")"#, line: 3, column: 5),
                DiagnosticSpec(message: #"a key is a string literal (without interpolation)"#, line: 4, column: 16),
                DiagnosticSpec(message: #"a key is a string literal (without interpolation)"#, line: 4, column: 21),
                DiagnosticSpec(message: #"a key is a string literal (without interpolation)"#, line: 5, column: 18),
                DiagnosticSpec(message: #"@DateCoding takes the strategy type itself, as in ISO8601Strategy.self"#, line: 6, column: 17),
                DiagnosticSpec(message: #"@CustomCoding takes the transformer type itself, as in CommaList.self"#, line: 7, column: 19),
                DiagnosticSpec(message: #"the format is written out: .base64, .base64URL or .hex"#, line: 8, column: 27),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable @CodingContainer(path)
            struct Wrapped {
                var name: String
            }
            """#,
            expandedSource: #"""
            @Codable
            struct Wrapped {
                var name: String
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"a key is a string literal (without interpolation)"#, line: 1, column: 27),
            ],
            macroSpecs: markerSpecs
        )
    }

    /// Annotations that contradict each other or do nothing together.
    func testContradictoryAnnotations() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                @CodingIgnored @CodingKey("c") var cache: [Int] = []
                @LossyCoding @CompactCoding var tags: [String]
                @DateCoding(ISO8601Strategy.self) @FlexibleType var date: Date
                @CodingKey("a") @CodingKey("b") var name: String
                @DecodingDefault(3) var count = 5
                @SnakeCase @CodingKey("maxCount") var maxCount: Int
                @EncodeNil var title: String
                @EncodeNil var size = 3
                @JSONString @CustomCoding(decode: { try Int(from: $0) }, encode: { try $0.encode(to: $1) }) var raw: Int
            }
            """#,
            expandedSource: #"""
            @Codable
            struct Config {
                var cache: [Int] = []
                var tags: [String]
                var date: Date
                var name: String
                var count = 5
                var maxCount: Int
                var title: String
                var size = 3
                @JSONString var raw: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodingKey has no effect on an @CodingIgnored property"#, line: 3, column: 20, fixIts: [FixItSpec(message: #"remove @CodingKey"#)]),
                DiagnosticSpec(message: #"a property takes one of @DateCoding, @Base64Coding, @FlexibleType, @LossyCoding, @CompactCoding and @CustomCoding; @LossyCoding is already given"#, line: 4, column: 18, fixIts: [FixItSpec(message: #"remove @CompactCoding"#)]),
                DiagnosticSpec(message: #"a property takes one of @DateCoding, @Base64Coding, @FlexibleType, @LossyCoding, @CompactCoding and @CustomCoding; @DateCoding is already given"#, line: 5, column: 39, fixIts: [FixItSpec(message: #"remove @FlexibleType"#)]),
                DiagnosticSpec(message: #"@CodingKey is given twice; list every key in one @CodingKey("a", "b")"#, line: 6, column: 21, fixIts: [FixItSpec(message: #"remove @CodingKey"#)]),
                DiagnosticSpec(message: #"the property has two defaults: its initial value '5' and @DecodingDefault; keep one"#, line: 7, column: 5),
                DiagnosticSpec(message: #"@SnakeCase has no effect: @CodingKey gives the keys as written"#, line: 8, column: 5, fixIts: [FixItSpec(message: #"remove @SnakeCase"#)]),
                DiagnosticSpec(message: #"@EncodeNil applies to an optional property; 'String' is never nil"#, line: 9, column: 5, fixIts: [FixItSpec(message: #"remove @EncodeNil"#)]),
                DiagnosticSpec(message: #"@EncodeNil applies to an optional property; this one is never nil"#, line: 10, column: 5, fixIts: [FixItSpec(message: #"remove @EncodeNil"#)]),
                DiagnosticSpec(message: #"@CustomCoding's closures read and write the value themselves; they do not combine with @JSONString"#, line: 11, column: 17),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable @EncodeNil
            struct Config {
                @EncodeNil var note: String?
            }
            """#,
            expandedSource: #"""
            @Codable
            struct Config {
                var note: String?
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@EncodeNil is already on the type: it applies to every optional property"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"remove @EncodeNil"#)]),
            ],
            macroSpecs: markerSpecs
        )
    }

    /// Encoding-only annotations in @Decodable types and the reverse.
    func testAnnotationsThatOneDirectionIgnores() {
        assertMacroExpansion(
            #"""
            @Decodable @EncodeNil
            struct Event {
                @EncodingKey("event_id") var id: Int
                @EncodeNil var note: String?
            }
            """#,
            expandedSource: #"""
            @Decodable
            struct Event {
                var id: Int
                var note: String?
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@EncodingKey has no effect: @Decodable writes no encode(to:)"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"remove @EncodingKey"#)]),
                DiagnosticSpec(message: #"@EncodeNil has no effect: @Decodable writes no encode(to:)"#, line: 4, column: 5, fixIts: [FixItSpec(message: #"remove @EncodeNil"#)]),
                DiagnosticSpec(message: #"@EncodeNil has no effect: @Decodable writes no encode(to:)"#, line: 1, column: 12, fixIts: [FixItSpec(message: #"remove @EncodeNil"#)]),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @Encodable
            struct Ping {
                @DecodingDefault(0) var count: Int
                @CodingKey("sent_at", "sentAt") var sentAt: Int
            }
            """#,
            expandedSource: #"""
            @Encodable
            struct Ping {
                var count: Int
                var sentAt: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@DecodingDefault has no effect: @Encodable writes no init(from:)"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"remove @DecodingDefault"#)]),
                DiagnosticSpec(message: #"@Encodable writes only the first key; the others are read when decoding, which @Encodable does not do"#, line: 4, column: 27),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @AutoEncodable
            extension User: Encodable {
                enum CodingKeys: String, CodingKey {
                    @DecodedValue(FilePath.self) case avatar
                }
            }
            @AutoDecodable
            extension Member: Decodable {
                enum CodingKeys: String, CodingKey {
                    @EncodedValue(FilePath.self) case avatar
                }
            }
            """#,
            expandedSource: #"""
            @AutoEncodable
            extension User: Encodable {
                enum CodingKeys: String, CodingKey {
                    case avatar
                }
            }
            @AutoDecodable
            extension Member: Decodable {
                enum CodingKeys: String, CodingKey {
                    case avatar
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@DecodedValue has no effect: @AutoEncodable writes no init(from:)"#, line: 4, column: 9, fixIts: [FixItSpec(message: #"remove @DecodedValue"#)]),
                DiagnosticSpec(message: #"@EncodedValue has no effect: @AutoDecodable writes no encode(to:)"#, line: 10, column: 9, fixIts: [FixItSpec(message: #"remove @EncodedValue"#)]),
            ],
            macroSpecs: markerSpecs
        )
    }

    /// What @Codable checks across properties: collection types, written types, keys written twice.
    func testPropertyChecksOfTheTypeMacro() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                @CompactCoding var ids: Int
                @JSONString var settings = makeSettings()
            }
            """#,
            expandedSource: #"""
            struct Config {
                var ids: Int
                @JSONString var settings = makeSettings()
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CompactCoding applies to an array, a dictionary or a set"#, line: 3, column: 5),
                DiagnosticSpec(message: #"@JSONString needs the property's type written out ('var name: Type')"#, line: 4, column: 5),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable
            struct Config {
                @CodingKey("name") var first: String
                @EncodingKey("name") var second: String
                @CodingKey("meta") var meta: Int
                @CodingKey("meta.id") var id: Int
            }
            """#,
            expandedSource: #"""
            struct Config {
                var first: String
                var second: String
                var meta: Int
                var id: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"'second' and 'first' are both encoded at 'name'; give one of them another key (@EncodingKey)"#, line: 4, column: 5),
                DiagnosticSpec(message: #"'id' is encoded at 'meta.id' and 'meta' at 'meta': one would be written inside the other's value; give one of them another key (@EncodingKey)"#, line: 6, column: 5),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    /// @CodingCase and @FallbackCase: one case each, literal arguments, values that select one case.
    func testEnumCaseMisuse() {
        assertMacroExpansion(
            #"""
            @Codable
            enum Status {
                @CodingCase(match: .string("on")) case active, enabled
                @CodingCase() case paused
                @CodingCase(values: list) case video(id: String)
                @CodingCase(match: .string("a"), values: [.label("id", keys: key), makeSpec()]) case audio(id: String)
                @CodingCase(match: .pathValue(path)) case clip(id: String)
                @CodingCase(match: .pathValue("type"), .pathValue("kind")) case short(id: String)
                @FallbackCase case unknown, other
            }
            """#,
            expandedSource: #"""
            @Codable
            enum Status {
                case active, enabled
                case paused
                case video(id: String)
                case audio(id: String)
                case clip(id: String)
                case short(id: String)
                case unknown, other
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodingCase applies to one case; declare 'active' on its own"#, line: 3, column: 5),
                DiagnosticSpec(message: #"@CodingCase needs a value to match (match: .string("…"), …) or keys for the associated values (values: […])"#, line: 4, column: 5, fixIts: [FixItSpec(message: #"remove @CodingCase"#)]),
                DiagnosticSpec(message: #"'values:' is an array literal of .label(_:keys:) and .index(_:keys:)"#, line: 5, column: 25),
                DiagnosticSpec(message: #"a key is a string literal (without interpolation)"#, line: 6, column: 66),
                DiagnosticSpec(message: #"an associated value is given as .label("name", keys: …) or .index(0, keys: …)"#, line: 6, column: 72),
                DiagnosticSpec(message: #"the path of .pathValue is a string literal ("type.kind")"#, line: 7, column: 24),
                DiagnosticSpec(message: #"a case has one .pathValue (the discriminator's path)"#, line: 8, column: 44),
                DiagnosticSpec(message: #"@FallbackCase applies to one case; declare 'unknown' on its own"#, line: 9, column: 5),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable
            enum Status {
                @CodingCase(match: .string("on"), .int(1)) case active
                @CodingCase(match: .string("on")) case enabled
                case paused
                @CodingCase(match: .string("paused")) case halted
                @FallbackCase case unknown
                @FallbackCase case other
            }
            """#,
            expandedSource: #"""
            enum Status {
                case active
                case enabled
                case paused
                case halted
                case unknown
                case other
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"an enum has one @FallbackCase, and 'unknown' is already it"#, line: 8, column: 5),
                DiagnosticSpec(message: #"the key "on" already selects case 'active'; case 'enabled' would never be decoded from it"#, line: 4, column: 5),
                DiagnosticSpec(message: #"the key "paused" already selects case 'paused'; case 'halted' would never be decoded from it"#, line: 6, column: 5),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable
            enum Media {
                case video(id: String)
                @CodingCase(match: .string("video")) case clip(id: String)
            }
            """#,
            expandedSource: #"""
            enum Media {
                case video(id: String)
                case clip(id: String)
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"the key "video" already selects case 'video'; case 'clip' would never be decoded from it"#, line: 4, column: 5),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    /// @PolymorphicCodable, @PolymorphicCase and @PolymorphicIdentifier: what a registry could not hold.
    func testPolymorphicMisuse() {
        assertMacroExpansion(
            #"""
            @PolymorphicCodable
            enum Block {
                @PolymorphicCase() case image(ImageItem)
                @PolymorphicCase(name) case text(TextItem)
                @PolymorphicCase("a") case audio(AudioItem), video(VideoItem)
                @PolymorphicCase("other", "misc") @FallbackCase case unknown(UnknownItem)
            }
            """#,
            expandedSource: #"""
            @PolymorphicCodable
            enum Block {
                case image(ImageItem)
                case text(TextItem)
                case audio(AudioItem), video(VideoItem)
                case unknown(UnknownItem)
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@PolymorphicCase needs at least one discriminator value"#, line: 3, column: 5),
                DiagnosticSpec(message: #"a discriminator value is a string literal"#, line: 4, column: 22),
                DiagnosticSpec(message: #"@PolymorphicCase applies to one case: each discriminator value selects one"#, line: 5, column: 5),
                DiagnosticSpec(message: #"a fallback case has one discriminator value of its own (written when encoding); other unknown values reach it anyway"#, line: 6, column: 31),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @PolymorphicCodable
            enum Block {
                @PolymorphicCase("image", "picture") case image(ImageItem)
                @PolymorphicCase("picture") case photo(PhotoItem)
                case text(TextItem)
                case note(TextItem)
                @FallbackCase case unknown(UnknownItem)
                @FallbackCase case other(OtherItem)
            }
            """#,
            expandedSource: #"""
            enum Block {
                case image(ImageItem)
                case photo(PhotoItem)
                case text(TextItem)
                case note(TextItem)
                case unknown(UnknownItem)
                case other(OtherItem)
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #""picture" already selects case 'image'"#, line: 4, column: 22),
                DiagnosticSpec(message: #"cases 'text' and 'note' both carry TextItem: encoding finds a case's discriminator value by its value's type; give each case its own type"#, line: 6, column: 15),
                DiagnosticSpec(message: #"an enum has one @FallbackCase, and 'unknown' is already it"#, line: 8, column: 5),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @PolymorphicCodable(discriminator: "meta..kind", payloadKey: "")
            enum Block {
                case text(TextItem)
            }
            """#,
            expandedSource: #"""
            enum Block {
                case text(TextItem)
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"'meta..kind' is not a key path: use keys separated by single dots ('a.b'), without empty parts"#, line: 1, column: 36),
                DiagnosticSpec(message: #"the payload key is empty; leave it out for a payload inline in the object"#, line: 1, column: 62),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @PolymorphicCodable
            enum Block {
            }
            """#,
            expandedSource: #"""
            enum Block {
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@PolymorphicCodable needs cases, each carrying one value"#, line: 1, column: 1),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @PolymorphicIdentifier("image", "image")
            struct ImageItem: Codable {}
            """#,
            expandedSource: #"""
            struct ImageItem: Codable {}
            """#,
            diagnostics: [
                DiagnosticSpec(message: #""image" is given twice"#, line: 1, column: 33),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    /// #polymorphicRegistry's arguments.
    func testPolymorphicRegistryMisuse() {
        assertMacroExpansion(
            #"""
            let a = #polymorphicRegistry((any ViewItem).self, fallback: UnknownItem.self)
            """#,
            expandedSource: #"""
            let a = fatalError()
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"#polymorphicRegistry needs the registered types (types: ImageItem.self, …)"#, line: 1, column: 9),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            let b = #polymorphicRegistry((any ViewItem).self, types: ImageItem.self, fallback: unknownType)
            """#,
            expandedSource: #"""
            let b = fatalError()
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"the fallback type is written as a metatype, as in UnknownItem.self"#, line: 1, column: 84),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            let c = #polymorphicRegistry((any ViewItem).self, types: ImageItem.self, TextItem.self, ImageItem.self)
            """#,
            expandedSource: #"""
            let c = fatalError()
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"ImageItem is listed twice"#, line: 1, column: 89),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            let d = #polymorphicRegistry((any ViewItem).self, types: ImageItem.self, fallback: ImageItem.self)
            """#,
            expandedSource: #"""
            let d = fatalError()
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"ImageItem is both a registered type and the fallback; list it once"#, line: 1, column: 84),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            let e = #polymorphicRegistry((any ViewItem).self, discriminator: "", types: ImageItem.self)
            """#,
            expandedSource: #"""
            let e = fatalError()
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"'' is not a key path: use keys separated by single dots ('a.b'), without empty parts"#, line: 1, column: 66),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    /// Annotations on AutoCodable keys, and key enums that no key uses.
    func testAutoCodableMisuse() {
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension User: Codable {
                enum CodingKeys: String, CodingKey {
                    @CodingKey("user_name") case name
                    @SnakeCase @DecodingDefault("x") case title
                    @DecodedValue(valueType) case avatar
                    @DecodedValue(FilePath.self) @DecodedValue(FilePath.self) case cover
                }
            }
            """#,
            expandedSource: #"""
            @AutoCodable
            extension User: Codable {
                enum CodingKeys: String, CodingKey {
                    case name
                    case title
                    case avatar
                    case cover
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CodingKey has no effect on a key of an @AutoCodable CodingKeys enum; the key's text is the case's raw value ('case name = "user_name"')"#, line: 4, column: 9, fixIts: [FixItSpec(message: #"remove @CodingKey"#)]),
                DiagnosticSpec(message: #"@SnakeCase has no effect on a key of an @AutoCodable CodingKeys enum"#, line: 5, column: 9, fixIts: [FixItSpec(message: #"remove @SnakeCase"#)]),
                DiagnosticSpec(message: #"@DecodingDefault has no effect on a key of an @AutoCodable CodingKeys enum"#, line: 5, column: 20, fixIts: [FixItSpec(message: #"remove @DecodingDefault"#)]),
                DiagnosticSpec(message: #"@DecodedValue takes the value type itself, as in FilePath.self"#, line: 6, column: 23),
                DiagnosticSpec(message: #"@DecodedValue is given twice"#, line: 7, column: 38, fixIts: [FixItSpec(message: #"remove @DecodedValue"#)]),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension Attachment: Codable {
                enum CodingKeys: String, CodingKey {
                    case image
                }
                enum ImageCodingKeys: String, CodingKey {
                    case url
                }
                enum VideoCodingKeys: String, CodingKey {
                    case url
                }
            }
            """#,
            expandedSource: #"""
            extension Attachment: Codable {
                enum CodingKeys: String, CodingKey {
                    case image
                }
                enum ImageCodingKeys: String, CodingKey {
                    case url
                }
                enum VideoCodingKeys: String, CodingKey {
                    case url
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"CodingKeys has no key 'video' for VideoCodingKeys to apply to"#, line: 9, column: 10),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension User: Codable {
                enum CodingKeys: String, CodingKey {
                    case name, profile
                    enum ProfileCodingKeys: String, CodingKey {
                        case city
                    }
                    enum AddressCodingKeys: String, CodingKey {
                        case street
                    }
                }
            }
            """#,
            expandedSource: #"""
            extension User: Codable {
                enum CodingKeys: String, CodingKey {
                    case name, profile
                    enum ProfileCodingKeys: String, CodingKey {
                        case city
                    }
                    enum AddressCodingKeys: String, CodingKey {
                        case street
                    }
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"CodingKeys has no key 'address' for AddressCodingKeys to apply to"#, line: 8, column: 14),
            ],
            macroSpecs: joltMacroSpecs
        )
        assertMacroExpansion(
            #"""
            @AutoCodable
            extension Attachment: Codable {
                enum CodingKeys: String, CodingKey {
                    case image
                    enum ImageCodingKeys: String, CodingKey {
                        case url
                    }
                }
                enum ImageCodingKeys: String, CodingKey {
                    case url
                }
            }
            """#,
            expandedSource: #"""
            extension Attachment: Codable {
                enum CodingKeys: String, CodingKey {
                    case image
                    enum ImageCodingKeys: String, CodingKey {
                        case url
                    }
                }
                enum ImageCodingKeys: String, CodingKey {
                    case url
                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"in an enum's CodingKeys a key names a case; the keys of a case's values go in ImageCodingKeys beside CodingKeys"#, line: 5, column: 14),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    /// The fix-its: removing an annotation (alone, first or last), 'let' to 'var', removing
    /// a value, removing a second type macro, @InheritedCodable to @Codable.
    func testFixIts() {
        assertMacroExpansion(
            """
            struct Plain {
                @CodingKey("user_name") var name: String
            }
            """,
            expandedSource: """
            struct Plain {
                var name: String
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@CodingKey has no effect: 'Plain' is not annotated with @Codable, @Decodable or @Encodable",
                               line: 2, column: 5, fixIts: [FixItSpec(message: "remove @CodingKey")]),
            ],
            macroSpecs: markerSpecs,
            fixedSource: """
            struct Plain {
                var name: String
            }
            """
        )
        assertMacroExpansion(
            """
            @SnakeCase
            struct Plain {}
            """,
            expandedSource: """
            struct Plain {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "@SnakeCase has no effect: 'Plain' is not annotated with @Codable, @Decodable or @Encodable",
                               line: 1, column: 1, fixIts: [FixItSpec(message: "remove @SnakeCase")]),
            ],
            macroSpecs: markerSpecs,
            fixedSource: """
            struct Plain {}
            """
        )
        assertMacroExpansion(
            """
            @Codable
            struct Config {
                @SnakeCase @CodingKey("x") var a: Int
                @CodingIgnored @CodingKey("c") var cache: [Int] = []
                @CodingKey("max_retries") let retries = 3
                @DecodingDefault(5) let timeout = 10
            }
            """,
            expandedSource: """
            @Codable
            struct Config {
                var a: Int
                var cache: [Int] = []
                let retries = 3
                let timeout = 10
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@SnakeCase has no effect: @CodingKey gives the keys as written",
                               line: 3, column: 5, fixIts: [FixItSpec(message: "remove @SnakeCase")]),
                DiagnosticSpec(message: "@CodingKey has no effect on an @CodingIgnored property",
                               line: 4, column: 20, fixIts: [FixItSpec(message: "remove @CodingKey")]),
                DiagnosticSpec(message: "a 'let' with an initial value is never decoded; make it 'var' so the value is the default, "
                                   + "or remove the value", line: 5, column: 5, fixIts: [FixItSpec(message: "make it 'var'")]),
                DiagnosticSpec(message: "a 'let' with an initial value is never decoded; remove the value: @DecodingDefault gives the default",
                               line: 6, column: 5, fixIts: [FixItSpec(message: "remove the initial value")]),
            ],
            macroSpecs: markerSpecs,
            fixedSource: """
            @Codable
            struct Config {
                @CodingKey("x") var a: Int
                @CodingIgnored var cache: [Int] = []
                @CodingKey("max_retries") var retries = 3
                @DecodingDefault(5) let timeout
            }
            """
        )
        assertMacroExpansion(
            """
            @Codable @Decodable
            struct Event {
                var id: Int
            }
            """,
            expandedSource: """
            struct Event {
                var id: Int
            }

            extension Event: Decodable, Encodable, JoltCodingHooks {
                enum CodingKeys: String, CodingKey {
                    case `id` = "id"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.id = try container.decode(Int.self, forKey: .`id`)
                    try _joltHook(self.didDecode(from: decoder))
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .`id`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Decodable and @Codable both write the type's coding; keep one",
                               line: 1, column: 10, fixIts: [FixItSpec(message: "remove @Decodable")]),
            ],
            macroSpecs: joltMacroSpecs,
            fixedSource: """
            @Codable
            struct Event {
                var id: Int
            }
            """
        )
        assertMacroExpansion(
            """
            @InheritedCodable
            class Animal {}
            """,
            expandedSource: """
            class Animal {}
            """,
            diagnostics: [
                DiagnosticSpec(message: "@InheritedCodable applies to a subclass, and 'Animal' has no superclass; use @Codable",
                               line: 1, column: 1, fixIts: [FixItSpec(message: "use @Codable")]),
            ],
            macroSpecs: joltMacroSpecs,
            fixedSource: """
            @Codable
            class Animal {}
            """
        )
    }

    /// Jolt's property wrappers inside @Codable (read and written through): with an
    /// annotation choosing the coding too, without their generic argument, around a
    /// type they do not wrap, with a second default, without a written type.
    func testJoltPropertyWrapperMisuse() {
        assertMacroExpansion(
            #"""
            @Codable
            struct Model {
                @LossyArray @LossyCoding var a: [Int]
                @DateValue var b: Date
                @LossyArray var c: Int
                @Default<ZeroCount> var d = 3
                @Polymorphic var e = makeWidget()
            }
            """#,
            expandedSource: #"""
            struct Model {
                @LossyArray var a: [Int]
                @DateValue var b: Date
                @LossyArray var c: Int
                @Default<ZeroCount> var d = 3
                @Polymorphic var e = makeWidget()
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "the @LossyArray property wrapper and an annotation both choose how 'a' is read; keep one",
                               line: 3, column: 5),
                DiagnosticSpec(message: "write the strategy: @DateValue<ISO8601Strategy>", line: 4, column: 5),
                DiagnosticSpec(message: "@LossyArray does not wrap 'Int'", line: 5, column: 5),
                DiagnosticSpec(message: "'d' has two defaults: @Default<ZeroCount> and its initial value or @DecodingDefault; keep one",
                               line: 6, column: 5),
                DiagnosticSpec(message: "@Polymorphic needs the property's type written out ('var name: Type')", line: 7, column: 5),
            ],
            macroSpecs: joltMacroSpecs
        )
    }

    /// A naming style on a case whose JSON text is written out, without associated values.
    func testStyleOnACaseWithItsText() {
        assertMacroExpansion(
            #"""
            @Codable
            enum Event: String {
                @SnakeCase case userCreated = "created"
                @KebabCase @CodingCase(match: .string("gone")) case userDeleted
                @SnakeCase case userRenamed
            }
            """#,
            expandedSource: #"""
            @Codable
            enum Event: String {
                case userCreated = "created"
                case userDeleted
                case userRenamed
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@SnakeCase has no effect: the case's JSON text is given (a raw value or a .string match) "
                                   + "and it has no associated values", line: 3, column: 5, fixIts: [FixItSpec(message: "remove @SnakeCase")]),
                DiagnosticSpec(message: "@KebabCase has no effect: the case's JSON text is given (a raw value or a .string match) "
                                   + "and it has no associated values", line: 4, column: 5, fixIts: [FixItSpec(message: "remove @KebabCase")]),
            ],
            macroSpecs: markerSpecs
        )
    }
}

/// The mixed naming styles are checked like the others.
final class MixedStyleMisuseTests: XCTestCase {
    func testMixedStylesMisused() {
        assertMacroExpansion(
            #"""
            struct Plain {
                @CamelSnakeCase var userName: String
            }
            """#,
            expandedSource: #"""
            struct Plain {
                var userName: String
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@CamelSnakeCase has no effect: 'Plain' is not annotated with @Codable, @Decodable or @Encodable"#, line: 2, column: 5, fixIts: [FixItSpec(message: #"remove @CamelSnakeCase"#)]),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable
            struct User {
                @PascalKebabCase @CodingKey("x") var a: Int
            }
            """#,
            expandedSource: #"""
            @Codable
            struct User {
                var a: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"@PascalKebabCase has no effect: @CodingKey gives the keys as written"#, line: 3, column: 5, fixIts: [FixItSpec(message: #"remove @PascalKebabCase"#)]),
            ],
            macroSpecs: markerSpecs
        )
        assertMacroExpansion(
            #"""
            @Codable @CamelKebabCase @PascalSnakeCase
            struct User {
                @CamelSnakeCase @SnakeCase var userName: String
            }
            """#,
            expandedSource: #"""
            struct User {
                var userName: String
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: #"a type takes one naming style; remove the others"#, line: 1, column: 26, fixIts: [FixItSpec(message: #"keep @CamelKebabCase only"#)]),
                DiagnosticSpec(message: #"a property takes one naming style; remove the others"#, line: 3, column: 21, fixIts: [FixItSpec(message: #"keep @CamelSnakeCase only"#)]),
            ],
            macroSpecs: joltMacroSpecs
        )
    }
}
