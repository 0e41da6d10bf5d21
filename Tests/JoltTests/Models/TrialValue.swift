// A dynamic JSON value decoded the way real code often decodes one: by trial,
// asking a single value container for one type after another and catching each
// failure with `try?`. An object is reached after five failed attempts, a string
// after three, a fraction after two (Int's), an integer after one (Bool's), so a
// decode of a whole document builds and drops many errors: the cost issue 25
// ("Cheap errors") measures (JoltCompare's trial table, JoltProfile's trial modes,
// TrialValueTests).

import Foundation

indirect enum TrialValue: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([TrialValue])
    case object([String: TrialValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null; return }
        if let b = try? c.decode(Bool.self) { self = .bool(b); return }
        if let i = try? c.decode(Int.self) { self = .int(i); return }
        if let d = try? c.decode(Double.self) { self = .double(d); return }
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let a = try? c.decode([TrialValue].self) { self = .array(a); return }
        if let o = try? c.decode([String: TrialValue].self) { self = .object(o); return }
        throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a JSON value")
    }

    /// The number of values in the tree (this one included), for a quick sanity check.
    var count: Int {
        switch self {
        case .array(let a): a.reduce(1) { $0 + $1.count }
        case .object(let o): o.values.reduce(1) { $0 + $1.count }
        default: 1
        }
    }
}
