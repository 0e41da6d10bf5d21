// Types for the encoder parity cases: each exercises one part of the Encoder API.

import Foundation

struct EmptyEncoding: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

struct HasEmpty: Encodable {
    var a = EmptyEncoding()
    var b: EmptyEncoding? = EmptyEncoding()
    var c = [EmptyEncoding(), EmptyEncoding()]
}

struct AllScalars: Codable {
    var b = true
    var s = "text"
    var d = 1.5
    var f: Float = 2.25
    var i = -42
    var i8: Int8 = -8
    var i16: Int16 = 16
    var i32: Int32 = -32
    var i64: Int64 = 64
    var u: UInt = 7
    var u8: UInt8 = 255
    var u16: UInt16 = 65535
    var u32: UInt32 = 4_294_967_295
    var u64: UInt64 = .max
}

struct Optionals: Codable {
    var present: Int? = 1
    var absent: Int? = nil
    var absentString: String? = nil
    var presentString: String? = "x"
    var nested: [Optionals] = []
    var list: [Int?] = [1, nil, 3]
}

class Animal: Encodable {
    var name = "generic"
    var legs = 4
}

class Dog: Animal {
    var breed = "collie"
    enum CodingKeys: String, CodingKey { case breed }
    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(breed, forKey: .breed)
        try super.encode(to: c.superEncoder())
    }
}

/// A subclass sharing its superclass's container (keys merged into one object).
class Cat: Animal {
    var indoor = true
    enum CodingKeys: String, CodingKey { case indoor }
    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(indoor, forKey: .indoor)
    }
}

struct SuperForKey: Encodable {
    enum K: String, CodingKey { case base, own }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(1, forKey: .own)
        try Animal().encode(to: c.superEncoder(forKey: .base))
    }
}

struct UnusedSuperEncoder: Encodable {
    enum K: String, CodingKey { case x }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        _ = c.superEncoder()
        try c.encode(1, forKey: .x)
    }
}

struct UnkeyedSuper: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(1)
        try Animal().encode(to: c.superEncoder())
        try c.encode(2)
    }
}

struct NestedContainers: Encodable {
    enum K: String, CodingKey { case info, list, after }
    enum Inner: String, CodingKey { case x, y, deeper }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        var info = c.nestedContainer(keyedBy: Inner.self, forKey: .info)
        try info.encode(1, forKey: .x)
        var deeper = info.nestedUnkeyedContainer(forKey: .deeper)
        try deeper.encode("a")
        var deepest = deeper.nestedContainer(keyedBy: Inner.self)
        try deepest.encode(true, forKey: .y)
        _ = deeper.nestedUnkeyedContainer()
        try info.encode(2, forKey: .y)
        var list = c.nestedUnkeyedContainer(forKey: .list)
        try list.encode(1.5)
        try list.encodeNil()
        try c.encode("end", forKey: .after)
    }
}

struct EmptyContainers: Encodable {
    enum K: String, CodingKey { case obj, arr, nestedObj, nestedArr }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        _ = c.nestedContainer(keyedBy: K.self, forKey: .obj)
        _ = c.nestedUnkeyedContainer(forKey: .arr)
        try c.encode([String: [Int]](), forKey: .nestedObj)
        try c.encode([[Int]()], forKey: .nestedArr)
    }
}

struct SingleValueWrapper: Codable {
    var inner: AllScalars
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(inner)
    }
}

enum EncodedShape: Codable {
    case circle(radius: Double)
    case rect(w: Int, h: Int)
    case none
}

enum Color: String, Codable { case red, green }

struct Camel: Codable {
    var userID = 1
    var myURLProperty = "u"
    var simple = 2
    var _leading = 3
    var trailing_ = 4
    var alreadySnake_case = 5
    var HTTPStatus = 6
    var a = 7
    var isÜber = 8
    var dict = ["innerCamelKey": 1]
    var nested = ["deepKey": ["innerKey": 2]]
}

struct DatesAndData: Codable {
    var date = Date(timeIntervalSince1970: 1_234_567_890.25)
    var old = Date(timeIntervalSince1970: -1_000_000_000)
    var data = Data([0, 1, 2, 250, 251, 252, 253, 254, 255])
    var short = Data([0xFF])
    var empty = Data()
    var dates = [Date(timeIntervalSinceReferenceDate: 0)]
}

struct Floats: Codable {
    var d: Double
    var f: Float
    var ds: [Double]
}

struct EncUserInfoReader: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(encoder.userInfo[CodingUserInfoKey(rawValue: "flag")!] as? String ?? "missing")
    }
}

struct PathReporter: Encodable {
    struct Leaf: Encodable {
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(encoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "."))
        }
    }
    var a = ["x": [Leaf(), Leaf()]]
    var b = Leaf()
}

struct DuplicateKeys: Encodable {
    enum K: String, CodingKey { case a, b }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(1, forKey: .b)
        try c.encode(2, forKey: .a)
        try c.encode(3, forKey: .b)
    }
}

enum DictKey: String, CodingKeyRepresentable, Hashable, Codable { case firstKey, secondKey }

struct Deep: Encodable {
    var level: Int
    func encode(to encoder: any Encoder) throws {
        if level == 0 {
            var c = encoder.singleValueContainer()
            try c.encode("bottom")
        } else if level % 2 == 0 {
            var c = encoder.unkeyedContainer()
            try c.encode(Deep(level: level - 1))
        } else {
            var c = encoder.container(keyedBy: AnyKey.self)
            try c.encode(Deep(level: level - 1), forKey: AnyKey(stringValue: "l\(level)")!)
        }
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Members with arbitrary (runtime) keys, in the given order.
struct KeyedBag: Encodable {
    var members: [(String, Int)]
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        for (k, v) in members { try c.encode(v, forKey: AnyKey(stringValue: k)!) }
    }
}
