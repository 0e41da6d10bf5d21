import Foundation
import Jolt
import JoltMacros
import Testing

/// The coding path inside values the direct path reads: it puts their keys on
/// the path only when something reads it (a hook, a `@CustomCoding` closure, the
/// `init(from:)` of a value it could not read, an error), and what they read
/// must be the path Foundation's decoder gives at the same place.
@Suite("coding paths inside values read directly")
struct DirectPathKeyTests {
    static let top = #"""
    {"middles": [
        {"leaf": {"v": 1}, "maybe": null, "leaves": [{"v": 2}, {"v": 3, "w": "x"}], "custom": 4},
        {"leaf": {"v": 5}, "maybe": {"v": 6}, "leaves": [], "custom": 7}
     ],
     "named": {"first": {"leaf": {"v": 8}, "leaves": [{"v": 9}], "custom": 10}},
     "a_long_key_name": {"leaf": {"v": 11}, "leaves": [{"v": 12}, {"v": 13}], "custom": 14}}
    """#

    /// The hook log and the outcome (a value or the error with its path) of a decode.
    static func run<T: Decodable & Equatable>(_ type: T.Type, _ document: String, _ decoder: TestDecoder) -> (log: [String], outcome: String) {
        let (log, userInfo) = HookLog.make()
        do {
            let value = try decoder.decode(type, document, userInfo: userInfo)
            return (log.entries, "value \(value)")
        } catch let DecodingError.typeMismatch(_, context) {
            return (log.entries, "typeMismatch at \(context.codingPath.pathText)")
        } catch let DecodingError.keyNotFound(key, context) {
            return (log.entries, "keyNotFound \(key.stringValue) at \(context.codingPath.pathText)")
        } catch let DecodingError.valueNotFound(_, context) {
            return (log.entries, "valueNotFound at \(context.codingPath.pathText)")
        } catch let DecodingError.dataCorrupted(context) {
            return (log.entries, "dataCorrupted at \(context.codingPath.pathText)")
        } catch {
            return (log.entries, "\(error)")
        }
    }

    @Test("hooks and closures deep inside see Foundation's path", arguments: TestDecoder.all)
    func hooksAndClosures(decoder: TestDecoder) {
        let (log, outcome) = Self.run(KeyedTop.self, Self.top, decoder)
        #expect(outcome.hasPrefix("value "))
        // Foundation's: a dictionary's keys are read in its own order, so the log is compared sorted.
        #expect(log.sorted() == Self.run(KeyedTop.self, Self.top, .foundation).log.sorted())
        #expect(log.contains("leaf middles.Index 1#1.maybe"))
        #expect(log.contains("leaf middles.Index 0#0.leaves.Index 1#1"))
        #expect(log.contains("closure named.first.custom"))
        #expect(log.contains("leaf a_long_key_name.leaves.Index 1#1"))
        #expect(log.count == 14)
    }

    @Test("an error deep inside has Foundation's path, and the hooks that ran first ran with theirs", arguments: TestDecoder.all)
    func errors(decoder: TestDecoder) {
        // Each leaf value in turn made wrong: its own path in the error.
        var documents: [String] = []
        for v in 1...14 where v != 4 && v != 7 && v != 10 && v != 14 {
            documents.append(Self.top.replacingOccurrences(of: #""v": \#(v)}"#, with: #""v": "bad"}"#)
                .replacingOccurrences(of: #""v": \#(v),"#, with: #""v": "bad","#))
        }
        documents.append(Self.top.replacingOccurrences(of: #""custom": 10"#, with: #""custom": "x""#))
        documents.append(Self.top.replacingOccurrences(of: #"{"v": 12}"#, with: #"{"w": "y"}"#))
        documents.append(Self.top.replacingOccurrences(of: #""leaves": [{"v": 9}]"#, with: #""leaves": {"v": 9}"#))
        for document in documents {
            let expected = Self.run(KeyedTop.self, document, .foundation)
            let got = Self.run(KeyedTop.self, document, decoder)
            #expect(got.outcome == expected.outcome, "\(document)")
            #expect(!got.outcome.hasPrefix("value "), "\(document)")
        }
    }

    /// A chain of `depth` links, the last with a leaf whose `v` is `last`.
    static func chain(_ depth: Int, last: String) -> String {
        var text = #"{"depth": \#(depth), "leaf": {"v": \#(last)}}"#
        for d in stride(from: depth - 1, through: 0, by: -1) {
            text = #"{"depth": \#(d), "next": \#(text)}"#
        }
        return text
    }

    @Test("paths past the room for pending keys", arguments: TestDecoder.all)
    func deepChains(decoder: TestDecoder) {
        for depth in [0, 1, 14, 15, 16, 17, 18, 40] {
            let valid = Self.chain(depth, last: "1")
            let (log, outcome) = Self.run(KeyedChain.self, valid, decoder)
            #expect(outcome.hasPrefix("value "))
            #expect(log == ["leaf " + (Array(repeating: "next", count: depth) + ["leaf"]).joined(separator: ".")], "\(depth)")
            #expect(log == Self.run(KeyedChain.self, valid, .foundation).log)
            let invalid = Self.chain(depth, last: #""no""#)
            let error = Self.run(KeyedChain.self, invalid, decoder).outcome
            #expect(error == Self.run(KeyedChain.self, invalid, .foundation).outcome, "\(depth)")
            #expect(error == "typeMismatch at " + (Array(repeating: "next", count: depth) + ["leaf", "v"]).joined(separator: "."))
        }
    }
}
