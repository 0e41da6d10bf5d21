import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import SwiftSyntaxMacroExpansion
import XCTest

/// The `_JoltDirectEncodable` conformance `@Codable` and `@Encodable` write: for
/// a struct whose encoded properties each have one plain key, `encode(to:)`
/// hands a JoltEncoder's slot to `joltDirectEncode(to:)`, which writes each
/// key as its bytes; a class forwards to `encode(to:)`; other types do not get it.
final class DirectEncodingExpansionTests: XCTestCase {
    /// The specs with the conformance the compiler passes when the type does not have it.
    let specs: [String: MacroSpec] = {
        var specs = joltMacroSpecs
        specs["Codable"] = MacroSpec(type: CodableMacro.self, conformances: ["Encodable", "_JoltDirectEncodable"])
        specs["Encodable"] = MacroSpec(type: EncodableMacro.self, conformances: ["Encodable", "_JoltDirectEncodable"])
        return specs
    }()

    func testDirectWriting() {
        assertMacroExpansion(
            #"""
            @Encodable
            struct Event {
                let id: Int
                @CodingKey("user_name") var name: String
                var nickname: String?
                @EncodeNil var note: String?
                @DateCoding(ISO8601Strategy.self) var seen: Date?
                @CodingKey("ключ") var key: Bool
                @Flatten var place: Place
                @CodingIgnored var cache: [String: Int] = [:]
            }
            """#,
            expandedSource: #"""
            struct Event {
                let id: Int
                var name: String
                var nickname: String?
                var note: String?
                var seen: Date?
                var key: Bool
                var place: Place
                var cache: [String: Int] = [:]
            }

            extension Event: Encodable, _JoltDirectEncodable {
                enum CodingKeys: String, CodingKey {
                    case `id` = "id"
                    case `user_name` = "user_name"
                    case `nickname` = "nickname"
                    case `note` = "note"
                    case `seen` = "seen"
                    case `ключ` = "ключ"
                }

                func encode(to encoder: any Encoder) throws {
                    if let writer = _JoltDirectWriter(encoder) {
                        return try joltDirectEncode(to: writer)
                    }
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .`id`)
                    try container.encode(self.name, forKey: .`user_name`)
                    try container.encodeIfPresent(self.nickname, forKey: .`nickname`)
                    if let value = self.note {
                        try container.encode(value, forKey: .`note`)
                    } else {
                        try container.encodeNil(forKey: .`note`)
                    }
                    if let value = self.seen {
                        try container.encode(DateValue<ISO8601Strategy>(wrappedValue: value), forKey: .`seen`)
                    }
                    try container.encode(self.key, forKey: .`ключ`)
                    try self.place.encode(to: encoder)
                    try _joltHook(self.didEncode(to: encoder))
                }

                func joltDirectEncode(to writer: _JoltDirectWriter) throws {
                    let encoder = writer.encoder
                    try _joltHook(self.willEncode(to: encoder))
                    let object = writer.object(distinctKeys: true)
                    try object.encode(self.id, forKey: CodingKeys.`id`, "\"id\"")
                    try object.encode(self.name, forKey: CodingKeys.`user_name`, "\"user_name\"")
                    try object.encodeIfPresent(self.nickname, forKey: CodingKeys.`nickname`, "\"nickname\"")
                    if let value = self.note {
                        try object.encode(value, forKey: CodingKeys.`note`, "\"note\"")
                    } else {
                        try object.encodeNil(forKey: CodingKeys.`note`, "\"note\"")
                    }
                    if let value = self.seen {
                        try object.encode(DateValue<ISO8601Strategy>(wrappedValue: value), forKey: CodingKeys.`seen`, "\"seen\"")
                    }
                    try object.encode(self.key, forKey: CodingKeys.`ключ`, "\"ключ\"")
                    try self.place.encode(to: encoder)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: specs, indentationWidth: .spaces(4))
    }

    func testTypesWithoutTheDirectWriting() {
        assertMacroExpansion(
            #"""
            @Encodable
            struct Pathed {
                @CodingKey("meta.id") var id: Int
            }

            @Encodable
            struct Slashed {
                @CodingKey("a/b") var id: Int
            }

            @Encodable
            class Animal {
                var name: String = ""
            }
            """#,
            expandedSource: #"""
            struct Pathed {
                var id: Int
            }
            struct Slashed {
                var id: Int
            }
            class Animal {
                var name: String = ""

                enum CodingKeys: String, CodingKey {
                    case `name` = "name"
                }

                class var joltHooksClass: AnyClass {
                    Animal.self
                }

                func encode(to encoder: any Encoder) throws {
                    let runsHooks = Self.joltHooksClass == Animal.self
                    if runsHooks {
                        try _joltHook(self.willEncode(to: encoder))
                    }
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.name, forKey: .`name`)
                    if runsHooks {
                        try _joltHook(self.didEncode(to: encoder))
                    }
                }
            }

            extension Pathed: Encodable {
                enum CodingKeys: String, CodingKey {
                    case `meta` = "meta"
                    case `id` = "id"
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    do {
                        var container0 = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .`meta`)
                        try container0.encode(self.id, forKey: .`id`)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }

            extension Slashed: Encodable {
                enum CodingKeys: String, CodingKey {
                    case `a_b` = "a/b"
                }

                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .`a_b`)
                    try _joltHook(self.didEncode(to: encoder))
                }
            }

            extension Animal: Encodable, _JoltDirectEncodable {
                func joltDirectEncode(to writer: _JoltDirectWriter) throws {
                    try encode(to: writer.encoder)
                }
            }
            """#,
            macroSpecs: specs, indentationWidth: .spaces(4))
    }

    /// A scalar case writes its first match (or its name) into the slot; a
    /// case with associated values an object of them below its key, a nil
    /// optional left out. An enum with a value at a key path does not get it.
    func testEnums() {
        assertMacroExpansion(
            #"""
            @Encodable
            enum Level: Int {
                case low = 1, high
            }

            @Encodable
            enum Phone {
                @CodingCase(match: .intRange(22...30), .string("p")) case apple
                case other
            }

            @Encodable
            enum Shape {
                case dot
                case circle(radius: Double)
                case rect(Int, label: String?)
            }

            @Encodable
            enum Pathed {
                @CodingCase(match: .string("p"), values: [.label("x", keys: "at.x")])
                case point(x: Int)
            }
            """#,
            expandedSource: #"""
            enum Level: Int {
                case low = 1, high
            }
            enum Phone {
                case apple
                case other
            }
            enum Shape {
                case dot
                case circle(radius: Double)
                case rect(Int, label: String?)
            }
            enum Pathed {
                case point(x: Int)
            }

            extension Level: Encodable, _JoltDirectEncodable {
                func encode(to encoder: any Encoder) throws {
                    if let writer = _JoltDirectWriter(encoder) {
                        return try joltDirectEncode(to: writer)
                    }
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`low`:
                        try _JoltCaseScalar.encode([.int(1)], fallback: "low", to: encoder)
                    case .`high`:
                        try _JoltCaseScalar.encode([.int(2)], fallback: "high", to: encoder)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }

                func joltDirectEncode(to writer: _JoltDirectWriter) throws {
                    let encoder = writer.encoder
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`low`:
                        try JoltCaseMatch.int(1).joltDirectEncode(fallback: "low", to: writer)
                    case .`high`:
                        try JoltCaseMatch.int(2).joltDirectEncode(fallback: "high", to: writer)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }

            extension Phone: Encodable, _JoltDirectEncodable {
                func encode(to encoder: any Encoder) throws {
                    if let writer = _JoltDirectWriter(encoder) {
                        return try joltDirectEncode(to: writer)
                    }
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`apple`:
                        try _JoltCaseScalar.encode([.intRange(22 ... 30), .string("p")], fallback: "apple", to: encoder)
                    case .`other`:
                        try _JoltCaseScalar.encode([.string("other")], fallback: "other", to: encoder)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }

                func joltDirectEncode(to writer: _JoltDirectWriter) throws {
                    let encoder = writer.encoder
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`apple`:
                        try JoltCaseMatch.intRange(22 ... 30).joltDirectEncode(fallback: "apple", to: writer)
                    case .`other`:
                        try JoltCaseMatch.string("other").joltDirectEncode(fallback: "other", to: writer)
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }

            extension Shape: Encodable, _JoltDirectEncodable {
                func encode(to encoder: any Encoder) throws {
                    if let writer = _JoltDirectWriter(encoder) {
                        return try joltDirectEncode(to: writer)
                    }
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`dot`:
                        try _JoltCaseScalar.encode([.string("dot")], fallback: "dot", to: encoder)
                    case .`circle`(let v0):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: "circle")
                        try values._joltEncode(v0, at: ["radius"])
                    case .`rect`(let v0, let v1):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: "rect")
                        try values._joltEncode(v0, at: ["_0"])
                        try values._joltEncodeIfPresent(v1, at: ["label"])
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }

                func joltDirectEncode(to writer: _JoltDirectWriter) throws {
                    let encoder = writer.encoder
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`dot`:
                        try JoltCaseMatch.string("dot").joltDirectEncode(fallback: "dot", to: writer)
                    case .`circle`(let v0):
                        try writer.object(distinctKeys: true).encodeObject("\"circle\"", distinctKeys: true) { values in
                            try values.encode(v0, forKey: _JoltAnyCodingKey(stringValue: "radius"), "\"radius\"")
                        }
                    case .`rect`(let v0, let v1):
                        try writer.object(distinctKeys: true).encodeObject("\"rect\"", distinctKeys: true) { values in
                            try values.encode(v0, forKey: _JoltAnyCodingKey(stringValue: "_0"), "\"_0\"")
                            if let v1 {
                                try values.encode(v1, forKey: _JoltAnyCodingKey(stringValue: "label"), "\"label\"")
                            }
                        }
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }

            extension Pathed: Encodable {
                func encode(to encoder: any Encoder) throws {
                    try _joltHook(self.willEncode(to: encoder))
                    switch self {
                    case .`point`(let v0):
                        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
                        var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: "p")
                        try values._joltEncode(v0, at: ["at", "x"])
                    }
                    try _joltHook(self.didEncode(to: encoder))
                }
            }
            """#,
            macroSpecs: specs, indentationWidth: .spaces(4))
    }
}
