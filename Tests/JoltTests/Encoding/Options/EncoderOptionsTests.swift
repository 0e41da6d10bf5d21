// Jolt-only encoder options: key paths, key mappings, nilEncodingStrategy, the
// `to` key styles, thread safety, and misuse that must throw rather than write
// broken JSON.

import XCTest
import Foundation
import Synchronization
@testable import Jolt

private struct Place: Codable, Equatable {
    var city: String
    var zip: String
    var name: String
    var lat: Double
    enum CodingKeys: String, CodingKey {
        case city = "location.address.city"
        case zip = "location.address.zip"
        case name
        case lat = "location.geo.lat"
    }
}

private struct Scattered: Encodable {
    enum CodingKeys: String, CodingKey { case a = "x.a", b, c = "x.c" }
    var a = 1, b = 2, c = 3
}

private struct Profile: Codable, Equatable {
    var name: String
    var age: Int
}

private struct Patch: Codable, Equatable {
    var title: String?
    var count: Int?
    var tags: [String]?
    var score: Double?
}

private struct KeyStyles: Codable, Equatable {
    var userName = "a"
    var id = 1
    var homePageURL = "u"
}

private struct OutOfOrder: Encodable {
    enum K: String, CodingKey { case a, b }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        var nested = c.nestedUnkeyedContainer(forKey: .a)
        try nested.encode(1)
        try c.encode(2, forKey: .b)
        try nested.encode(3)   // the array was closed when "b" was written
    }
}

final class EncoderOptionsTests: XCTestCase {
    func string(_ encoder: JoltEncoder, _ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func testKeyPathsWithAKeyBetweenAreMerged() throws {
        let encoder = JoltEncoder()
        encoder.keyPathSeparator = "."
        // "name" is declared between the "location." keys: still one "location"
        // object (merged when the outer object closes).
        let place = Place(city: "Oslo", zip: "0150", name: "office", lat: 59.9)
        XCTAssertEqual(try string(encoder, place),
                       #"{"location":{"address":{"city":"Oslo","zip":"0150"},"geo":{"lat":59.9}},"name":"office"}"#)
        let decoder = JoltDecoder()
        decoder.keyPathSeparator = "."
        XCTAssertEqual(try decoder.decode(Place.self, from: try encoder.encode(place)), place)
    }

    func testKeyPathsMergeAdjacentSiblingsAndRoundTrip() throws {
        struct Adjacent: Codable, Equatable {
            var city: String, zip: String, lat: Double, name: String
            enum CodingKeys: String, CodingKey {
                case city = "location.address.city", zip = "location.address.zip", lat = "location.geo.lat", name
            }
        }
        let value = Adjacent(city: "Oslo", zip: "0150", lat: 59.9, name: "office")
        let encoder = JoltEncoder()
        encoder.keyPathSeparator = "."
        XCTAssertEqual(try string(encoder, value), #"{"location":{"address":{"city":"Oslo","zip":"0150"},"geo":{"lat":59.9}},"name":"office"}"#)
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let pretty = try string(encoder, value)
        XCTAssertEqual(pretty, """
            {
              "location" : {
                "address" : {
                  "city" : "Oslo",
                  "zip" : "0150"
                },
                "geo" : {
                  "lat" : 59.9
                }
              },
              "name" : "office"
            }
            """)
        let decoder = JoltDecoder()
        decoder.keyPathSeparator = "."
        XCTAssertEqual(try decoder.decode(Adjacent.self, from: pretty), value)
        // Without a separator the keys are written as they are, as Foundation does.
        XCTAssertEqual(try string(JoltEncoder(), value), #"{"location.address.city":"Oslo","location.address.zip":"0150","location.geo.lat":59.9,"name":"office"}"#)
    }

    func testKeyPathsApartAreMerged() throws {
        let encoder = JoltEncoder()
        encoder.keyPathSeparator = "."
        XCTAssertEqual(try string(encoder, Scattered()), #"{"x":{"a":1,"c":3},"b":2}"#)
        encoder.keyPathSeparator = "/"
        XCTAssertEqual(try string(encoder, Scattered()), #"{"x.a":1,"b":2,"x.c":3}"#)
    }

    func testKeyMappingsWriteTheFirstAlternative() throws {
        let mappings = KeyMappings().for(Profile.self, ["name": ["profile.name", "user_name"], "age": ["years"]])
        let encoder = JoltEncoder()
        encoder.keyMappings = mappings
        let value = Profile(name: "Ann", age: 3)
        let json = try string(encoder, value)
        XCTAssertEqual(json, #"{"profile":{"name":"Ann"},"years":3}"#)
        let decoder = JoltDecoder()
        decoder.keyMappings = mappings
        XCTAssertEqual(try decoder.decode(Profile.self, from: json), value)
        // Nested values of the mapped type are mapped too; other types are not.
        XCTAssertEqual(try string(encoder, ["p": [value]]), #"{"p":[{"profile":{"name":"Ann"},"years":3}]}"#)
        XCTAssertEqual(try string(encoder, KeyStyles()), #"{"userName":"a","id":1,"homePageURL":"u"}"#)
    }

    func testNilEncodingStrategy() throws {
        let encoder = JoltEncoder()
        let patch = Patch(title: "new", count: nil, tags: nil, score: nil)
        XCTAssertEqual(encoder.nilEncodingStrategy, .omit)
        XCTAssertEqual(try string(encoder, patch), #"{"title":"new"}"#)
        XCTAssertEqual(try encoder.encode(patch), try JSONEncoder().encode(patch))
        encoder.nilEncodingStrategy = .writeNull
        XCTAssertEqual(try string(encoder, patch), #"{"title":"new","count":null,"tags":null,"score":null}"#)
        XCTAssertEqual(try JoltDecoder().decode(Patch.self, from: try encoder.encode(patch)), patch)
        // Explicit encodeNil and optionals in arrays are unaffected.
        XCTAssertEqual(try string(encoder, [Int?.none, 1]), "[null,1]")
    }

    func testKeyStyles() throws {
        let encoder = JoltEncoder()
        let cases: [(JoltEncoder.KeyEncodingStrategy, String, JoltDecoder.KeyDecodingStrategy)] = [
            (.convertToSnakeCase, #"{"user_name":"a","id":1,"home_page_url":"u"}"#, .convertFromSnakeCase),
            (.convertToKebabCase, #"{"user-name":"a","id":1,"home-page-url":"u"}"#, .convertFromKebabCase),
            (.convertToScreamingSnakeCase, #"{"USER_NAME":"a","ID":1,"HOME_PAGE_URL":"u"}"#, .convertFromScreamingSnakeCase),
            (.convertToPascalCase, #"{"UserName":"a","Id":1,"HomePageURL":"u"}"#, .convertFromPascalCase),
        ]
        for (strategy, expected, decoding) in cases {
            encoder.keyEncodingStrategy = strategy
            let json = try string(encoder, KeyStyles())
            XCTAssertEqual(json, expected)
            // Keys the styles can round-trip (no initialisms) read back.
            let decoder = JoltDecoder()
            decoder.keyDecodingStrategy = decoding
            let decoded = try decoder.decode([String: String].self, from: json.replacingOccurrences(of: "1", with: "\"1\""))
            XCTAssertEqual(decoded.count, 3)
            XCTAssertNotNil(try decoder.decode(Profile.self, from: try string(encoder, Profile(name: "n", age: 1))))
        }
        XCTAssertEqual(JoltEncoder.KeyEncodingStrategy.toSnakeCase("_oneTwo_"), "_one_two_")
        XCTAssertEqual(JoltEncoder.KeyEncodingStrategy.toSnakeCase("myURLKey"), "my_url_key")
        // Foundation's algorithm splits before the second capital of an all-caps key.
        XCTAssertEqual(JoltEncoder.KeyEncodingStrategy.toSnakeCase("URL"), "u_rl")
    }

    func testDefaults() {
        let encoder = JoltEncoder()
        XCTAssertEqual(encoder.outputFormatting, [])
        guard case .useDefaultKeys = encoder.keyEncodingStrategy else { return XCTFail() }
        guard case .deferredToDate = encoder.dateEncodingStrategy else { return XCTFail() }
        guard case .base64 = encoder.dataEncodingStrategy else { return XCTFail() }
        guard case .throw = encoder.nonConformingFloatEncodingStrategy else { return XCTFail() }
        XCTAssertTrue(encoder.userInfo.isEmpty)
        XCTAssertNil(encoder.keyPathSeparator)
        XCTAssertTrue(encoder.keyMappings.isEmpty)
    }

    /// A nested array written to after its parent went on: Foundation's bytes,
    /// written by Jolt (merge mode), with Foundation's options and with Jolt's own.
    func testOutOfOrderContainerUseMatchesFoundation() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys, .prettyPrinted]
        foundation.dateEncodingStrategy = .secondsSince1970
        let jolt = JoltEncoder()
        jolt.outputFormatting = [.sortedKeys, .prettyPrinted]
        jolt.dateEncodingStrategy = .secondsSince1970
        XCTAssertEqual(try jolt.encode(OutOfOrder()), try foundation.encode(OutOfOrder()))
        var buffer: [UInt8] = [1]
        try jolt.encode(OutOfOrder(), into: &buffer)
        XCTAssertEqual(buffer, [1] + Array(try foundation.encode(OutOfOrder())))
        XCTAssertEqual(try jolt.encodeToBytes([OutOfOrder()]), Array(try foundation.encode([OutOfOrder()])))

        let pathEncoder = JoltEncoder()
        pathEncoder.keyPathSeparator = "."
        XCTAssertEqual(try string(pathEncoder, OutOfOrder()), #"{"a":[1,3],"b":2}"#)
        let kebab = JoltEncoder()
        kebab.keyEncodingStrategy = .convertToKebabCase
        kebab.nilEncodingStrategy = .writeNull
        XCTAssertEqual(try string(kebab, OutOfOrder()), #"{"a":[1,3],"b":2}"#)
    }

    /// A key written twice into one object: Foundation keeps the last value; so
    /// does Jolt (merged when the object closes, with any options).
    func testRepeatedKeysKeepTheLastValue() throws {
        struct Repeated: Encodable {
            enum K: String, CodingKey { case a, b, long_key_name }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: K.self)
                try c.encode(1, forKey: .a)
                try c.encode("x", forKey: .long_key_name)
                try c.encode(true, forKey: .b)
                try c.encode(2, forKey: .a)
            }
        }
        let decoded = try JSONDecoder().decode([String: JSONValue].self, from: try JoltEncoder().encode(Repeated()))
        XCTAssertEqual(decoded, ["a": 2, "long_key_name": "x", "b": true])
        let sorted = JoltEncoder()
        sorted.outputFormatting = .sortedKeys
        let foundationSorted = JSONEncoder()
        foundationSorted.outputFormatting = .sortedKeys
        XCTAssertEqual(try sorted.encode(Repeated()), try foundationSorted.encode(Repeated()))
        XCTAssertEqual(String(decoding: try sorted.encode(Repeated()), as: UTF8.self), #"{"a":2,"b":true,"long_key_name":"x"}"#)
        // Keys that share a fingerprint but differ are not repeats.
        let lookalikes = (0..<200).reduce(into: [String: Int]()) { $0["k\($0.count)x"] = $1 }
        XCTAssertEqual(try JSONDecoder().decode([String: Int].self, from: try JoltEncoder().encode(lookalikes)), lookalikes)
        let jolt = JoltEncoder()
        jolt.keyPathSeparator = "."
        // The last value in the first place, with a Jolt-only option too.
        XCTAssertEqual(String(decoding: try jolt.encode(Repeated()), as: UTF8.self), #"{"a":2,"long_key_name":"x","b":true}"#)
        // The same nested container asked for twice: one merged object, as in Foundation.
        struct TwoNested: Encodable {
            enum K: String, CodingKey { case inner, x, y }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: K.self)
                var first = c.nestedContainer(keyedBy: K.self, forKey: .inner)
                try first.encode(1, forKey: .x)
                var second = c.nestedContainer(keyedBy: K.self, forKey: .inner)
                try second.encode(2, forKey: .y)
            }
        }
        XCTAssertEqual(try sorted.encode(TwoNested()), try foundationSorted.encode(TwoNested()))
        XCTAssertEqual(try JSONDecoder().decode([String: [String: Int]].self, from: try JoltEncoder().encode(TwoNested())),
                       ["inner": ["x": 1, "y": 2]])
    }

    /// Foundation refuses 512 containers inside each other; so does Jolt, with
    /// the same error.
    func testNestingLimitIsFoundations() throws {
        indirect enum Nest: Encodable {
            case leaf, node(Nest)
            func encode(to encoder: any Encoder) throws {
                var c = encoder.unkeyedContainer()
                if case .node(let inner) = self { try c.encode(inner) }
            }
        }
        func nest(_ depth: Int) -> Nest { (1..<depth).reduce(Nest.leaf) { inner, _ in .node(inner) } }
        XCTAssertEqual(try JoltEncoder().encode(nest(511)), try JSONEncoder().encode(nest(511)))
        for depth in [512, 600] {
            XCTAssertThrowsError(try JSONEncoder().encode(nest(depth)))
            XCTAssertThrowsError(try JoltEncoder().encode(nest(depth))) { error in
                guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.debugDescription, "Unable to encode the given top-level value to JSON.")
                XCTAssertTrue(context.codingPath.isEmpty)
            }
        }
    }

    func testSharedBetweenThreads() throws {
        let encoder = JoltEncoder()
        encoder.outputFormatting = .sortedKeys
        let values = (0..<64).map { i in ["k\(i)": Array(0..<i), "z": [i]] }
        let expected = try values.map { try encoder.encode($0) }
        let results = Mutex([Data?](repeating: nil, count: values.count))
        DispatchQueue.concurrentPerform(iterations: values.count * 4) { n in
            let i = n % values.count
            let data = try? encoder.encode(values[i])
            if n % 7 == 0 { encoder.userInfo = [CodingUserInfoKey(rawValue: "n")!: n] }
            results.withLock { $0[i] = data }
        }
        XCTAssertEqual(results.withLock { $0 }, expected)
    }
}
