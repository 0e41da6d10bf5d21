import XCTest
import Foundation
@testable import Jolt

// MARK: - Probe types exercising container APIs directly

let parityOpKey = CodingUserInfoKey(rawValue: "jolt.test.op")!
func opOptions(_ op: String) -> ParityOptions { var o = ParityOptions(); o.userInfo = [parityOpKey: op]; return o }
func codingPathString(_ path: [any CodingKey]) -> String {
    path.map { k in k.intValue.map { "\(k.stringValue)#\($0)" } ?? k.stringValue }.joined(separator: "/")
}

/// Records the decoder's codingPath at the point it is asked to decode.
struct PathRecorder: Decodable, Equatable {
    let path: String
    init(path: String) { self.path = path }
    init(from decoder: any Decoder) throws { path = codingPathString(decoder.codingPath) }
}

/// Sorted `allKeys` seen through a dynamic key type, plus the value of "a" if present.
struct KeysProbe: Decodable, Equatable {
    let keys: [String]
    let a: Int?
    init(keys: [String], a: Int?) { self.keys = keys; self.a = a }
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ParityKey.self)
        keys = c.allKeys.map(\.stringValue).sorted()
        a = try c.decodeIfPresent(Int.self, forKey: ParityKey("a"))
    }
}

/// allKeys / contains through a closed CodingKeys enum (keys absent from the enum are invisible to allKeys).
struct EnumKeysProbe: Decodable, Equatable {
    enum CodingKeys: String, CodingKey { case a, b }
    let keys: [String]
    let containsA: Bool
    let containsB: Bool
    let dynContainsC: Bool
    let dynContainsZ: Bool
    init(keys: [String], containsA: Bool, containsB: Bool, dynContainsC: Bool, dynContainsZ: Bool) {
        self.keys = keys; self.containsA = containsA; self.containsB = containsB
        self.dynContainsC = dynContainsC; self.dynContainsZ = dynContainsZ
    }
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        keys = c.allKeys.map(\.stringValue).sorted()
        containsA = c.contains(.a)
        containsB = c.contains(.b)
        let d = try decoder.container(keyedBy: ParityKey.self)
        dynContainsC = d.contains(ParityKey("c"))
        dynContainsZ = d.contains(ParityKey("zzz"))
    }
}

/// Keyed-container operations selected by `parityOpKey` in userInfo (so one type covers many cases).
struct KeyedOps: Decodable, Equatable {
    let result: String
    init(result: String) { self.result = result }
    init(from decoder: any Decoder) throws {
        let op = decoder.userInfo[parityOpKey] as? String ?? ""
        let c = try decoder.container(keyedBy: ParityKey.self)
        switch op {
        case "decodeNil:null": result = "\(try c.decodeNil(forKey: ParityKey("nul")))"
        case "decodeNil:num": result = "\(try c.decodeNil(forKey: ParityKey("num")))"
        case "decodeNil:missing": result = "\(try c.decodeNil(forKey: ParityKey("missing")))"
        case "nestedKeyed:obj":
            let n = try c.nestedContainer(keyedBy: ParityKey.self, forKey: ParityKey("obj"))
            result = "\(n.allKeys.map(\.stringValue).sorted()) path=\(codingPathString(n.codingPath))"
        case "nestedKeyed:arr": _ = try c.nestedContainer(keyedBy: ParityKey.self, forKey: ParityKey("arr")); result = "?"
        case "nestedKeyed:nul": _ = try c.nestedContainer(keyedBy: ParityKey.self, forKey: ParityKey("nul")); result = "?"
        case "nestedKeyed:missing": _ = try c.nestedContainer(keyedBy: ParityKey.self, forKey: ParityKey("missing")); result = "?"
        case "nestedUnkeyed:arr":
            let n = try c.nestedUnkeyedContainer(forKey: ParityKey("arr"))
            result = "count=\(n.count.map(String.init) ?? "nil") path=\(codingPathString(n.codingPath))"
        case "nestedUnkeyed:obj": _ = try c.nestedUnkeyedContainer(forKey: ParityKey("obj")); result = "?"
        case "nestedUnkeyed:nul": _ = try c.nestedUnkeyedContainer(forKey: ParityKey("nul")); result = "?"
        case "nestedUnkeyed:missing": _ = try c.nestedUnkeyedContainer(forKey: ParityKey("missing")); result = "?"
        case "superDecoder:missing":
            let s = try c.superDecoder(forKey: ParityKey("missing"))
            result = "path=\(codingPathString(s.codingPath)) nil=\(try s.singleValueContainer().decodeNil())"
        case "superDecoder:missingKeyed":
            _ = try c.superDecoder().container(keyedBy: ParityKey.self); result = "?"
        case "superDecoder:path":
            result = try PathRecorder(from: c.superDecoder()).path + "," + PathRecorder(from: c.superDecoder(forKey: ParityKey("obj"))).path
        case "decode:wrongThenRight":
            let first = (try? c.decode(String.self, forKey: ParityKey("num"))) == nil
            result = "failed=\(first) then=\(try c.decode(Int.self, forKey: ParityKey("num")))"
        case "decodeIfPresent:wrongType": result = "\(String(describing: try c.decodeIfPresent(String.self, forKey: ParityKey("num"))))"
        case "singleValue:onObject":
            let s = try decoder.singleValueContainer()
            result = "nil=\(s.decodeNil())"
        case "singleValue:decodeDictionary":
            result = "\(try decoder.singleValueContainer().decode([String: CorpusJSONValue].self).keys.sorted())"
        default: result = "unknown op"
        }
    }
}

/// Walks an unkeyed container and logs count / currentIndex / isAtEnd / decodeNil semantics.
struct UnkeyedProbe: Decodable, Equatable {
    var log: [String] = []
    init(log: [String]) { self.log = log }
    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        func state(_ label: String) { log.append("\(label) i=\(c.currentIndex) end=\(c.isAtEnd) count=\(c.count.map(String.init) ?? "nil")") }
        state("start")
        log.append("int=\(try c.decode(Int.self))"); state("after int")
        log.append("nil(null)=\(try c.decodeNil())"); state("after nil(null)")
        log.append("nil(str)=\(try c.decodeNil())"); state("after nil(str)")
        log.append("wrongType=\((try? c.decode(Int.self)) == nil)"); state("after failed decode")
        log.append("str=\(try c.decode(String.self))"); state("after str")
        var inner = try c.nestedUnkeyedContainer()
        log.append("inner count=\(inner.count.map(String.init) ?? "nil") path=\(codingPathString(inner.codingPath)) v=\(try inner.decode(Int.self)) end=\(inner.isAtEnd)")
        state("after nested unkeyed")
        let keyed = try c.nestedContainer(keyedBy: ParityKey.self)
        log.append("keyed path=\(codingPathString(keyed.codingPath)) k=\(try keyed.decode(Int.self, forKey: ParityKey("k")))")
        state("after nested keyed")
        let sup = try c.superDecoder()
        log.append("super path=\(codingPathString(sup.codingPath)) v=\(try sup.singleValueContainer().decode(Int.self))")
        state("end")
    }
}

/// Unkeyed operations past the end / on odd values, selected by `parityOpKey`.
struct UnkeyedOps: Decodable, Equatable {
    let result: String
    init(result: String) { self.result = result }
    init(from decoder: any Decoder) throws {
        let op = decoder.userInfo[parityOpKey] as? String ?? ""
        var c = try decoder.unkeyedContainer()
        // Consume the first element (arrays in these cases have exactly one element).
        _ = try c.decode(Int.self)
        switch op {
        case "decode": result = "\(try c.decode(Int.self))"
        case "decodeString": result = try c.decode(String.self)
        case "decodeIfPresent": result = "\(String(describing: try c.decodeIfPresent(Int.self))) i=\(c.currentIndex)"
        case "decodeNil": result = "\(try c.decodeNil()) i=\(c.currentIndex)"
        case "nestedKeyed": _ = try c.nestedContainer(keyedBy: ParityKey.self); result = "?"
        case "nestedUnkeyed": _ = try c.nestedUnkeyedContainer(); result = "?"
        case "superDecoder":
            let s = try c.superDecoder()
            result = "path=\(codingPathString(s.codingPath)) i=\(c.currentIndex)"
        case "struct": result = "\(try c.decode(PBox<Int>.self))"
        default: result = "unknown op"
        }
    }
}

/// An unkeyed container's decodeIfPresent on null/non-null and its effect on currentIndex.
struct UnkeyedIfPresent: Decodable, Equatable {
    let values: [String]
    init(values: [String]) { self.values = values }
    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        var out: [String] = []
        while !c.isAtEnd {
            let before = c.currentIndex
            let v = try c.decodeIfPresent(Int.self)
            out.append("\(before)->\(c.currentIndex):\(v.map(String.init) ?? "nil")")
        }
        values = out
    }
}

/// Reads userInfo from init(from:) (also from nested values).
let parityGreetingKey = CodingUserInfoKey(rawValue: "jolt.test.greeting")!
struct UserInfoReader: Decodable, Equatable {
    let greeting: String?
    let number: Int
    init(greeting: String?, number: Int) { self.greeting = greeting; self.number = number }
    init(from decoder: any Decoder) throws {
        greeting = decoder.userInfo[parityGreetingKey] as? String
        number = try decoder.singleValueContainer().decode(Int.self)
    }
}

// Class hierarchy using superDecoder() / superDecoder(forKey:) / the same decoder.
class ParityAnimal: Decodable, Equatable {
    let name: String
    private enum CodingKeys: String, CodingKey { case name }
    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }
    func isEqual(_ other: ParityAnimal) -> Bool { type(of: self) == type(of: other) && name == other.name }
    static func == (a: ParityAnimal, b: ParityAnimal) -> Bool { a.isEqual(b) && b.isEqual(a) }
}

final class ParityDog: ParityAnimal {
    let breed: String
    private enum CodingKeys: String, CodingKey { case breed }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        breed = try c.decode(String.self, forKey: .breed)
        try super.init(from: c.superDecoder())
    }
    override func isEqual(_ other: ParityAnimal) -> Bool { super.isEqual(other) && (other as? ParityDog)?.breed == breed }
}

final class ParityCat: ParityAnimal {
    let lives: Int
    private enum CodingKeys: String, CodingKey { case lives, base }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lives = try c.decode(Int.self, forKey: .lives)
        try super.init(from: c.superDecoder(forKey: .base))
    }
    override func isEqual(_ other: ParityAnimal) -> Bool { super.isEqual(other) && (other as? ParityCat)?.lives == lives }
}

final class ParityBird: ParityAnimal {
    let wings: Int
    private enum CodingKeys: String, CodingKey { case wings }
    required init(from decoder: any Decoder) throws {
        wings = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .wings)
        try super.init(from: decoder)   // same decoder, flat layout
    }
    override func isEqual(_ other: ParityAnimal) -> Bool { super.isEqual(other) && (other as? ParityBird)?.wings == wings }
}

struct DoubleOptional: Decodable, Equatable { let v: Int?? }

enum ParityColor: String, Decodable, Equatable { case red, green }
enum ParityLevel: Int, Decodable, Equatable { case low = 1, high = 10 }
enum ParityShape: Decodable, Equatable {
    case circle(radius: Double)
    case square(Double)
    case empty
}

// MARK: - Tests

final class FoundationParityContainerTests: XCTestCase {

    func testNestedOptionals() {
        assertParity(Int??.self, "null", expect: .value(.none))
        assertParity(Int??.self, "3", expect: .value(.some(.some(3))))
        assertParity(DoubleOptional.self, #"{"v": null}"#, expect: .value(DoubleOptional(v: .none)))   // not .some(nil)
        assertParity(DoubleOptional.self, "{}", expect: .value(DoubleOptional(v: .none)))
        assertParity(DoubleOptional.self, #"{"v": 4}"#, expect: .value(DoubleOptional(v: 4)))
        assertParity([Int?].self, "[1, null, 2]", expect: .value([1, nil, 2]))
        assertParity([Int??].self, "[null, 1]", expect: .value([.none, 1]))
        assertParity(POptBox<PBox<Int>>.self, #"{"v": null}"#, expect: .value(POptBox(v: nil)))
        assertParity(POptBox<PBox<Int>>.self, "{}", expect: .value(POptBox(v: nil)))
        assertParity(POptBox<PBox<Int>>.self, #"{"v": {"v": 1}}"#, expect: .value(POptBox(v: PBox(v: 1))))
        assertParity(POptBox<PBox<Int>>.self, #"{"v": {}}"#, expect: .keyNotFound("v", at: ["v"]))
        assertParity(POptBox<PBox<Int>>.self, #"{"v": 5}"#, expect: .failureAt(.typeMismatch, ["v"]))
        assertParity(PBox<Int?>.self, #"{"v": null}"#, expect: .value(PBox(v: nil)))
        assertParity(PBox<Int?>.self, "{}", expect: .keyNotFound("v", at: []))   // PBox uses decode(Int?.self), not decodeIfPresent
    }

    /// decodeIfPresent for each type: present, null, missing, wrong type (4 cases per type).
    private func ifPresentCases<T: Decodable & Equatable>(_ t: T.Type, _ good: String, _ wrong: String,
                                                          _ options: ParityOptions = .standard, jolt difference: JoltDifference? = nil,
                                                          file: StaticString = #filePath, line: UInt = #line) {
        assertParity(POptBox<T>.self, #"{"v": \#(good)}"#, options, expect: .success, file: file, line: line)
        assertParity(POptBox<T>.self, #"{"v": null}"#, options, expect: .value(POptBox(v: nil)), file: file, line: line)
        assertParity(POptBox<T>.self, #"{"w": 1}"#, options, expect: .value(POptBox(v: nil)), file: file, line: line)
        assertParity(POptBox<T>.self, #"{"v": \#(wrong)}"#, options, jolt: difference, file: file, line: line)
    }

    func testDecodeIfPresentEachType() {
        ifPresentCases(Int.self, "1", #""1""#)
        ifPresentCases(Int8.self, "-8", "300", jolt: .pathOfValue(["v"]))
        ifPresentCases(UInt64.self, "18446744073709551615", "-1", jolt: .pathOfValue(["v"]))
        ifPresentCases(Double.self, "1.5", "true")
        ifPresentCases(Float.self, "2.5", "[]")
        ifPresentCases(Bool.self, "true", "1")
        ifPresentCases(String.self, #""s""#, "{}")
        ifPresentCases(Decimal.self, "1.25", #""x""#)
        ifPresentCases(URL.self, #""https://a.b""#, #""""#)
        ifPresentCases(Date.self, "0", #""now""#)
        ifPresentCases(Data.self, #""AQID""#, #""%%%""#)
        ifPresentCases([Int].self, "[1]", "{}")
        ifPresentCases([String: Int].self, #"{"a": 1}"#, "[]")
        ifPresentCases(PBox<Int>.self, #"{"v": 1}"#, #"{"x": 1}"#)
        ifPresentCases(ParityColor.self, #""red""#, #""blue""#)
    }

    func testKeyNotFound() {
        assertParity(PBox<Int>.self, "{}", expect: .keyNotFound("v", at: []))
        assertParity(PBox<Int>.self, #"{"V": 1}"#, expect: .keyNotFound("v", at: []))
        assertParity(PBox<[PBox<[PBox<Int>]>]>.self, #"{"v": [{"v": [{"v": 1}, {"w": 2}]}]}"#,
                     expect: .keyNotFound("v", at: ["v", 0, "v", 1]))
        assertParity([[PBox<Int>]].self, #"[[{"v": 1}], [{"v": 2}, {}]]"#, expect: .keyNotFound("v", at: [1, 1]))
        assertParity([String: PBox<Int>].self, #"{"a": {"v": 1}, "b": {}}"#, expect: .keyNotFound("v", at: ["b"]))
    }

    /// Arrays of structs and optionals go through Jolt's array path (no
    /// `Array.init(from:)`): the same values and errors as Foundation's.
    func testGenericArrays() {
        assertParity([PBox<Int>].self, #"[{"v": 1}, {"v": 2}]"#, expect: .value([PBox(v: 1), PBox(v: 2)]))
        assertParity([PBox<Int>].self, "[]", expect: .value([]))
        assertParity([PBox<Int>?].self, #"[null, {"v": 2}]"#, expect: .value([nil, PBox(v: 2)]))
        assertParity(PBox<[PBox<Int>]>.self, #"{"v": null}"#, expect: .failureAt(.valueNotFound, ["v"]))
        assertParity(PBox<[PBox<Int>]>.self, #"{"v": "x"}"#, expect: .failureAt(.typeMismatch, ["v"]))
        assertParity(PBox<[PBox<Int>]>.self, #"{"v": {}}"#, expect: .failureAt(.typeMismatch, ["v"]))
        assertParity(PBox<[PBox<Int>]>.self, #"{"v": [{"v": 1}, "x"]}"#, expect: .failureAt(.typeMismatch, ["v", 1]))
        assertParity(PBox<[PBox<Int>]>.self, #"{"v": [{"v": 1}, null]}"#, expect: .failureAt(.valueNotFound, ["v", 1]))
        assertParity([[PBox<Int>]].self, #"[[{"v": 1}], 3]"#, expect: .failureAt(.typeMismatch, [1]))
        assertParity([Set<Int>].self, "[[1, 2], [2]]", expect: .value([[1, 2], [2]]))
        assertParity([[String: Int]].self, #"[{"a": 1}, {"b": "x"}]"#, expect: .failureAt(.typeMismatch, [1, "b"]))
    }

    func testValueNotFound() {
        assertParity([Int].self, "[1, null]", expect: .failureAt(.valueNotFound, [1]))
        assertParity(PBox<[PBox<String>]>.self, #"{"v": [{"v": "a"}, {"v": null}]}"#, expect: .failureAt(.valueNotFound, ["v", 1, "v"]))
        assertParity([String: Int].self, #"{"a": null}"#, expect: .failureAt(.valueNotFound, ["a"]))
        assertParity(PBox<PBox<Int>>.self, #"{"v": null}"#, expect: .failureAt(.valueNotFound, ["v"]))
        assertParity(PBox<[Int]>.self, #"{"v": null}"#, expect: .failureAt(.valueNotFound, ["v"]))
    }

    func testKeyedContainerOps() {
        let json = #"{"nul": null, "num": 1, "obj": {"x": 1, "y": 2}, "arr": [1, 2, 3]}"#
        let table: KeyValuePairs<String, ParityExpect<KeyedOps>> = [
            "decodeNil:null": .value(KeyedOps(result: "true")),
            "decodeNil:num": .value(KeyedOps(result: "false")),
            "decodeNil:missing": .keyNotFound("missing", at: []),            // throws, does not return false
            "nestedKeyed:obj": .value(KeyedOps(result: #"["x", "y"] path=obj"#)),
            "nestedKeyed:arr": .failureAt(.typeMismatch, ["arr"]),
            "nestedKeyed:nul": .failureAt(.valueNotFound, ["nul"]),
            "nestedKeyed:missing": .keyNotFound("missing", at: []),
            "nestedUnkeyed:arr": .value(KeyedOps(result: "count=3 path=arr")),
            "nestedUnkeyed:obj": .failureAt(.typeMismatch, ["obj"]),
            "nestedUnkeyed:nul": .failureAt(.valueNotFound, ["nul"]),
            "nestedUnkeyed:missing": .keyNotFound("missing", at: []),
            "superDecoder:missing": .value(KeyedOps(result: "path=missing nil=true")),   // decoder over null, no throw
            "superDecoder:missingKeyed": .failureAt(.valueNotFound, ["super"]),
            "superDecoder:path": .value(KeyedOps(result: "super,obj")),
            "decode:wrongThenRight": .value(KeyedOps(result: "failed=true then=1")),
            "decodeIfPresent:wrongType": .failureAt(.typeMismatch, ["num"]),
            "singleValue:onObject": .value(KeyedOps(result: "nil=false")),
            "singleValue:decodeDictionary": .value(KeyedOps(result: #"["arr", "nul", "num", "obj"]"#)),
        ]
        for (op, expected) in table {
            assertParity(KeyedOps.self, json, opOptions(op), expect: expected)
        }
        assertParity(KeyedOps.self, #"{"a": {"nul": null}}"#, opOptions("decodeNil:null"), expect: .keyNotFound("nul", at: []))
    }

    func testAllKeysAndContains() {
        assertParity(KeysProbe.self, #"{"b": 2, "a": 1, "c": null}"#, expect: .value(KeysProbe(keys: ["a", "b", "c"], a: 1)))
        assertParity(KeysProbe.self, "{}", expect: .value(KeysProbe(keys: [], a: nil)))
        assertParity(EnumKeysProbe.self, #"{"a": 1, "c": 3}"#,
                     expect: .value(EnumKeysProbe(keys: ["a"], containsA: true, containsB: false, dynContainsC: true, dynContainsZ: false)))
        assertParity(EnumKeysProbe.self, #"{"a": null, "b": 2, "zz": 0}"#)
        assertParity(KeysProbe.self, "[1]", expect: .failureAt(.typeMismatch, []))
    }

    func testUnkeyedContainer() {
        // decodeNil advances only when it returns true; a failed decode does not advance.
        assertParity(UnkeyedProbe.self, #"[1, null, "x", [2], {"k": 3}, 4]"#, expect: .value(UnkeyedProbe(log: [
            "start i=0 end=false count=6", "int=1", "after int i=1 end=false count=6",
            "nil(null)=true", "after nil(null) i=2 end=false count=6",
            "nil(str)=false", "after nil(str) i=2 end=false count=6",
            "wrongType=true", "after failed decode i=2 end=false count=6",
            "str=x", "after str i=3 end=false count=6",
            "inner count=1 path=Index 3#3 v=2 end=true", "after nested unkeyed i=4 end=false count=6",
            "keyed path=Index 4#4 k=3", "after nested keyed i=5 end=false count=6",
            "super path=Index 5#5 v=4", "end i=6 end=true count=6",
        ])))
        assertParity(UnkeyedIfPresent.self, "[1, null, 3, null]", expect: .value(UnkeyedIfPresent(values: ["0->1:1", "1->2:nil", "2->3:3", "3->4:nil"])))
        assertParity(UnkeyedIfPresent.self, "[]", expect: .value(UnkeyedIfPresent(values: [])))
        assertParity(UnkeyedIfPresent.self, #"[1, "x"]"#, expect: .failureAt(.typeMismatch, [1]))
        assertParity(UnkeyedProbe.self, #"{"a": 1}"#, expect: .failureAt(.typeMismatch, []))
        assertParity(UnkeyedProbe.self, #"[1, null, "x", [2], {"k": 3}]"#, expect: .failureAt(.valueNotFound, [5]))   // superDecoder past the end
    }

    func testUnkeyedPastTheEnd() {
        // After consuming the only element of [1]:
        let table: KeyValuePairs<String, ParityExpect<UnkeyedOps>> = [
            "decode": .failureAt(.valueNotFound, [1]),
            "decodeString": .failureAt(.valueNotFound, [1]),
            // Surprise: decodeIfPresent at the end returns nil AND still advances currentIndex (1 -> 2).
            "decodeIfPresent": .value(UnkeyedOps(result: "nil i=2")),
            // ...whereas decodeNil at the end throws valueNotFound.
            "decodeNil": .failureAt(.valueNotFound, [1]),
            "nestedKeyed": .failureAt(.valueNotFound, [1]),
            "nestedUnkeyed": .failureAt(.valueNotFound, [1]),
            "superDecoder": .failureAt(.valueNotFound, [1]),
            "struct": .failureAt(.valueNotFound, [1]),
        ]
        for (op, expected) in table {
            assertParity(UnkeyedOps.self, "[1]", opOptions(op), expect: expected)
        }
        assertParity(UnkeyedOps.self, "[]", opOptions("decode"), expect: .failureAt(.valueNotFound, [0]))
        assertParity(PBox<UnkeyedOps>.self, #"{"v": [1]}"#, opOptions("decode"), expect: .failureAt(.valueNotFound, ["v", 1]))
        assertParity(UnkeyedOps.self, "[1, 2]", opOptions("decode"), expect: .value(UnkeyedOps(result: "2")))
        assertParity(UnkeyedOps.self, #"[1, null]"#, opOptions("decode"), expect: .failureAt(.valueNotFound, [1]))
    }

    func testNestedContainersAndPaths() {
        assertParity(PBox<[PathRecorder]>.self, #"{"v": [{}, 1, null]}"#,
                     expect: .value(PBox(v: [PathRecorder(path: "v/Index 0#0"), PathRecorder(path: "v/Index 1#1"), PathRecorder(path: "v/Index 2#2")])))
        assertParity([String: PathRecorder].self, #"{"k": [], "l": "x"}"#, expect: .value(["k": PathRecorder(path: "k"), "l": PathRecorder(path: "l")]))
        assertParity(PBox<[[PathRecorder]]>.self, #"{"v": [[0], [1, 2]]}"#, expect: .value(PBox(v: [
            [PathRecorder(path: "v/Index 0#0/Index 0#0")],
            [PathRecorder(path: "v/Index 1#1/Index 0#0"), PathRecorder(path: "v/Index 1#1/Index 1#1")]])))
        assertParity(PathRecorder.self, "1", expect: .value(PathRecorder(path: "")))
        assertParity([Int: PathRecorder].self, #"{"3": 0}"#, expect: .value([3: PathRecorder(path: "3#3")]))
    }

    func testSuperDecoder() {
        assertParity(ParityDog.self, #"{"breed": "lab", "super": {"name": "rex"}}"#, expect: .success)
        assertParity(ParityDog.self, #"{"breed": "lab", "super": {}}"#, expect: .keyNotFound("name", at: ["super"]))
        assertParity(ParityDog.self, #"{"breed": "lab"}"#, expect: .failureAt(.valueNotFound, ["super"]))   // missing "super" acts like null
        assertParity(ParityDog.self, #"{"breed": "lab", "super": [1]}"#, expect: .failureAt(.typeMismatch, ["super"]))
        assertParity(ParityCat.self, #"{"lives": 9, "base": {"name": "tom"}}"#, expect: .success)
        assertParity(ParityCat.self, #"{"lives": 9, "base": {"name": 5}}"#, expect: .failureAt(.typeMismatch, ["base", "name"]))
        assertParity(ParityBird.self, #"{"wings": 2, "name": "tweety"}"#, expect: .success)
        assertParity(ParityBird.self, #"{"wings": 2}"#, expect: .keyNotFound("name", at: []))
        assertParity([ParityDog].self, #"[{"breed": "a", "super": {"name": "x"}}, {"breed": "b", "super": {"nam": "y"}}]"#,
                     expect: .keyNotFound("name", at: [1, "super"]))
    }

    func testDictionaries() {
        assertParity([String: Int].self, #"{"a": 1, "b": 2}"#, expect: .value(["a": 1, "b": 2]))
        assertParity([String: Int].self, #"{"a": "x"}"#, expect: .failureAt(.typeMismatch, ["a"]))
        assertParity([String: [String: Int]].self, #"{"o": {"p": 1, "q": true}}"#, expect: .failureAt(.typeMismatch, ["o", "q"]))
        assertParity([Int: String].self, #"{"1": "a", "-2": "b"}"#, expect: .value([1: "a", -2: "b"]))
        assertParity([Int: String].self, #"{"x": "a"}"#, expect: .failureAt(.typeMismatch, ["x"]))
        assertParity([Int: String].self, #"{"1.0": "a"}"#, expect: .failureAt(.typeMismatch, ["1.0"]))
        assertParity([Int: String].self, #"{" 1": "a"}"#)
        assertParity([Int: String].self, #"{"99999999999999999999": "a"}"#)
        assertParity([Int: String].self, #"{"1": 5}"#, expect: .failureAt(.typeMismatch, [ParityPathKey(stringValue: "1", intValue: 1)]))
        assertParity([UInt8: Int].self, "[1, 10, 2, 20]", expect: .value([1: 10, 2: 20]))   // non-String/Int keys: flat [k, v, k, v] array
        assertParity([UInt8: Int].self, #"{"1": 10}"#)
        assertParity([String: Int].self, #"{"a\"b": 1, "\u00e9": 2, "": 3}"#, expect: .value(["a\"b": 1, "é": 2, "": 3]))
        assertParity([String: Int?].self, #"{"a": null, "b": 1}"#, expect: .value(["a": nil, "b": 1]))
    }

    func testEnums() {
        assertParity(ParityColor.self, #""red""#, expect: .value(.red))
        assertParity(ParityColor.self, #""blue""#, expect: .failureAt(.dataCorrupted, []))
        assertParity(PBox<ParityColor>.self, #"{"v": "Red"}"#, expect: .failureAt(.dataCorrupted, ["v"]))
        assertParity(ParityColor.self, "1", expect: .failureAt(.typeMismatch, []))
        assertParity(ParityLevel.self, "10", expect: .value(.high))
        assertParity(ParityLevel.self, "2", expect: .failureAt(.dataCorrupted, []))
        assertParity(ParityLevel.self, #""1""#, expect: .failureAt(.typeMismatch, []))
        assertParity([ParityLevel].self, "[1, 5]", expect: .failureAt(.dataCorrupted, [1]))
        assertParity(ParityShape.self, #"{"circle": {"radius": 2}}"#, expect: .value(.circle(radius: 2)))
        assertParity(ParityShape.self, #"{"square": {"_0": 3}}"#, expect: .value(.square(3)))
        assertParity(ParityShape.self, #"{"empty": {}}"#, expect: .value(.empty))
        assertParity(ParityShape.self, "{}", expect: .failureAt(.typeMismatch, []))
        assertParity(ParityShape.self, #"{"circle": {"radius": 1}, "empty": {}}"#)
        assertParity(ParityShape.self, #"{"hexagon": {}}"#)
        assertParity(ParityShape.self, #"{"circle": {}}"#, expect: .keyNotFound("radius", at: ["circle"]))
    }

    func testUserInfo() {
        var o = ParityOptions()
        o.userInfo = [parityGreetingKey: "hi"]
        assertParity(UserInfoReader.self, "7", o, expect: .value(UserInfoReader(greeting: "hi", number: 7)))
        assertParity([UserInfoReader].self, "[1, 2]", o, expect: .value([UserInfoReader(greeting: "hi", number: 1), UserInfoReader(greeting: "hi", number: 2)]))
        assertParity(PBox<UserInfoReader>.self, #"{"v": 3}"#, expect: .value(PBox(v: UserInfoReader(greeting: nil, number: 3))))
    }
}
