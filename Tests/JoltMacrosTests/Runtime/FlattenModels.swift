import Foundation
import JoltMacros

/// A type flattened into others: its keys sit beside theirs.
@Codable
struct FlatAddress: Equatable {
    var street: String
    var city: String
}

/// Another, for several flattened properties and for optional ones.
@Codable
struct FlatGeo: Equatable {
    var lat: Double
    var lng: Double
}

/// A flattened property between the type's own keys (one of them a nested path).
@Codable
struct FlatUser: Equatable {
    var name: String
    @Flatten var address: FlatAddress
    @CodingKey("meta.id") var id: Int
}

/// An optional flattened property: nil when one of its keys is missing or null.
@Codable
struct FlatMaybeGeo: Equatable {
    var name: String
    @Flatten var geo: FlatGeo?
}

/// A flattened property with a default, used when it does not decode.
@Codable
struct FlatDefaultGeo: Equatable {
    var name: String
    @Flatten var geo: FlatGeo = FlatGeo(lat: 0, lng: 0)
}

/// Only flattened properties: no keys of its own.
@Codable
struct FlatPlace: Equatable {
    @Flatten var address: FlatAddress
    @Flatten var geo: FlatGeo
}

/// A key of the type that the flattened type uses too.
@Codable
struct FlatCollision: Equatable {
    var city: String
    @Flatten var address: FlatAddress
}

/// A class with a flattened property.
@Codable
final class FlatOffice {
    var team: String
    @Flatten var address: FlatAddress

    init(team: String, address: FlatAddress) {
        self.team = team
        self.address = address
    }
}
