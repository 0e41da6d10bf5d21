// A dynamic JSON value used by the corpus models for keys whose shape cannot be inferred
// (always null / always-empty arrays in the corpus), and by CorpusModelTests to verify that
// re-encoding a decoded model reproduces every key and value of the original file.

import Foundation

indirect enum CorpusJSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([CorpusJSONValue])
    case object([String: CorpusJSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null; return }
        if let b = try? c.decode(Bool.self) { self = .bool(b); return }
        if let i = try? c.decode(Int64.self) { self = .int(i); return }
        if let d = try? c.decode(Double.self) { self = .double(d); return }
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let a = try? c.decode([CorpusJSONValue].self) { self = .array(a); return }
        if let o = try? c.decode([String: CorpusJSONValue].self) { self = .object(o); return }
        throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a JSON value")
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .double(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// Normalised form for structural comparison: object members whose value is null are
    /// dropped (synthesized `encodeIfPresent` omits nil), and integral doubles become ints.
    var normalized: CorpusJSONValue {
        switch self {
        case .double(let d) where d.rounded() == d && abs(d) < 9e15: return .int(Int64(d))
        case .array(let a): return .array(a.map(\.normalized))
        case .object(let o): return .object(o.filter { $0.value != .null }.mapValues(\.normalized))
        default: return self
        }
    }

    /// Returns the first differing path between two values (after normalisation), or nil.
    static func firstDifference(_ a: CorpusJSONValue, _ b: CorpusJSONValue, path: String = "$") -> String? {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            if x.count != y.count { return "\(path): array count \(x.count) vs \(y.count)" }
            for i in x.indices { if let d = firstDifference(x[i], y[i], path: "\(path)[\(i)]") { return d } }
            return nil
        case (.object(let x), .object(let y)):
            for k in Set(x.keys).union(y.keys).sorted() {
                guard let xv = x[k] else { return "\(path).\(k): missing on the left" }
                guard let yv = y[k] else { return "\(path).\(k): missing on the right" }
                if let d = firstDifference(xv, yv, path: "\(path).\(k)") { return d }
            }
            return nil
        default:
            return a == b ? nil : "\(path): \(a) vs \(b)"
        }
    }
}
