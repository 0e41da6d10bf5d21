import Foundation
import Jolt
import JoltMacros
import Testing

// The article "Annotations" (Sources/Jolt/Jolt.docc/Annotations.md): one model written
// three ways, as written there; each in its own namespace, since all three are `User`.

/// 1. Plain Codable, by hand.
enum ByHand {
    struct User: Decodable {
        var name: String
        var age: Int
        var joinedAt: Date

        enum CodingKeys: String, CodingKey { case name, username, profile, age, joinedAt = "joined_at" }
        enum ProfileKeys: String, CodingKey { case name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let name = try container.decodeIfPresent(String.self, forKey: .name) {
                self.name = name
            } else if let name = try container.decodeIfPresent(String.self, forKey: .username) {
                self.name = name
            } else {
                self.name = try container.nestedContainer(keyedBy: ProfileKeys.self, forKey: .profile)
                    .decode(String.self, forKey: .name)
            }
            age = (try? container.decodeIfPresent(Int.self, forKey: .age)) ?? 33
            joinedAt = try container.decode(Date.self, forKey: .joinedAt)
        }
    }
}

/// 2. The annotations.
enum Annotated {
    @Codable @SnakeCase
    struct User {
        @CodingKey("name", "username", "profile.name") var name: String
        var age = 33                                        // missing or invalid: 33
        @DateCoding(ISO8601Strategy.self) var joinedAt: Date
    }
}

/// 3. Synthesized Codable with Jolt's runtime options.
enum WithOptions {
    struct User: Codable {
        var name: String
        @Default<Age33> var age: Int
        @DateValue<ISO8601Strategy> var joinedAt: Date
    }
    enum Age33: DefaultValueProvider { static var defaultValue: Int { 33 } }

    static func decode(_ json: String) throws -> User {
        let decoder = JoltDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.keyPathSeparator = "."
        decoder.keyMappings = KeyMappings().for(User.self, ["name": ["username", "profile.name"]])
        let user = try decoder.decode(User.self, from: json)
        return user
    }
}

@Suite("The Annotations article: one model three ways")
struct AnnotationsSampleTests {
    static let inputs = [
        #"{"profile": {"name": "Ann"}, "age": "n/a", "joined_at": "2024-05-01T12:00:00Z"}"#,
        #"{"username": "Ann", "joined_at": "2024-05-01T12:00:00Z"}"#,
        #"{"name": "Ann", "username": "Bob", "age": null, "joined_at": "2024-05-01T12:00:00Z"}"#,
    ]

    @Test("plain Codable, annotations and runtime options decode the same", arguments: inputs)
    func same(json: String) throws {
        let date = Date(timeIntervalSince1970: 1_714_564_800)
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        let hand = try foundation.decode(ByHand.User.self, from: Data(json.utf8))
        #expect(hand.name == "Ann" && hand.age == 33 && hand.joinedAt == date)

        for decoded in [try JoltDecoder().decode(Annotated.User.self, from: json),
                        try JSONDecoder().decode(Annotated.User.self, from: Data(json.utf8))] {
            #expect(decoded.name == "Ann" && decoded.age == 33 && decoded.joinedAt == date)
        }

        let options = try WithOptions.decode(json)
        #expect(options.name == "Ann" && options.age == 33 && options.joinedAt == date)
    }

    @Test("the annotated model records its default and writes snake_case keys")
    func reportAndEncoding() throws {
        let (user, report) = try JoltDecoder().decodeWithReport(Annotated.User.self, from: Self.inputs[0])
        #expect(user.age == 33)
        #expect(report.issues.map(\.kind) == [.defaultApplied])
        let encoder = JoltEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(user), as: UTF8.self)
        #expect(json == #"{"age":33,"joined_at":"2024-05-01T12:00:00Z","name":"Ann"}"#)
    }
}
