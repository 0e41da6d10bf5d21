import Foundation
@_spi(Testing) import Jolt
import JoltMacros
import Testing

/// Arrays and dictionaries of a type read directly, as properties of one read
/// directly: the same value or error as through `init(from:)` on documents damaged
/// at every member and every element, under the options that change how an
/// object is read as a dictionary; each element read once, with the same path.
@Suite("collections of types read directly")
struct DirectCollectionCodingTests {
    static let entries = (0..<20).map { #""k\#($0)": {"x": \#($0), "y": "v\#($0)"}"# }.joined(separator: ", ")

    static let valid = #"""
    {"list": [{"x": 1}, {"x": 2, "y": "b"}], "map": {"a": {"x": 3}, "b": {"x": 4, "y": null}},
     "maybeList": [], "maybeMap": {}, "defaulted": {"c": {"x": 5}}, "grid": [[{"x": 6}], []]}
    """#

    /// The valid document damaged (``DirectPathCodingTests/documents(from:)``: each
    /// member and each member of a member removed, replaced, repeated, its key
    /// escaped), then documents whose dictionaries have duplicate keys, keys that
    /// are not ASCII (one equal to another as a string), escaped keys, more than
    /// 16 members, and elements of each kind.
    static var documents: [String] {
        DirectPathCodingTests.documents(from: valid) + [
            #"{"list": [], "map": {"a": {"x": 1}, "a": {"x": 2}}}"#,
            #"{"list": [], "map": {"a": {"x": 1}, "a": {"x": "no"}}}"#,
            #"{"list": [], "map": {"a": {"x": "no"}, "a": {"x": 2}}}"#,
            #"{"list": [], "map": {"\u212A": {"x": 1}, "K": {"x": 2}}}"#,
            #"{"list": [], "map": {"K": {"x": 1}, "\u212A": {"x": 2}, "K": {"x": 3}}}"#,
            #"{"list": [], "map": {"é": {"x": 1}, "e\u0301": {"x": 2}}}"#,
            #"{"list": [], "map": {"\u0061": {"x": 1}, "a": {"x": 2}, "\n": {"x": 3}}}"#,
            #"{"list": [], "map": {"# + entries + "}}",
            #"{"list": [], "map": {"# + entries + #", "k3": {"x": -3}}}"#,
            #"{"list": [], "map": {"# + entries + #", "k20": {"x": "no"}}}"#,
            #"{"list": [{"x": 1}, null, {"x": 2}], "map": {}}"#,
            #"{"list": [{"x": 1}, {"x": 2}, "x"], "map": {}}"#,
            #"{"list": [{"x": 1}, {"x": 2}, []], "map": {}}"#,
            #"{"list": [{"x": 1}, {"x": 2}, {"x": 2.5}], "map": {}}"#,
            #"{"list": [{"x": 1}, {"x": 2}, {"y": "no x"}], "map": {"a": {"y": "no x"}}}"#,
            #"{"list": [{"x": 1}], "map": {"a": null}}"#,
            #"{"list": [{"x": 1}], "map": {"a": 1}, "maybeMap": {"b": {"x": 1, "x": 2}}}"#,
            #"{"list": [{"x": 1}], "map": [], "maybeList": {}}"#,
            #"{"list": {}, "map": {}}"#,
        ]
    }

    /// Decoders whose options change how objects become dictionaries: the
    /// defaults, a key strategy (the path's dictionary keys have no `intValue`),
    /// each duplicate policy (`.reject` reads no keyed container twice, so the
    /// dictionary goes through the decoder), unknown keys reported.
    static func configurations(_ backend: JoltBackend) -> [(String, (JoltDecoder) -> Void)] {
        [
            ("defaults", { _ in }),
            ("snake case", { $0.keyDecodingStrategy = .convertFromSnakeCase }),
            ("useLast", { $0.duplicateKeyPolicy = .useLast }),
            ("reject", { $0.duplicateKeyPolicy = .reject }),
            ("unknown keys reported", { $0.unknownKeyPolicy = .report }),
        ]
    }

    @Test("the same value or error from the direct path and init(from:)", arguments: JoltBackend.allCases)
    func differential(backend: JoltBackend) throws {
        var decoded = 0
        for (name, configure) in Self.configurations(backend) {
            let (direct, initFrom) = DirectPathCodingTests.decoders(backend)
            configure(direct)
            configure(initFrom)
            for document in Self.documents {
                let a = outcome { try direct.decode(DirectCollections.self, from: document) }
                #expect(a == outcome { try initFrom.decode(DirectCollections.self, from: document) }, "\(name): \(document)")
                if case .value = a { decoded += 1 }
                // With a report: the same value and the same entries.
                let reported = outcome { try direct.decodeWithReport(DirectCollections.self, from: document) }
                #expect(reported == outcome { try initFrom.decodeWithReport(DirectCollections.self, from: document) },
                        "\(name), reported: \(document)")
            }
        }
        #expect(decoded > 200)
    }

    @Test("each element is read once, directly, with the path init(from:) gives it", arguments: JoltBackend.allCases)
    func readOnce(backend: JoltBackend) throws {
        func hooks(_ document: String, direct: Bool) -> [String] {
            let (log, userInfo) = HookLog.make()
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.usesDirectPath = direct
            decoder.userInfo = userInfo
            _ = try? decoder.decode(DirectCollections.self, from: document)
            return log.entries
        }
        let valid = hooks(Self.valid, direct: true)
        #expect(valid == hooks(Self.valid, direct: false))
        #expect(valid == ["DirectEntry list.Index 0", "DirectEntry list.Index 1", "DirectEntry map.a", "DirectEntry map.b",
                          "DirectEntry defaulted.c", "DirectEntry grid.Index 0.Index 0"])
        let many = #"{"list": [], "map": {"# + Self.entries + "}}"
        #expect(hooks(many, direct: true) == hooks(many, direct: false))
        #expect(hooks(many, direct: true).count == 20)
        // The first of duplicates only, as a keyed container reads them.
        #expect(hooks(#"{"list": [], "map": {"a": {"x": 1}, "a": {"x": 2}}}"#, direct: true) == ["DirectEntry map.a"])
    }

    @Test("JSONDecoder agrees on the valid documents")
    func foundation() throws {
        for document in [Self.valid, #"{"list": [], "map": {"# + Self.entries + "}}"] {
            let jolt = try JoltDecoder().decode(DirectCollections.self, from: document)
            #expect(jolt == (try JSONDecoder().decode(DirectCollections.self, from: Data(document.utf8))))
        }
        let value = try JoltDecoder().decode(DirectCollections.self, from: Self.valid)
        #expect(value.list == [DirectEntry(x: 1), DirectEntry(x: 2, y: "b")] && value.map["b"] == DirectEntry(x: 4))
        #expect(value.maybeList == [] && value.maybeMap == [:] && value.defaulted == ["c": DirectEntry(x: 5)] && value.grid.count == 2)
    }

    func outcome<T: Equatable>(_ body: () throws -> T) -> DirectPathCodingTests.Outcome<T> {
        DirectPathCodingTests().outcome(body)
    }

    /// A value and its report (compared as values: a dictionary's description
    /// depends on its order), or the error.
    struct Reported<T: Equatable>: Equatable {
        var value: T
        var report: JoltDecodeReport
    }

    func outcome<T: Equatable>(_ body: () throws -> (T, JoltDecodeReport)) -> DirectPathCodingTests.Outcome<Reported<T>> {
        DirectPathCodingTests().outcome {
            let (value, report) = try body()
            return Reported(value: value, report: report)
        }
    }
}
