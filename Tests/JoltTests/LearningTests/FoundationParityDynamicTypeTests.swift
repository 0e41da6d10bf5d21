// The metatype a decode is given may be a subclass of the static type (`Employee.self as
// Person.Type`). Foundation calls `type.init(from:)` with it, at the top level and in every
// container method that takes a type, so the subclass's initializer runs. These cases decode
// with Foundation's JSONDecoder and JoltDecoder on every backend and compare the dynamic types
// made as well as the values (swift-foundation's `decodingConcreteTypeParameter`,
// swift-corelibs-foundation's `test_childTypeDecoder`).

import XCTest
import Foundation
@testable import Jolt

final class FoundationParityDynamicTypeTests: XCTestCase {

    private let employeeJSON = #"{"id": 42, "name": "Johnny Appleseed", "email": "appleseed@apple.com"}"#

    /// swift-foundation's `decodingConcreteTypeParameter`: `Employee.self as Person.Type` makes
    /// an `Employee`, from every input `decode` takes.
    func testTopLevelUsesTheDynamicType() throws {
        let data = Data(employeeJSON.utf8)
        let reference = try JSONDecoder().decode(ParityEmployee.self as ParityPerson.Type, from: data)
        XCTAssertTrue(type(of: reference) == ParityEmployee.self, "Foundation made \(type(of: reference))")
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            var made: [ParityPerson] = [
                try decoder.decode(ParityEmployee.self as ParityPerson.Type, from: data),
                try decoder.decode(ParityEmployee.self as ParityPerson.Type, from: Array(data)),
                try decoder.decode(ParityEmployee.self as ParityPerson.Type, from: employeeJSON),
                try decoder.decode(ParityEmployee.self as ParityPerson.Type, from: employeeJSON[...]),
                try data.withUnsafeBytes { try decoder.decode(ParityEmployee.self as ParityPerson.Type, from: $0) },
                try decoder.decodeWithReport(ParityEmployee.self as ParityPerson.Type, from: data).0,
            ]
            made.append(try decoder.decode(ParityEmployee.self as ParityPerson.Type, from: Data(#"{"who": \#(employeeJSON)}"#.utf8), at: "who"))
            for (n, value) in made.enumerated() {
                XCTAssertTrue(type(of: value) == ParityEmployee.self, "[\(backend)] decode \(n) made \(type(of: value))")
                XCTAssertEqual(value, reference, "[\(backend)] decode \(n)")
            }
        }
    }

    /// swift-corelibs-foundation's `test_childTypeDecoder`: the metatype comes from a function.
    func testChildTypeFromAFunction() throws {
        func dynamicTestType() -> BaseTestType.Type { ChildTestType.self }
        let reference = try JSONDecoder().decode(dynamicTestType(), from: Data("{}".utf8))
        XCTAssertTrue(reference is ChildTestType)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let value = try decoder.decode(dynamicTestType(), from: "{}")
            XCTAssertTrue(value is ChildTestType, "[\(backend)] made \(type(of: value))")
        }
    }

    /// Every container method that takes a type: keyed `decode` and `decodeIfPresent`, unkeyed
    /// `decode` and `decodeIfPresent`, and the single-value container's `decode`. Learned: the
    /// keyed ones make the static type, in both decoders, because the standard library's
    /// type-erasing `KeyedDecodingContainer` box forwards `T.self` to the container, not the
    /// metatype it was given; the unkeyed and single-value containers get the metatype itself.
    func testContainersUseTheDynamicType() throws {
        let json = """
            {"a": \(employeeJSON), "b": \(employeeJSON), "list": [\(employeeJSON), \(employeeJSON)], "single": \(employeeJSON)}
            """
        let reference = try JSONDecoder().decode(DynamicHolder.self, from: Data(json.utf8))
        XCTAssertEqual(reference.madeTypes, ["ParityPerson", "ParityPerson", "ParityEmployee", "ParityEmployee", "ParityEmployee"])
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let value = try decoder.decode(DynamicHolder.self, from: json)
            XCTAssertEqual(value.madeTypes, reference.madeTypes, "\(backend)")
            XCTAssertEqual(value.people, reference.people, "\(backend)")
        }
    }

    /// The same holder under a key strategy and with Jolt's key mappings (which record the type
    /// whose `init(from:)` runs): still the dynamic type.
    func testDynamicTypeUnderKeyOptions() throws {
        let json = """
            {"a": \(employeeJSON), "list": [\(employeeJSON)], "single": \(employeeJSON)}
            """
        let reference = try JSONDecoder().decode(DynamicHolder.self, from: Data(json.utf8))
        for backend in JoltBackend.allCases {
            let snake = JoltDecoder()
            snake.backend = backend
            snake.keyDecodingStrategy = .convertFromSnakeCase
            XCTAssertEqual(try snake.decode(DynamicHolder.self, from: json).madeTypes, reference.madeTypes, "\(backend)")
            let mapped = JoltDecoder()
            mapped.backend = backend
            mapped.keyMappings = KeyMappings().for(ParityEmployee.self, ["id": ["identifier"]])
            let renamed = json.replacingOccurrences(of: #""id""#, with: #""identifier""#)
            let value = try mapped.decode(DynamicHolder.self, from: renamed)
            XCTAssertEqual(value.madeTypes, reference.madeTypes, "\(backend)")
            XCTAssertEqual(value.people, reference.people, "\(backend)")
        }
    }

    /// The static element type of an array is what both decode: `[Person]` makes `Person`s
    /// (`Array.init(from:)` asks for `Element.self`).
    func testArrayElementsUseTheStaticType() throws {
        let json = "[\(employeeJSON)]"
        let reference = try JSONDecoder().decode([ParityPerson].self, from: Data(json.utf8))
        XCTAssertTrue(type(of: reference[0]) == ParityPerson.self)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let value = try decoder.decode([ParityPerson].self, from: json)
            XCTAssertTrue(type(of: value[0]) == ParityPerson.self, "\(backend)")
        }
    }

    /// An error thrown inside the subclass's initializer surfaces from both, at the same path:
    /// the unkeyed container's element is an `Employee`, which needs an `id` (the keyed member
    /// `a`, a `Person`, does not).
    func testErrorsFromTheSubclassInitializer() {
        let json = #"{"a": {"name": "n", "email": "e"}, "list": [{"name": "n", "email": "e"}], "single": null}"#
        let reference = decodingErrors(DynamicHolder.self, json)
        XCTAssertEqual(reference[0], "keyNotFound id at list.Index 0")
        XCTAssertEqual(Set(reference).count, 1, "\(reference)")
    }
}

/// swift-foundation's `Person`: a class that encodes as a dictionary.
class ParityPerson: Codable, Equatable {
    let name: String
    let email: String
    let website: URL?

    init(name: String, email: String, website: URL? = nil) {
        self.name = name
        self.email = email
        self.website = website
    }

    func isEqual(_ other: ParityPerson) -> Bool {
        name == other.name && email == other.email && website == other.website
    }

    static func == (lhs: ParityPerson, rhs: ParityPerson) -> Bool { lhs.isEqual(rhs) }
}

/// swift-foundation's `Employee`: shares its encoder and decoder with its superclass.
final class ParityEmployee: ParityPerson {
    let id: Int

    init(name: String, email: String, website: URL? = nil, id: Int) {
        self.id = id
        super.init(name: name, email: email, website: website)
    }

    enum CodingKeys: String, CodingKey { case id }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try super.encode(to: encoder)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        try super.init(from: decoder)
    }

    override func isEqual(_ other: ParityPerson) -> Bool {
        if let employee = other as? ParityEmployee, id != employee.id { return false }
        return super.isEqual(other)
    }
}

private class BaseTestType: Decodable {}
private final class ChildTestType: BaseTestType {}

/// Decodes `Employee.self as Person.Type` through each container method that takes a type.
private struct DynamicHolder: Decodable {
    static var personType: ParityPerson.Type { ParityEmployee.self }

    var people: [ParityPerson?]
    var madeTypes: [String] { people.compactMap { $0 }.map { "\(type(of: $0))" } }

    enum CodingKeys: String, CodingKey { case a, b, list, single }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        people = [try container.decode(Self.personType, forKey: .a)]
        people.append(try container.decodeIfPresent(Self.personType, forKey: .b))
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        people.append(try list.decode(Self.personType))
        people.append(try list.decodeIfPresent(Self.personType))
        people.append(try container.decode(SingleValueHolder.self, forKey: .single).value)
    }
}

private struct SingleValueHolder: Decodable {
    let value: ParityPerson
    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(DynamicHolder.personType)
    }
}
