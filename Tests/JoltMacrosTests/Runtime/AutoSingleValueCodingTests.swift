import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("@AutoCodable single value containers and access control at run time")
struct AutoSingleValueCodingTests {
    @Test(".singleValue(\"property\") reads and writes the property's value alone", arguments: TestDecoder.all)
    func singleValue(decoder: TestDecoder) throws {
        #expect(try decoder.decode(AutoIdentifier.self, "42") == AutoIdentifier(value: 42))
        #expect(try decoder.decode(AutoToken.self, #""abc""#) == AutoToken(raw: "abc"))
        #expect(try decoder.decode(AutoTag.self, #""a""#) == AutoTag(text: "a"))
        #expect(try decoder.decode(AutoTag.self, "null") == AutoTag(text: nil))
        #expect(throws: DecodingError.self) { try decoder.decode(AutoIdentifier.self, #""42""#) }
        #expect(throws: DecodingError.self) { try decoder.decode(AutoIdentifier.self, #"{"value": 42}"#) }
        for (value, json) in [(AutoIdentifier(value: 42), "42")] {
            let (jolt, foundation) = try encodeBoth(value)
            #expect(jolt == json)
            #expect(foundation == json)
        }
        #expect(try encodeBoth(AutoToken(raw: "abc")).jolt == #""abc""#)
        #expect(try encodeBoth(AutoTag(text: nil)).jolt == "null")
        #expect(try encodeBoth(AutoTag(text: nil)).foundation == "null")
    }

    @Test(".singleValueForEnum reads and writes a case as its CodingKeys string", arguments: TestDecoder.all)
    func singleValueForEnum(decoder: TestDecoder) throws {
        #expect(try decoder.decode(AutoMembership.self, #""regular""#) == .regular)
        #expect(try decoder.decode(AutoMembership.self, #""PREMIUM""#) == .premium)
        for (value, json) in [(AutoMembership.regular, #""regular""#), (.premium, #""PREMIUM""#), (.gold, #""gold""#)] {
            let (jolt, foundation) = try encodeBoth(value)
            #expect(jolt == json)
            #expect(foundation == json)
            #expect(try decoder.decode(AutoMembership.self, jolt) == value)
        }
        do {
            _ = try decoder.decode(AutoMembership.self, #""premium""#)
            Issue.record("decoded the case's name instead of its key")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "Invalid value: premium")
        }
        #expect(throws: DecodingError.self) { try decoder.decode(AutoMembership.self, "1") }
    }

    @Test("single values inside an object: round trip and coding paths", arguments: TestDecoder.all)
    func insideAnObject(decoder: TestDecoder) throws {
        let json = #"{"id": 7, "membership": "gold", "tags": ["a", null]}"#
        let account = AutoAccount(id: AutoIdentifier(value: 7), membership: .gold, tags: [AutoTag(text: "a"), AutoTag(text: nil)])
        #expect(try decoder.decode(AutoAccount.self, json) == account)
        let (jolt, foundation) = try encodeBoth(account)
        #expect(jolt == #"{"id":7,"membership":"gold","tags":["a",null]}"#)
        #expect(jolt == foundation)
        do {
            _ = try decoder.decode(AutoAccount.self, #"{"id": 7, "membership": "silver", "tags": []}"#)
            Issue.record("decoded an unknown membership")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["membership"])
            #expect(context.debugDescription == "Invalid value: silver")
        }
        do {
            _ = try decoder.decode(AutoAccount.self, #"{"id": "7", "membership": "gold", "tags": []}"#)
            Issue.record("decoded a string as an identifier")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["id"])
        }
    }

    @Test("accessControl: .public members, keyed and single value", arguments: TestDecoder.all)
    func publicMembers(decoder: TestDecoder) throws {
        #expect(try decoder.decode(AutoPublicUser.self, #"{"user_name": "Ann"}"#) == AutoPublicUser(name: "Ann"))
        #expect(try encodeBoth(AutoPublicUser(name: "Ann")).jolt == #"{"user_name":"Ann"}"#)
        #expect(try decoder.decode([AutoPublicLevel].self, #"["H", "L"]"#) == [.high, .low])
        let (jolt, foundation) = try encodeBoth([AutoPublicLevel.low, .high])
        #expect(jolt == #"["L","H"]"#)
        #expect(jolt == foundation)
        #expect(throws: DecodingError.self) { try decoder.decode(AutoPublicLevel.self, #""high""#) }
    }
}
