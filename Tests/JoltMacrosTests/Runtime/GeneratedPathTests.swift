import Foundation
import Jolt
import JoltMacros
import Testing

/// The generated code reads a nested path's containers directly and a key with a
/// default once: the values, errors (case, key, coding path, message) and report
/// entries are those of the earlier code, which located every path first. These
/// expectations passed against that code too.
@Suite("Generated code: nested paths and defaults read once")
struct GeneratedPathTests {
    /// The case, key or type, coding path and message of a decoding error.
    static func describe(_ error: (any Error)?) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let c)?:
            "keyNotFound \(key.stringValue) at [\(c.codingPath.map(\.stringValue).joined(separator: "."))]: \(c.debugDescription)"
        case .typeMismatch(let type, let c)?:
            "typeMismatch \(type) at [\(c.codingPath.map(\.stringValue).joined(separator: "."))]"
        case .valueNotFound(let type, let c)?:
            "valueNotFound \(type) at [\(c.codingPath.map(\.stringValue).joined(separator: "."))]"
        case .dataCorrupted(let c)?:
            "dataCorrupted at [\(c.codingPath.map(\.stringValue).joined(separator: "."))]"
        default: "\(String(describing: error))"
        }
    }

    @Test("a value at a nested path: every way to miss it", arguments: TestDecoder.all)
    func nestedPath(decoder: TestDecoder) throws {
        func error(_ json: String) -> String {
            Self.describe(#expect(throws: DecodingError.self) { try decoder.decode(NestedRank.self, json) })
        }
        #expect(try decoder.decode(NestedRank.self, #"{"meta": {"rank": 5}}"#) == NestedRank(rank: 5, age: 33, bonus: 7))
        let atTop = "keyNotFound rank at []: No value associated with key meta.rank."
        #expect(error("{}") == atTop)
        #expect(error(#"{"meta": 3}"#) == atTop)
        #expect(error(#"{"meta": null}"#) == atTop)
        #expect(error(#"{"meta": [1]}"#) == atTop)
        let inMeta = "keyNotFound rank at [meta]: No value associated with key meta.rank."
        #expect(error(#"{"meta": {}}"#) == inMeta)
        #expect(error(#"{"meta": {"rank": null}}"#) == inMeta)
        #expect(error(#"{"meta": {"rank": "x"}}"#) == "typeMismatch Int at [meta.rank]")
    }

    @Test("a nested path through a wrapper", arguments: TestDecoder.all)
    func nestedWrapper(decoder: TestDecoder) throws {
        let when = try decoder.decode(NestedDate.self, #"{"meta": {"when": "2024-05-01T12:00:00Z"}}"#).when
        #expect(when == Date(timeIntervalSince1970: 1_714_564_800))
        func error(_ json: String) -> String {
            Self.describe(#expect(throws: DecodingError.self) { try decoder.decode(NestedDate.self, json) })
        }
        #expect(error(#"{"meta": "x"}"#) == "keyNotFound when at []: No value associated with key meta.when.")
        #expect(error(#"{"meta": {"when": null}}"#) == "keyNotFound when at [meta]: No value associated with key meta.when.")
        #expect(error(#"{"meta": {"when": "May"}}"#).hasPrefix("dataCorrupted at [meta.when]"))
    }

    @Test("defaults at one key: missing, null and invalid values", arguments: TestDecoder.all)
    func defaults(decoder: TestDecoder) throws {
        let meta = #""meta": {"rank": 1}"#
        #expect(try decoder.decode(NestedRank.self, "{\(meta), \"age\": 40, \"bonus\": 2}") == NestedRank(rank: 1, age: 40, bonus: 2))
        #expect(try decoder.decode(NestedRank.self, "{\(meta)}") == NestedRank(rank: 1, age: 33, bonus: 7))
        #expect(try decoder.decode(NestedRank.self, "{\(meta), \"age\": null, \"bonus\": null}") == NestedRank(rank: 1, age: 33, bonus: nil))
        #expect(try decoder.decode(NestedRank.self, "{\(meta), \"age\": \"x\", \"bonus\": \"y\"}") == NestedRank(rank: 1, age: 33, bonus: 7))
    }

    @Test("defaults applied are reported at their keys", arguments: JoltBackend.allCases)
    func reports(backend: JoltBackend) throws {
        let decoder = JoltDecoder()
        decoder.backend = backend
        let (value, report) = try decoder.decodeWithReport(NestedRank.self, from: Data(#"{"meta": {"rank": 1}, "age": "x"}"#.utf8))
        #expect(value == NestedRank(rank: 1, age: 33, bonus: 7))
        let entries = report.issues.map { "\($0.kind) \($0.codingPath.map(\.description).joined(separator: ".")): \($0.reason)" }
        #expect(entries == [
            "defaultApplied age: expected Int: Expected to decode Int but found a string instead.; default 33 used",
            "defaultApplied bonus: missing; default 7 used",
        ])
        let (_, nulls) = try decoder.decodeWithReport(NestedRank.self, from: Data(#"{"meta": {"rank": 1}, "age": null, "bonus": null}"#.utf8))
        #expect(nulls.issues.map(\.reason) == ["missing or null; default 33 used"])
    }
}
