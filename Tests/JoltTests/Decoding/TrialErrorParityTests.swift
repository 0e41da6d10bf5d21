import XCTest
import Foundation
@testable import Jolt

/// A failed trial decode (`try? c.decode(Int.self)` and the like) is cheap in
/// Jolt (issue 25, "Cheap errors": static messages, paths shared with the
/// decoder), and a caught error still says exactly what Foundation's says: the
/// case, the reported type, the coding path and the debug description, in
/// single value, keyed and unkeyed containers, at the root and nested, on both
/// backends. The one exception is a number that does not fit the type asked
/// for, which Jolt reports at the value's path with its own message (the
/// README's "Differences from Foundation"); that message is pinned here.
final class TrialErrorParityTests: XCTestCase {
    /// A JSON value of every kind, and numbers that do not fit some integer types.
    static let values = ["null", "true", "false", "12", "-3", "300", "1.5", "1e2", #""x""#, #""12""#, "[]", "[1]", "{}", #"{"a": 1}"#]

    // MARK: The probes

    func testSingleValueContainer() throws {
        for value in Self.values {
            try compare(ErrorProbe.Single.self, value)
            try compare([String: [ErrorProbe.Single]].self, #"{"k": [\#(value)]}"#)
        }
    }

    func testKeyedContainer() throws {
        for value in Self.values {
            try compare(ErrorProbe.Keyed.self, #"{"v": \#(value)}"#)
            try compare([ErrorProbe.Keyed].self, #"[{"v": \#(value)}]"#)
            // Through a nested container: its path goes beyond the decoder's.
            try compare(ErrorProbe.Keyed.self, #"{"o": {"v": \#(value)}}"#)
        }
    }

    func testUnkeyedContainer() throws {
        for value in Self.values {
            try compare(ErrorProbe.Unkeyed.self, "[\(value)]")
            try compare([String: ErrorProbe.Unkeyed].self, #"{"k": [\#(value)]}"#)
            try compare(ErrorProbe.NestedUnkeyed.self, "[[\(value)]]")
        }
    }

    /// A failed attempt leaves nothing behind: the container is where it was
    /// and the next attempt, or the next value, decodes as if none had failed.
    func testFailedAttemptsLeaveTheDecoderInPlace() throws {
        let json = #"{"a": [1.5, "x", {"b": [true, null]}], "c": {"d": "y"}}"#
        let expected = try JSONDecoder().decode(TrialValue.self, from: Data(json.utf8))
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(try decoder.decode(TrialValue.self, from: json), expected, "\(backend)")
            // Many failures in a row, each leaving the same path behind.
            let probes = try decoder.decode([String: [ErrorProbe.Single]].self, from: #"{"k": [{"a": 1}, "x"]}"#)
            XCTAssertEqual(probes["k"]?.count, 2)
            for outcome in probes["k"]?[1].outcomes ?? [] where outcome.kind != "ok" {
                XCTAssertEqual(outcome.path, "k|-.Index 1|1", "\(backend) \(outcome)")
            }
        }
    }

    // MARK: Comparison

    /// Decodes `json` as `T` with Foundation and each Jolt backend, and compares
    /// every recorded outcome.
    private func compare<T: ErrorProbeRecording>(_ type: T.Type, _ json: String,
                                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let reference = try JSONDecoder().decode(T.self, from: Data(json.utf8)).allOutcomes
        XCTAssertFalse(reference.isEmpty, json, file: file, line: line)
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let outcomes = try decoder.decode(T.self, from: json).allOutcomes
            XCTAssertEqual(outcomes.count, reference.count, "\(json) \(backend)", file: file, line: line)
            for (jolt, foundation) in zip(outcomes, reference) {
                let label = "\(json), \(jolt.trial), \(backend)"
                if foundation.kind.hasPrefix("other") || (foundation.kind == "dataCorrupted" && jolt.message.hasPrefix("Number ")) {
                    // A number that does not fit (Foundation throws an internal error,
                    // or dataCorrupted with an empty path): Jolt's message, at the value's path.
                    XCTAssertEqual(jolt.kind, "dataCorrupted", label, file: file, line: line)
                    XCTAssertEqual(jolt.message, "Number \(jolt.value) is not representable as \(jolt.trial).", label, file: file, line: line)
                    XCTAssertEqual(jolt.path, jolt.valuePath, label, file: file, line: line)
                } else if jolt.trial == "Decimal" && foundation.kind == "typeMismatch" && foundation.message.isEmpty {
                    // Foundation describes a Decimal mismatch with an empty string;
                    // Jolt says what it says for every other type.
                    var described = foundation
                    described.message = "Expected to decode Decimal but found \(jolt.valueKind) instead."
                    XCTAssertEqual(jolt, described, label, file: file, line: line)
                } else {
                    XCTAssertEqual(jolt, foundation, label, file: file, line: line)
                }
            }
        }
    }
}

/// What one attempt gave: a value, or a caught error in parts.
struct ErrorOutcome: Equatable, CustomStringConvertible {
    var trial: String
    /// The error's case, or "ok".
    var kind = "ok"
    var type = ""
    /// Each key as `stringValue|intValue`, joined with dots.
    var path = ""
    var message = ""
    var underlying = ""
    /// What the container reports after the attempt (its `currentIndex`, in an unkeyed one).
    var after = ""
    /// Not compared: the raw JSON value and its path, for the not-representable check.
    var value = ""
    var valuePath = ""

    /// How Foundation's messages name the kind of ``value``.
    var valueKind: String {
        switch value.first {
        case "n": "null"
        case "t", "f": "bool"
        case "\"": "a string"
        case "[": "an array"
        case "{": "a dictionary"
        default: "number"
        }
    }

    static func == (a: ErrorOutcome, b: ErrorOutcome) -> Bool {
        (a.trial, a.kind, a.type, a.path, a.message) == (b.trial, b.kind, b.type, b.path, b.message)
            && (a.underlying, a.after) == (b.underlying, b.after)
    }

    var description: String { "\(trial): \(kind) \(type) at \(path): \(message) \(underlying) \(after)" }

    static func pathText(_ path: [any CodingKey]) -> String {
        path.map { "\($0.stringValue)|\($0.intValue.map(String.init) ?? "-")" }.joined(separator: ".")
    }

    init(trial: String, valuePath: [any CodingKey], value: String, _ body: () throws -> Any?) {
        self.trial = trial
        self.valuePath = Self.pathText(valuePath)
        self.value = value
        do {
            _ = try body()
        } catch let error as DecodingError {
            let context: DecodingError.Context
            switch error {
            case .typeMismatch(let t, let c): kind = "typeMismatch"; type = String(reflecting: t); context = c
            case .valueNotFound(let t, let c): kind = "valueNotFound"; type = String(reflecting: t); context = c
            case .keyNotFound(let k, let c): kind = "keyNotFound"; type = k.stringValue; context = c
            case .dataCorrupted(let c): kind = "dataCorrupted"; context = c
            @unknown default: kind = "unknown"; context = DecodingError.Context(codingPath: [], debugDescription: "")
            }
            path = Self.pathText(context.codingPath)
            message = context.debugDescription
            underlying = context.underlyingError.map { "\($0)" } ?? ""
        } catch {
            kind = "other \(error)"
        }
    }
}

protocol ErrorProbeRecording: Decodable {
    var allOutcomes: [ErrorOutcome] { get }
}

extension Array: ErrorProbeRecording where Element: ErrorProbeRecording {
    var allOutcomes: [ErrorOutcome] { flatMap(\.allOutcomes) }
}

extension Dictionary: ErrorProbeRecording where Key == String, Value: ErrorProbeRecording {
    var allOutcomes: [ErrorOutcome] { keys.sorted().flatMap { self[$0]!.allOutcomes } }
}

/// Decodables whose `init(from:)` tries every type on one value and records what
/// each attempt threw.
enum ErrorProbe {
    struct Pair: Decodable { var a: Int }

    /// The types tried, by the name the not-representable message gives them.
    static let trials = ["Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
                         "Double", "Float", "String", "[Int]", "[String]", "[Double]", "[TrialValue]", "[String: Int]",
                         "[String: TrialValue]", "Pair", "Decimal", "URL", "Date", "Data", "nil", "keyed", "unkeyed"]

    /// The raw text of the value at the decoder's position, for the message check.
    static func text(_ decoder: any Decoder) -> String {
        (try? decoder.singleValueContainer().decode(JSONValue.self)).map { "\($0)" } ?? ""
    }

    struct Single: ErrorProbeRecording {
        var outcomes: [ErrorOutcome] = []
        var allOutcomes: [ErrorOutcome] { outcomes }

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            let path = decoder.codingPath
            let value = ErrorProbe.text(decoder)
            for trial in ErrorProbe.trials {
                outcomes.append(ErrorOutcome(trial: trial, valuePath: path, value: value) { () throws -> Any? in
                    switch trial {
                    case "Bool": try c.decode(Bool.self)
                    case "Int": try c.decode(Int.self)
                    case "Int8": try c.decode(Int8.self)
                    case "Int16": try c.decode(Int16.self)
                    case "Int32": try c.decode(Int32.self)
                    case "Int64": try c.decode(Int64.self)
                    case "UInt": try c.decode(UInt.self)
                    case "UInt8": try c.decode(UInt8.self)
                    case "UInt16": try c.decode(UInt16.self)
                    case "UInt32": try c.decode(UInt32.self)
                    case "UInt64": try c.decode(UInt64.self)
                    case "Double": try c.decode(Double.self)
                    case "Float": try c.decode(Float.self)
                    case "String": try c.decode(String.self)
                    case "[Int]": try c.decode([Int].self)
                    case "[String]": try c.decode([String].self)
                    case "[Double]": try c.decode([Double].self)
                    case "[TrialValue]": try c.decode([TrialValue].self)
                    case "[String: Int]": try c.decode([String: Int].self)
                    case "[String: TrialValue]": try c.decode([String: TrialValue].self)
                    case "Pair": try c.decode(Pair.self)
                    case "Decimal": try c.decode(Decimal.self)
                    case "URL": try c.decode(URL.self)
                    case "Date": try c.decode(Date.self)
                    case "Data": try c.decode(Data.self)
                    case "nil": c.decodeNil()
                    case "keyed": try decoder.container(keyedBy: ProbeKey.self)
                    default: try decoder.unkeyedContainer()
                    }
                })
            }
        }
    }

    enum ProbeKey: String, CodingKey { case v, o }

    struct Keyed: ErrorProbeRecording {
        var outcomes: [ErrorOutcome] = []
        var allOutcomes: [ErrorOutcome] { outcomes }

        init(from decoder: any Decoder) throws {
            var c = try decoder.container(keyedBy: ProbeKey.self)
            if c.contains(.o) { c = try c.nestedContainer(keyedBy: ProbeKey.self, forKey: .o) }
            let path = c.codingPath + [ProbeKey.v]
            let value = try c.superDecoder(forKey: .v)
            let text = ErrorProbe.text(value)
            for trial in ErrorProbe.trials {
                for ifPresent in [false, true] {
                    outcomes.append(ErrorOutcome(trial: trial, valuePath: path, value: text) { () throws -> Any? in
                        if ifPresent { return try Keyed.decodeIfPresent(trial, c) }
                        switch trial {
                        case "Bool": return try c.decode(Bool.self, forKey: .v)
                        case "Int": return try c.decode(Int.self, forKey: .v)
                        case "Int8": return try c.decode(Int8.self, forKey: .v)
                        case "Int16": return try c.decode(Int16.self, forKey: .v)
                        case "Int32": return try c.decode(Int32.self, forKey: .v)
                        case "Int64": return try c.decode(Int64.self, forKey: .v)
                        case "UInt": return try c.decode(UInt.self, forKey: .v)
                        case "UInt8": return try c.decode(UInt8.self, forKey: .v)
                        case "UInt16": return try c.decode(UInt16.self, forKey: .v)
                        case "UInt32": return try c.decode(UInt32.self, forKey: .v)
                        case "UInt64": return try c.decode(UInt64.self, forKey: .v)
                        case "Double": return try c.decode(Double.self, forKey: .v)
                        case "Float": return try c.decode(Float.self, forKey: .v)
                        case "String": return try c.decode(String.self, forKey: .v)
                        case "[Int]": return try c.decode([Int].self, forKey: .v)
                        case "[String]": return try c.decode([String].self, forKey: .v)
                        case "[Double]": return try c.decode([Double].self, forKey: .v)
                        case "[TrialValue]": return try c.decode([TrialValue].self, forKey: .v)
                        case "[String: Int]": return try c.decode([String: Int].self, forKey: .v)
                        case "[String: TrialValue]": return try c.decode([String: TrialValue].self, forKey: .v)
                        case "Pair": return try c.decode(Pair.self, forKey: .v)
                        case "Decimal": return try c.decode(Decimal.self, forKey: .v)
                        case "URL": return try c.decode(URL.self, forKey: .v)
                        case "Date": return try c.decode(Date.self, forKey: .v)
                        case "Data": return try c.decode(Data.self, forKey: .v)
                        case "nil": return try c.decodeNil(forKey: .v)
                        case "keyed": return try c.nestedContainer(keyedBy: ProbeKey.self, forKey: .v)
                        default: return try c.nestedUnkeyedContainer(forKey: .v)
                        }
                    })
                }
            }
        }

        /// The `decodeIfPresent` overloads (nil for null; the same errors otherwise).
        static func decodeIfPresent(_ trial: String, _ c: KeyedDecodingContainer<ProbeKey>) throws -> Any? {
            switch trial {
            case "Bool": try c.decodeIfPresent(Bool.self, forKey: .v)
            case "Int": try c.decodeIfPresent(Int.self, forKey: .v)
            case "Int8": try c.decodeIfPresent(Int8.self, forKey: .v)
            case "UInt64": try c.decodeIfPresent(UInt64.self, forKey: .v)
            case "Double": try c.decodeIfPresent(Double.self, forKey: .v)
            case "Float": try c.decodeIfPresent(Float.self, forKey: .v)
            case "String": try c.decodeIfPresent(String.self, forKey: .v)
            case "[TrialValue]": try c.decodeIfPresent([TrialValue].self, forKey: .v)
            case "[String: TrialValue]": try c.decodeIfPresent([String: TrialValue].self, forKey: .v)
            case "Pair": try c.decodeIfPresent(Pair.self, forKey: .v)
            default: nil
            }
        }
    }

    /// ``Unkeyed`` on the array inside the decoder's array (a nested container's path).
    struct NestedUnkeyed: ErrorProbeRecording {
        var probe: Unkeyed
        var allOutcomes: [ErrorOutcome] { probe.outcomes }

        init(from decoder: any Decoder) throws {
            probe = try Unkeyed(decoder, nested: true)
        }
    }

    struct Unkeyed: ErrorProbeRecording {
        var outcomes: [ErrorOutcome] = []
        var allOutcomes: [ErrorOutcome] { outcomes }

        init(from decoder: any Decoder) throws {
            try self.init(decoder, nested: false)
        }

        /// With `nested`, the attempts go to the array nested in the decoder's array.
        init(_ decoder: any Decoder, nested: Bool) throws {
            // A fresh container for each attempt: a successful one moves on.
            func container() throws -> any UnkeyedDecodingContainer {
                var c = try decoder.unkeyedContainer()
                return nested ? try c.nestedUnkeyedContainer() : c
            }
            let path = try container().codingPath + [JoltCodingKey.index(0)]
            var first = try container()
            let text = (try? first.decode(JSONValue.self)).map { "\($0)" } ?? ""
            for trial in ErrorProbe.trials {
                for ifPresent in [false, true] {
                    var c = try container()
                    var outcome = ErrorOutcome(trial: trial, valuePath: path, value: text) { () throws -> Any? in
                        if ifPresent { return try Unkeyed.decodeIfPresent(trial, &c) }
                        switch trial {
                        case "Bool": return try c.decode(Bool.self)
                        case "Int": return try c.decode(Int.self)
                        case "Int8": return try c.decode(Int8.self)
                        case "Int16": return try c.decode(Int16.self)
                        case "Int32": return try c.decode(Int32.self)
                        case "Int64": return try c.decode(Int64.self)
                        case "UInt": return try c.decode(UInt.self)
                        case "UInt8": return try c.decode(UInt8.self)
                        case "UInt16": return try c.decode(UInt16.self)
                        case "UInt32": return try c.decode(UInt32.self)
                        case "UInt64": return try c.decode(UInt64.self)
                        case "Double": return try c.decode(Double.self)
                        case "Float": return try c.decode(Float.self)
                        case "String": return try c.decode(String.self)
                        case "[Int]": return try c.decode([Int].self)
                        case "[String]": return try c.decode([String].self)
                        case "[Double]": return try c.decode([Double].self)
                        case "[TrialValue]": return try c.decode([TrialValue].self)
                        case "[String: Int]": return try c.decode([String: Int].self)
                        case "[String: TrialValue]": return try c.decode([String: TrialValue].self)
                        case "Pair": return try c.decode(Pair.self)
                        case "Decimal": return try c.decode(Decimal.self)
                        case "URL": return try c.decode(URL.self)
                        case "Date": return try c.decode(Date.self)
                        case "Data": return try c.decode(Data.self)
                        case "nil": return try c.decodeNil()
                        case "keyed": return try c.nestedContainer(keyedBy: ProbeKey.self)
                        default: return try c.nestedUnkeyedContainer()
                        }
                    }
                    outcome.after = "currentIndex \(c.currentIndex)"
                    outcomes.append(outcome)
                }
            }
        }

        static func decodeIfPresent(_ trial: String, _ c: inout any UnkeyedDecodingContainer) throws -> Any? {
            switch trial {
            case "Bool": try c.decodeIfPresent(Bool.self)
            case "Int": try c.decodeIfPresent(Int.self)
            case "Int8": try c.decodeIfPresent(Int8.self)
            case "UInt64": try c.decodeIfPresent(UInt64.self)
            case "Double": try c.decodeIfPresent(Double.self)
            case "Float": try c.decodeIfPresent(Float.self)
            case "String": try c.decodeIfPresent(String.self)
            case "[TrialValue]": try c.decodeIfPresent([TrialValue].self)
            case "[String: TrialValue]": try c.decodeIfPresent([String: TrialValue].self)
            case "Pair": try c.decodeIfPresent(Pair.self)
            default: nil
            }
        }
    }
}
