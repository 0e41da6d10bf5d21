import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("Mixed naming styles and compact sets at run time")
struct MixedStyleCodingTests {
    @Test("camel_Snake, Pascal_Snake, camel-Kebab and Pascal-Kebab keys", arguments: TestDecoder.all)
    func mixedStyles(decoder: TestDecoder) throws {
        let json = #"""
        {"user_Name_First": "A", "user_Url_String": "u", "Last_Login_At": 1, "post-Count": 2,
         "Display-Name": "D", "home_page": "h", "explicit": 3}
        """#
        let value = try decoder.decode(MixedStyled.self, json)
        #expect(value == MixedStyled(userNameFirst: "A", userURLString: "u", lastLoginAt: 1, post_count: 2,
                                     displayName: "D", homePage: "h", overridden: 3))
        // The plain snake_case key is not the camel_Snake one.
        #expect(throws: DecodingError.self) {
            try decoder.decode(MixedStyled.self, json.replacingOccurrences(of: "user_Name_First", with: "user_name_first"))
        }
        let (jolt, foundation) = try encodeBoth(value)
        #expect(canonical(jolt) == canonical(json))
        #expect(jolt == foundation)
        #expect(try decoder.decode(MixedStyled.self, jolt) == value)
    }

    @Test("a mixed style on an enum and on a case", arguments: TestDecoder.all)
    func mixedStyleEnum(decoder: TestDecoder) throws {
        let created = try decoder.decode(MixedEvent.self, #"{"User-Created": {"User-Id": 7}}"#)
        #expect(created == .userCreated(userId: 7))
        #expect(try decoder.decode(MixedEvent.self, #""account_Closed""#) == .accountClosed)
        #expect(throws: DecodingError.self) { try decoder.decode(MixedEvent.self, #""account_closed""#) }
        let (jolt, foundation) = try encodeBoth(created)
        #expect(jolt == #"{"User-Created":{"User-Id":7}}"#)
        #expect(jolt == foundation)
        #expect(try encodeBoth(MixedEvent.accountClosed).jolt == #""account_Closed""#)
        #expect(try encodeBoth(MixedEvent.accountClosed).foundation == #""account_Closed""#)
        #expect(try decoder.decode(MixedEvent.self, jolt) == created)
    }

    @Test("@CompactCoding drops the nulls of a set; other invalid elements are errors", arguments: TestDecoder.all)
    func compactSets(decoder: TestDecoder) throws {
        let value = try decoder.decode(CompactSets.self, #"{"ids": [1, null, 2, 1, null], "names": ["a", null, "b"]}"#)
        #expect(value == CompactSets(ids: [1, 2], names: ["a", "b"]))
        let absent = try decoder.decode(CompactSets.self, #"{"ids": [], "names": null}"#)
        #expect(absent == CompactSets(ids: [], names: nil))
        #expect(try decoder.decode(CompactSets.self, #"{"ids": [null]}"#) == CompactSets(ids: [], names: nil))
        #expect(throws: DecodingError.self) { try decoder.decode(CompactSets.self, #"{"ids": [1, "two", null]}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(CompactSets.self, #"{"ids": [1], "names": ["a", 2]}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(CompactSets.self, #"{"names": ["a"]}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(CompactSets.self, #"{"ids": {"a": 1}}"#) }

        let single = CompactSets(ids: [3], names: ["x"])
        let (jolt, foundation) = try encodeBoth(single)
        #expect(jolt == #"{"ids":[3],"names":["x"]}"#)
        #expect(jolt == foundation)
        #expect(try encodeBoth(CompactSets(ids: [], names: nil)).jolt == #"{"ids":[]}"#)
        let (many, _) = try encodeBoth(value)
        #expect(try decoder.decode(CompactSets.self, many) == value)
    }

    @Test("JoltDecoder reports each null dropped from a set")
    func compactSetReported() throws {
        let (value, report) = try JoltDecoder().decodeWithReport(CompactSets.self, from: #"{"ids": [1, null, 2]}"#)
        #expect(value.ids == [1, 2])
        let dropped = report.issues.filter { $0.kind == .droppedElement }.map { $0.codingPath.map(\.description).joined(separator: ".") }
        #expect(dropped.count == 1)
    }
}
