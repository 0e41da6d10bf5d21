import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("@Codable structs at run time")
struct StructCodingTests {
    @Test("keys, initial-value defaults and optionals", arguments: TestDecoder.all)
    func basic(decoder: TestDecoder) throws {
        let user = try decoder.decode(BasicUser.self, #"{"user_name": "Ann", "nickname": "A"}"#)
        #expect(user == BasicUser(name: "Ann", age: 33, nickname: "A"))
        let invalid = try decoder.decode(BasicUser.self, #"{"user_name": "Ann", "age": "old"}"#)
        #expect(invalid == BasicUser(name: "Ann", age: 33, nickname: nil))
        #expect(throws: DecodingError.self) { try decoder.decode(BasicUser.self, #"{"name": "Ann"}"#) }
    }
}

extension StructCodingTests {
    @Test("several keys tried in order, nested paths, a separate encoding key", arguments: TestDecoder.all)
    func multipleKeys(decoder: TestDecoder) throws {
        let flat = try decoder.decode(Profile.self, #"{"username": "u", "city": "Oslo", "id": 1}"#)
        #expect(flat == Profile(name: "u", city: "Oslo", id: 1))
        let first = try decoder.decode(Profile.self, #"{"name": "n", "username": "u", "id": 1}"#)
        #expect(first.name == "n" && first.city == nil)
        let nested = try decoder.decode(
            Profile.self, #"{"name": null, "profile": {"name": "p", "location": {"city": "Rome"}}, "city": "Oslo", "id": 2}"#)
        #expect(nested == Profile(name: "p", city: "Rome", id: 2))
        #expect(throws: DecodingError.self) { try decoder.decode(Profile.self, #"{"profile": {}, "id": 1}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(Profile.self, #"{"profile": "x", "id": 1}"#) }
        let (jolt, foundation) = try encodeBoth(nested)
        #expect(jolt == #"{"city":"Rome","identifier":2,"name":"p"}"# || jolt == foundation)
        #expect(canonical(jolt) == canonical(#"{"name":"p","profile":{"location":{"city":"Rome"}},"identifier":2}"#))
        #expect(canonical(foundation) == canonical(jolt))
    }

    @Test("naming styles on the type and on properties", arguments: TestDecoder.all)
    func styles(decoder: TestDecoder) throws {
        let json = #"""
        {"first_name": "A", "user_url_string": "u", "last-login-at": 1, "postCount": 2, "DisplayName": "D",
         "API_KEY": "k", "REQUEST-ID": "r", "homepage": "h", "COUNTRYCODE": "NO", "explicit": 3}
        """#
        let value = try decoder.decode(Styled.self, json)
        #expect(value == Styled(firstName: "A", userURLString: "u", lastLoginAt: 1, post_count: 2, displayName: "D",
                                apiKey: "k", requestId: "r", homePage: "h", countryCode: "NO", overridden: 3))
        let (jolt, foundation) = try encodeBoth(value)
        #expect(canonical(jolt) == canonical(json))
        #expect(jolt == foundation)
    }

    @Test("defaults for missing, null and invalid values; ignored properties", arguments: TestDecoder.all)
    func defaults(decoder: TestDecoder) throws {
        let empty = try decoder.decode(Defaults.self, "{}")
        #expect(empty == Defaults(count: 5, title: "untitled", tags: ["none"], role: "guest", score: 0, note: "n/a"))
        let invalid = try decoder.decode(
            Defaults.self, #"{"count": "x", "title": null, "tags": [1], "role": 7, "score": "high", "note": null, "cache": {"y": 2}}"#)
        #expect(invalid == Defaults(count: 5, title: "untitled", tags: ["none"], role: "guest", score: -1, note: nil))
        let present = try decoder.decode(
            Defaults.self, #"{"count": 1, "title": "t", "tags": [], "role": "admin", "score": 9, "note": "x", "selected": true}"#)
        #expect(present == Defaults(count: 1, title: "t", tags: [], role: "admin", score: 9, note: "x", selected: nil))
        let (jolt, foundation) = try encodeBoth(present)
        #expect(jolt == #"{"count":1,"note":"x","role":"admin","score":9,"tags":[],"title":"t"}"#)
        #expect(jolt == foundation)
    }

    @Test("JoltDecoder reports each default applied")
    func defaultsReported() throws {
        let (value, report) = try JoltDecoder().decodeWithReport(Defaults.self, from: #"{"count": "x", "score": "high"}"#)
        #expect(value.count == 5 && value.score == -1)
        let paths = report.issues.filter { $0.kind == .defaultApplied }.map { $0.codingPath.map(\.description).joined(separator: ".") }
        #expect(Set(paths) == ["count", "title", "tags", "role", "score", "note"])
    }

    @Test("dates, Base64, hex, flexible scalars, lossy, compact and custom coding", arguments: TestDecoder.all)
    func transforms(decoder: TestDecoder) throws {
        let json = #"""
        {"created": "2024-05-01T12:00:00Z", "updated": 1714564800000, "avatar": "SGVsbG8=", "digest": "cafe",
         "id": "42", "enabled": 1, "numbers": [1, "two", 3, null], "scores": {"a": 1, "b": "x"},
         "names": ["a", null, "b"], "tags": "x,y", "doubled": 21}
        """#
        let value = try decoder.decode(Transformed.self, json)
        #expect(value.created == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(value.updated == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(value.avatar == Data("Hello".utf8))
        #expect(value.digest == [0xCA, 0xFE])
        #expect(value.id == 42 && value.enabled)
        #expect(value.numbers == [1, 3])
        #expect(value.scores == ["a": 1])
        #expect(value.names == ["a", "b"])
        #expect(value.tags == ["x", "y"])
        #expect(value.doubled == 42)
        let noUpdate = try decoder.decode(Transformed.self, json.replacingOccurrences(of: #""updated": 1714564800000,"#, with: ""))
        #expect(noUpdate.updated == nil)
        #expect(throws: DecodingError.self) {
            try decoder.decode(Transformed.self, json.replacingOccurrences(of: "2024-05-01T12:00:00Z", with: "May 1"))
        }

        let (jolt, foundation) = try encodeBoth(value)
        #expect(jolt == foundation)
        #expect(canonical(jolt) == canonical(#"""
        {"created": "2024-05-01T12:00:00Z", "updated": 1714564800000, "avatar": "SGVsbG8=", "digest": "cafe",
         "id": 42, "enabled": true, "numbers": [1, 3], "scores": {"a": 1}, "names": ["a", "b"], "tags": "x,y", "doubled": 21}
        """#))
        #expect(try decoder.decode(Transformed.self, jolt) == value)
    }

    @Test("nil written as null when asked", arguments: TestDecoder.all)
    func encodeNil(decoder: TestDecoder) throws {
        #expect(try encodeBoth(Nulls(a: nil, b: 1)).jolt == #"{"a":null,"b":1}"#)
        #expect(try encodeBoth(Nulls(a: nil, b: 1)).foundation == #"{"a":null,"b":1}"#)
        #expect(try encodeBoth(SomeNulls(a: nil, b: nil)).jolt == #"{"a":null}"#)
        #expect(try encodeBoth(SomeNulls(a: nil, b: nil)).foundation == #"{"a":null}"#)
        #expect(try decoder.decode(Nulls.self, #"{"a":null}"#) == Nulls(a: nil, b: nil))
    }

    @Test("lifecycle hooks: willDecode, didDecode (validation), willEncode, didEncode", arguments: TestDecoder.all)
    func hooks(decoder: TestDecoder) throws {
        let value = try decoder.decode(Hooked.self, #"{"min": 1, "max": 3}"#)
        #expect(value.log == ["decoded"])
        #expect(throws: ValidationError(message: "min > max")) { try decoder.decode(Hooked.self, #"{"min": 4, "max": 3}"#) }
        let (jolt, foundation) = try encodeBoth(value)
        #expect(jolt == #"{"max":3,"min":1,"span":2}"#)
        #expect(jolt == foundation)
        #expect(throws: ValidationError(message: "min > max")) { try JoltEncoder().encode(Hooked(min: 5, max: 1)) }
        let joltDecoder = JoltDecoder()
        joltDecoder.userInfo[.rejectAll] = true
        #expect(throws: ValidationError(message: "rejected")) { try joltDecoder.decode(Hooked.self, from: #"{"min": 1, "max": 3}"#) }
    }

    @Test("@CodingContainer reads and writes the type inside a sub-tree", arguments: TestDecoder.all)
    func container(decoder: TestDecoder) throws {
        let json = #"{"data": {"info": {"name": "x", "meta": {"rank": 2}}}, "other": 1}"#
        let value = try decoder.decode(Nested.self, json)
        #expect(value == Nested(name: "x", rank: 2))
        let (jolt, foundation) = try encodeBoth(value)
        #expect(jolt == #"{"data":{"info":{"meta":{"rank":2},"name":"x"}}}"#)
        #expect(jolt == foundation)
        #expect(throws: DecodingError.self) { try decoder.decode(Nested.self, #"{"data": {}}"#) }
    }

    @Test("@Decodable and @Encodable alone", arguments: TestDecoder.all)
    func halves(decoder: TestDecoder) throws {
        #expect(try decoder.decode(DecodeOnly.self, #"{"event_id": 9}"#) == DecodeOnly(id: 9))
        #expect(try encodeBoth(EncodeOnly(sentAt: 3)).jolt == #"{"sent_at":3}"#)
        #expect(try decoder.decode(PublicModel.self, #"{"value": 1}"#) == PublicModel(value: 1))
    }
}
