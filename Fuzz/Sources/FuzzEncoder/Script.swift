import Foundation

// A scripted `encode(to:)` read from the fuzz input: keys written twice, nested
// containers asked for again, values that encode nothing, and key paths. Encoded
// two ways, which must give the same bytes: by JoltEncoder with
// `keyPathSeparator = "."` (a path key such as "c.d.a" is one key; the repeats
// are merged when their object closes), and by Foundation's JSONEncoder with each path spelt
// as nested containers. Keys keep to one kind of use each ("a", "b", "s/é":
// scalars; "c", "d": objects; "e": arrays; "f": empty values), because
// Foundation traps when a container of another kind is asked for over a key.

struct ScriptKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

struct Nothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

indirect enum ScriptOp {
    case scalar(String, Int)
    case text(String, String)
    case nested(String, [ScriptOp])
    case value(String, [ScriptOp])
    case array(String, Int)
    case nothing(String)
    /// A value under object keys: `path` are container keys, `leaf` a scalar key.
    case path([String], String, Int)
}

/// Reads ops from the bytes; nested scripts are limited in depth and length.
struct ScriptReader {
    let bytes: [UInt8]
    var position = 0

    mutating func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func ops(depth: Int, limit: Int) -> [ScriptOp] {
        var result: [ScriptOp] = []
        while result.count < limit, let b = next() {
            let container = (b >> 3) & 1 == 0 ? "c" : "d"
            switch b % 8 {
            case 0, 1: result.append(.scalar((b >> 3) & 1 == 0 ? "a" : "b", Int(next() ?? 0) - 128))
            case 2: result.append(.text("s/é", ["x", "a\"b", "\u{1}"][Int(b >> 3) % 3]))
            case 3 where depth < 3: result.append(.nested(container, ops(depth: depth + 1, limit: Int(next() ?? 0) % 6)))
            case 4 where depth < 3: result.append(.value(container, ops(depth: depth + 1, limit: Int(next() ?? 0) % 6)))
            case 5: result.append(.array("e", Int(b >> 3) % 4))
            case 6: result.append(.nothing("f"))
            case 7:
                var path = [container]
                if (b >> 4) & 1 == 1 { path.append((b >> 6) & 1 == 0 ? "c" : "d") }
                result.append(.path(path, (b >> 5) & 1 == 0 ? "a" : "b", Int(next() ?? 0)))
            default: result.append(.nothing("f"))
            }
        }
        return result
    }
}

/// A script encoded for one of the two encoders: for JoltEncoder a path is one
/// dotted key (`pathsAsNestedContainers` false), for Foundation's JSONEncoder
/// nested containers spelt out.
struct ScriptValue: Encodable {
    let ops: [ScriptOp]
    let pathsAsNestedContainers: Bool

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ScriptKey.self)
        try apply(ops, &container)
    }

    func apply(_ ops: [ScriptOp], _ container: inout KeyedEncodingContainer<ScriptKey>) throws {
        for op in ops {
            switch op {
            case .scalar(let key, let value): try container.encode(value, forKey: ScriptKey(key))
            case .text(let key, let value): try container.encode(value, forKey: ScriptKey(key))
            case .nested(let key, let inner):
                var nested = container.nestedContainer(keyedBy: ScriptKey.self, forKey: ScriptKey(key))
                try apply(inner, &nested)
            case .value(let key, let inner):
                try container.encode(ScriptValue(ops: inner, pathsAsNestedContainers: pathsAsNestedContainers), forKey: ScriptKey(key))
            case .array(let key, let count):
                var nested = container.nestedUnkeyedContainer(forKey: ScriptKey(key))
                for n in 0..<count { try nested.encode(n) }
            case .nothing(let key): try container.encode(Nothing(), forKey: ScriptKey(key))
            case .path(let path, let leaf, let value) where pathsAsNestedContainers:
                var nested = container.nestedContainer(keyedBy: ScriptKey.self, forKey: ScriptKey(path[0]))
                if path.count > 1 {
                    var deeper = nested.nestedContainer(keyedBy: ScriptKey.self, forKey: ScriptKey(path[1]))
                    try deeper.encode(value, forKey: ScriptKey(leaf))
                } else {
                    try nested.encode(value, forKey: ScriptKey(leaf))
                }
            case .path(let path, let leaf, let value):
                try container.encode(value, forKey: ScriptKey((path + [leaf]).joined(separator: ".")))
            }
        }
    }
}
