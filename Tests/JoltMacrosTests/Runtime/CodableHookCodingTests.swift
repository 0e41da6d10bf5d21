import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("@CodableHook: lifecycle hooks on methods of any name")
struct CodableHookCodingTests {
    @Test("a struct's annotated hooks run after the conventional one, in declaration order", arguments: TestDecoder.all)
    func structHooks(decoder: TestDecoder) throws {
        let (log, userInfo) = HookLog.make()
        let value = try decoder.decode(Reading.self, #"{"low": 1, "high": 4}"#, userInfo: userInfo)
        #expect(value == Reading(low: 1, high: 4, label: "1-4"))
        #expect(log.entries == ["prepare", "didDecode", "validate"])
        #expect(throws: ValidationError(message: "low > high")) { try decoder.decode(Reading.self, #"{"low": 5, "high": 4}"#) }

        let (encodeLog, encodeInfo) = HookLog.make()
        let (jolt, foundation) = try encodeBoth(value, userInfo: encodeInfo)
        #expect(jolt == #"{"high":4,"low":1,"span":3}"#)
        #expect(jolt == foundation)
        #expect(encodeLog.entries == ["before", "before"])    // once per encoder
        #expect(try decoder.decode(Reading.self, jolt) == value)   // round trip
    }

    @Test("an enum's annotated hooks", arguments: TestDecoder.all)
    func enumHooks(decoder: TestDecoder) throws {
        let (log, userInfo) = HookLog.make()
        #expect(try decoder.decode([Lamp].self, #"["on", "off"]"#, userInfo: userInfo) == [.on, .off])
        #expect(log.entries == ["Lamp.seen on", "Lamp.seen off"])
        let (encodeLog, encodeInfo) = HookLog.make()
        let (jolt, foundation) = try encodeBoth([Lamp.off], userInfo: encodeInfo)
        #expect(jolt == #"["off"]"#)
        #expect(jolt == foundation)
        #expect(encodeLog.entries == ["Lamp.sent off", "Lamp.sent off"])
        #expect(try decoder.decode([Lamp].self, jolt) == [.off])
    }

    @Test("in a class hierarchy each annotated class runs its own hooks", arguments: TestDecoder.all)
    func classHooks(decoder: TestDecoder) throws {
        let (log, userInfo) = HookLog.make()
        let square = try decoder.decode(HookedSquare.self, #"{"sides": 4, "size": 2.5}"#, userInfo: userInfo)
        #expect(square.size == 2.5 && square.sides == 4)
        #expect(log.entries == ["HookedSquare.will", "HookedShape.decoded 4", "HookedSquare.decoded 2.5"])

        let (shapeLog, shapeInfo) = HookLog.make()
        #expect(try decoder.decode(HookedShape.self, #"{"sides": 3}"#, userInfo: shapeInfo).sides == 3)
        #expect(shapeLog.entries == ["HookedShape.decoded 3"])

        let (encodeLog, encodeInfo) = HookLog.make()
        let (jolt, foundation) = try encodeBoth(HookedSquare(size: 1), userInfo: encodeInfo)
        #expect(jolt == #"{"sides":4,"size":1}"#)
        #expect(jolt == foundation)
        #expect(encodeLog.entries == ["HookedShape.encoding", "HookedSquare.encoded", "HookedShape.encoding", "HookedSquare.encoded"])
        let back = try decoder.decode(HookedSquare.self, jolt)
        #expect(back.size == 1 && back.sides == 4)
    }
}
