import Foundation
@_spi(Testing) import Jolt
import JoltMacros
import Testing

/// JoltDecoder's direct path (the `_JoltDirectDecodable` conformance `@Codable`
/// writes) against `init(from:)`: which models get it, and the same value or
/// the same error from both for every document made by damaging a valid one.
@Suite("the direct path against init(from:)")
struct DirectPathCodingTests {
    @Test("structs and classes the direct path can read get it; subclasses and the others do not")
    func conformances() {
        func direct(_ type: Any.Type) -> Bool {
            (type as? any _JoltDirectDecodable.Type)?.joltDecodesDirectly ?? false
        }
        for type: Any.Type in [DirectEverything.self, DirectInner.self, BasicUser.self, Defaults.self, Styled.self, Nulls.self, Profile.self,
                               Transformed.self,
                               Hooked.self, DecodeOnly.self, PublicModel.self, MixedStyled.self, CompactSets.self,
                               IgnoredDefaults.self, FlexibleProduct.self,
                               Nested.self, DirectContained.self, FlatUser.self, FlatMaybeGeo.self, FlatDefaultGeo.self, FlatCollision.self,
                               Counter.self, TextNode.self, IgnoredDefaultsClass.self, FlatOffice.self, DirectNode.self,
                               Animal.self, ImageNode.self, Craft.self, Harbour.self] {
            #expect(direct(type), "\(type)")
        }
        // Encoding only, only flattened properties, the subclasses of classes that
        // can have subclasses, a plain Codable type. (Enums: DirectEnumCodingTests.)
        for type: Any.Type in [EncodeOnly.self, FlatPlace.self, Dog.self, PlainInner.self, Barge.self, Canoe.self, Yacht.self] {
            #expect(!direct(type), "\(type)")
        }
    }

    static let valid = #"""
    {"id": 1, "user_name": "Ann", "user_mail": "a@b", "age": 40, "ratio": 0.5, "small": -3, "big": 18446744073709551615,
     "flag": true, "nickname": "A", "note": "n", "score": 9, "scores": [1, "x", 3], "labels": {"a": 1, "b": "no"},
     "seen": "2024-01-02T03:04:05Z", "count": "12", "tags": ["t", null, "u"],
     "inner": {"x": 1, "y": "z", "\u00e9": true}, "inners": [{"x": 2}, {"x": 3, "y": null}],
     "plain": {"inner": {"x": 4}, "z": 5}, "alias": null, "city": "Oslo",
     "profile": {"name": "P", "location": {"city": "Rome"}}, "meta": {"rank": 3, "region": "eu", "list": [1, "x"], "inner": {"x": 9}, "twice": "t"},
     "doubled": 21}
    """#

    /// The valid document, then each member removed, set to each kind of value,
    /// given twice (the first wins), and the whole document as another kind; the
    /// members of the nested objects of key paths too.
    static var documents: [String] { documents(from: valid) }

    static func documents(from valid: String) -> [String] {
        let object = try! JSONSerialization.jsonObject(with: Data(valid.utf8)) as! [String: Any]
        let replacements: [String] = ["null", "\"text\"", "12.5", "-1", "1e400", "[]", "{}", "true", "[1,null]", "{\"x\":\"no\"}"]
        var result = [valid, "[]", "null", "{}", "\"x\""]
        let members = object.keys.sorted().map { key in
            (key, String(decoding: try! JSONSerialization.data(withJSONObject: object[key]!, options: [.fragmentsAllowed]), as: UTF8.self))
        }
        // The nested objects' members one level down, each removed or replaced.
        for (index, (key, _)) in members.enumerated() {
            guard let nested = object[key] as? [String: Any] else { continue }
            for inner in nested.keys.sorted() {
                for replacement in [nil, "null", "\"text\"", "7", "{}", "[]"] {
                    var changed = nested
                    var text = members
                    if let replacement {
                        changed[inner] = try! JSONSerialization.jsonObject(with: Data(replacement.utf8), options: [.fragmentsAllowed])
                    } else {
                        changed[inner] = nil
                    }
                    text[index].1 = String(decoding: try! JSONSerialization.data(withJSONObject: changed), as: UTF8.self)
                    result.append(Self.text(text))
                }
            }
        }
        for (index, (key, _)) in members.enumerated() {
            var removed = members
            removed.remove(at: index)
            result.append(Self.text(removed))
            for replacement in replacements {
                var changed = members
                changed[index].1 = replacement
                result.append(Self.text(changed))
                result.append(Self.text([(key, replacement)] + members))   // a duplicate before the valid one
            }
            // The key escaped.
            let escaped = key.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
            var renamed = members
            renamed[index].0 = escaped
            result.append(Self.text(renamed))
        }
        return result
    }

    /// The members of a JSON object, sorted by key, each value as JSON text.
    static func members(_ json: String) -> [(String, String)] {
        let object = try! JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        return object.keys.sorted().map { key in
            (key, String(decoding: try! JSONSerialization.data(withJSONObject: object[key]!, options: [.fragmentsAllowed]), as: UTF8.self))
        }
    }

    static func text(_ members: [(String, String)]) -> String {
        "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// The two decoders compared on `backend`: one taking the direct path, one
    /// reading through `init(from:)` alone.
    static func decoders(_ backend: JoltBackend) -> (direct: JoltDecoder, initFrom: JoltDecoder) {
        let direct = JoltDecoder()
        direct.backend = backend
        let initFrom = JoltDecoder()
        initFrom.backend = backend
        initFrom.usesDirectPath = false
        return (direct, initFrom)
    }

    @Test("the same value or error from the direct path and init(from:)", arguments: JoltBackend.allCases)
    func differential(backend: JoltBackend) throws {
        let (direct, initFrom) = Self.decoders(backend)
        var decoded = 0
        for document in Self.documents {
            let a = outcome { try direct.decode(DirectEverything.self, from: document) }
            let b = outcome { try initFrom.decode(DirectEverything.self, from: document) }
            #expect(a == b, "\(document)")
            if case .value = a { decoded += 1 }
            // In an array, and as an optional: the paths of errors include the index.
            let list = "[" + Self.valid + ", " + document + "]"
            #expect(outcome { try direct.decode([DirectEverything?].self, from: list) }
                    == outcome { try initFrom.decode([DirectEverything?].self, from: list) }, "\(list)")
        }
        // Enough documents decode for the comparison to mean something.
        #expect(decoded > 100)
    }

    /// Types with a `@CodingContainer`, or a `@Flatten` property, a final class: each valid document,
    /// damaged as above (for the container's object, at each level of it).
    @Test("the same value or error with container paths, flattened properties, final classes", arguments: JoltBackend.allCases)
    func containersAndFlattening(backend: JoltBackend) throws {
        let (direct, initFrom) = Self.decoders(backend)
        var decoded = 0
        func compare<T: Decodable & Equatable>(_ type: T.Type, _ documents: [String]) {
            for document in documents {
                let a = outcome { try direct.decode(T.self, from: document) }
                #expect(a == outcome { try initFrom.decode(T.self, from: document) }, "\(T.self) \(document)")
                if case .value = a { decoded += 1 }
                let list = "[" + document + "]"
                #expect(outcome { try direct.decode([T?].self, from: list) } == outcome { try initFrom.decode([T?].self, from: list) },
                        "\(T.self) \(list)")
            }
        }
        let info = #"{"name": "N", "meta": {"rank": 2}, "note": "n"}"#
        let geo = #""lat": 1.5, "lng": -2"#
        // The container's object at each level, damaged, inside its valid surroundings.
        let contained = Self.documents(from: info).map { #"{"data": {"info": "# + $0 + "}, " + geo + "}" }
            + Self.documents(from: #"{"info": "# + info + "}").map { #"{"data": "# + $0 + ", " + geo + "}" }
            + Self.documents(from: #"{"data": {"info": "# + info + "}, " + geo + "}")
        compare(DirectContained.self, contained)
        compare(Nested.self, Self.documents(from: #"{"data": {"info": {"name": "N", "meta": {"rank": 2}}}}"#))
        compare(FlatUser.self, Self.documents(from: #"{"name": "A", "street": "S", "city": "C", "meta": {"id": 3}}"#))
        compare(FlatMaybeGeo.self, Self.documents(from: #"{"name": "A", "# + geo + "}"))
        compare(FlatDefaultGeo.self, Self.documents(from: #"{"name": "A", "# + geo + "}"))
        compare(FlatCollision.self, Self.documents(from: #"{"city": "C", "street": "S"}"#))
        compare(DirectNode.self, Self.documents(from: #"{"text": "t", "meta": {"size": 3}}"#))
        #expect(decoded > 100)
        let value = try direct.decode(DirectContained.self, from: #"{"data": {"info": "# + info + "}, " + geo + "}")
        #expect(value == DirectContained(name: "N", rank: 2, note: "n"))
    }

    /// The direct reading itself succeeds on valid documents, and fails with the
    /// error init(from:) gives without reading the value again: the willDecode
    /// hook runs once either way (twice would mean a second reading).
    @Test("container paths, flattened properties and final classes are read directly, not again through init(from:)",
          arguments: JoltBackend.allCases)
    func readDirectly(backend: JoltBackend) throws {
        func hooks<T: Decodable>(_ type: T.Type, _ document: String) -> [String] {
            HookLog.entries(decoding: T.self, document, backend: backend)
        }
        #expect(hooks(DirectContained.self, #"{"data": {"info": {"name": "N", "meta": {"rank": 2}}}}"#) == ["DirectContained"])
        #expect(hooks(DirectContained.self, #"{"data": {"x": 1, "info": {"note": null, "name": "N"}, "info": 2}}"#) == ["DirectContained"])
        #expect(hooks(FlatUser.self, #"{"name": "A", "street": "S", "city": "C", "meta": {"id": 3}}"#) == ["FlatUser"])
        #expect(hooks(DirectNode.self, #"{"text": "t", "meta": {"size": 3}}"#) == ["DirectNode"])
        // A failed reading: its error, not a second reading.
        #expect(hooks(DirectNode.self, #"{"meta": {"size": 3}}"#) == ["DirectNode"])
        #expect(hooks(DirectContained.self, #"{"data": {"info": {"rank": 2}}}"#) == ["DirectContained"])
        #expect(hooks(FlatUser.self, #"{"name": "A", "city": "C", "meta": {"id": 3}}"#) == ["FlatUser"])
    }

    /// The probe's count of the values read directly: each type the tests above
    /// compare takes its direct path on a valid document, and a document it
    /// fails on is not read again through init(from:) (the error is the direct
    /// reading's own), also when the failing property has alternative keys,
    /// key paths or a closure, or a container path is missing.
    @Test("the direct path runs for every type compared, and a failure is not read again", arguments: JoltBackend.allCases)
    func directPathRuns(backend: JoltBackend) throws {
        func counts<T: Decodable>(_ type: T.Type, _ document: String) -> Int {
            directReads(decoding: T.self, document, backend: backend)
        }
        for (type, document) in [(DirectEverything.self as any Decodable.Type, Self.valid),
                                 (DirectNode.self, #"{"text": "t", "meta": {"size": 3}}"#),
                                 (DirectContained.self, #"{"data": {"info": {"name": "N", "meta": {"rank": 2}}}}"#),
                                 (FlatUser.self, #"{"name": "A", "street": "S", "city": "C", "meta": {"id": 3}}"#),
                                 (Craft.self, #"{"wheels": 2, "name": "n", "info": {"made": 1999}}"#)] {
            func check<T: Decodable>(_ type: T.Type) {
                #expect(counts(T.self, document) >= 1, "\(T.self): not read directly")
            }
            check(type)
        }
        // Failures: a missing key, a value of the wrong type, a wrong nested value.
        for (type, document) in [(DirectNode.self as any Decodable.Type, #"{"meta": {"size": 3}}"#),
                                 (DirectNode.self, #"{"text": 1, "meta": {"size": 3}}"#),
                                 (DirectContained.self, #"{"data": {"info": {"rank": 2}}}"#),
                                 (FlatUser.self, #"{"name": "A", "city": "C", "meta": {"id": 3}}"#),
                                 (Craft.self, #"{"name": "n"}"#)] {
            func check<T: Decodable>(_ type: T.Type) {
                #expect(counts(T.self, document) >= 1, "\(T.self) \(document): not read directly")
            }
            check(type)
        }
        // Every damaged document that is an object (`null` and arrays go to
        // `init(from:)`, which throws their error).
        func isObject(_ document: String) -> Bool { document.first { !$0.isWhitespace } == "{" }
        for document in Self.documents where isObject(document) {
            #expect(counts(DirectEverything.self, document) >= 1, "\(document): not read directly")
        }
        for document in Self.documents(from: #"{"data": {"info": {"name": "N", "meta": {"rank": 2}}}}"#) where isObject(document) {
            #expect(counts(DirectContained.self, document) >= 1, "\(document): not read directly")
        }
    }

    /// A class that can have subclasses is read directly only as itself: as a
    /// subclass (annotated or not, at the top, in an array, as a property of a
    /// type read directly) it is made by the subclass's `init(from:)`, so it has
    /// the subclass's type and properties.
    @Test("classes that can have subclasses: read directly as themselves, their subclasses through init(from:)",
          arguments: JoltBackend.allCases)
    func subclassableClasses(backend: JoltBackend) throws {
        let (direct, initFrom) = Self.decoders(backend)
        let valid = #"{"wheels": 2, "name": "n", "info": {"made": 1999}, "load": 1.5, "doors": 2}"#
        var decoded = 0
        for document in Self.documents(from: valid) {
            let a = outcome { try direct.decode(Craft.self, from: document) }
            #expect(a == outcome { try initFrom.decode(Craft.self, from: document) }, "\(document)")
            if case .value = a { decoded += 1 }
            let list = "[" + document + "]"
            #expect(outcome { try direct.decode([Craft?].self, from: list) } == outcome { try initFrom.decode([Craft?].self, from: list) },
                    "\(list)")
            func agree<T: Craft>(_ type: T.Type) -> Bool {
                outcome { try direct.decode(T.self, from: document) } == outcome { try initFrom.decode(T.self, from: document) }
            }
            #expect(agree(Canoe.self) && agree(Barge.self) && agree(Yacht.self), "\(document)")
        }
        #expect(decoded > 20)
        let bike = try direct.decode(Canoe.self, from: valid)
        #expect(type(of: bike) == Canoe.self && bike.summary() == "Canoe 2 n 1999")
        #expect(try direct.decode([Canoe].self, from: "[" + valid + "]").map { "\(type(of: $0))" } == ["Canoe"])
        #expect(try direct.decode(Barge.self, from: valid).summary() == "Barge 2 n 1999 load 1.5")
        #expect(try direct.decode(Yacht.self, from: valid).summary() == "Yacht 2 n 1999 doors 2")
        #expect(try direct.decode(Craft.self, from: valid).summary() == "Craft 2 n 1999")
        // As the properties of a struct read directly.
        let garage = #"{"vehicle": "# + valid + #", "bike": "# + valid + #", "truck": "# + valid + #", "cars": ["# + valid + "]}"
        let value = try direct.decode(Harbour.self, from: garage)
        #expect(value == (try initFrom.decode(Harbour.self, from: garage)))
        #expect(value.bike.map { "\(type(of: $0))" } == "Canoe" && value.cars.map { $0.summary() } == ["Yacht 2 n 1999 doors 2"])
        #expect(value.vehicle.summary() == "Craft 2 n 1999" && value.truck.load == 1.5)
        // Read once, directly, as itself, also when the reading fails; a
        // subclass once, through init(from:).
        func hooks<T: Decodable>(_ type: T.Type, _ document: String) -> [String] {
            HookLog.entries(decoding: T.self, document, backend: backend)
        }
        #expect(hooks(Craft.self, valid) == ["Craft"])
        #expect(hooks(Craft.self, #"{"name": "n"}"#) == ["Craft"])
        #expect(hooks(Canoe.self, valid) == ["Craft"])
        #expect(hooks([Craft].self, "[" + valid + ", " + valid + "]") == ["Craft", "Craft"])
    }

    /// Several failures in one object: init(from:) throws the first in the
    /// order the properties are declared, the members come in document order.
    /// The direct reading throws the same error, without reading the value
    /// again (the failing properties have one key each).
    @Test("with several failures, the error of the property declared first", arguments: JoltBackend.allCases)
    func declarationOrder(backend: JoltBackend) throws {
        let (direct, initFrom) = Self.decoders(backend)
        func without(_ keys: [String], _ json: String) -> String {
            var members = Self.members(json)
            members.removeAll { keys.contains($0.0) }
            return Self.text(members)
        }
        let valid = Self.members(Self.valid)
        func first(_ pairs: [(String, String)], then json: String) -> String {
            // `pairs` before every other member of `json`.
            var members = Self.members(json)
            members.removeAll { pair in pairs.contains { $0.0 == pair.0 } }
            return Self.text(pairs + members)
        }
        let documents = [
            // id (declared first) missing, ratio (declared fifth) wrong and first in the document.
            first([("ratio", #""x""#)], then: without(["id"], Self.valid)),
            // user_name wrong, after ratio wrong in the document, and before it.
            first([("ratio", #""x""#), ("user_name", "5")], then: Self.valid),
            first([("user_name", "5"), ("ratio", #""x""#)], then: Self.valid),
            first([("small", "1000"), ("ratio", "[]"), ("flag", "1")], then: Self.valid),
            // small (declared sixth) out of range after scores (twelfth, required) went missing.
            first([("small", "1000")], then: without(["scores"], Self.valid)),
            // Only the later one.
            first([("ratio", "true")], then: Self.valid),
            // An optional's failure before a missing required key declared after it.
            first([("nickname", "3")], then: without(["count"], Self.valid)),
        ]
        #expect(valid.count > 20)
        for document in documents {
            let a = outcome { try direct.decode(DirectEverything.self, from: document) }
            #expect(a == outcome { try initFrom.decode(DirectEverything.self, from: document) }, "\(document)")
            if case .value = a { Issue.record("no error: \(document)") }
            #expect(directReads(decoding: DirectEverything.self, document, backend: backend) >= 1, "\(document): not read directly")
        }
    }

    @Test("JSONDecoder agrees on the valid document")
    func foundation() throws {
        let jolt = try JoltDecoder().decode(DirectEverything.self, from: Self.valid)
        let foundation = try JSONDecoder().decode(DirectEverything.self, from: Data(Self.valid.utf8))
        #expect(jolt == foundation)
        #expect(jolt.scores == [1, 3] && jolt.labels == ["a": 1] && jolt.count == 12 && jolt.tags == ["t", "u"])
        #expect(jolt.inner?.accent == true && jolt.inners.map(\.y) == ["y", "y"] && jolt.plain?.inner.x == 4)
        #expect(jolt.display == "Ann" && jolt.city == "Rome" && jolt.rank == 3 && jolt.region == "eu" && jolt.list == [1])
        #expect(jolt.pathInner == DirectInner(x: 9) && jolt.doubled == 42 && jolt.twice == "t!")
    }

    /// A decoded value, or the error's case, type, coding path and message.
    enum Outcome<T: Equatable>: Equatable {
        case value(T)
        case error(String)
    }

    func outcome<T: Equatable>(_ body: () throws -> T) -> Outcome<T> {
        do {
            return .value(try body())
        } catch let DecodingError.keyNotFound(key, context) {
            return .error("keyNotFound \(key.stringValue) \(context.codingPath.map(\.stringValue)) \(context.debugDescription)")
        } catch let DecodingError.typeMismatch(type, context) {
            return .error("typeMismatch \(type) \(context.codingPath.map(\.stringValue)) \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(type, context) {
            return .error("valueNotFound \(type) \(context.codingPath.map(\.stringValue)) \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) {
            return .error("dataCorrupted \(context.codingPath.map(\.stringValue)) \(context.debugDescription)")
        } catch {
            return .error("\(error)")
        }
    }
}
