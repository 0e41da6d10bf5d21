import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("@CodingIgnored without initial values and @FlexibleType on a type at run time")
struct IgnoredAndFlexibleCodingTests {
    @Test("an ignored property without an initial value takes its type's default", arguments: TestDecoder.all)
    func ignoredDefaults(decoder: TestDecoder) throws {
        let json = #"{"title": "T", "count": 9, "name": "n", "flag": true, "note": "x", "tags": ["a"], "theme": {"name": "dark"}}"#
        let value = try decoder.decode(IgnoredDefaults.self, json)
        let expected = IgnoredDefaults(title: "T", count: 0, name: "", ratio: 0, flag: false, note: nil, tags: [], list: [],
                                       map: [:], theme: IgnoredTheme(name: "light"))
        #expect(value == expected)

        let custom = IgnoredDefaults(title: "U", count: 3, name: "m", ratio: 1.5, flag: true, note: "z", tags: ["b"], list: [1],
                                     map: ["k": 1], theme: IgnoredTheme(name: "dark"))
        let (jolt, foundation) = try encodeBoth(custom)
        #expect(jolt == #"{"title":"U"}"#)
        #expect(jolt == foundation)
        // The round trip keeps what is coded; the ignored properties come back as their defaults.
        var back = expected
        back.title = "U"
        #expect(try decoder.decode(IgnoredDefaults.self, jolt) == back)
    }

    @Test("an ignored property without an initial value in a class", arguments: TestDecoder.all)
    func ignoredDefaultsInAClass(decoder: TestDecoder) throws {
        let value = try decoder.decode(IgnoredDefaultsClass.self, #"{"title": "T", "count": 4}"#)
        #expect(value.title == "T")
        #expect(value.count == 0)
        #expect(value.theme == IgnoredTheme(name: "light"))
        let (jolt, foundation) = try encodeBoth(IgnoredDefaultsClass(title: "V", count: 2, theme: IgnoredTheme(name: "x")))
        #expect(jolt == #"{"title":"V"}"#)
        #expect(jolt == foundation)
        #expect(try decoder.decode(IgnoredDefaultsClass.self, jolt).title == "V")
    }

    @Test("@FlexibleType on a type reads every scalar leniently", arguments: TestDecoder.all)
    func flexibleType(decoder: TestDecoder) throws {
        let lenient = #"""
        {"id": "42", "sku": 1001, "is_active": 1, "price": "2.5", "small": "7", "tags": ["a"], "created": "2024-01-02T03:04:05Z"}
        """#
        let created = Date(timeIntervalSince1970: 1_704_164_645)
        let expected = FlexibleProduct(id: 42, sku: "1001", isActive: true, price: 2.5, small: 7, tags: ["a"], created: created)
        #expect(try decoder.decode(FlexibleProduct.self, lenient) == expected)

        let strict = #"""
        {"id": 42, "sku": "1001", "is_active": true, "price": 2.5, "small": 7, "tags": ["a"], "created": "2024-01-02T03:04:05Z"}
        """#
        #expect(try decoder.decode(FlexibleProduct.self, strict) == expected)
        // "true" for a Bool, a missing optional, the initial value for a missing Bool.
        let other = try decoder.decode(FlexibleProduct.self, #"""
        {"id": 1.0, "is_active": "true", "price": 3, "small": 0, "tags": [], "created": "2024-01-02T03:04:05Z"}
        """#)
        #expect(other == FlexibleProduct(id: 1, sku: nil, isActive: true, price: 3, small: 0, tags: [], created: created))
        #expect(try decoder.decode(FlexibleProduct.self, #"""
        {"id": 1, "price": 3, "small": 0, "tags": [], "created": "2024-01-02T03:04:05Z"}
        """#).isActive == false)

        // What does not convert without loss is still an error; collections are not converted.
        for bad in [#""id": "abc""#, #""id": 1.5"#, #""small": 300"#, #""tags": "a""#] {
            let json = #"{"id": 1, "price": 3, "small": 0, "tags": [], "created": "2024-01-02T03:04:05Z", \#(bad)}"#
                .replacingOccurrences(of: "\"id\": 1, ", with: bad.hasPrefix("\"id\"") ? "" : "\"id\": 1, ")
                .replacingOccurrences(of: "\"small\": 0, ", with: bad.hasPrefix("\"small\"") ? "" : "\"small\": 0, ")
                .replacingOccurrences(of: "\"tags\": [], ", with: bad.hasPrefix("\"tags\"") ? "" : "\"tags\": [], ")
            #expect(throws: DecodingError.self) { try decoder.decode(FlexibleProduct.self, json) }
        }

        // Encoded in the properties' own types; the round trip gives the value back.
        let (jolt, foundation) = try encodeBoth(expected)
        #expect(canonical(jolt) == canonical(strict))
        #expect(jolt == foundation)
        #expect(try decoder.decode(FlexibleProduct.self, jolt) == expected)
    }

    @Test("JoltDecoder reports each conversion @FlexibleType on a type makes")
    func flexibleTypeReported() throws {
        let (value, report) = try JoltDecoder().decodeWithReport(FlexibleProduct.self, from: #"""
        {"id": "42", "sku": 7, "is_active": true, "price": 1, "small": 1, "tags": [], "created": "2024-01-02T03:04:05Z"}
        """#)
        #expect(value.id == 42 && value.sku == "7")
        #expect(report.issues.filter { $0.kind == .valueConverted }.count == 2)
    }
}
