import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("@Codable enums at run time")
struct EnumCodingTests {
    @Test("several match values per case, raw values and a fallback case", arguments: TestDecoder.all)
    func scalarCases(decoder: TestDecoder) throws {
        for json in [#""iphone""#, "10", "22", "30", "true"] {
            #expect(try decoder.decode(Phone.self, json) == .apple, "\(json)")
        }
        for json in [#""android""#, #""pixel""#, "2.5"] {
            #expect(try decoder.decode(Phone.self, json) == .google, "\(json)")
        }
        #expect(try decoder.decode(Phone.self, #""nokia""#) == .nokia)
        for json in ["31", #""blackberry""#, "false", "null", "[1]"] {
            #expect(try decoder.decode(Phone.self, json) == .unknown, "\(json)")
        }
        #expect(try decoder.decode([Level].self, #"["L", "high"]"#) == [.low, .high])
        #expect(throws: DecodingError.self) { try decoder.decode(Level.self, #""low""#) }

        let (jolt, foundation) = try encodeBoth([Phone.apple, .google, .nokia, .unknown])
        #expect(jolt == #"["iphone","android","nokia","unknown"]"#)
        #expect(jolt == foundation)
        #expect(try encodeBoth([Level.low, .high]).jolt == #"["L","high"]"#)
    }

    @Test("JoltDecoder reports the fallback case")
    func fallbackReported() throws {
        let (value, report) = try JoltDecoder().decodeWithReport(Phone.self, from: #""blackberry""#)
        #expect(value == .unknown)
        #expect(report.issues.map(\.kind) == [.unknownEnumCase])
    }

    @Test("associated values by label or index with their own keys, defaults, a discriminator path", arguments: TestDecoder.all)
    func associatedValues(decoder: TestDecoder) throws {
        #expect(try decoder.decode(Video.self, #"{"YOUTUBE": {"id": "x"}}"#) == .youTube)
        #expect(try decoder.decode(Video.self, #""youtube""#) == .youTube)
        #expect(try decoder.decode(Video.self, #"{"vimeo": {"Id": "v1", "minutes": 9}}"#) == .vimeo(id: "v1", duration: 33, 9))
        #expect(try decoder.decode(Video.self, #"{"vimeo": {"ID": "v1", "duration": 2.5, "minutes": 9}}"#)
                == .vimeo(id: "v1", duration: 2.5, 9))
        #expect(try decoder.decode(Video.self, #"{"tiktok": {"url": "https://e.com/v.mp4"}}"#)
                == .tiktok(url: URL(string: "https://e.com/v.mp4")!, tag: nil))
        #expect(try decoder.decode(Video.self, #"{"type": {"middle": "short"}, "id": 5}"#) == .short(id: 5, title: "none"))
        #expect(throws: DecodingError.self) { try decoder.decode(Video.self, #"{"vimeo": {"minutes": 9}}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(Video.self, #"{"dailymotion": {}}"#) }

        let values: [Video] = [
            .youTube, .vimeo(id: "v", duration: 1, 2), .tiktok(url: URL(string: "https://e.com")!, tag: "art"),
            .short(id: 5, title: "t"),
        ]
        let (jolt, foundation) = try encodeBoth(values)
        #expect(jolt == foundation)
        #expect(canonical(jolt) == canonical(#"""
        ["youtube", {"vimeo": {"ID": "v", "duration": 1, "minutes": 2}},
         {"tiktok": {"url": "https://e.com", "tag": "art"}}, {"type": {"middle": "short"}, "id": 5, "title": "t"}]
        """#))
        #expect(try decoder.decode([Video].self, jolt) == values)
    }
}

extension EnumCodingTests {
    @Test("naming styles on the enum and on a case: case names, associated value labels; explicit texts win",
          arguments: TestDecoder.all)
    func styles(decoder: TestDecoder) throws {
        let json = #"""
        ["user_created", {"user_created": {}}, {"user_deleted": {"user_id": 1, "reason": "spam"}}, {"user_deleted": {"user_id": 2}},
         {"renamed": {"old_name": "a", "new_name": "b"}}, {"password-reset": {"requested-at": 5, "_1": "mail"}},
         {"login": {"ip": "10.0.0.1", "ua": "curl"}}, {"kind": "SESSION_EXPIRED", "AFTER_SECONDS": 3}, "userCreated"]
        """#
        let values = try decoder.decode([Activity].self, json)
        #expect(values == [
            .userCreated, .userCreated, .userDeleted(userId: 1, reason: "spam"), .userDeleted(userId: 2, reason: nil),
            .userRenamed(oldName: "a", newName: "b"), .passwordReset(requestedAt: 5, "mail"), .loggedIn(ipAddress: "10.0.0.1", "curl"),
            .sessionExpired(afterSeconds: 3), .unknownActivity,
        ])
        #expect(throws: DecodingError.self) { try decoder.decode(Activity.self, #"{"user_deleted": {"userId": 1}}"#) }

        let (jolt, foundation) = try encodeBoth(Array(values[2..<8]) + [.userCreated, .unknownActivity])
        #expect(jolt == foundation)
        #expect(canonical(jolt) == canonical(#"""
        [{"user_deleted": {"user_id": 1, "reason": "spam"}}, {"user_deleted": {"user_id": 2}},
         {"renamed": {"old_name": "a", "new_name": "b"}}, {"password-reset": {"requested-at": 5, "_1": "mail"}},
         {"login": {"ip": "10.0.0.1", "agent": "curl"}}, {"kind": "SESSION_EXPIRED", "AFTER_SECONDS": 3},
         "user_created", "unknown_activity"]
        """#))
        #expect(try decoder.decode([Activity].self, jolt) == Array(values[2..<8]) + [.userCreated, .unknownActivity])

        #expect(try decoder.decode([Priority].self, #"["LOW_PRIORITY", "HIGH"]"#) == [.lowPriority, .highPriority])
        #expect(throws: DecodingError.self) { try decoder.decode(Priority.self, #""lowPriority""#) }
        #expect(try encodeBoth([Priority.lowPriority, .highPriority]).jolt == #"["LOW_PRIORITY","HIGH"]"#)
    }
}
