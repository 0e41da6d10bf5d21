import Foundation
import Jolt
import JoltMacros
import Testing

@Suite("Chained value transformers at run time")
struct TransformChainCodingTests {
    static let json = #"{"count": "5", "enabled": "1", "flag": "-1", "maybe": "2", "fallback": "41", "single": 0}"#
    static let value = ChainedModel(count: 6, enabled: true, flag: true, maybe: 3, fallback: 42, single: false)

    @Test("steps apply in order when decoding, in reverse when encoding", arguments: TestDecoder.all)
    func roundTrip(decoder: TestDecoder) throws {
        #expect(try decoder.decode(ChainedModel.self, Self.json) == Self.value)
        let (jolt, foundation) = try encodeBoth(Self.value)
        #expect(jolt == #"{"count":"5","enabled":"1","fallback":"41","flag":"-1","maybe":"2","single":0}"#)
        #expect(jolt == foundation)
        #expect(try decoder.decode(ChainedModel.self, jolt) == Self.value)
        // An optional: missing or null is nil, and nil is not written.
        let none = try decoder.decode(ChainedModel.self, #"{"count": "0", "enabled": "0", "flag": "-2", "maybe": null, "single": 1}"#)
        #expect(none == ChainedModel(count: 1, enabled: false, flag: false, maybe: nil, fallback: 42, single: true))
        #expect(try encodeBoth(none).jolt == #"{"count":"0","enabled":"0","fallback":"41","flag":"-2","single":1}"#)
    }

    @Test("a failing step is dataCorrupted at the property's coding path, naming the step", arguments: TestDecoder.all)
    func failures(decoder: TestDecoder) throws {
        let cases: [(String, String, String)] = [
            ("count", #""abc""#, #""abc" is not a Int"#),
            ("enabled", #""2""#, "JoltIntToBool failed: 2 is not 0 or 1"),
            ("flag", #""0""#, "JoltIntToBool failed: 2 is not 0 or 1"),
            ("single", "3", "JoltIntToBool failed: 3 is not 0 or 1"),
        ]
        for (key, bad, message) in cases {
            let json = Self.json.replacingOccurrences(of: #""\#(key)": "#, with: #""\#(key)": \#(bad), "_\#(key)": "#)
            do {
                _ = try decoder.decode([ChainedModel].self, "[\(json)]")
                Issue.record("decoded \(key) = \(bad)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.map(\.stringValue) == ["Index 0", key], "\(key)")
                #expect(context.debugDescription.contains(message), "\(context.debugDescription)")
            }
        }
        // The JSON type a chain's first step reads is still checked.
        #expect(throws: DecodingError.self) {
            try decoder.decode(ChainedModel.self, Self.json.replacingOccurrences(of: #""count": "5""#, with: #""count": 5"#))
        }
        // The default is used when a step fails, or the key is missing.
        let bad = Self.json.replacingOccurrences(of: #""fallback": "41""#, with: #""fallback": "x""#)
        #expect(try decoder.decode(ChainedModel.self, bad).fallback == 42)
        let missing = Self.json.replacingOccurrences(of: #""fallback": "41", "#, with: "")
        #expect(try decoder.decode(ChainedModel.self, missing).fallback == 42)
    }

    @Test("JoltDecoder reports the default a failing step leads to")
    func defaultReported() throws {
        let bad = Self.json.replacingOccurrences(of: #""fallback": "41""#, with: #""fallback": "x""#)
        let (value, report) = try JoltDecoder().decodeWithReport(ChainedModel.self, from: Data(bad.utf8))
        #expect(value.fallback == 42)
        #expect(report.issues.map(\.kind) == [.defaultApplied])
        #expect(report.issues.first?.codingPath.map(\.description) == ["fallback"])
    }

    @Test("a step failing in the middle of a chain; reversing fails when encoding", arguments: TestDecoder.all)
    func guarded(decoder: TestDecoder) throws {
        #expect(try decoder.decode(Guarded.self, #"{"level": "4"}"#) == Guarded(level: 5))
        do {
            _ = try decoder.decode(Guarded.self, #"{"level": "-4"}"#)
            Issue.record("decoded a negative level")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["level"])
            #expect(context.debugDescription == "NonNegative failed: -4 is negative")
        }
        #expect(try encodeBoth(Guarded(level: 5)).jolt == #"{"level":"4"}"#)
        #expect(throws: EncodingError.self) { try JoltEncoder().encode(Guarded(level: 0)) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Guarded(level: 0)) }
    }

    @Test("a chain on an @AutoCodable key", arguments: TestDecoder.all)
    func auto(decoder: TestDecoder) throws {
        let value = try decoder.decode(AutoTransformed.self, #"{"count": "9", "label": "a"}"#)
        #expect(value == AutoTransformed(count: 10, label: "a"))
        let (jolt, foundation) = try encodeBoth(value)
        #expect(jolt == #"{"count":"9","label":"a"}"#)
        #expect(jolt == foundation)
    }
}
