import Foundation
@_spi(Testing) import Jolt
import JoltMacros
import Testing

/// The coding path of a `DecodingError`, as text (`"meta.id"`).
func errorPath(_ error: any Error) -> String? {
    let context: DecodingError.Context
    switch error as? DecodingError {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
    default: return nil
    }
    return context.codingPath.map(\.stringValue).joined(separator: ".")
}

@Suite("Behaviours matching the seed libraries")
struct SeedParityTests {
    static let altBase = #""born": "2024-05-01T12:00:00Z", "count": 3"#

    @Test("alternative keys: the next key is tried when a present value does not decode", arguments: TestDecoder.all)
    func alternativeKeys(decoder: TestDecoder) throws {
        let born = Date(timeIntervalSince1970: 1_714_564_800)
        func decode(_ members: String) throws -> AlternativeKeys {
            try decoder.decode(AlternativeKeys.self, "{\(members), \(Self.altBase)}")
        }
        #expect(try decode(#""id": 1"#).id == 1)
        #expect(try decode(#""id": "x", "identifier": 7"#).id == 7)
        #expect(try decode(#""id": [], "identifier": "y", "meta": {"id": 9}"#).id == 9)
        #expect(try decode(#""id": null, "identifier": 8"#).id == 8)
        #expect(try decode(#""id": 1, "identifier": "never read""#).id == 1)
        // None decodes: the first present key's error, at its path.
        let mismatch = #expect(throws: DecodingError.self) { try decode(#""id": "x", "identifier": "y""#) }
        #expect(mismatch.map(errorPath) == "id")
        if case .typeMismatch(let type, _)? = mismatch { #expect(type is Int.Type) } else { Issue.record("\(String(describing: mismatch))") }
        let nested = #expect(throws: DecodingError.self) { try decode(#""meta": {"id": "x"}, "identifier": null"#) }
        #expect(nested.map(errorPath) == "meta.id")
        // None present: keyNotFound for the first key, as before.
        let missing = #expect(throws: DecodingError.self) { try decode(#""name": "x""#) }
        if case .keyNotFound(let key, _)? = missing { #expect(key.stringValue == "id") } else { Issue.record("\(String(describing: missing))") }

        // A default, an optional, a wrapper and closures retry the same way.
        let value = try decoder.decode(AlternativeKeys.self, #"""
            {"id": 1, "score": "x", "points": 5, "nick": 4, "nickname": "N", "born": 0, "birth": "2024-05-01T12:00:00Z",
             "count": "three", "n": 3}
            """#)
        #expect(value == AlternativeKeys(id: 1, score: 5, nick: "N", born: born, count: 3))
        let fallbacks = try decode(#""id": 1, "score": "x", "points": "y", "nick": null, "nickname": "N""#)
        #expect(fallbacks.score == -1 && fallbacks.nick == "N")
        #expect(try decode(#""id": 1, "nick": null"#).nick == nil)
        let nick = #expect(throws: DecodingError.self) { try decode(#""id": 1, "nick": 4, "nickname": 5"#) }
        #expect(nick.map(errorPath) == "nick")
        let date = #expect(throws: DecodingError.self) {
            try decoder.decode(AlternativeKeys.self, #"{"id": 1, "born": "May", "birth": 1, "count": 3}"#)
        }
        #expect(date.map(errorPath) == "born")
        let count = #expect(throws: DecodingError.self) {
            try decoder.decode(AlternativeKeys.self, #"{"id": 1, "born": "2024-05-01T12:00:00Z", "count": "x", "n": "y"}"#)
        }
        #expect(count.map(errorPath) == "count")

        // Encoding writes the first key; the round trip gives the same value.
        let (jolt, foundation) = try encodeBoth(value)
        #expect(jolt == #"{"born":"2024-05-01T12:00:00Z","count":3,"id":1,"nick":"N","score":5}"#)
        #expect(jolt == foundation)
        #expect(try decoder.decode(AlternativeKeys.self, jolt) == value)
    }

    @Test("alternative keys: the default used when none decodes is reported at the first present key")
    func alternativeKeysReport() throws {
        let json = #"{"id": 1, "score": "x", "points": "y", "born": "2024-05-01T12:00:00Z", "count": 3}"#
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let (value, report) = try decoder.decodeWithReport(AlternativeKeys.self, from: json)
            #expect(value.score == -1)
            #expect(report.issues.map(\.kind) == [.defaultApplied])
            #expect(report.issues.map { $0.codingPath.map(\.description).joined(separator: ".") } == ["score"])
        }
    }

    @Test("@CustomCoding(decode:encode:) uses the property's default when the closure fails or the key is missing",
          arguments: TestDecoder.all)
    func closureDefaults(decoder: TestDecoder) throws {
        #expect(try decoder.decode(ClosureDefaults.self, "{}") == ClosureDefaults(doubled: 10, code: "NONE", level: 1))
        #expect(try decoder.decode(ClosureDefaults.self, #"{"doubled": "x", "code": 5, "level": "y"}"#)
                == ClosureDefaults(doubled: 10, code: "NONE", level: 2))
        #expect(try decoder.decode(ClosureDefaults.self, #"{"doubled": null, "code": null, "level": null}"#)
                == ClosureDefaults(doubled: 10, code: nil, level: 1))
        let value = try decoder.decode(ClosureDefaults.self, #"{"doubled": 4, "code": "ab", "level": 3}"#)
        #expect(value == ClosureDefaults(doubled: 8, code: "AB", level: 3))
        let (jolt, foundation) = try encodeBoth(value)
        #expect(jolt == #"{"code":"ab","doubled":4,"level":3}"#)
        #expect(jolt == foundation)
        #expect(try decoder.decode(ClosureDefaults.self, jolt) == value)
    }

    @Test("@CustomCoding(decode:encode:) records each default applied")
    func closureDefaultsReport() throws {
        let (_, report) = try JoltDecoder().decodeWithReport(ClosureDefaults.self, from: #"{"doubled": "x"}"#)
        let paths = report.issues.filter { $0.kind == .defaultApplied }.map { $0.codingPath.map(\.description).joined(separator: ".") }
        #expect(Set(paths) == ["doubled", "code", "level"])
    }
}

extension SeedParityTests {
    static let preferences = #"""
        {"id": 1, "theme": "{\"name\":\"dark\",\"size\":14}", "ids": "[1, \"two\", 3]", "labels": "{\"a\":\"b\"}"}
        """#

    @Test("@JSONString inside @Codable: a property read from and written to a string holding JSON",
          arguments: TestDecoder.all)
    func jsonString(decoder: TestDecoder) throws {
        let value = try decoder.decode(Preferences.self, Self.preferences)
        #expect(value == Preferences(id: 1, theme: Theme(name: "dark", size: 14), backup: nil,
                                     fallback: Theme(name: "light", size: 12), ids: [1, 3], labels: ["a": "b"]))
        let full = try decoder.decode(Preferences.self, #"""
            {"id": 2, "theme": "{\"name\":\"a\",\"size\":1}", "backup": "{\"name\":\"b\",\"size\":2}",
             "fallback": "not JSON", "ids": "[]", "labels_json": "{}"}
            """#)
        #expect(full.backup == Theme(name: "b", size: 2))
        #expect(full.fallback == Theme(name: "light", size: 12))     // invalid: the default
        #expect(full.labels == [:])
        #expect(try decoder.decode(Preferences.self, Self.preferences.replacingOccurrences(of: #""id": 1,"#, with: #""id": 1, "backup": null,"#))
                .backup == nil)

        // Errors inside the string keep the path through the property.
        let inner = #expect(throws: DecodingError.self) {
            try decoder.decode(Preferences.self, Self.preferences.replacingOccurrences(of: #"\"size\":14"#, with: #"\"size\":\"big\""#))
        }
        #expect(inner.map(errorPath) == "theme.size")
        let notString = #expect(throws: DecodingError.self) {
            try decoder.decode(Preferences.self, Self.preferences.replacingOccurrences(of: #""{\"name\":\"dark\",\"size\":14}""#,
                                                                                       with: #"{"name": "dark", "size": 14}"#))
        }
        #expect(notString.map(errorPath) == "theme")

        let (jolt, foundation) = try encodeBoth(full)
        #expect(jolt == foundation)
        #expect(canonical(jolt) == canonical(#"""
            {"id": 2, "theme": "{\"name\":\"a\",\"size\":1}", "backup": "{\"name\":\"b\",\"size\":2}",
             "fallback": "{\"name\":\"light\",\"size\":12}", "ids": "[]", "labels_json": "{}"}
            """#))
        #expect(try decoder.decode(Preferences.self, jolt) == full)
    }
}

extension SeedParityTests {
    @Test("enum raw values: implicit integers, Int8 with negative and hex values, Double and Float",
          arguments: TestDecoder.all)
    func rawValues(decoder: TestDecoder) throws {
        #expect(try decoder.decode([RawInt].self, "[1, 2, 3, 100, 101, 2.0]") == [.one, .two, .three, .other, .next, .two])
        #expect(throws: DecodingError.self) { try decoder.decode(RawInt.self, #""two""#) }
        #expect(throws: DecodingError.self) { try decoder.decode(RawInt.self, "4") }
        #expect(try decoder.decode([RawSigned].self, "[-2, -1, 0, 16, 17]") == [.minusTwo, .minusOne, .zero, .hex, .afterHex])
        #expect(try decoder.decode([RawDouble].self, "[0, 1.0, 2, 100]") == [.zero, .one, .two, .other])
        #expect(try decoder.decode([RawFractions].self, "[1.1, 2.2, 3.3, 4.4]") == [.one, .two, .three, .other])
        #expect(throws: DecodingError.self) { try decoder.decode(RawFractions.self, "1") }
        #expect(try decoder.decode([RawFloat].self, "[0.5, 0.1, 1, -2.5]") == [.half, .tenth, .whole, .minus])

        // Written as Swift's own RawRepresentable coding writes them.
        let ints: [RawInt] = [.one, .two, .three, .other, .next]
        let plainInts: [PlainRawInt] = [.one, .two, .three, .other, .next]
        #expect(try encodeBoth(ints).jolt == "[1,2,3,100,101]")
        #expect(try encodeBoth(ints).foundation == String(decoding: try JSONEncoder().encode(plainInts), as: UTF8.self))
        #expect(try encodeBoth([RawSigned.minusTwo, .minusOne, .zero, .hex, .afterHex]).jolt == "[-2,-1,0,16,17]")
        let doubles: [RawDouble] = [.zero, .one, .two, .other]
        #expect(try encodeBoth(doubles).foundation
                == String(decoding: try JSONEncoder().encode([PlainRawDouble.zero, .one, .two, .other]), as: UTF8.self))
        let fractions: [RawFractions] = [.one, .two, .three, .other]
        #expect(try encodeBoth(fractions).jolt == "[1.1,2.2,3.3,4.4]")
        #expect(try encodeBoth(fractions).foundation
                == String(decoding: try JSONEncoder().encode([PlainRawFractions.one, .two, .three, .other]), as: UTF8.self))
        let floats: [RawFloat] = [.half, .tenth, .whole, .minus]
        #expect(try encodeBoth(floats).jolt == "[0.5,0.1,1,-2.5]")
        #expect(try encodeBoth(floats).foundation
                == String(decoding: try JSONEncoder().encode([PlainRawFloat.half, .tenth, .whole, .minus]), as: UTF8.self))

        for (json, expected) in [(try encodeBoth(ints).jolt, ints)] { #expect(try decoder.decode([RawInt].self, json) == expected) }
        #expect(try decoder.decode([RawDouble].self, try encodeBoth(doubles).jolt) == doubles)
        #expect(try decoder.decode([RawFractions].self, try encodeBoth(fractions).foundation) == fractions)
        #expect(try decoder.decode([RawFloat].self, try encodeBoth(floats).foundation) == floats)
    }
}

extension SeedParityTests {
    @Test("a polymorphic enum's fallback case is written back: as read when its value keeps the identifier, else with its own",
          arguments: TestDecoder.all)
    func polymorphicEnumFallback(decoder: TestDecoder) throws {
        // The value keeps nothing: written with the case's name, which decodes through the fallback again.
        let shapes = try decoder.decode([Outline].self, #"[{"type": "circle", "radius": 1}, {"type": "triangle", "sides": 3}]"#)
        #expect(shapes == [.circle(Circle(radius: 1)), .unknown(BareUnknown())])
        let (jolt, foundation) = try encodeBoth(shapes)
        #expect(jolt == #"[{"radius":1,"type":"circle"},{"type":"unknown"}]"#)
        #expect(jolt == foundation)
        #expect(try decoder.decode([Outline].self, jolt) == shapes)

        // The value keeps the discriminator (UnknownItem's `type`): written back as read.
        let blocks = try decoder.decode([Block].self, #"[{"type": "text", "text": "Hi"}, {"type": "video"}]"#)
        let (joltBlocks, foundationBlocks) = try encodeBoth(blocks)
        #expect(joltBlocks == #"[{"text":"Hi","type":"text"},{"type":"video"}]"#)
        #expect(joltBlocks == foundationBlocks)
        #expect(try decoder.decode([Block].self, joltBlocks) == blocks)

        // A payload key, the fallback's own @PolymorphicCase value, a value keeping the discriminator.
        let figures = try decoder.decode([Figure].self, #"[{"kind": "circle", "data": {"radius": 2}}, {"kind": "hexagon", "data": {}}]"#)
        #expect(figures == [.circle(Circle(radius: 2)), .other(KindKeeper(kind: "hexagon"))])
        let (joltFigures, foundationFigures) = try encodeBoth(figures)
        #expect(joltFigures == #"[{"data":{"radius":2},"kind":"circle"},{"kind":"hexagon"}]"#)
        #expect(joltFigures == foundationFigures)
        #expect(try decoder.decode([Figure].self, joltFigures) == figures)
        #expect(try decoder.decode(Figure.self, #"{"kind": "unsupported"}"#) == .other(KindKeeper(kind: "unsupported")))
    }

    @Test("the fallback's own identifier decodes without a report; an unknown one is reported")
    func fallbackIdentifierNotReported() throws {
        let (_, report) = try JoltDecoder().decodeWithReport([Outline].self, from: #"[{"type": "unknown"}, {"type": "hexagon"}]"#)
        #expect(report.issues.map(\.kind) == [.unknownDiscriminator])
    }

    @Test("#polymorphicRegistry's fallback is written back with its @PolymorphicIdentifier value", arguments: TestDecoder.all)
    func registryFallback(decoder: TestDecoder) throws {
        let json = #"{"widgets": [{"type": "button", "title": "OK"}, {"type": "slider", "max": 3}]}"#
        let registries = PolymorphicRegistries(widgets)
        func decode(_ text: String) throws -> Panel {
            switch decoder {
            case .jolt(let backend), .joltInitFrom(let backend):
                let jolt = JoltDecoder()
                jolt.backend = backend
                if case .joltInitFrom = decoder { jolt.usesDirectPath = false }
                jolt.register(widgets)
                return try jolt.decode(Panel.self, from: Data(text.utf8))
            case .foundation:
                let foundation = JSONDecoder()
                foundation.userInfo[PolymorphicRegistries.userInfoKey] = registries
                return try foundation.decode(Panel.self, from: Data(text.utf8))
            }
        }
        let panel = try decode(json)
        #expect(panel.widgets.count == 2)
        #expect(panel.widgets[0] as? Button == Button(title: "OK"))
        #expect(panel.widgets[1] as? UnsupportedWidget == UnsupportedWidget())
        let (jolt, foundation) = try encodeBoth(panel, userInfo: [PolymorphicRegistries.userInfoKey: registries])
        #expect(jolt == #"{"widgets":[{"title":"OK","type":"button"},{"type":"unsupported"}]}"#)
        #expect(jolt == foundation)
        let again = try decode(jolt)
        #expect(again.widgets[0] as? Button == Button(title: "OK"))
        #expect(again.widgets[1] as? UnsupportedWidget == UnsupportedWidget())

        // A fallback keeping the discriminator (OtherItem's `type`) writes the one it was read with.
        let feed = Feed(items: [OtherItem(type: "poll")])
        let feedRegistries = PolymorphicRegistries(feedItems)
        let (joltFeed, foundationFeed) = try encodeBoth(feed, userInfo: [PolymorphicRegistries.userInfoKey: feedRegistries])
        #expect(joltFeed == #"{"items":[{"type":"poll"}]}"#)
        #expect(joltFeed == foundationFeed)
    }
}

extension SeedParityTests {
    @Test("Jolt's property wrappers inside @Codable are read and written through, with the macros' keys",
          arguments: TestDecoder.all)
    func propertyWrappers(decoder: TestDecoder) throws {
        let json = #"""
            {"numbers": [1, "x", 3], "created": "2024-05-01T12:00:00Z", "count": "many", "id": "42", "blob": "SGk=",
             "widgets": [{"type": "button", "title": "A"}, {"type": "gauge"}], "main": {"type": "button", "title": "M"}}
            """#
        let registries = PolymorphicRegistries(widgets)
        func decode(_ text: String) throws -> WrapperModel {
            try decoder.decode(WrapperModel.self, text, userInfo: [PolymorphicRegistries.userInfoKey: registries])
        }
        let value = try decode(json)
        #expect(value.numbers == [1, 3])
        #expect(value.created == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(value.updated == nil)
        #expect(value.count == 0)
        #expect(value.id == 42)
        #expect(value.blob == Data("Hi".utf8))
        #expect(value.widgets.count == 2 && value.widgets[0] as? Button == Button(title: "A") && value.widgets[1] is UnsupportedWidget)
        #expect(value.main as? Button == Button(title: "M"))
        #expect(try decode(json.replacingOccurrences(of: #""count": "many""#, with: #""updated": 1714564800000"#)).updated
                == Date(timeIntervalSince1970: 1_714_564_800))

        let (jolt, foundation) = try encodeBoth(value, userInfo: [PolymorphicRegistries.userInfoKey: registries])
        #expect(jolt == foundation)
        #expect(canonical(jolt) == canonical(#"""
            {"numbers": [1, 3], "created": "2024-05-01T12:00:00Z", "count": 0, "id": 42, "blob": "SGk=",
             "widgets": [{"type": "button", "title": "A"}, {"type": "unsupported"}], "primary": {"type": "button", "title": "M"}}
            """#))
        let again = try decode(jolt)
        #expect(again.numbers == value.numbers && again.id == 42 && again.main as? Button == Button(title: "M"))
    }
}
