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

extension AutoCodingTests {
    @Test("custom value types on keys: @DecodedValue/@EncodedValue and @CustomCoding, optional or not",
          arguments: TestDecoder.all)
    func structValueTypes(decoder: TestDecoder) throws {
        let json = #"{"name": "ann", "avatar": {"path": "img/ann", "extension": "png"}, "tags": "a,b"}"#
        let member = try decoder.decode(Member.self, json)
        #expect(member == Member(name: "ann", avatar: URL(string: "img/ann.png"), tags: ["a", "b"]))
        #expect(try decoder.decode(Member.self, #"{"name": "bo", "avatar": null, "tags": ""}"#) == Member(name: "bo", tags: []))
        #expect(try decoder.decode(Member.self, #"{"name": "bo", "tags": "x"}"#).avatar == nil)
        #expect(throws: DecodingError.self) { try decoder.decode(Member.self, #"{"name": "bo", "avatar": "img.png", "tags": ""}"#) }

        let (jolt, foundation) = try encodeBoth(member)
        #expect(jolt == foundation)
        #expect(canonical(jolt) == canonical(json))
        #expect(try encodeBoth(Member(name: "c", tags: ["t"])).jolt == #"{"name":"c","tags":"t"}"#)
    }

    @Test("per-case custom value types: each associated value with its own, through <Case>CodingKeys",
          arguments: TestDecoder.all)
    func enumValueTypes(decoder: TestDecoder) throws {
        let json = #"""
        [{"image": {"url": {"path": "a", "extension": "jpg"}, "w": 640}},
         {"clip": {"src": {"path": "v/b", "extension": "mp4"}, "ms": 1500}},
         {"clip": {"src": {"path": "v/c", "extension": "mov"}}},
         {"note": {"text": "hi"}}]
        """#
        let values = try decoder.decode([Attachment].self, json)
        #expect(values == [
            .image(url: URL(string: "a.jpg")!, width: 640), .clip(URL(string: "v/b.mp4")!, length: 1.5),
            .clip(URL(string: "v/c.mov")!, length: nil), .note("hi"),
        ])
        let (jolt, foundation) = try encodeBoth(values)
        #expect(jolt == foundation)
        #expect(canonical(jolt) == canonical(json))
        #expect(throws: DecodingError.self) { try decoder.decode(Attachment.self, #"{"image": {"url": "a.jpg", "w": 1}}"#) }
    }
}

extension AutoCodingTests {
    @Test("a struct's nested containers from <Key>CodingKeys enums nested in CodingKeys", arguments: TestDecoder.all)
    func nestedContainers(decoder: TestDecoder) throws {
        let json = #"{"names": {"first": "Ann", "last": "Lee"}, "age": 40, "address": {"location": {"city": "Oslo"}}}"#
        let person = try decoder.decode(Person.self, json)
        #expect(person == Person(firstName: "Ann", lastName: "Lee", age: 40, city: "Oslo"))
        #expect(throws: DecodingError.self) { try decoder.decode(Person.self, #"{"names": {"first": "A"}, "address": {"location": {"city": "x"}}}"#) }
        let (jolt, foundation) = try encodeBoth(person)
        #expect(jolt == foundation)
        #expect(canonical(jolt) == canonical(json))
    }
}

extension AutoCodingTests {
    @Test("lifecycle hooks when the extension names JoltCodingHooks: a struct and an enum", arguments: TestDecoder.all)
    func hooks(decoder: TestDecoder) throws {
        let (log, userInfo) = HookLog.make()
        let window = try decoder.decode(Window.self, #"{"low": 1, "high": 5}"#, userInfo: userInfo)
        #expect(window == Window(low: 1, high: 5, normalized: true))
        #expect(throws: ValidationError(message: "low > high")) { try decoder.decode(Window.self, #"{"low": 6, "high": 5}"#) }
        #expect(try decoder.decode([Signal].self, #"[{"level": {"value": 3}}, {"off": {}}]"#, userInfo: userInfo) == [.level(3), .off])
        #expect(log.entries == ["Window.willDecode", "Signal.didDecode level(3)", "Signal.didDecode off"])

        let (jolt, foundation) = try encodeBoth(window)
        #expect(jolt == #"{"high":5,"low":1,"width":4}"#)
        #expect(jolt == foundation)
        let (encodeLog, encodeInfo) = HookLog.make()
        _ = try encodeBoth([Signal.off], userInfo: encodeInfo)
        #expect(encodeLog.entries == ["Signal.willEncode off", "Signal.willEncode off"])
    }
}
