import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("Double and String range matches at run time")
struct RangeMatchCodingTests {
    @Test("numbers and strings in ranges select cases", arguments: TestDecoder.all)
    func scalars(decoder: TestDecoder) throws {
        let expected: [(String, Handset)] = [
            ("true", .iPhone), ("25", .iPhone), ("\"iphone\"", .iPhone),
            ("50", .xiaomi), ("55.5", .xiaomi), ("60", .xiaomi), ("12", .xiaomi), ("\"MI\"", .xiaomi),
            ("\"o\"", .oppo), ("\"oppo\"", .oppo), ("\"p\"", .oppo), ("\"q\"", .oppo), ("false", .oppo),
            ("1", .half), ("0.5", .half), ("1.25", .half),
            ("\"x\"", .letters), ("\"yes\"", .letters), ("\"z\"", .letters),
        ]
        for (json, value) in expected {
            #expect(try decoder.decode(Handset.self, json) == value, "\(json)")
        }
        for json in ["60.01", "49.99", "1.6", "\"qa\"", "\"n\"", "\"zz\"", "2", "null", "[55]"] {
            #expect(throws: DecodingError.self, "\(json)") { try decoder.decode(Handset.self, json) }
        }
    }

    @Test("the first encodable match is written: a range as its lower bound")
    func encoding() throws {
        let written: [(Handset, String)] = [(.iPhone, "true"), (.xiaomi, "12"), (.oppo, "false"), (.half, "0.5"), (.letters, "\"x\"")]
        for (value, json) in written {
            let (jolt, foundation) = try encodeBoth(value)
            #expect(jolt == json)
            #expect(foundation == json)
            for decoder in TestDecoder.all { #expect(try decoder.decode(Handset.self, jolt) == value) }
        }
    }

    @Test("a value in no range is an error at its coding path", arguments: TestDecoder.all)
    func codingPath(decoder: TestDecoder) throws {
        let list = try decoder.decode(HandsetList.self, #"{"phones": [55, "p", 0.75, "y"]}"#)
        #expect(list == HandsetList(phones: [.xiaomi, .oppo, .half, .letters]))
        do {
            _ = try decoder.decode(HandsetList.self, #"{"phones": [55, "r"]}"#)
            Issue.record("decoded \"r\"")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["phones", "Index 1"])
            #expect(context.debugDescription.contains("No case of Handset matches"))
        }
        let (jolt, foundation) = try encodeBoth(list)
        #expect(jolt == #"{"phones":[12,false,0.5,"x"]}"#)
        #expect(jolt == foundation)
    }

    @Test("a string range selects an object's key; a number range the value at a path", arguments: TestDecoder.all)
    func objects(decoder: TestDecoder) throws {
        #expect(try decoder.decode(Shipment.self, #"{"box-c": {"weight": 2}}"#) == .box(weight: 2))
        #expect(try decoder.decode(Shipment.self, #"{"box-m": {"weight": 3}}"#) == .box(weight: 3))
        // Several keys in the range: the lowest, whatever the decoder's key order.
        #expect(try decoder.decode(Shipment.self, #"{"box-k": {"weight": 9}, "box-b": {"weight": 1}}"#) == .box(weight: 1))
        #expect(throws: DecodingError.self) { try decoder.decode(Shipment.self, #"{"box-n": {"weight": 2}}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(Shipment.self, #"{"box-c": {"weight": "2"}}"#) }
        #expect(try decoder.decode(Shipment.self, #"{"grade": 2, "note": "glass"}"#) == .fragile(note: "glass"))
        #expect(try decoder.decode(Shipment.self, #"{"grade": 2.5, "note": "vase"}"#) == .fragile(note: "vase"))
        #expect(throws: DecodingError.self) { try decoder.decode(Shipment.self, #"{"grade": 3, "note": "glass"}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(Shipment.self, #"{"grade": "2", "note": "glass"}"#) }

        for (value, json) in [(Shipment.box(weight: 2), #"{"box-a":{"weight":2}}"#), (.fragile(note: "x"), #"{"grade":1,"note":"x"}"#)] {
            let (jolt, foundation) = try encodeBoth(value)
            #expect(jolt == json)
            #expect(foundation == json)
            #expect(try decoder.decode(Shipment.self, jolt) == value)
        }
    }
}
