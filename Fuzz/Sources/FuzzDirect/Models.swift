import Foundation
import Jolt

// The model of FuzzDirect, with both initializers as JoltMacros writes them
// for `@Decodable struct FuzzEvent { … }` (DirectPathExpansionTests shows the
// expansion): the fuzz package cannot build the macros (their plugin links
// swift-syntax, which the sanitizer flags would turn into a libFuzzer
// executable), so the expansion is written out here, with the JoltMacros
// runtime's helpers (`_joltDecode(forKey:missing:invalid:)`, hooks) spelt out.

struct FuzzEvent: Decodable, _JoltDirectDecodable, Equatable {
    let id: Int
    var name: String
    var age = 33
    var nickname: String?
    var note: String?
    @LossyArray var scores: [Int]
    var seen: DateValue<ISO8601Strategy>?
    var mail: String
    var inner: FuzzInner?
    var inners: [FuzzInner] = []
    var byName: [String: FuzzInner]?

    enum CodingKeys: String, CodingKey {
        case id, name = "user_name", age, nickname, note, scores, seen, mail = "user_mail", inner, inners, byName
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        do { age = try container.decodeIfPresent(Int.self, forKey: .age) ?? 33 } catch { age = 33 }
        nickname = try container.decodeIfPresent(String.self, forKey: .nickname)
        do {
            if let value = try container.decodeIfPresent(String.self, forKey: .note) { note = value }
            else { note = container.contains(.note) ? nil : "a" }
        } catch {
            note = "b"
        }
        guard let scores = try container.decodeIfPresent(LossyArray<Int>.self, forKey: .scores) else {
            throw DecodingError.keyNotFound(CodingKeys.scores, DecodingError.Context(
                codingPath: container.codingPath, debugDescription: "No value associated with key scores."))
        }
        _scores = scores
        seen = try container.decodeIfPresent(DateValue<ISO8601Strategy>.self, forKey: .seen)
        mail = try container.decode(String.self, forKey: .mail)
        inner = try container.decodeIfPresent(FuzzInner.self, forKey: .inner)
        do { inners = try container.decodeIfPresent([FuzzInner].self, forKey: .inners) ?? [] } catch { inners = [] }
        byName = try container.decodeIfPresent([String: FuzzInner].self, forKey: .byName)
    }

    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> FuzzEvent {
        try FuzzEvent(joltDirect: reader)
    }

    init(joltDirect reader: _JoltDirectReader) throws {
        var __jolt0: Int? = nil
        var __jolt1: String? = nil
        var __jolt2: Int? = nil
        var __jolt3: String?? = nil
        var __jolt4: String?? = nil
        var __jolt5: LossyArray<Int>? = nil
        var __jolt6: DateValue<ISO8601Strategy>?? = nil
        var __jolt7: String? = nil
        var __jolt8: FuzzInner?? = nil
        var __jolt9: [FuzzInner]? = nil
        var __jolt10: [String: FuzzInner]?? = nil
        var __joltSeen = [Bool](repeating: false, count: 11)
        var members = try reader.members()
        while members.next() {
            switch members.keySignature {
            case 0x0000646900000002: // "id"
                if !__joltSeen[0] {
                    __joltSeen[0] = true
                    do { __jolt0 = try members.decode(Int.self, forKey: CodingKeys.id) } catch { members.fail(error, order: 0) }
                }
            case 0x7265737500000009: // "user_name", "user_mail"
                if !__joltSeen[1] && members.keyIs("user_name") {
                    __joltSeen[1] = true
                    do { __jolt1 = try members.decode(String.self, forKey: CodingKeys.name) } catch { members.fail(error, order: 1) }
                } else if !__joltSeen[7] && members.keyIs("user_mail") {
                    __joltSeen[7] = true
                    do { __jolt7 = try members.decode(String.self, forKey: CodingKeys.mail) } catch { members.fail(error, order: 7) }
                }
            case 0x0065676100000003: // "age"
                if !__joltSeen[2] {
                    __joltSeen[2] = true
                    if !members.isNull {
                        do { __jolt2 = try members.decode(Int.self) } catch { __jolt2 = 33 }
                    }
                }
            case 0x6b63696e00000008: // "nickname"
                if !__joltSeen[3] && members.keyIs("nickname") {
                    __joltSeen[3] = true
                    do {
                        __jolt3 = .some(members.isNull ? nil : try members.decode(String.self, forKey: CodingKeys.nickname))
                    } catch {
                        members.fail(error, order: 3)
                    }
                }
            case 0x65746f6e00000004: // "note"
                if !__joltSeen[4] {
                    __joltSeen[4] = true
                    if members.isNull {
                        __jolt4 = .some(nil)
                    } else {
                        do { __jolt4 = .some(try members.decode(String.self)) } catch { __jolt4 = .some("b") }
                    }
                }
            case 0x726f637300000006: // "scores"
                if !__joltSeen[5] && members.keyIs("scores") {
                    __joltSeen[5] = true
                    if !members.isNull {
                        do { __jolt5 = try members.decode(LossyArray<Int>.self, forKey: CodingKeys.scores) } catch { members.fail(error, order: 5) }
                    }
                }
            case 0x6e65657300000004: // "seen"
                if !__joltSeen[6] {
                    __joltSeen[6] = true
                    do {
                        __jolt6 = .some(members.isNull ? nil : try members.decode(DateValue<ISO8601Strategy>.self, forKey: CodingKeys.seen))
                    } catch {
                        members.fail(error, order: 6)
                    }
                }
            case 0x656e6e6900000005: // "inner"
                if !__joltSeen[8] && members.keyIs("inner") {
                    __joltSeen[8] = true
                    do {
                        __jolt8 = .some(members.isNull ? nil : try members.decode(FuzzInner.self, forKey: CodingKeys.inner))
                    } catch {
                        members.fail(error, order: 8)
                    }
                }
            case 0x656e6e6900000006: // "inners"
                if !__joltSeen[9] && members.keyIs("inners") {
                    __joltSeen[9] = true
                    if !members.isNull {
                        do { __jolt9 = try members.decode([FuzzInner].self, forKey: CodingKeys.inners) } catch { __jolt9 = [] }
                    }
                }
            case 0x614e796200000006: // "byName"
                if !__joltSeen[10] && members.keyIs("byName") {
                    __joltSeen[10] = true
                    do {
                        __jolt10 = .some(members.isNull ? nil : try members.decode([String: FuzzInner].self, forKey: CodingKeys.byName))
                    } catch {
                        members.fail(error, order: 10)
                    }
                }
            default:
                break
            }
        }
        // Every check before the first assignment, as the macros write it.
        guard let __jolt0 else { throw members.missing(CodingKeys.id, order: 0) }
        guard let __jolt1 else { throw members.missing(CodingKeys.name, order: 1) }
        guard let __jolt5 else { throw members.missingValue(CodingKeys.scores, order: 5) }
        guard let __jolt7 else { throw members.missing(CodingKeys.mail, order: 7) }
        try members.throwFailure()
        id = __jolt0
        name = __jolt1
        age = __jolt2 ?? 33
        nickname = __jolt3 ?? nil
        if let __jolt4 { note = __jolt4 } else { note = "a" }
        _scores = __jolt5
        seen = __jolt6 ?? nil
        mail = __jolt7
        inner = __jolt8 ?? nil
        inners = __jolt9 ?? []
        byName = __jolt10 ?? nil
    }
}

/// A direct type inside another.
struct FuzzInner: Decodable, _JoltDirectDecodable, Equatable {
    var x: Int
    var y = "y"

    enum CodingKeys: String, CodingKey { case x, y }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        x = try container.decode(Int.self, forKey: .x)
        do { y = try container.decodeIfPresent(String.self, forKey: .y) ?? "y" } catch { y = "y" }
    }

    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> FuzzInner {
        var x: Int?, y: String?, seenX = false, seenY = false
        var members = try reader.members()
        while members.next() {
            switch members.keySignature {
            case 0x0000007800000001 where !seenX: // "x"
                seenX = true
                do { x = try members.decode(Int.self, forKey: CodingKeys.x) } catch { members.fail(error, order: 0) }
            case 0x0000007900000001 where !seenY: // "y"
                seenY = true
                if !members.isNull { do { y = try members.decode(String.self) } catch { y = "y" } }
            default:
                break
            }
        }
        guard let x else { throw members.missing(CodingKeys.x, order: 0) }
        try members.throwFailure()
        return FuzzInner(x: x, y: y ?? "y")
    }

    init(x: Int, y: String) {
        self.x = x
        self.y = y
    }
}

/// A type whose members are in a nested object, as JoltMacros writes it for
/// `@Decodable @CodingContainer("data.info") struct FuzzContained { var x: Int; var inner: FuzzInner? }`.
struct FuzzContained: Decodable, _JoltDirectDecodable, Equatable {
    var x: Int
    var inner: FuzzInner?

    enum CodingKeys: String, CodingKey { case data, info, x, inner }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
            .nestedContainer(keyedBy: CodingKeys.self, forKey: .data)
            .nestedContainer(keyedBy: CodingKeys.self, forKey: .info)
        x = try container.decode(Int.self, forKey: .x)
        inner = try container.decodeIfPresent(FuzzInner.self, forKey: .inner)
    }

    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> FuzzContained {
        let reader = try reader.nested([CodingKeys.data, CodingKeys.info])
        var x: Int?, inner: FuzzInner?? = nil, seenX = false, seenInner = false
        var members = try reader.members()
        while members.next() {
            switch members.keySignature {
            case 0x0000007800000001 where !seenX: // "x"
                seenX = true
                do { x = try members.decode(Int.self, forKey: CodingKeys.x) } catch { members.fail(error, order: 0) }
            case 0x656e6e6900000005 where !seenInner && members.keyIs("inner"): // "inner"
                seenInner = true
                do {
                    inner = .some(members.isNull ? nil : try members.decode(FuzzInner.self, forKey: CodingKeys.inner))
                } catch {
                    members.fail(error, order: 1)
                }
            default:
                break
            }
        }
        guard let x else { throw members.missing(CodingKeys.x, order: 0) }
        try members.throwFailure()
        return FuzzContained(x: x, inner: inner ?? nil)
    }

    init(x: Int, inner: FuzzInner?) {
        self.x = x
        self.inner = inner
    }
}

/// A flattened property, as JoltMacros writes it for
/// `@Decodable struct FuzzFlat { var name: String; @Flatten var inner: Inner }`:
/// the type's own key in the pass, the flattened value from the whole object after it.
/// `FuzzFlat<FuzzInner>` flattens a struct; `FuzzFlat<FuzzBody>` an enum whose case a
/// sibling key chooses (github_events' events), its discriminator and its payload
/// found by the registry.
struct FuzzFlat<Inner: Decodable & Equatable>: Decodable, _JoltDirectDecodable, Equatable {
    var name: String
    var inner: Inner

    enum CodingKeys: String, CodingKey { case name }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        inner = try Inner(from: decoder)
    }

    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> FuzzFlat {
        let decoder = reader.decoder
        var name: String?, seenName = false
        var members = try reader.members()
        while members.next() {
            if members.keySignature == 0x656d616e00000004 && !seenName { // "name"
                seenName = true
                do { name = try members.decode(String.self, forKey: CodingKeys.name) } catch { members.fail(error, order: 0) }
            }
        }
        // The flattened value's failure is kept with its place, as the members' are.
        var inner: Inner?
        do { inner = try Inner(from: decoder) } catch { members.fail(error, order: 1) }
        guard let name else { throw members.missing(CodingKeys.name, order: 0) }
        try members.throwFailure()
        return FuzzFlat(name: name, inner: inner!)
    }

    init(name: String, inner: Inner) {
        self.name = name
        self.inner = inner
    }
}

/// `@PolymorphicCodable(discriminator: "kind", payloadKey: "body")` written out:
/// each case's payload under "body", chosen by "kind".
enum FuzzBody: PolymorphicEnum, Equatable {
    case inner(FuzzInner)
    case final(FuzzFinal)

    static let polymorphicRegistry = PolymorphicRegistry<FuzzBody>(discriminator: "kind", payloadKey: "body") {
        $0.register(FuzzInner.self, as: "inner", FuzzBody.inner)
        $0.register(FuzzInner.self, as: "i", FuzzBody.inner)
        $0.register(FuzzFinal.self, as: "final", FuzzBody.final)
    }
}

/// A final class, as JoltMacros writes it for
/// `@Decodable final class FuzzFinal { var x: Int; var y: String? }`: its direct
/// reading among its members.
final class FuzzFinal: Decodable, _JoltDirectDecodable, Equatable {
    var x: Int
    var y: String?

    enum CodingKeys: String, CodingKey { case x, y }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        x = try container.decode(Int.self, forKey: .x)
        y = try container.decodeIfPresent(String.self, forKey: .y)
    }

    init(joltDirect reader: _JoltDirectReader) throws {
        (x, y) = try Self.readMembers(reader)
    }

    /// The pass over the members that the macros write in `init(joltDirect:)`.
    static func readMembers(_ reader: _JoltDirectReader) throws -> (x: Int, y: String?) {
        var x: Int?, y: String?? = nil, seenX = false, seenY = false
        var members = try reader.members()
        while members.next() {
            switch members.keySignature {
            case 0x0000007800000001 where !seenX: // "x"
                seenX = true
                do { x = try members.decode(Int.self, forKey: CodingKeys.x) } catch { members.fail(error, order: 0) }
            case 0x0000007900000001 where !seenY: // "y"
                seenY = true
                do {
                    y = .some(members.isNull ? nil : try members.decode(String.self, forKey: CodingKeys.y))
                } catch {
                    members.fail(error, order: 1)
                }
            default:
                break
            }
        }
        guard let x else { throw members.missing(CodingKeys.x, order: 0) }
        try members.throwFailure()
        return (x, y ?? nil)
    }

    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
        try Self(joltDirect: reader)
    }

    static func == (lhs: FuzzFinal, rhs: FuzzFinal) -> Bool { lhs.x == rhs.x && lhs.y == rhs.y }
}

/// A class that can have subclasses, as JoltMacros writes it for
/// `@Decodable class FuzzOpen { var x: Int; var y: String? }`: read directly
/// only as itself; a subclass (`FuzzOpenChild`, which inherits every
/// initializer) through `init(from:)`.
class FuzzOpen: Decodable, _JoltDirectDecodable, Equatable {
    var x: Int
    var y: String?

    enum CodingKeys: String, CodingKey { case x, y }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        x = try container.decode(Int.self, forKey: .x)
        y = try container.decodeIfPresent(String.self, forKey: .y)
    }

    init(joltDirect reader: _JoltDirectReader) throws {
        (x, y) = try FuzzFinal.readMembers(reader)
    }

    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
        guard self == FuzzOpen.self else {
            return try self.init(from: reader.decoder)
        }
        return unsafeDowncast(try FuzzOpen(joltDirect: reader), to: self)
    }

    static var joltDecodesDirectly: Bool {
        self == FuzzOpen.self
    }

    /// The dynamic types too: a subclass read as its superclass differs.
    static func == (lhs: FuzzOpen, rhs: FuzzOpen) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.x == rhs.x && lhs.y == rhs.y
    }
}

/// A subclass without initializers of its own.
final class FuzzOpenChild: FuzzOpen {}

/// An enum as JoltMacros writes it for
/// `@Decodable enum FuzzKind { @CodingCase(match: .string("a"), .int(1)) case a;
/// @CodingCase(match: .bool(true), .double(2.5), .string("+inf")) case b; case c(x: Int, y: String?, z: Int = 7) }`,
/// with `_JoltCaseScalar` and the `_joltCaseValue` helpers written out (the fuzz
/// package does not build JoltMacros): `init(from:)` tries a single-value
/// container as `_JoltCaseScalar(from:)` does, then the cases' keys; the direct
/// reading takes the scalar from `_JoltDirectReader.firstScalar`, then finds
/// the keys with `_JoltDirectReader.member(_:)` and reads `c`'s values from its
/// object, throwing init(from:)'s errors itself; a value no case matches goes
/// to init(from:). It is written back both ways too (`_JoltDirectEncodable`).
enum FuzzKind: Codable, _JoltDirectDecodable, _JoltDirectEncodable, Equatable {
    case a, b
    case c(x: Int, y: String?, z: Int = 7)

    /// What `_JoltCaseScalar` holds.
    enum Scalar: Equatable { case string(String), int(Int), double(Double), bool(Bool), other }

    enum CodingKeys: String, CodingKey { case a, b, c, x, y, z }

    /// `JoltCaseMatch.matches` for `.string("a"), .int(1)`.
    static func isA(_ scalar: Scalar) -> Bool {
        switch scalar {
        case .string(let s): s == "a"
        case .int(let i): i == 1
        case .double(let d): d == Double(1)
        default: false
        }
    }

    /// `JoltCaseMatch.matches` for `.bool(true), .double(2.5), .string("+inf")`.
    static func isB(_ scalar: Scalar) -> Bool {
        switch scalar {
        case .bool(let b): b
        case .double(let d): d == 2.5
        case .int(let i): 2.5 == Double(i)
        case .string(let s): s == "+inf"
        default: false
        }
    }

    init(from decoder: any Decoder) throws {
        var scalar = Scalar.other
        if let container = try? decoder.singleValueContainer(), !container.decodeNil() {
            if let v = try? container.decode(Bool.self) { scalar = .bool(v) }
            else if let v = try? container.decode(Int.self) { scalar = .int(v) }
            else if let v = try? container.decode(Double.self) { scalar = .double(v) }
            else if let v = try? container.decode(String.self) { scalar = .string(v) }
        }
        if Self.isA(scalar) { self = .a; return }
        if Self.isB(scalar) { self = .b; return }
        if let container = try? decoder.container(keyedBy: CodingKeys.self) {
            if container.contains(.a) { self = .a; return }
            if container.contains(.b) { self = .b; return }
            if container.contains(.c) {
                let values = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .c)
                // _joltDecode(paths:), _joltDecodeIfPresent(paths:), and a default for missing and invalid.
                guard let x = try values.decodeIfPresent(Int.self, forKey: .x) else {
                    throw DecodingError.keyNotFound(CodingKeys.x, DecodingError.Context(
                        codingPath: values.codingPath, debugDescription: "No value associated with key x."))
                }
                self = .c(x: x, y: try values.decodeIfPresent(String.self, forKey: .y),
                          z: (try? values.decodeIfPresent(Int.self, forKey: .z)) ?? 7)
                return
            }
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                debugDescription: "No case of FuzzKind matches \(scalar)."))
    }

    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> FuzzKind {
        var scalar = Scalar.other
        reader.firstScalar(bool: { scalar = .bool($0) }, int: { scalar = .int($0) }, double: { scalar = .double($0) },
                           string: { scalar = .string($0) })
        if isA(scalar) { return .a }
        if isB(scalar) { return .b }
        if reader.member("a") != nil { return .a }
        if reader.member("b") != nil { return .b }
        if let at = reader.member("c") {
            return try reader.nested(at: at, forKey: CodingKeys.c) { values in
                func read<T: Decodable>(_ type: T.Type, _ key: CodingKeys, _ name: StaticString) throws -> T? {
                    guard let index = values.member(name), !values.isNull(at: index) else { return nil }
                    return try values.decode(T.self, at: index, path: [CodingKeys](), forKey: key)
                }
                // Missing or null: init(from:)'s error, built here (`_joltCaseValue(_:key:)`).
                guard let x = try read(Int.self, .x, "x") else {
                    throw DecodingError.keyNotFound(CodingKeys.x, DecodingError.Context(
                        codingPath: values.decoder.codingPath, debugDescription: "No value associated with key x."))
                }
                return .c(x: x, y: try read(String.self, .y, "y"), z: (try? read(Int.self, .z, "z")) ?? 7)
            }
        }
        // No case matches: init(from:) decodes it (its error), nothing read yet.
        return try FuzzKind(from: reader.decoder)
    }

    // Written as `@Codable` writes it (`encode(to:)`'s container code, and the
    // direct writing JoltEncoder's slots are handed to): a case's first match,
    // `c` as `{"c": {"x": …, "y": …, "z": …}}` without a nil `y`.

    func encode(to encoder: any Encoder) throws {
        if let writer = _JoltDirectWriter(encoder) { return try joltDirectEncode(to: writer) }
        switch self {
        case .a:
            var container = encoder.singleValueContainer()
            try container.encode("a")
        case .b:
            var container = encoder.singleValueContainer()
            try container.encode(true)
        case .c(let x, let y, let z):
            var container = encoder.container(keyedBy: CodingKeys.self)
            var values = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .c)
            try values.encode(x, forKey: .x)
            if let y { try values.encode(y, forKey: .y) }
            try values.encode(z, forKey: .z)
        }
    }

    func joltDirectEncode(to writer: _JoltDirectWriter) throws {
        switch self {
        case .a: try writer.encode("a")
        case .b: try writer.encode(true)
        case .c(let x, let y, let z):
            try writer.object(distinctKeys: true).encodeObject("\"c\"", distinctKeys: true) { values in
                try values.encode(x, forKey: CodingKeys.x, "\"x\"")
                if let y { try values.encode(y, forKey: CodingKeys.y, "\"y\"") }
                try values.encode(z, forKey: CodingKeys.z, "\"z\"")
            }
        }
    }
}

/// Enums as the properties of a direct type:
/// `@Decodable struct FuzzKinds { var kind: FuzzKind; var kinds: [FuzzKind] }`.
struct FuzzKinds: Decodable, _JoltDirectDecodable, Equatable {
    var kind: FuzzKind
    var kinds: [FuzzKind]

    enum CodingKeys: String, CodingKey { case kind, kinds }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(FuzzKind.self, forKey: .kind)
        kinds = try container.decode([FuzzKind].self, forKey: .kinds)
    }

    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> FuzzKinds {
        var kind: FuzzKind?, kinds: [FuzzKind]?, seenKind = false, seenKinds = false
        var members = try reader.members()
        while members.next() {
            switch members.keySignature {
            case 0x646e696b00000004 where !seenKind && members.keyIs("kind"): // "kind"
                seenKind = true
                kind = try members.decode(FuzzKind.self, forKey: CodingKeys.kind)
            case 0x646e696b00000005 where !seenKinds && members.keyIs("kinds"): // "kinds"
                seenKinds = true
                kinds = try members.decode([FuzzKind].self, forKey: CodingKeys.kinds)
            default:
                break
            }
        }
        guard let kind else { throw members.missing(CodingKeys.kind, order: 0) }
        guard let kinds else { throw members.missing(CodingKeys.kinds, order: 1) }
        return FuzzKinds(kind: kind, kinds: kinds)
    }

    init(kind: FuzzKind, kinds: [FuzzKind]) {
        self.kind = kind
        self.kinds = kinds
    }
}

/// `FuzzKinds` as a plain Codable struct (synthesized `init(from:)`): its enums
/// are still read directly.
struct FuzzPlainKinds: Decodable, Equatable {
    var kind: FuzzKind
    var kinds: [FuzzKind]
    var maybe: FuzzKind?
}
