import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("@Flatten at run time")
struct FlattenCodingTests {
    static let userJSON = #"{"name": "Ann", "street": "Main St", "city": "Oslo", "meta": {"id": 7}}"#
    static let user = FlatUser(name: "Ann", address: FlatAddress(street: "Main St", city: "Oslo"), id: 7)

    @Test("a flattened value's keys are read from, and written to, the enclosing object", arguments: TestDecoder.all)
    func roundTrip(decoder: TestDecoder) throws {
        #expect(try decoder.decode(FlatUser.self, Self.userJSON) == Self.user)
        let (jolt, foundation) = try encodeBoth(Self.user)
        #expect(jolt == #"{"city":"Oslo","meta":{"id":7},"name":"Ann","street":"Main St"}"#)
        #expect(jolt == foundation)
        #expect(try decoder.decode(FlatUser.self, jolt) == Self.user)
        // Unsorted, as written: the type's keys, then the flattened ones.
        let unsorted = String(decoding: try JoltEncoder().encode(Self.user), as: UTF8.self)
        #expect(unsorted == #"{"name":"Ann","meta":{"id":7},"street":"Main St","city":"Oslo"}"#)
    }

    @Test("a flattened value's errors are at its keys' coding paths", arguments: TestDecoder.all)
    func errors(decoder: TestDecoder) throws {
        do {
            _ = try decoder.decode([FlatUser].self, #"[{"name": "Ann", "street": "Main St", "city": 5, "meta": {"id": 7}}]"#)
            Issue.record("decoded a number as a city")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "city"])
        }
        do {
            _ = try decoder.decode(FlatUser.self, #"{"name": "Ann", "city": "Oslo", "meta": {"id": 7}}"#)
            Issue.record("decoded without a street")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "street")
            #expect(context.codingPath.isEmpty)
        }
    }

    @Test("an optional flattened value is nil when one of its keys is missing or null", arguments: TestDecoder.all)
    func optional(decoder: TestDecoder) throws {
        let full = FlatMaybeGeo(name: "x", geo: FlatGeo(lat: 1, lng: 2.5))
        #expect(try decoder.decode(FlatMaybeGeo.self, #"{"name": "x", "lat": 1, "lng": 2.5}"#) == full)
        #expect(try decoder.decode(FlatMaybeGeo.self, #"{"name": "x"}"#) == FlatMaybeGeo(name: "x", geo: nil))
        #expect(try decoder.decode(FlatMaybeGeo.self, #"{"name": "x", "lat": 1}"#) == FlatMaybeGeo(name: "x", geo: nil))
        #expect(try decoder.decode(FlatMaybeGeo.self, #"{"name": "x", "lat": 1, "lng": null}"#) == FlatMaybeGeo(name: "x", geo: nil))
        // Present but invalid: still an error.
        #expect(throws: DecodingError.self) { try decoder.decode(FlatMaybeGeo.self, #"{"name": "x", "lat": "1", "lng": 2}"#) }
        let (jolt, foundation) = try encodeBoth(full)
        #expect(jolt == #"{"lat":1,"lng":2.5,"name":"x"}"#)
        #expect(jolt == foundation)
        let (none, noneFoundation) = try encodeBoth(FlatMaybeGeo(name: "x", geo: nil))
        #expect(none == #"{"name":"x"}"#)
        #expect(none == noneFoundation)
    }

    @Test("a flattened value with a default takes it when it does not decode", arguments: TestDecoder.all)
    func defaults(decoder: TestDecoder) throws {
        let origin = FlatGeo(lat: 0, lng: 0)
        #expect(try decoder.decode(FlatDefaultGeo.self, #"{"name": "x"}"#) == FlatDefaultGeo(name: "x", geo: origin))
        #expect(try decoder.decode(FlatDefaultGeo.self, #"{"name": "x", "lat": "a", "lng": 1}"#) == FlatDefaultGeo(name: "x", geo: origin))
        #expect(try decoder.decode(FlatDefaultGeo.self, #"{"name": "x", "lat": 3, "lng": 1}"#)
                == FlatDefaultGeo(name: "x", geo: FlatGeo(lat: 3, lng: 1)))
        #expect(throws: DecodingError.self) { try decoder.decode(FlatDefaultGeo.self, #"{"lat": 3, "lng": 1}"#) }
    }

    @Test("JoltDecoder reports the default of a flattened value")
    func defaultReported() throws {
        let (value, report) = try JoltDecoder().decodeWithReport(FlatDefaultGeo.self, from: Data(#"{"name": "x", "lat": "a", "lng": 1}"#.utf8))
        #expect(value.geo == FlatGeo(lat: 0, lng: 0))
        #expect(report.issues.map(\.kind) == [.defaultApplied])
        #expect(report.issues.first?.reason.contains("flattened geo") == true)
    }

    @Test("a type of flattened values only; a class", arguments: TestDecoder.all)
    func flattenedOnlyAndClass(decoder: TestDecoder) throws {
        let json = #"{"city":"Oslo","lat":1,"lng":2,"street":"Main St"}"#
        let place = FlatPlace(address: FlatAddress(street: "Main St", city: "Oslo"), geo: FlatGeo(lat: 1, lng: 2))
        #expect(try decoder.decode(FlatPlace.self, json) == place)
        let (jolt, foundation) = try encodeBoth(place)
        #expect(jolt == json)
        #expect(jolt == foundation)

        let office = try decoder.decode(FlatOffice.self, #"{"team": "core", "street": "Main St", "city": "Oslo"}"#)
        #expect(office.team == "core")
        #expect(office.address == FlatAddress(street: "Main St", city: "Oslo"))
        let (officeJolt, officeFoundation) = try encodeBoth(office)
        #expect(officeJolt == #"{"city":"Oslo","street":"Main St","team":"core"}"#)
        #expect(officeJolt == officeFoundation)
    }

    @Test("a key both use: both read it; the flattened value, written last, wins", arguments: TestDecoder.all)
    func collision(decoder: TestDecoder) throws {
        let value = try decoder.decode(FlatCollision.self, #"{"city": "Oslo", "street": "Main St"}"#)
        #expect(value == FlatCollision(city: "Oslo", address: FlatAddress(street: "Main St", city: "Oslo")))
        let (jolt, foundation) = try encodeBoth(FlatCollision(city: "Bergen", address: FlatAddress(street: "Main St", city: "Oslo")))
        #expect(jolt == #"{"city":"Oslo","street":"Main St"}"#)
        #expect(jolt == foundation)
    }
}
