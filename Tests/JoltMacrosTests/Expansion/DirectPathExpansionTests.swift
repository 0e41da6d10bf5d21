import JoltMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import SwiftSyntaxMacroExpansion
import XCTest

/// The `_JoltDirectDecodable` conformance `@Codable` writes for a struct whose
/// properties each read one key: one pass over the members, keys matched by a
/// `switch` on their length and first four bytes, then their other bytes.
final class DirectPathExpansionTests: XCTestCase {
    /// The specs with the conformance the compiler passes when the type does not have it.
    let specs: [String: MacroSpec] = {
        var specs = joltMacroSpecs
        specs["Codable"] = MacroSpec(type: CodableMacro.self, conformances: ["Decodable", "Encodable", "JoltCodingHooks", "JoltCodableClass", "_JoltDirectDecodable"])
        specs["Decodable"] = MacroSpec(type: DecodableMacro.self, conformances: ["Decodable", "JoltCodingHooks", "JoltCodableClass", "_JoltDirectDecodable"])
        return specs
    }()

    /// A struct, an array and an optional struct are read into their locals in
    /// place (`into:`), so that a large one is not copied at every member.
    func testNestedValuesAreReadIntoTheirLocals() {
        assertMacroExpansion(
            #"""
            @Decodable
            struct Post {
                let author: Person
                let tags: [Tag]
                let editor: Person?
            }
            """#,
            expandedSource: #"""
            struct Post {
                let author: Person
                let tags: [Tag]
                let editor: Person?
            }

            extension Post: Decodable, JoltCodingHooks, _JoltDirectDecodable {
                enum CodingKeys: String, CodingKey {
                    case `author` = "author"
                    case `tags` = "tags"
                    case `editor` = "editor"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.author = try container.decode(Person.self, forKey: .`author`)
                    self.tags = try container.decode([Tag].self, forKey: .`tags`)
                    self.editor = try container.decodeIfPresent(Person.self, forKey: .`editor`)
                    try _joltHook(self.didDecode(from: decoder))
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    try _joltHook(Self.willDecode(from: reader.decoder))
                    var __jolt0: Person? = nil
                    var __jolt1: [Tag]? = nil
                    var __jolt2: Person?? = nil
                    var __joltSeen0 = false
                    var __joltSeen1 = false
                    var __joltSeen2 = false
                    var members = try reader.members()
                    while members.next() {
                        switch members.keySignature {
                        case 0x6874756100000006: // "author"
                            if !__joltSeen0 && members.keyIs("author") {
                                __joltSeen0 = true
                                do {
                                    try members.decode(Person.self, forKey: CodingKeys.`author`, into: &__jolt0)
                                } catch {
                                    members.fail(error, order: 0)
                                }
                            }
                        case 0x7367617400000004: // "tags"
                            if !__joltSeen1 {
                                __joltSeen1 = true
                                do {
                                    try members.decode([Tag].self, forKey: CodingKeys.`tags`, into: &__jolt1)
                                } catch {
                                    members.fail(error, order: 1)
                                }
                            }
                        case 0x7469646500000006: // "editor"
                            if !__joltSeen2 && members.keyIs("editor") {
                                __joltSeen2 = true
                                __jolt2 = .some(nil)
                                if !members.isNull {
                                    do {
                                        try members.decode(Person.self, forKey: CodingKeys.`editor`, into: &__jolt2!)
                                    } catch {
                                        members.fail(error, order: 2)
                                    }
                                }
                            }
                        default:
                            break
                        }
                    }
                    guard let __jolt0 = __jolt0.take() else {
                        throw members.missing(CodingKeys.`author`, order: 0)
                    }
                    guard let __jolt1 = __jolt1.take() else {
                        throw members.missing(CodingKeys.`tags`, order: 1)
                    }
                    try members.throwFailure()
                    self.author = __jolt0
                    self.tags = __jolt1
                    self.editor = __jolt2.take() ?? nil
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    return try _joltDidDecode(Self(joltDirect: reader)) {
                        try _joltHook($0.didDecode(from: reader.decoder))
                    }
                }
            }
            """#,
            macroSpecs: specs, indentationWidth: .spaces(4)
        )
    }

    func testDirectReading() {
        assertMacroExpansion(
            #"""
            @Decodable
            struct Event {
                let id: Int
                @CodingKey("user_name") var name: String
                var age = 33
                var nickname: String?
                @DecodingDefault(missing: "a", invalid: "b") var note: String?
                @LossyCoding var scores: [Int]
                @DateCoding(ISO8601Strategy.self) var seen: Date?
                @CodingKey("user_mail") var mail: String
                @CodingIgnored var cache: [String: Int] = [:]
            }
            """#,
            expandedSource: #"""
            struct Event {
                let id: Int
                var name: String
                var age = 33
                var nickname: String?
                var note: String?
                var scores: [Int]
                var seen: Date?
                var mail: String
                var cache: [String: Int] = [:]
            }

            extension Event: Decodable, JoltCodingHooks, _JoltDirectDecodable {
                enum CodingKeys: String, CodingKey {
                    case `id` = "id"
                    case `user_name` = "user_name"
                    case `age` = "age"
                    case `nickname` = "nickname"
                    case `note` = "note"
                    case `scores` = "scores"
                    case `seen` = "seen"
                    case `user_mail` = "user_mail"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.id = try container.decode(Int.self, forKey: .`id`)
                    self.name = try container.decode(String.self, forKey: .`user_name`)
                    self.age = container._joltDecode(forKey: .`age`, missing: 33, invalid: 33, decoder: decoder) {
                        try $0.decodeIfPresent(Int.self, forKey: $1)
                    }
                    self.nickname = try container.decodeIfPresent(String.self, forKey: .`nickname`)
                    self.note = container._joltDecodeIfPresent(forKey: .`note`, missing: "a", invalid: "b", decoder: decoder) {
                        try $0.decodeIfPresent(String.self, forKey: $1)
                    }
                    self.scores = try container._joltDecode(LossyArray<Int>.self, forKey: .`scores`).wrappedValue
                    self.seen = try container.decodeIfPresent(DateValue<ISO8601Strategy>.self, forKey: .`seen`)?.wrappedValue
                    self.mail = try container.decode(String.self, forKey: .`user_mail`)
                    try _joltHook(self.didDecode(from: decoder))
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    try _joltHook(Self.willDecode(from: reader.decoder))
                    var __jolt0: Int? = nil
                    var __jolt1: String? = nil
                    var __jolt2: Int? = nil
                    var __jolt3: String?? = nil
                    var __jolt4: String?? = nil
                    var __jolt5: LossyArray<Int>? = nil
                    var __jolt6: DateValue<ISO8601Strategy>?? = nil
                    var __jolt7: String? = nil
                    var __joltSeen0 = false
                    var __joltSeen1 = false
                    var __joltSeen2 = false
                    var __joltSeen3 = false
                    var __joltSeen4 = false
                    var __joltSeen5 = false
                    var __joltSeen6 = false
                    var __joltSeen7 = false
                    var members = try reader.members()
                    while members.next() {
                        switch members.keySignature {
                        case 0x0000646900000002: // "id"
                            if !__joltSeen0 {
                                __joltSeen0 = true
                                do {
                                    __jolt0 = try members.decode(Int.self, forKey: CodingKeys.`id`)
                                } catch {
                                    members.fail(error, order: 0)
                                }
                            }
                        case 0x7265737500000009: // "user_name"
                            if !__joltSeen1 && members.keyIs("user_name") {
                                __joltSeen1 = true
                                do {
                                    __jolt1 = try members.decode(String.self, forKey: CodingKeys.`user_name`)
                                } catch {
                                    members.fail(error, order: 1)
                                }
                            } else if !__joltSeen7 && members.keyIs("user_mail") {
                                __joltSeen7 = true
                                do {
                                    __jolt7 = try members.decode(String.self, forKey: CodingKeys.`user_mail`)
                                } catch {
                                    members.fail(error, order: 7)
                                }
                            }
                        case 0x0065676100000003: // "age"
                            if !__joltSeen2 {
                                __joltSeen2 = true
                                if !members.isNull {
                                    do {
                                        __jolt2 = try members.decode(Int.self)
                                    } catch {
                                        __jolt2 = 33
                                    }
                                }
                            }
                        case 0x6b63696e00000008: // "nickname"
                            if !__joltSeen3 && members.keyIs("nickname") {
                                __joltSeen3 = true
                                do {
                                    __jolt3 = .some(members.isNull ? nil : try members.decode(String.self, forKey: CodingKeys.`nickname`))
                                } catch {
                                    members.fail(error, order: 3)
                                }
                            }
                        case 0x65746f6e00000004: // "note"
                            if !__joltSeen4 {
                                __joltSeen4 = true
                                if members.isNull {
                                    __jolt4 = .some(nil)
                                } else {
                                    do {
                                        __jolt4 = .some(try members.decode(String.self))
                                    } catch {
                                        __jolt4 = .some("b")
                                    }
                                }
                            }
                        case 0x726f637300000006: // "scores"
                            if !__joltSeen5 && members.keyIs("scores") {
                                __joltSeen5 = true
                                if !members.isNull {
                                    do {
                                        try members.decode(LossyArray<Int>.self, forKey: CodingKeys.`scores`, into: &__jolt5)
                                    } catch {
                                        members.fail(error, order: 5)
                                    }
                                }
                            }
                        case 0x6e65657300000004: // "seen"
                            if !__joltSeen6 {
                                __joltSeen6 = true
                                __jolt6 = .some(nil)
                                if !members.isNull {
                                    do {
                                        try members.decode(DateValue<ISO8601Strategy>.self, forKey: CodingKeys.`seen`, into: &__jolt6!)
                                    } catch {
                                        members.fail(error, order: 6)
                                    }
                                }
                            }
                        default:
                            break
                        }
                    }
                    guard let __jolt0 = __jolt0.take() else {
                        throw members.missing(CodingKeys.`id`, order: 0)
                    }
                    guard let __jolt1 = __jolt1.take() else {
                        throw members.missing(CodingKeys.`user_name`, order: 1)
                    }
                    guard let __jolt5 = __jolt5.take() else {
                        throw members.missingValue(CodingKeys.`scores`, order: 5)
                    }
                    guard let __jolt7 = __jolt7.take() else {
                        throw members.missing(CodingKeys.`user_mail`, order: 7)
                    }
                    try members.throwFailure()
                    self.id = __jolt0
                    self.name = __jolt1
                    self.age = (__jolt2.take() ?? 33)
                    self.nickname = __jolt3.take() ?? nil
                    if let __jolt4 = __jolt4.take() {
                        self.note = __jolt4
                    } else {
                        self.note = "a"
                    }
                    self.scores = __jolt5.wrappedValue
                    self.seen = __jolt6.take()??.wrappedValue
                    self.mail = __jolt7
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    return try _joltDidDecode(Self(joltDirect: reader)) {
                        try _joltHook($0.didDecode(from: reader.decoder))
                    }
                }
            }
            """#,
            macroSpecs: specs, indentationWidth: .spaces(4))
    }

    func testKeyPathsAndAlternatives() {
        assertMacroExpansion(
            #"""
            @Decodable
            struct Paths {
                @CodingKey("a", "b.c") var a: Int
                @CodingKey("b.d") var d: String? = "x"
                var b: Int?
                @CustomCoding(decode: { try Int(from: $0) }, encode: { try $0.encode(to: $1) }) var e: Int
            }
            """#,
            expandedSource: #"""
            struct Paths {
                var a: Int
                var d: String? = "x"
                var b: Int?
                var e: Int
            }

            extension Paths: Decodable, JoltCodingHooks, _JoltDirectDecodable {
                enum CodingKeys: String, CodingKey {
                    case `a` = "a"
                    case `b` = "b"
                    case `c` = "c"
                    case `d` = "d"
                    case `e` = "e"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.a = try container._joltDecode(paths: [[.`a`], [.`b`, .`c`]]) {
                        try $0.decodeIfPresent(Int.self, forKey: $1)
                    }
                    self.d = container._joltDecodeIfPresent(paths: [[.`b`, .`d`]], missing: "x", invalid: "x", decoder: decoder) {
                        try $0.decodeIfPresent(String.self, forKey: $1)
                    }
                    self.b = try container.decodeIfPresent(Int.self, forKey: .`b`)
                    self.e = try container._joltDecode(paths: [[.`e`]], using: {
                            try Int(from: $0)
                        })
                    try _joltHook(self.didDecode(from: decoder))
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    try _joltHook(Self.willDecode(from: reader.decoder))
                    var __jolt0: Int? = nil
                    var __jolt1: String? = nil
                    var __jolt2: Int?? = nil
                    var __jolt3: Int? = nil
                    var __joltSeen0 = false
                    var __joltAt0: Int? = nil
                    var __joltSeen1 = false
                    var __joltAt1: Int? = nil
                    var __joltSeen2 = false
                    var __joltAt2: Int? = nil
                    var members = try reader.members()
                    while members.next() {
                        switch members.keySignature {
                        case 0x0000006100000001: // "a"
                            if !__joltSeen0 {
                                __joltSeen0 = true
                                __joltAt0 = members.valueIndex
                            }
                        case 0x0000006200000001: // "b"
                            if !__joltSeen1 {
                                __joltSeen1 = true
                                do {
                                    __jolt2 = .some(members.isNull ? nil : try members.decode(Int.self, forKey: CodingKeys.`b`))
                                } catch {
                                    members.fail(error, order: 2)
                                }
                                __joltAt1 = members.valueIndex
                            }
                        case 0x0000006500000001: // "e"
                            if !__joltSeen2 {
                                __joltSeen2 = true
                                __joltAt2 = members.valueIndex
                            }
                        default:
                            break
                        }
                    }
                    if __jolt0 == nil, let __joltIndex = __joltAt0 {
                        if !reader.isNull(at: __joltIndex) {
                            do {
                                __jolt0 = try reader.decode(Int.self, at: __joltIndex)
                            } catch {
                            }
                        }
                    }
                    if __jolt0 == nil, let __joltIndex = reader.member("c", of: __joltAt1) {
                        if !reader.isNull(at: __joltIndex) {
                            do {
                                __jolt0 = try reader.decode(Int.self, at: __joltIndex)
                            } catch {
                            }
                        }
                    }
                    var __jolt1Failed = false
                    var __jolt1Present = false
                    if __jolt1 == nil, let __joltIndex = reader.member("d", of: __joltAt1) {
                        __jolt1Present = true
                        if !reader.isNull(at: __joltIndex) {
                            do {
                                __jolt1 = try reader.decode(String.self, at: __joltIndex)
                            } catch {
                                __jolt1Failed = true
                            }
                        }
                    }
                    if __jolt3 == nil, let __joltIndex = __joltAt2 {
                        if !reader.isNull(at: __joltIndex) {
                            do {
                                __jolt3 = try reader.decode(at: __joltIndex, path: [CodingKeys](), forKey: CodingKeys.`e`, using: {
                                        try Int(from: $0)
                                    })
                            } catch {
                            }
                        }
                    }
                    guard let __jolt0 = __jolt0.take() else {
                        throw members.error(order: 0, keyedBy: CodingKeys.self) { container in
                            _ = try container._joltDecode(paths: [[.`a`], [.`b`, .`c`]]) {
                                try $0.decodeIfPresent(Int.self, forKey: $1)
                            }
                        }
                    }
                    guard let __jolt3 = __jolt3.take() else {
                        throw members.error(order: 3, keyedBy: CodingKeys.self) { container in
                            _ = try container._joltDecode(paths: [[.`e`]], using: {
                                    try Int(from: $0)
                                })
                        }
                    }
                    try members.throwFailure()
                    self.a = __jolt0
                    if __jolt1 != nil {
                        self.d = __jolt1.take()
                    } else if __jolt1Failed {
                        self.d = "x"
                    } else if __jolt1Present {
                        self.d = nil
                    } else {
                        self.d = "x"
                    }
                    self.b = __jolt2.take() ?? nil
                    self.e = __jolt3
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    return try _joltDidDecode(Self(joltDirect: reader)) {
                        try _joltHook($0.didDecode(from: reader.decoder))
                    }
                }
            }
            """#,
            macroSpecs: specs, indentationWidth: .spaces(4))
    }

    /// A container path: the members are read in its object (the hooks get the
    /// decoder of the whole object). A flattened property: decoded after the pass
    /// as `init(from:)` decodes it. A final class: its direct reading among its
    /// members (a designated initializer cannot be in an extension). A class
    /// that can have subclasses: the same, with the hooks guarded as in its
    /// `init(from:)`, used for the class itself only (a subclass is read through
    /// its own `init(from:)`).
    func testContainerPathsFlattenedPropertiesAndClasses() {
        assertMacroExpansion(
            #"""
            @Decodable @CodingContainer("data")
            struct Contained {
                var a: Int
            }
            @Decodable
            struct Placed {
                var name: String
                @Flatten var geo: Geo?
            }
            @Decodable
            final class Box {
                var a: Int
            }
            @Decodable
            class Base {
                var a: Int
            }
            """#,
            expandedSource: #"""
            struct Contained {
                var a: Int
            }
            struct Placed {
                var name: String
                var geo: Geo?
            }
            final class Box {
                var a: Int

                enum CodingKeys: String, CodingKey {
                    case `a` = "a"
                }

                required init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.a = try container.decode(Int.self, forKey: .`a`)
                    try _joltHook(self.didDecode(from: decoder))
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    let decoder = reader.decoder
                    try _joltHook(Self.willDecode(from: decoder))
                    var __jolt0: Int? = nil
                    var __joltSeen0 = false
                    var members = try reader.members()
                    while members.next() {
                        switch members.keySignature {
                        case 0x0000006100000001: // "a"
                            if !__joltSeen0 {
                                __joltSeen0 = true
                                do {
                                    __jolt0 = try members.decode(Int.self, forKey: CodingKeys.`a`)
                                } catch {
                                    members.fail(error, order: 0)
                                }
                            }
                        default:
                            break
                        }
                    }
                    guard let __jolt0 = __jolt0.take() else {
                        throw members.missing(CodingKeys.`a`, order: 0)
                    }
                    try members.throwFailure()
                    self.a = __jolt0
                    try _joltHook(self.didDecode(from: decoder))
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    try Self(joltDirect: reader)
                }
            }
            class Base {
                var a: Int

                enum CodingKeys: String, CodingKey {
                    case `a` = "a"
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
                    self.a = try container.decode(Int.self, forKey: .`a`)
                    if runsHooks {
                        try _joltHook(self.didDecode(from: decoder))
                    }
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    let decoder = reader.decoder
                    let runsHooks = Self.joltHooksClass == Base.self
                    if runsHooks {
                        try _joltHook(Self.willDecode(from: decoder))
                    }
                    var __jolt0: Int? = nil
                    var __joltSeen0 = false
                    var members = try reader.members()
                    while members.next() {
                        switch members.keySignature {
                        case 0x0000006100000001: // "a"
                            if !__joltSeen0 {
                                __joltSeen0 = true
                                do {
                                    __jolt0 = try members.decode(Int.self, forKey: CodingKeys.`a`)
                                } catch {
                                    members.fail(error, order: 0)
                                }
                            }
                        default:
                            break
                        }
                    }
                    guard let __jolt0 = __jolt0.take() else {
                        throw members.missing(CodingKeys.`a`, order: 0)
                    }
                    try members.throwFailure()
                    self.a = __jolt0
                    if runsHooks {
                        try _joltHook(self.didDecode(from: decoder))
                    }
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    guard self == Base.self else {
                        return try self.init(from: reader.decoder)
                    }
                    return unsafeDowncast(try Base(joltDirect: reader), to: self)
                }

                static var joltDecodesDirectly: Bool {
                    self == Base.self
                }
            }

            extension Contained: Decodable, JoltCodingHooks, _JoltDirectDecodable {
                enum CodingKeys: String, CodingKey {
                    case `data` = "data"
                    case `a` = "a"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)._joltNestedContainer([.`data`])
                    self.a = try container.decode(Int.self, forKey: .`a`)
                    try _joltHook(self.didDecode(from: decoder))
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    let decoder = reader.decoder
                    try _joltHook(Self.willDecode(from: decoder))
                    let reader = try reader.nested([CodingKeys.`data`])
                    var __jolt0: Int? = nil
                    var __joltSeen0 = false
                    var members = try reader.members()
                    while members.next() {
                        switch members.keySignature {
                        case 0x0000006100000001: // "a"
                            if !__joltSeen0 {
                                __joltSeen0 = true
                                do {
                                    __jolt0 = try members.decode(Int.self, forKey: CodingKeys.`a`)
                                } catch {
                                    members.fail(error, order: 0)
                                }
                            }
                        default:
                            break
                        }
                    }
                    guard let __jolt0 = __jolt0.take() else {
                        throw members.missing(CodingKeys.`a`, order: 0)
                    }
                    try members.throwFailure()
                    self.a = __jolt0
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    return try _joltDidDecode(Self(joltDirect: reader)) {
                        try _joltHook($0.didDecode(from: reader.decoder))
                    }
                }
            }

            extension Placed: Decodable, JoltCodingHooks, _JoltDirectDecodable {
                enum CodingKeys: String, CodingKey {
                    case `name` = "name"
                }

                init(from decoder: any Decoder) throws {
                    try _joltHook(Self.willDecode(from: decoder))
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.name = try container.decode(String.self, forKey: .`name`)
                    self.geo = try _JoltFlattened.decodeIfPresent(Geo.self, from: decoder)
                    try _joltHook(self.didDecode(from: decoder))
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    try _joltHook(Self.willDecode(from: reader.decoder))
                    var __jolt0: String? = nil
                    var __joltSeen0 = false
                    var members = try reader.members()
                    while members.next() {
                        switch members.keySignature {
                        case 0x656d616e00000004: // "name"
                            if !__joltSeen0 {
                                __joltSeen0 = true
                                do {
                                    __jolt0 = try members.decode(String.self, forKey: CodingKeys.`name`)
                                } catch {
                                    members.fail(error, order: 0)
                                }
                            }
                        default:
                            break
                        }
                    }
                    var __joltFlattened_geo: (Geo?)? = nil
                    do {
                        __joltFlattened_geo = .some(try _JoltFlattened.decodeIfPresent(Geo.self, from: reader.decoder))
                    } catch {
                        members.fail(error, order: 1)
                    }
                    guard let __jolt0 = __jolt0.take() else {
                        throw members.missing(CodingKeys.`name`, order: 0)
                    }
                    try members.throwFailure()
                    self.name = __jolt0
                    self.geo = __joltFlattened_geo!
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    return try _joltDidDecode(Self(joltDirect: reader)) {
                        try _joltHook($0.didDecode(from: reader.decoder))
                    }
                }
            }

            extension Box: Decodable, JoltCodingHooks, _JoltDirectDecodable {
            }

            extension Base: Decodable, JoltCodingHooks, JoltCodableClass, _JoltDirectDecodable {
            }
            """#,
            macroSpecs: specs, indentationWidth: .spaces(4))
    }

    /// An enum: the cases a scalar alone selects, matched against the scalar read
    /// from the tape in `init(from:)`'s order (a case of strings only by comparing
    /// the text); anything else goes to `init(from:)` before any of it is read. An enum whose cases all have associated
    /// values does not take the conformance.
    func testEnums() {
        assertMacroExpansion(
            #"""
            @Decodable
            enum Status {
                case active
                @CodingCase(match: .string("gone"), .int(0)) case closed
                case moved(to: String)
            }
            @Decodable
            enum Shape {
                case circle(radius: Double)
            }
            """#,
            expandedSource: #"""
            enum Status {
                case active
                case closed
                case moved(to: String)
            }
            enum Shape {
                case circle(radius: Double)
            }

            extension Status: Decodable, JoltCodingHooks, _JoltDirectDecodable {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if scalar.matches([.string("active")]) {
                            return .`active`
                        }
                        if scalar.matches([.string("gone"), .int(0)]) {
                            return .`closed`
                        }
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            for key: _JoltAnyCodingKey in ["active"] where container.contains(key) {
                                return .`active`
                            }
                            for key: _JoltAnyCodingKey in ["gone"] where container.contains(key) {
                                return .`closed`
                            }
                            for key: _JoltAnyCodingKey in ["moved"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`moved`(to: try values._joltDecode(String.self, paths: [["to"]]))
                            }
                        }
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "No case of Status matches \(scalar)."))
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    let scalar = _JoltCaseScalar(reader)
                    let value: Self
                    let text: String?
                    if case .string(let string) = scalar {
                        text = string
                    } else {
                        text = nil
                    }
                    if text == "active" {
                        value = .`active`
                    } else if scalar.matches([.string("gone"), .int(0)]) {
                        value = .`closed`
                    } else if reader.member("active") != nil {
                        value = .`active`
                    } else if reader.member("gone") != nil {
                        value = .`closed`
                    } else if let __joltAt = reader.member("moved") {
                        try _joltHook(Self.willDecode(from: reader.decoder))
                        self = try reader._joltCase(at: __joltAt, key: "moved") { values in
                            Self.`moved`(to: try values._joltCaseValue(String.self, key: "to"))
                        }
                        try _joltHook(self.didDecode(from: reader.decoder))
                        return
                    } else {
                        self = try Self(from: reader.decoder)
                        return
                    }
                    try _joltHook(Self.willDecode(from: reader.decoder))
                    self = value
                    try _joltHook(self.didDecode(from: reader.decoder))
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    try Self(joltDirect: reader)
                }
            }

            extension Shape: Decodable, JoltCodingHooks, _JoltDirectDecodable {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            for key: _JoltAnyCodingKey in ["circle"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`circle`(radius: try values._joltDecode(Double.self, paths: [["radius"]]))
                            }
                        }
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "No case of Shape matches \(scalar)."))
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    if let __joltAt = reader.member("circle") {
                        try _joltHook(Self.willDecode(from: reader.decoder))
                        self = try reader._joltCase(at: __joltAt, key: "circle") { values in
                            Self.`circle`(radius: try values._joltCaseValue(Double.self, key: "radius"))
                        }
                        try _joltHook(self.didDecode(from: reader.decoder))
                        return
                    } else {
                        self = try Self(from: reader.decoder)
                        return
                    }
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    try Self(joltDirect: reader)
                }
            }
            """#,
            macroSpecs: specs, indentationWidth: .spaces(4))
    }

    /// Associated values read by the `_joltCaseValue` helpers: alternative keys
    /// and a key path, a default, an optional. Objects are read directly up to a
    /// case selected by a range of keys; an enum with a case selected by a value
    /// at a path (which `init(from:)` tries first) reads only scalars directly.
    func testEnumCaseValues() {
        assertMacroExpansion(
            #"""
            @Decodable
            enum Media {
                @CodingCase(match: .string("clip"), values: [.label("id", keys: "ID", "meta.id")])
                case clip(id: String, length: Int = 0, note: String?)
                @CodingCase(match: .stringRange("x"..."z"))
                case ranged(Int)
                case after
            }
            @Decodable
            enum Tagged {
                case plain
                @CodingCase(match: .pathValue("kind"))
                case kinded(size: Int)
            }
            """#,
            expandedSource: #"""
            enum Media {
                case clip(id: String, length: Int = 0, note: String?)
                case ranged(Int)
                case after
            }
            enum Tagged {
                case plain
                case kinded(size: Int)
            }

            extension Media: Decodable, JoltCodingHooks, _JoltDirectDecodable {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if scalar.matches([.string("after")]) {
                            return .`after`
                        }
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            for key: _JoltAnyCodingKey in ["clip"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`clip`(id: try values._joltDecode(String.self, paths: [["ID"], ["meta", "id"]]), length: values._joltDecode(Int.self, paths: [["length"]], missing: 0, invalid: 0, decoder: decoder), note: try values._joltDecodeIfPresent(String.self, paths: [["note"]]))
                            }
                            for key: _JoltAnyCodingKey in ["x"] where container.contains(key) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`ranged`(try values._joltDecode(Int.self, paths: [["_0"]]))
                            }
                            for key in _JoltCaseScalar.keys(in: container, matching: [.stringRange("x" ... "z")]) {
                                let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)
                                return .`ranged`(try values._joltDecode(Int.self, paths: [["_0"]]))
                            }
                            for key: _JoltAnyCodingKey in ["after"] where container.contains(key) {
                                return .`after`
                            }
                        }
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "No case of Media matches \(scalar)."))
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    let scalar = _JoltCaseScalar(reader)
                    let value: Self
                    let text: String?
                    if case .string(let string) = scalar {
                        text = string
                    } else {
                        text = nil
                    }
                    if text == "after" {
                        value = .`after`
                    } else if let __joltAt = reader.member("clip") {
                        try _joltHook(Self.willDecode(from: reader.decoder))
                        self = try reader._joltCase(at: __joltAt, key: "clip") { values in
                            Self.`clip`(id: try values._joltCaseValue(String.self, paths: [["ID"], ["meta", "id"]]), length: values._joltCaseValue(Int.self, key: "length", default: 0), note: try values._joltCaseValueIfPresent(String.self, key: "note"))
                        }
                        try _joltHook(self.didDecode(from: reader.decoder))
                        return
                    } else if let __joltAt = reader.member("x") {
                        try _joltHook(Self.willDecode(from: reader.decoder))
                        self = try reader._joltCase(at: __joltAt, key: "x") { values in
                            Self.`ranged`(try values._joltCaseValue(Int.self, key: "_0"))
                        }
                        try _joltHook(self.didDecode(from: reader.decoder))
                        return
                    } else {
                        self = try Self(from: reader.decoder)
                        return
                    }
                    try _joltHook(Self.willDecode(from: reader.decoder))
                    self = value
                    try _joltHook(self.didDecode(from: reader.decoder))
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    try Self(joltDirect: reader)
                }
            }

            extension Tagged: Decodable, JoltCodingHooks, _JoltDirectDecodable {
                init(from decoder: any Decoder) throws {
                    func decodeCase() throws -> Self {
                        let scalar = _JoltCaseScalar(from: decoder)
                        if scalar.matches([.string("plain")]) {
                            return .`plain`
                        }
                        if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {
                            if _JoltCaseScalar(container, path: ["kind"]).matches([.string("kinded")]) {
                                return .`kinded`(size: try container._joltDecode(Int.self, paths: [["size"]]))
                            }
                            for key: _JoltAnyCodingKey in ["plain"] where container.contains(key) {
                                return .`plain`
                            }
                        }
                        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "No case of Tagged matches \(scalar)."))
                    }
                    try _joltHook(Self.willDecode(from: decoder))
                    self = try decodeCase()
                    try _joltHook(self.didDecode(from: decoder))
                }

                init(joltDirect reader: borrowing _JoltDirectReader) throws {
                    let scalar = _JoltCaseScalar(reader)
                    let value: Self
                    let text: String?
                    if case .string(let string) = scalar {
                        text = string
                    } else {
                        text = nil
                    }
                    if text == "plain" {
                        value = .`plain`
                    } else {
                        self = try Self(from: reader.decoder)
                        return
                    }
                    try _joltHook(Self.willDecode(from: reader.decoder))
                    self = value
                    try _joltHook(self.didDecode(from: reader.decoder))
                }

                static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
                    try Self(joltDirect: reader)
                }
            }
            """#,
            macroSpecs: specs, indentationWidth: .spaces(4))
    }
}
