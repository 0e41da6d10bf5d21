import Foundation
@_spi(Testing) import Jolt
import JoltMacros
import Testing

/// Enum cases with associated values on the direct path: the same value or
/// error as through `init(from:)`, for valid and damaged case objects, at the
/// top, in arrays and dictionaries, in a struct read directly and in a plain one,
/// and nothing read twice (the direct path's errors are its own).
@Suite("enum cases with associated values on the direct path against init(from:)")
struct DirectEnumValueCodingTests {
    /// One valid document for each case of `DirectShape`.
    static let shapes = [
        #"{"dot": {}}"#,
        #"{"circle": {"radius": 2.5}}"#,
        #"{"rect": {"width": 3, "height": 4, "label": "L"}}"#,
        #"{"poly": {"n": 5, "meta": {"name": "five"}}}"#,
        #"{"polygon": {"count": 6, "name": "six", "meta": {"name": "other"}}}"#,
        #"{"pair": {"_0": 1, "_1": "one"}}"#,
        #"{"framed": {"inner": {"x": 1, "y": "b"}, "shape": {"circle": {"radius": 1}}}}"#,
        #"{"group": {"_0": [{"dot": {}}, "dot", {"rect": {"width": 1}}]}}"#,
    ]

    /// One valid document for each case of `DirectEvent`.
    static let events = [
        #"{"user_created": 1}"#,
        #"{"user_deleted": {"user_id": 1, "reason": "r", "at": 2.5}}"#,
        #"{"x": {"value": 1}}"#,
        #"{"y": {"value": 2}}"#,
        #"{"after_range": {"value": 3}}"#,
    ]

    /// Objects with several cases' keys, values of the wrong kind, keys of no case.
    static let odd = [
        #"{"circle": {"radius": 1}, "dot": {}}"#, #"{"rect": 1, "circle": {"radius": 1}}"#, #"{"rect": null}"#,
        #"{"poly": {"n": null, "count": 3}}"#, #"{"poly": {"n": "x", "count": 3}}"#, #"{"poly": {"n": "x", "count": "y"}}"#,
        #"{"poly": {"n": 3, "meta": {"name": 1}, "name": "n"}}"#, #"{"poly": {"n": 3, "meta": 1, "name": "n"}}"#,
        #"{"poly": {"n": 3, "meta": {"name": null}, "name": 2}}"#, #"{"poly": {"n": 3, "name": 2}}"#,
        #"{"rect": {"width": 3, "height": "x"}}"#, #"{"rect": {"width": 3, "label": 1}}"#, #"{"rect": {"width": 3, "label": null}}"#,
        #"{"rect": {"width": 3, "width": "x"}}"#, #"{"rect": {"width": "x", "width": 3}}"#, #"{"\u0072ect": {"w\u0069dth": 3}}"#,
        #"{"pair": {"_1": "one"}}"#, #"{"framed": {"inner": {"y": "b"}}}"#, #"{"framed": {"inner": {"x": 1}, "shape": "dot"}}"#,
        #"{"group": {"_0": [{"dot": {}}, {"nothing": 1}]}}"#, #"{"group": {"_0": {}}}"#, #"{"nothing": {}}"#, "{}", "[]",
        #""dot""#, #""circle""#, "null", "1",
        #"{"user_deleted": {"user_id": 1}, "x": {"value": 1}}"#, #"{"z": {"value": 1}, "after_range": {"value": 3}}"#,
        #"{"xa": {"value": 1}}"#, #"{"user_deleted": {"userId": 1}}"#, #"{"after_range": {"value": "3"}}"#,
    ]

    /// Every document: each valid one, its members one and two levels down
    /// removed, replaced and repeated, and the odd ones.
    static var documents: [String] {
        (shapes + events).flatMap { DirectPathCodingTests.documents(from: $0) } + odd
    }

    /// A holder of every kind of position, valid.
    static let holder = #"""
    {"shape": {"rect": {"width": 3, "label": "L"}}, "shapes": [{"dot": {}}, "dot", {"pair": {"_0": 1, "_1": "one"}}],
     "optional": {"poly": {"count": 6, "meta": {"name": "six"}}}, "event": {"user_deleted": {"user_id": 1}},
     "byName": {"a": {"circle": {"radius": 2.5}}, "b": {"group": {"_0": []}}}}
    """#

    func compare<T: Decodable & Equatable>(_ type: T.Type, _ documents: [String], backend: JoltBackend) -> Int {
        let (direct, initFrom) = DirectPathCodingTests.decoders(backend)
        let compare = DirectPathCodingTests()
        var decoded = 0
        for document in documents {
            let probe = DirectPathProbe()
            let a = DirectPathProbe.$current.withValue(probe) { compare.outcome { try direct.decode(T.self, from: document) } }
            #expect(a == compare.outcome { try initFrom.decode(T.self, from: document) }, "\(T.self) \(document)")
            if case .value = a {
                decoded += 1
                // Every value but `null` is read directly.
                let values = document.replacingOccurrences(of: "null", with: "").filter { !"[], \n".contains($0) }
                #expect(values.isEmpty || probe.directReads >= 1, "\(T.self) \(document): decoded without the direct path")
            }
        }
        return decoded
    }

    @Test("the enums read directly")
    func conformances() {
        for type: Any.Type in [DirectShape.self, DirectEvent.self, DirectOnlyValues.self, DirectMethod.self] {
            #expect((type as? any _JoltDirectDecodable.Type)?.joltDecodesDirectly == true, "\(type)")
        }
    }

    @Test("the same value or error at the top, in arrays and in dictionaries", arguments: JoltBackend.allCases)
    func topLevel(backend: JoltBackend) throws {
        let documents = Self.documents
        #expect(compare(DirectShape.self, documents, backend: backend) > 75)
        #expect(compare(DirectEvent.self, documents, backend: backend) > 20)
        #expect(compare([DirectShape?].self, documents.map { "[\($0), null]" }, backend: backend) > 90)
        #expect(compare([String: DirectEvent].self, documents.map { #"{"k": \#($0)}"# }, backend: backend) > 20)
        #expect(compare(DirectOnlyValues.self, DirectPathCodingTests.documents(from: #"{"point": {"x": 1, "y": 2}}"#),
                        backend: backend) > 3)
    }

    @Test("the same value or error in a struct read directly and in a plain one", arguments: JoltBackend.allCases)
    func holders(backend: JoltBackend) throws {
        let documents = DirectPathCodingTests.documents(from: Self.holder)
        #expect(compare(DirectShapeHolder.self, documents, backend: backend) > 12)
        #expect(compare(PlainShapeHolder.self, documents, backend: backend) > 12)
    }

    @Test("what the direct writing writes reads back, directly, to the same values", arguments: JoltBackend.allCases)
    func roundTrip(backend: JoltBackend) throws {
        let methods = DirectEncodingTests.methods
        let json = try JoltEncoder().encode(methods)
        let (direct, initFrom) = DirectPathCodingTests.decoders(backend)
        #expect(try direct.decode([DirectMethod].self, from: json) == methods)
        #expect(try initFrom.decode([DirectMethod].self, from: json) == methods)
        // Each method's document, damaged, on both paths.
        let documents = try methods.map { String(decoding: try JoltEncoder().encode($0), as: UTF8.self) }
            .flatMap { $0.hasPrefix("{") ? DirectPathCodingTests.documents(from: $0) : [$0] }
        #expect(compare(DirectMethod.self, documents, backend: backend) > 30)
    }

    @Test("JSONDecoder agrees on the valid documents")
    func foundation() throws {
        for document in Self.shapes {
            let jolt = try JoltDecoder().decode(DirectShape.self, from: document)
            #expect(jolt == (try JSONDecoder().decode(DirectShape.self, from: Data(document.utf8))), "\(document)")
        }
        for document in Self.events {
            let jolt = try JoltDecoder().decode(DirectEvent.self, from: document)
            #expect(jolt == (try JSONDecoder().decode(DirectEvent.self, from: Data(document.utf8))), "\(document)")
        }
        let holder = try JoltDecoder().decode(DirectShapeHolder.self, from: Self.holder)
        #expect(holder == DirectShapeHolder(
            shape: .rect(width: 3, height: 1, label: "L"), shapes: [.dot, .dot, .pair(1, "one")],
            optional: .polygon(sides: 6, name: "six"), event: .userDeleted(userId: 1, reason: nil, at: 0),
            byName: ["a": .circle(radius: 2.5), "b": .group([])]))
        #expect(try JoltDecoder().decode(PlainShapeHolder.self, from: Self.holder)
                == (try JSONDecoder().decode(PlainShapeHolder.self, from: Data(Self.holder.utf8))))
    }

    /// A case object read directly runs the enum's willDecode hook once, and so
    /// does one whose value fails, is missing, `null` or not an object after the
    /// hook ran (the direct reading throws `init(from:)`'s error); one it does
    /// not take (no case's key, or past a case selected by a range of keys)
    /// once, in init(from:).
    @Test("case objects are read directly, not again through init(from:)", arguments: JoltBackend.allCases)
    func readDirectly(backend: JoltBackend) throws {
        func hooks<T: Decodable>(_ type: T.Type, _ document: String) -> [String] {
            HookLog.entries(decoding: T.self, document, backend: backend)
        }
        #expect(hooks(DirectShape.self, #"{"circle": {"radius": 2.5}}"#) == ["DirectShape"])
        #expect(hooks(DirectShape.self, Self.shapes[6]) == ["DirectShape", "DirectShape"])
        #expect(hooks(DirectShape.self, Self.shapes[7]) == Array(repeating: "DirectShape", count: 4))
        #expect(hooks(DirectShape.self, #"{"circle": {"radius": "x"}}"#) == ["DirectShape"])
        #expect(hooks(DirectShape.self, #"{"circle": {}}"#) == ["DirectShape"])
        #expect(hooks(DirectShape.self, #"{"circle": {"radius": null}}"#) == ["DirectShape"])
        #expect(hooks(DirectShape.self, #"{"circle": 1}"#) == ["DirectShape"])
        #expect(hooks(DirectShape.self, #"{"poly": {"count": "x", "n": null}}"#) == ["DirectShape"])
        #expect(hooks(DirectShape.self, #"{"pair": {"_1": "one"}}"#) == ["DirectShape"])
        #expect(hooks(DirectShape.self, #"{"nothing": {}}"#) == ["DirectShape"])
        #expect(hooks(DirectEvent.self, #"{"user_deleted": {"user_id": "x"}}"#) == ["DirectEvent"])
        #expect(hooks(DirectEvent.self, #"{"x": {"value": "x"}}"#) == ["DirectEvent"])
        #expect(hooks(DirectEvent.self, #"{"y": {"value": "x"}}"#) == ["DirectEvent"])
        #expect(hooks(DirectEvent.self, #"{"after_range": {"value": "x"}}"#) == ["DirectEvent"])
    }
}
