import Foundation
import JoltMacros

/// Every shape of property the direct path reads, for ``DirectPathCodingTests``.
@Codable
struct DirectEverything: Equatable {
    let id: Int
    @CodingKey("user_name") var name: String
    @CodingKey("user_mail") var mail: String?
    var age = 33
    var ratio: Double
    var small: Int8?
    var big: UInt64 = 7
    var flag: Bool?
    var nickname: String?
    @DecodingDefault(missing: "a", invalid: "b") var note: String?
    @DecodingDefault(missing: 1, invalid: -1) var score: Int
    @LossyCoding var scores: [Int]
    @LossyCoding var labels: [String: Int]?
    @DateCoding(ISO8601Strategy.self) var seen: Date?
    @FlexibleType var count: Int
    @CompactCoding var tags: Set<String> = []
    var inner: DirectInner?
    var inners: [DirectInner] = []
    var plain: PlainInner?
    @CodingIgnored var cache: [String: Int] = ["x": 1]
    // Alternative keys and key paths, tried after the pass over the members.
    @CodingKey("alias", "user_name", "profile.name") var display: String
    @CodingKey("profile.location.city", "city") var city: String?
    @CodingKey("meta.rank") var rank: Int = 0
    @CodingKey("meta.region", "region") var region: String? = "none"
    @CodingKey("meta.list", "list") @LossyCoding var list: [Int]?
    @CodingKey("meta.inner", "inner") var pathInner: DirectInner?
    // Closures, read on a decoder of their own like init(from:) reads them.
    @CustomCoding(decode: { try Int(from: $0) * 2 }, encode: { try ($0 / 2).encode(to: $1) })
    var doubled: Int = 1
    @CodingKey("meta.twice", "twice")
    @CustomCoding(decode: { try String(from: $0) + "!" }, encode: { try String($0.dropLast()).encode(to: $1) })
    var twice: String?
}

/// A generated type inside another.
@Codable
struct DirectInner: Equatable {
    var x: Int
    var y: String = "y"
    @CodingKey("é") var accent: Bool?
}

/// A type without the conformance inside one with it, holding one with it.
struct PlainInner: Codable, Equatable {
    var inner: DirectInner
    var z: Int?
}

/// Its members in a nested object, with a key path below that object.
@Codable @CodingContainer("data.info")
struct DirectContained: Equatable {
    var name: String
    @CodingKey("meta.rank") var rank: Int = 0
    var note: String?
}

// Hooks that record themselves (HookLog): a decode runs willDecode once, whether
// its direct reading succeeds or fails.
extension DirectContained {
    static func willDecode(from decoder: any Decoder) throws { decoder.log("DirectContained") }
}

extension FlatUser {
    static func willDecode(from decoder: any Decoder) throws { decoder.log("FlatUser") }
}

/// A final class, read directly: its superclass initialized as `init(from:)`
/// initializes it (`super.init()`), a key path, a default.
@Codable(options: .skipSuperCoding)
final class DirectNode: PlainNode {
    var text: String
    @CodingKey("meta.size") var size = 12

    init(text: String, size: Int) {
        self.text = text
        self.size = size
        super.init()
    }
}

extension DirectNode: Equatable {
    static func == (lhs: DirectNode, rhs: DirectNode) -> Bool {
        lhs.text == rhs.text && lhs.size == rhs.size && lhs.origin == rhs.origin
    }

    static func willDecode(from decoder: any Decoder) throws { decoder.log("DirectNode") }
}
