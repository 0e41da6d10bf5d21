import Foundation
import JoltMacros

@Codable
class Animal {
    var name: String = ""
    @CodingKey("legs", "leg_count") var legs: Int

    init(name: String, legs: Int) {
        self.name = name
        self.legs = legs
    }
}

@InheritedCodable
final class Dog: Animal {
    var barks = true
    @SnakeCase var favouriteToy: String?

    init(name: String, legs: Int, barks: Bool, favouriteToy: String?) {
        self.barks = barks
        self.favouriteToy = favouriteToy
        super.init(name: name, legs: legs)
    }
}

@Codable
final class Counter {
    var count: Int
    var decodedTwice = false

    init(count: Int) { self.count = count }

    func didDecode(from decoder: any Decoder) throws {
        decodedTwice = count * 2 > 10
    }
}
