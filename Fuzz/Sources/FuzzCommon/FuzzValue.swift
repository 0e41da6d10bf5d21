import Foundation

/// Any JSON value, decoded through `Decoder` with nothing known in advance:
/// objects keep their members in document order (Jolt's `allKeys` order), and
/// numbers record what each numeric type makes of them.
public indirect enum FuzzValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case string(String)
    case number(FuzzNumber)
    case array([FuzzValue])
    case object([FuzzMember])

    public init(from decoder: Decoder) throws {
        if let object = try? decoder.container(keyedBy: FuzzKey.self) {
            var members: [FuzzMember] = []
            for key in object.allKeys {
                members.append(FuzzMember(key: key.stringValue, value: try object.decode(FuzzValue.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [FuzzValue] = []
            if let count = array.count { elements.reserveCapacity(count) }
            while !array.isAtEnd {
                elements.append(try array.decode(FuzzValue.self))
            }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else {
            self = .number(FuzzNumber(single))
        }
    }
}

/// One object member.
public struct FuzzMember: Equatable {
    public var key: String
    public var value: FuzzValue
}

/// What `Double`, `Float`, `Int64` and `UInt64` make of a number; nil where the
/// decoder refused (not representable). All nil: "unrepresentable".
/// Floating-point values are kept as bit patterns so that -0.0 and 0.0 differ.
public struct FuzzNumber: Equatable, CustomStringConvertible {
    public var double: UInt64?
    public var float: UInt32?
    public var int64: Int64?
    public var uint64: UInt64?

    init(_ single: SingleValueDecodingContainer) {
        double = (try? single.decode(Double.self))?.bitPattern
        float = (try? single.decode(Float.self))?.bitPattern
        int64 = try? single.decode(Int64.self)
        uint64 = try? single.decode(UInt64.self)
    }

    public var isUnrepresentable: Bool {
        double == nil && float == nil && int64 == nil && uint64 == nil
    }

    public var description: String {
        if isUnrepresentable { return "unrepresentable" }
        let d = double.map { "\(Double(bitPattern: $0))" } ?? "-"
        let f = float.map { "\(Float(bitPattern: $0))" } ?? "-"
        return "number(double: \(d), float: \(f), int64: \(int64.map(String.init) ?? "-"), uint64: \(uint64.map(String.init) ?? "-"))"
    }
}

/// The same value decoded the way most Codable code reads unknown JSON:
/// objects as `[String: V]` (the decoder's dictionary path), arrays as `[V]`.
public indirect enum FuzzDictValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case string(String)
    case double(Double?)
    case array([FuzzDictValue])
    case object([String: FuzzDictValue])

    public init(from decoder: Decoder) throws {
        if let object = try? decoder.singleValueContainer().decode([String: FuzzDictValue].self) {
            self = .object(object)
            return
        }
        if let array = try? decoder.singleValueContainer().decode([FuzzDictValue].self) {
            self = .array(array)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else {
            // Compared by value here (nil for unrepresentable): -0.0 == 0.0 is fine.
            self = .double(try? single.decode(Double.self))
        }
    }
}

/// Any key.
struct FuzzKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
