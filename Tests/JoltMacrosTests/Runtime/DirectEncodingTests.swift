import Foundation
@_spi(Testing) import Jolt
import JoltMacros
import Testing

/// JoltEncoder's direct path (the `_JoltDirectEncodable` conformance `@Codable`
/// writes for structs) against the generated `encode(to:)` through keyed
/// containers: which models get it, and the same bytes or the same error from
/// both, under every option.
@Suite("the direct encoding against encode(to:)")
struct DirectEncodingTests {
    @Test("structs whose keys are each one plain key get the direct writing; the others do not")
    func conformances() {
        func writesDirectly(_ type: Any.Type) -> Bool { type is any _JoltDirectEncodable.Type }
        for type: Any.Type in [EncodedEverything.self, DirectInner.self, BasicUser.self, Defaults.self, Styled.self, Nulls.self,
                               SomeNulls.self, Hooked.self, EncodeOnly.self, PublicModel.self, FlatCollision.self,
                               FlatMaybeGeo.self, DirectStatus.self, DirectLevel.self, DirectSwitch.self, DirectMood.self,
                               DirectRatio.self, DirectEnumRow.self, DirectPhone.self, DirectOnlyValues.self, DirectMethod.self,
                               DirectEvent.self, MixedEvent.self] {
            #expect(writesDirectly(type), "\(type)")
        }
        // Key paths, @CodingContainer, a key with a slash, closures, only flattened
        // properties, decoding only, enums with a case at a path or a value at a
        // key path, plain Codable.
        for type: Any.Type in [DirectEverything.self, Profile.self, FlatUser.self, Nested.self, DirectContained.self, SlashedKey.self, PathHolder.self,
                               Transformed.self, FlatPlace.self, DecodeOnly.self, PlainInner.self, Video.self, Activity.self,
                               DirectShape.self, PlainEnumHolder.self] {
            #expect(!writesDirectly(type), "\(type)")
        }
        // Classes forward to encode(to:), which subclasses override.
        #expect(writesDirectly(Animal.self))
    }

    static let inner = DirectInner(x: 1, y: "é \"q\" \\ / \u{1}", accent: true)

    /// Values of every model, full and sparse, with strings that need escapes,
    /// non-finite numbers (errors under `.throw`) and dates.
    static var values: [(String, any Encodable)] {
        let full = EncodedEverything(
            id: 1, name: "Ann/\"x\"\n", mail: "a@b", ratio: 0.1, ratios: [1, 2.5, -0.0], float: 1.25, small: -8, tiny: 255,
            short: -300, mid: 70_000, wide: -(1 << 50), unsigned: 9, ushort: 65_535, umid: nil, big: 18, flag: false, on: false,
            nothing: "x", maybeInner: inner, scores: [1, 2], seen: Date(timeIntervalSince1970: 0), when: Date(timeIntervalSince1970: -1.25),
            blob: Data(), url: URL(string: "file:///tmp/x"), inner: inner, inners: [inner, DirectInner(x: 2)], maybeInners: [],
            plain: PlainInner(inner: inner, z: 3), labels: ["b": 2, "a": 1], grid: [[1], [], [2, 3]],
            stamps: [Stamp(at: Date(timeIntervalSince1970: 5), value: 1), Stamp(at: Date(timeIntervalSince1970: 6), value: 2)])
        let sparse = EncodedEverything(id: 2, name: "", ratio: 1e300)
        var nan = sparse
        nan.ratio = .nan
        var infinite = full
        infinite.float = -.infinity
        var deepNaN = full
        deepNaN.inners = [inner, inner]
        deepNaN.ratios = [1, .infinity]
        var stampNaN = full
        stampNaN.stamps[1].value = .nan
        return [
            ("full", full), ("sparse", sparse), ("nan", nan), ("infinite", infinite), ("deepNaN", deepNaN), ("stampNaN", stampNaN),
            ("array", [full, sparse]), ("optionals", [Optional(full), nil, Optional(nan)]),
            ("dictionary", ["k": full, "n": nan]), ("plain", PlainInner(inner: inner, z: nil)),
            ("inner", inner), ("basic", BasicUser(name: "B", age: 3, nickname: nil)),
            ("hooked", Hooked(min: 1, max: 4)), ("hookedInvalid", Hooked(min: 5, max: 4)),
            ("nulls", Nulls(a: nil, b: 1)), ("someNulls", SomeNulls(a: nil, b: nil)),
            ("flat", FlatUser(name: "F", address: FlatAddress(street: "S", city: "C"), id: 3)),
            ("collision", FlatCollision(city: "C1", address: FlatAddress(street: "S", city: "C2"))),
            ("flatMaybe", [FlatMaybeGeo(name: "G", geo: nil), FlatMaybeGeo(name: "H", geo: FlatGeo(lat: 1, lng: .nan))]),
            ("slashed", SlashedKey(value: 1)), ("path", PathHolder(inner: inner, name: "P")),
            ("encodeOnly", EncodeOnly(sentAt: 5)), ("public", PublicModel(value: 7)),
            ("rewritten", [Rewritten(span: 1, name: "r")]),
            // Enums written directly: at the top, in arrays and dictionaries, in a
            // struct written directly and in a plain one; the non-finite case fails.
            ("status", DirectStatus.closed), ("levels", [DirectLevel.low, .mid, .high]), ("switch", DirectSwitch.unknown),
            ("ratios", [DirectRatio.half, .more, .yes, .slashed, .plain]), ("endless", [DirectRatio.half, .endless]),
            ("enumRow", DirectEnumRow(status: .active, level: nil, ratios: [.more, .plain], toggle: .on, byName: ["b": .high, "a": .low],
                                      phone: .custom(name: "x"))),
            ("enumRowEndless", [DirectEnumRow(status: .closed, level: .mid, ratios: [.endless], toggle: .off, byName: [:], phone: .oppo)]),
            ("plainEnums", PlainEnumHolder(status: .active, level: .high, phones: [.apple, .half], toggle: .unknown, byName: ["k": .closed],
                                           mood: .angry)),
            ("moods", ["x": DirectMood.calm]),
            // Enums with associated values, written directly: every case, nested, in a
            // dictionary; a non-finite value (an error with its coding path), a date.
            ("methods", Self.methods),
            ("methodNaN", [DirectMethod.cash, .card(last4: "1", expiry: 2, holder: nil, limit: .nan)]),
            ("methodDict", ["m": DirectMethod.transfer(iban: "I", reference: "r", at: Date(timeIntervalSince1970: 3))]),
            ("events", [DirectEvent.userCreated, .userDeleted(userId: 1, reason: nil, at: 2.5), .ranged(value: 3), .afterRange(value: 4)]),
            ("points", [DirectOnlyValues.point(x: 1, y: -2)]),
            ("shapes", [DirectShape.dot, .polygon(sides: 3, name: "t"), .framed(inner: inner, shape: .circle(radius: 1))]),
        ]
    }

    static var methods: [DirectMethod] {
        [.cash, .card(last4: "4242", expiry: 2029, holder: "Ada \"L\"", limit: 1.5), .card(last4: "0", expiry: 1, holder: nil),
         .transfer(iban: "DE89", reference: "", at: nil), .transfer(iban: "X", at: Date(timeIntervalSince1970: 86_400)),
         .nested(inner: inner, methods: [.cash, .unlabeled(7, "seven"), .nested(inner: DirectInner(x: 2), methods: [])]),
         .unlabeled(-1, "")]
    }

    /// The options compared: each changes what the direct path writes, or turns it off.
    static var optionSets: [(String, (JoltEncoder) -> Void)] { [
        ("default", { _ in }),
        ("pretty, sorted", { $0.outputFormatting = [.prettyPrinted, .sortedKeys] }),
        ("sorted, slashes", { $0.outputFormatting = [.sortedKeys, .withoutEscapingSlashes] }),
        ("writeNull", { $0.nilEncodingStrategy = .writeNull }),
        ("floats as strings", { $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "n") }),
        ("dates and data", {
            $0.dateEncodingStrategy = .iso8601
            $0.dataEncodingStrategy = .custom { data, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(data.count)
            }
        }),
        // The coding path a strategy sees, written into the output.
        ("coding paths", {
            $0.dateEncodingStrategy = .custom { _, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
            }
        }),
        ("snake case (not direct)", { $0.keyEncodingStrategy = .convertToSnakeCase }),
        ("key paths (not direct)", { $0.keyPathSeparator = "." }),
    ] }

    @Test("the same bytes or error from the direct path and encode(to:), under every option")
    func differential() throws {
        var compared = 0, failed = 0
        for (optionName, configure) in Self.optionSets {
            let direct = JoltEncoder(), containers = JoltEncoder()
            configure(direct)
            configure(containers)
            containers.usesDirectPath = false
            for (name, value) in Self.values {
                let a = Self.outcome { try direct.encode(value) }
                let b = Self.outcome { try containers.encode(value) }
                // A key written twice is encoded again by Foundation's encoder when the
                // options are all Foundation's: its members come in any order unless sorted.
                if ["collision", "rewritten"].contains(name) && !optionName.contains("sorted") {
                    // The same members (a key written twice would parse, and be longer).
                    #expect(Self.object(a) != nil && Self.object(a) == Self.object(b) && Self.length(a) == Self.length(b),
                            "\(name), \(optionName)")
                } else {
                    #expect(a == b, "\(name), \(optionName)")
                }
                compared += 1
                if case .error = a { failed += 1 }
            }
        }
        // Errors are compared too, and most values encode.
        #expect(failed > 5 && failed < compared / 2)
    }

    /// Foundation sorts keys when asked (its unsorted order is its dictionary's).
    @Test("Foundation's JSONEncoder writes the same bytes, keys sorted")
    func foundation() throws {
        let formats: [(JSONEncoder.OutputFormatting, JoltEncoder.OutputFormatting)] = [
            ([.sortedKeys], [.sortedKeys]),
            ([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes], [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]),
        ]
        for (formatting, joltFormatting) in formats {
            let foundation = JSONEncoder()
            foundation.outputFormatting = formatting
            let jolt = JoltEncoder()
            jolt.outputFormatting = joltFormatting
            for (name, value) in Self.values {
                #expect(Self.outcome { try jolt.encode(value) } == Self.outcome { try foundation.encode(value) }, "\(name) \(formatting)")
            }
        }
    }

    /// The bytes written, or the error's case, coding path and message.
    enum Outcome: Equatable {
        case bytes(String)
        case error(String)
    }

    /// The JSON object of the bytes (for output whose members may come in any order).
    static func object(_ outcome: Outcome) -> NSObject? {
        guard case .bytes(let text) = outcome else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject
    }

    static func length(_ outcome: Outcome) -> Int {
        guard case .bytes(let text) = outcome else { return -1 }
        return text.utf8.count
    }

    static func outcome(_ body: () throws -> Data) -> Outcome {
        do {
            return .bytes(String(decoding: try body(), as: UTF8.self))
        } catch let error as EncodingError {
            switch error {
            case .invalidValue(let value, let context):
                return .error("invalidValue \(type(of: value)) \(context.codingPath.map(\.stringValue)) \(context.debugDescription)")
            @unknown default:
                return .error("\(error)")
            }
        } catch {
            return .error("\(error)")
        }
    }
}
