import Foundation
import XCTest
@testable import Jolt

/// `keyPathSeparator` and `KeyMappings`, on every backend built.
final class KeyPathAndMappingTests: XCTestCase {
    private func decoders(separator: String? = nil, mappings: KeyMappings = KeyMappings(),
                          strategy: JoltDecoder.KeyDecodingStrategy = .useDefaultKeys) -> [JoltDecoder] {
        JoltBackend.allCases.map { backend in
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.keyPathSeparator = separator
            decoder.keyMappings = mappings
            decoder.keyDecodingStrategy = strategy
            return decoder
        }
    }

    struct Place: Decodable, Equatable {
        var city: String
        var zip: String?
        enum CodingKeys: String, CodingKey {
            case city = "location.city"
            case zip = "location.address.zip"
        }
    }

    func testKeyPaths() throws {
        for decoder in decoders(separator: ".") {
            XCTAssertEqual(try decoder.decode(Place.self, from: #"{"location": {"city": "Oslo", "address": {"zip": "0150"}}}"#),
                           Place(city: "Oslo", zip: "0150"))
            // A literal key with the exact name wins over the path.
            XCTAssertEqual(try decoder.decode(Place.self, from: #"{"location": {"city": "Oslo"}, "location.city": "Bergen"}"#),
                           Place(city: "Bergen", zip: nil))
            // A missing path is keyNotFound for the dotted key, with the container's path.
            XCTAssertThrowsError(try decoder.decode([Place].self, from: #"[{"location": {"town": "Oslo"}}]"#)) { error in
                guard case DecodingError.keyNotFound(let key, let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(key.stringValue, "location.city")
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["Index 0"])
            }
            // A path through a non-object is not found.
            XCTAssertThrowsError(try decoder.decode(Place.self, from: #"{"location": [1]}"#))
        }
        // Off by default, as Foundation: the dotted key is only a literal key.
        for decoder in decoders() {
            XCTAssertThrowsError(try decoder.decode(Place.self, from: #"{"location": {"city": "Oslo"}}"#))
            XCTAssertEqual(try decoder.decode(Place.self, from: #"{"location.city": "Bergen"}"#).city, "Bergen")
        }
        // Another separator; path components go through the key strategy.
        struct Snake: Decodable, Equatable {
            var homeCity: String
            enum CodingKeys: String, CodingKey { case homeCity = "homeAddress/homeCity" }
        }
        for decoder in decoders(separator: "/", strategy: .convertFromSnakeCase) {
            XCTAssertEqual(try decoder.decode(Snake.self, from: #"{"home_address": {"home_city": "Oslo"}}"#).homeCity, "Oslo")
        }
    }

    struct User: Decodable, Equatable {
        var name: String
        var age: Int
        var pet: Pet?
    }
    struct Pet: Decodable, Equatable { var name: String }

    func testKeyMappings() throws {
        let mappings = KeyMappings()
            .for(User.self, ["name": ["user_name", "username", "profile.name"]])
            .for(Pet.self, ["name": ["pet_name"]])
        for decoder in decoders(mappings: mappings) {
            XCTAssertEqual(try decoder.decode(User.self, from: #"{"name": "a", "user_name": "b", "age": 1}"#).name, "a", "own name first")
            XCTAssertEqual(try decoder.decode(User.self, from: #"{"username": "c", "user_name": "b", "age": 1}"#).name, "b", "in order")
            XCTAssertEqual(try decoder.decode(User.self, from: #"{"username": "c", "age": 1}"#).name, "c")
            XCTAssertEqual(try decoder.decode(User.self, from: #"{"profile": {"name": "d"}, "age": 1}"#).name, "d", "a path")
            // Nested types have their own mappings; arrays of mapped types too.
            XCTAssertEqual(try decoder.decode([User].self, from: #"[{"username": "e", "age": 1, "pet": {"pet_name": "rex"}}]"#),
                           [User(name: "e", age: 1, pet: Pet(name: "rex"))])
            // Nothing matches: keyNotFound for the coding key itself.
            XCTAssertThrowsError(try decoder.decode(User.self, from: #"{"nom": "x", "age": 1}"#)) { error in
                guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(key.stringValue, "name")
            }
        }
        // Mappings are per type: Pet's mapping does not apply to User's "name".
        for decoder in decoders(mappings: KeyMappings().for(Pet.self, ["name": ["user_name"]])) {
            XCTAssertThrowsError(try decoder.decode(User.self, from: #"{"user_name": "b", "age": 1}"#))
        }
        // Alternatives are matched after the key strategy.
        struct Account: Decodable, Equatable { var displayName: String }
        for decoder in decoders(mappings: KeyMappings().for(Account.self, ["displayName": ["screenName"]]), strategy: .convertFromSnakeCase) {
            XCTAssertEqual(try decoder.decode(Account.self, from: #"{"screen_name": "x"}"#).displayName, "x")
        }
    }

    /// Immutable: `for` returns a new value.
    func testMappingsAreValues() {
        let empty = KeyMappings()
        let one = empty.for(User.self, ["name": ["n"]])
        XCTAssertTrue(empty.isEmpty)
        XCTAssertFalse(one.isEmpty)
        XCTAssertEqual(one.alternatives(for: ObjectIdentifier(User.self)), ["name": ["n"]])
        XCTAssertNil(one.alternatives(for: ObjectIdentifier(Pet.self)))
    }
}
