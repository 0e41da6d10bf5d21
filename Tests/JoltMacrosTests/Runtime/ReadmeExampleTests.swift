import Foundation
import Jolt
import JoltMacros
import Testing

// The README's one model written three ways (section "Annotations: the JoltMacros product").

/// 1. Plain Codable, by hand.
struct HandUser: Decodable, Equatable {
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
        joinedAt = try container.decode(Date.self, forKey: .joinedAt)   // dateDecodingStrategy = .iso8601
    }
}

/// 2. The annotations.
@Codable @SnakeCase
struct MacroUser: Equatable {
    @CodingKey("name", "username", "profile.name") var name: String
    var age = 33
    @DateCoding(ISO8601Strategy.self) var joinedAt: Date
}

/// 3. Synthesized Codable with Jolt's runtime options.
struct OptionsUser: Codable, Equatable {
    var name: String
    @Default<Age33> var age: Int
    @DateValue<ISO8601Strategy> var joinedAt: Date
}

enum Age33: DefaultValueProvider {
    static var defaultValue: Int { 33 }
}

@Suite("The README's example, three ways")
struct ReadmeExampleTests {
    static let inputs = [
        #"{"profile": {"name": "Ann"}, "age": "n/a", "joined_at": "2024-05-01T12:00:00Z"}"#,
        #"{"username": "Ann", "joined_at": "2024-05-01T12:00:00Z"}"#,
    ]

    @Test("plain Codable, annotations and runtime options decode the same", arguments: inputs)
    func same(json: String) throws {
        let date = Date(timeIntervalSince1970: 1_714_564_800)
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        let hand = try foundation.decode(HandUser.self, from: Data(json.utf8))
        #expect(hand.name == "Ann" && hand.age == 33 && hand.joinedAt == date)

        let macro = try JoltDecoder().decode(MacroUser.self, from: json)
        #expect(macro == MacroUser(name: "Ann", age: 33, joinedAt: date))

        let decoder = JoltDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.keyPathSeparator = "."
        decoder.keyMappings = KeyMappings().for(OptionsUser.self, ["name": ["username", "profile.name"]])
        let options = try decoder.decode(OptionsUser.self, from: json)
        #expect(options.name == "Ann" && options.age == 33 && options.joinedAt == date)
    }
}
