import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("Lifecycle hooks declared outside the type's body, and in class hierarchies")
struct HookCodingTests {
    @Test("a struct's hooks in another file: validation, mutation, an extra key", arguments: TestDecoder.all)
    func structHooksInExtension(decoder: TestDecoder) throws {
        let (log, userInfo) = HookLog.make()
        let value = try decoder.decode(Ranged.self, #"{"min": 1, "max": 4}"#, userInfo: userInfo)
        #expect(value == Ranged(min: 1, max: 4, checkedBy: "didDecode"))
        #expect(log.entries == ["Ranged.willDecode"])
        #expect(throws: ValidationError(message: "min > max")) { try decoder.decode(Ranged.self, #"{"min": 5, "max": 4}"#) }
        let (jolt, foundation) = try encodeBoth(value)
        #expect(jolt == #"{"max":4,"min":1,"span":3}"#)
        #expect(jolt == foundation)
    }

    @Test("an internal hook of a public type, and an enum's hooks", arguments: TestDecoder.all)
    func publicTypeAndEnum(decoder: TestDecoder) throws {
        let (log, userInfo) = HookLog.make()
        #expect(try decoder.decode(PublicRanged.self, #"{"low": 2}"#, userInfo: userInfo) == PublicRanged(low: 2))
        #expect(try decoder.decode([Toggle].self, #"["on", "off"]"#, userInfo: userInfo) == [.on, .off])
        #expect(log.entries == ["PublicRanged.didDecode", "Toggle.didDecode", "Toggle.didDecode"])

        let (encodeLog, encodeInfo) = HookLog.make()
        #expect(try encodeBoth([Toggle.off], userInfo: encodeInfo).jolt == #"["off"]"#)
        #expect(encodeLog.entries == ["Toggle.willEncode off", "Toggle.willEncode off"])
    }

    @Test("each hook runs once, the most derived: overrides, inherited hooks, an unannotated subclass",
          arguments: TestDecoder.all)
    func classHierarchy(decoder: TestDecoder) throws {
        func hooks<T: Decodable>(_ type: T.Type, _ json: String) throws -> [String] {
            let (log, userInfo) = HookLog.make()
            _ = try decoder.decode(type, json, userInfo: userInfo)
            return log.entries
        }
        #expect(try hooks(Vehicle.self, #"{"wheels": 2}"#) == ["Vehicle.willDecode", "Vehicle.didDecode"])
        #expect(try hooks(Car.self, #"{"wheels": 4, "seats": 5}"#) == ["Car.willDecode", "Car.didDecode"])
        #expect(try hooks(Truck.self, #"{"wheels": 6, "load": 1.5}"#) == ["Vehicle.willDecode", "Vehicle.didDecode"])
        #expect(try hooks(Bike.self, #"{"wheels": 2}"#) == ["Vehicle.willDecode", "Bike.didDecode"])
        #expect(try hooks(Kennel.self, #"{"name": "k", "dogs": 3}"#) == ["Kennel.willDecode", "Kennel.didDecode k 3"])
        #expect(try hooks(Fancy.self, #"{"id": 7, "style": "bold"}"#) == ["Fancy.didDecode 7 bold"])

        let (log, userInfo) = HookLog.make()
        let (jolt, foundation) = try encodeBoth(Car(wheels: 4, seats: 2), userInfo: userInfo)
        #expect(jolt == #"{"seats":2,"wheels":4}"#)
        #expect(jolt == foundation)
        #expect(log.entries == ["Vehicle.willEncode", "Vehicle.willEncode"])   // once per encoder
        #expect(try encodeBoth(Kennel(name: "k", dogs: 1)).jolt == #"{"dogs":1,"kennel":true,"name":"k"}"#)
        #expect(try encodeBoth(Fancy(id: 1, style: "s")).jolt == #"{"id":1,"style":"s"}"#)
    }
}
