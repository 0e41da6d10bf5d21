import Foundation
import XCTest
@testable import Jolt

/// `JSONValue`: exact numbers and key order from the tape, the same structure
/// under Foundation's decoder, accessors, literals, equality, round trips.
final class JSONValueTests: XCTestCase {
    private func jolt(_ json: String, _ backend: JoltBackend, configure: (JoltDecoder) -> Void = { _ in }) throws -> JSONValue {
        let decoder = JoltDecoder()
        decoder.backend = backend
        configure(decoder)
        return try decoder.decode(JSONValue.self, from: json)
    }

    /// The same JSON, comparing numbers by value (Foundation's decoder gives no number text).
    private func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x.doubleValue == y.doubleValue
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(sameJSON)
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.keys.allSatisfy { key in y[key].map { sameJSON(x[key]!, $0) } ?? false }
        default: return false
        }
    }

    func testCorpusFilesEverywhere() throws {
        for url in SharedFiles.files(in: SharedFiles.corpus) {
            let data = try Data(contentsOf: url)
            let foundation = try JSONDecoder().decode(JSONValue.self, from: data)
            var values: [JSONValue] = []
            for backend in JoltBackend.allCases {
                let decoder = JoltDecoder()
                decoder.backend = backend
                values.append(try decoder.decode(JSONValue.self, from: data))
            }
            XCTAssertEqual(Set(values).count, 1, "backends differ on \(url.lastPathComponent)")
            XCTAssertTrue(sameJSON(values[0], foundation), url.lastPathComponent)
            // The compact text reads back to the same value, numbers and order included.
            let text = values[0].description
            let again = try JoltDecoder().decode(JSONValue.self, from: text)
            XCTAssertEqual(again, values[0], url.lastPathComponent)
            XCTAssertEqual(again.objectValue?.keys ?? [], values[0].objectValue?.keys ?? [])
            XCTAssertEqual(text, again.description)
            // What JSONSerialization reads from our text is what it reads from the file.
            let original = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as! NSObject
            let reread = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as! NSObject
            XCTAssertTrue(original.isEqual(reread), url.lastPathComponent)
        }
    }

    func testExactNumbersAndOrder() throws {
        let json = #"{"z": 12345678901234567890, "a": 1e400, "m": -0.0, "b": 1.10, "c": [0, -1, 2.5E-3]}"#
        for backend in JoltBackend.allCases {
            let value = try jolt(json, backend)
            XCTAssertEqual(value.objectValue?.keys, ["z", "a", "m", "b", "c"])
            XCTAssertEqual(value["z"]?.numberValue?.text, "12345678901234567890")
            XCTAssertEqual(value["z"]?.numberValue?.uint64Value, 12_345_678_901_234_567_890)
            XCTAssertNil(value["z"]?.int64Value)
            XCTAssertEqual(value["a"]?.numberValue?.text, "1e400")
            XCTAssertEqual(value["a"]?.doubleValue, .infinity)
            XCTAssertEqual(value["m"]?.numberValue?.text, "-0.0")
            XCTAssertEqual(value["b"]?.numberValue?.text, "1.10")
            XCTAssertEqual(value["c"][2]?.numberValue?.text, "2.5E-3")
            XCTAssertEqual(value["c"][2]?.doubleValue, 0.0025)
            XCTAssertEqual(value.description, #"{"z":12345678901234567890,"a":1e400,"m":-0.0,"b":1.10,"c":[0,-1,2.5E-3]}"#)
        }
    }

    func testAccessorsAndChainedSubscripts() throws {
        let json = #"{"users": [{"name": "Ada", "admin": true, "age": 36, "tags": null}], "count": 1}"#
        for backend in JoltBackend.allCases {
            let value = try jolt(json, backend)
            XCTAssertEqual(value["users"][0]["name"]?.stringValue, "Ada")
            XCTAssertEqual(value["users"][0]["admin"]?.boolValue, true)
            XCTAssertEqual(value["users"][0]["age"]?.intValue, 36)
            XCTAssertEqual(value["users"][0]["tags"]?.isNull, true)
            XCTAssertNil(value["users"][1]["name"])
            XCTAssertNil(value["users"][0]["missing"])
            XCTAssertNil(value["count"]["x"])
            XCTAssertNil(value["users"]["name"])
            XCTAssertNil(value[0])
            XCTAssertEqual(value["users"]?.arrayValue?.count, 1)
            XCTAssertEqual(value["count"]?.decimalValue, Decimal(1))
            XCTAssertNil(value["users"][0]["name"]?.intValue)
        }
    }

    func testLiteralsEqualityAndHashing() {
        let a: JSONValue = ["id": 1, "name": "Ada", "ratio": 0.5, "ok": true, "none": nil, "list": [1, "two"]]
        let b: JSONValue = ["list": [1, "two"], "none": nil, "ok": true, "ratio": 0.5, "name": "Ada", "id": 1]
        XCTAssertEqual(a, b)                       // key order does not matter
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(Set([a, b]).count, 1)
        XCTAssertNotEqual(a, ["id": 1])
        XCTAssertNotEqual(JSONValue.array([1, 2]), [2, 1])    // element order does
        XCTAssertNotEqual(JSONValue.number(JSONNumber(text: "1")!), .number(JSONNumber(text: "1.0")!))
        XCTAssertEqual(a.description, #"{"id":1,"name":"Ada","ratio":0.5,"ok":true,"none":null,"list":[1,"two"]}"#)
        XCTAssertNil(JSONNumber(text: "01"))
        XCTAssertNil(JSONNumber(text: "1."))
        XCTAssertNil(JSONNumber(text: "+1"))
        XCTAssertNil(JSONNumber(text: ""))
        XCTAssertNotNil(JSONNumber(text: "-0.5e+10"))
        XCTAssertNil(JSONNumber(Double.nan))
    }

    func testJSONObjectMutationAndLargeObjects() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["c"] = 3
        object["a"] = "one"
        object["b"] = nil
        XCTAssertEqual(object.keys, ["a", "c"])
        XCTAssertEqual(object["a"], "one")
        var large = JSONObject()
        for n in 0..<100 { large["k\(n)"] = .number(JSONNumber(n)) }
        XCTAssertEqual(large["k77"], 77)
        large["k10"] = nil
        XCTAssertNil(large["k10"])
        XCTAssertEqual(large["k99"], 99)
        XCTAssertEqual(large.count, 99)
        XCTAssertEqual(large.position(of: "k11"), 10)
    }

    func testStringsAndKeysWithEscapes() throws {
        let json = #"{"k\u00e9y\n": "line\nbreak \"quoted\" \u0001 \ud83d\ude00"}"#
        for backend in JoltBackend.allCases {
            let value = try jolt(json, backend)
            XCTAssertEqual(value.objectValue?.keys, ["kéy\n"])
            XCTAssertEqual(value["kéy\n"]?.stringValue, "line\nbreak \"quoted\" \u{1} 😀")
            XCTAssertEqual(value.description, #"{"kéy\n":"line\nbreak \"quoted\" \u0001 😀"}"#)
            XCTAssertEqual(try JoltDecoder().decode(JSONValue.self, from: value.description), value)
        }
    }

    func testDuplicateKeysFollowThePolicy() throws {
        let json = #"{"a": 1, "b": {"x": 1, "x": 2}, "a": 3}"#
        for backend in JoltBackend.allCases {
            XCTAssertEqual(try jolt(json, backend), ["a": 1, "b": ["x": 1]])
            XCTAssertEqual(try jolt(json, backend) { $0.duplicateKeyPolicy = .useLast }, ["a": 3, "b": ["x": 2]])
            XCTAssertThrowsError(try jolt(json, backend) { $0.duplicateKeyPolicy = .reject }) { error in
                guard case DecodingError.dataCorrupted(let context) = error,
                      let syntax = context.underlyingError as? JoltSyntaxError else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["b"])
                XCTAssertEqual(syntax.offset, 23)   // the second "x"
            }
            let decoder = JoltDecoder()
            decoder.backend = backend
            let report = try decoder.decodeWithReport(JSONValue.self, from: json).1
            XCTAssertEqual(report.issues.map { "\($0.kind) \($0.codingPath.map(\.description).joined(separator: "."))" },
                           ["duplicateKey b.x", "duplicateKey a"])
        }
    }

    struct Envelope: Codable, Equatable {
        var id: Int
        var payload: JSONValue
        var meta: JSONValue?
    }

    func testAsAPropertyAndRoundTripThroughFoundation() throws {
        let json = #"{"id": 7, "payload": {"kind": "click", "at": [1, 2], "big": 9007199254740993}, "meta": null}"#
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let envelope = try decoder.decode(Envelope.self, from: json)
            XCTAssertNil(envelope.meta)
            XCTAssertEqual(envelope.payload["big"]?.int64Value, 9_007_199_254_740_993)
            let data = try JSONEncoder().encode(envelope)
            let back = try decoder.decode(Envelope.self, from: data)
            XCTAssertEqual(back.payload["big"]?.numberValue?.text, "9007199254740993")   // no Double on the way
            XCTAssertTrue(sameJSON(back.payload, envelope.payload))
        }
        let foundation = try JSONDecoder().decode(Envelope.self, from: Data(json.utf8))
        XCTAssertEqual(foundation.payload["kind"], "click")
        XCTAssertEqual(foundation.payload["big"]?.int64Value, 9_007_199_254_740_993)
    }

    /// Negative zero stays negative through an encoder (found by FuzzEncoder).
    func testNegativeZeroEncodes() throws {
        for text in ["-0", "-0.0", "-1e-400"] {
            let value = try JoltDecoder().decode(JSONValue.self, from: "[\(text)]")
            XCTAssertEqual(String(decoding: try JoltEncoder().encode(value), as: UTF8.self), "[-0]")
            XCTAssertEqual(String(decoding: try JSONEncoder().encode(value), as: UTF8.self), "[-0]")
        }
        XCTAssertEqual(String(decoding: try JoltEncoder().encode(JSONValue.number(JSONNumber(text: "0")!)), as: UTF8.self), "0")
    }

    func testScalarsAtTheTop() throws {
        for backend in JoltBackend.allCases {
            XCTAssertEqual(try jolt("null", backend), nil)
            XCTAssertEqual(try jolt("true", backend), true)
            XCTAssertEqual(try jolt(#""s""#, backend), "s")
            XCTAssertEqual(try jolt("[]", backend), [])
            XCTAssertEqual(try jolt("{}", backend), [:])
        }
    }
}
