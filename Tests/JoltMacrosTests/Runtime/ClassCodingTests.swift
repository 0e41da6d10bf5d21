import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("@Codable and @InheritedCodable classes at run time")
struct ClassCodingTests {
    @Test("a class, and a subclass with its superclass's properties", arguments: TestDecoder.all)
    func inheritance(decoder: TestDecoder) throws {
        let animal = try decoder.decode(Animal.self, #"{"name": "cat", "leg_count": 4}"#)
        #expect(animal.name == "cat" && animal.legs == 4)
        let dog = try decoder.decode(Dog.self, #"{"name": "rex", "legs": 4, "favourite_toy": "ball"}"#)
        #expect(dog.name == "rex" && dog.legs == 4 && dog.barks && dog.favouriteToy == "ball")
        #expect(throws: DecodingError.self) { try decoder.decode(Dog.self, #"{"name": "rex", "barks": false}"#) }

        let (jolt, foundation) = try encodeBoth(dog)
        #expect(jolt == #"{"barks":true,"favourite_toy":"ball","legs":4,"name":"rex"}"#)
        #expect(jolt == foundation)
        let again = try decoder.decode(Dog.self, jolt)
        #expect(again.name == "rex" && again.favouriteToy == "ball")
    }

    @Test("a final class with a didDecode hook", arguments: TestDecoder.all)
    func finalClass(decoder: TestDecoder) throws {
        let counter = try decoder.decode(Counter.self, #"{"count": 6}"#)
        #expect(counter.count == 6 && counter.decodedTwice)
        #expect(try encodeBoth(counter).jolt == #"{"count":6,"decodedTwice":true}"#)
    }
}
