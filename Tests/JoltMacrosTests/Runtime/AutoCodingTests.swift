import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("@AutoCodable on extensions at run time")
struct AutoCodingTests {
    @Test("a struct from a CodingKeys enum in another file", arguments: TestDecoder.all)
    func structs(decoder: TestDecoder) throws {
        let account = try decoder.decode(Account.self, #"{"user_name": "a", "tags": ["x"]}"#)
        #expect(account == Account(name: "a", age: nil, tags: ["x"]))
        #expect(try decoder.decode(Account.self, #"{"user_name": "a", "age": 3, "tags": []}"#).age == 3)
        #expect(throws: DecodingError.self) { try decoder.decode(Account.self, #"{"tags": []}"#) }
        let (jolt, foundation) = try encodeBoth(account)
        #expect(jolt == #"{"tags":["x"],"user_name":"a"}"#)
        #expect(jolt == foundation)
    }

    @Test("an enum from CodingKeys and per-case CodingKeys enums", arguments: TestDecoder.all)
    func enums(decoder: TestDecoder) throws {
        let json = #"[{"circle": {"r": 1}}, {"rect": {"w": 2, "h": 3, "label": "door"}}, {"rect": {"w": 2, "h": 3}}, {"empty": {}}]"#
        let shapes = try decoder.decode([Shape].self, json)
        #expect(shapes == [.circle(radius: 1), .rect(width: 2, height: 3, "door"), .rect(width: 2, height: 3, nil), .empty])
        let (jolt, foundation) = try encodeBoth(shapes)
        #expect(jolt == foundation)
        #expect(canonical(jolt) == canonical(json))
        #expect(throws: DecodingError.self) { try decoder.decode(Shape.self, #"{"circle": {"r": 1}, "empty": {}}"#) }
    }
}
