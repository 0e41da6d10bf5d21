import Foundation
import JoltMacros

/// Models whose hooks log the coding path deep inside values the direct path
/// reads, for ``DirectPathKeyTests``: the direct path keeps the keys of the
/// values it stands on pending, and the path a hook, a closure or an error sees
/// must still be Foundation's.
@Codable
struct KeyedLeaf: Equatable {
    var v: Int
    var w: String?

    static func willDecode(from decoder: any Decoder) throws {
        decoder.log("leaf " + decoder.codingPath.pathText)
    }
}

/// A leaf as a property, an optional and array elements, and a value read by a
/// closure that logs the path it is given.
@Codable
struct KeyedMiddle: Equatable {
    var leaf: KeyedLeaf
    var maybe: KeyedLeaf?
    var leaves: [KeyedLeaf]
    @CustomCoding(decode: { decoder in
        decoder.log("closure " + decoder.codingPath.pathText)
        return try Int(from: decoder)
    }, encode: { value, encoder in try value.encode(to: encoder) })
    var custom: Int
}

@Codable
struct KeyedTop: Equatable {
    var middles: [KeyedMiddle]
    var named: [String: KeyedMiddle]
    @CodingKey("a_long_key_name") var renamed: KeyedMiddle?
}

/// A chain deeper than the direct path's room for pending keys (16): the keys
/// past it go on the path at once, and the whole path must still be right.
@Codable
final class KeyedChain: Equatable {
    let depth: Int
    let next: KeyedChain?
    let leaf: KeyedLeaf?

    init(depth: Int, next: KeyedChain?, leaf: KeyedLeaf?) {
        self.depth = depth
        self.next = next
        self.leaf = leaf
    }

    static func == (lhs: KeyedChain, rhs: KeyedChain) -> Bool {
        lhs.depth == rhs.depth && lhs.next == rhs.next && lhs.leaf == rhs.leaf
    }
}

extension [any CodingKey] {
    /// The keys as `stringValue` (and `intValue`, when there is one), joined by dots.
    var pathText: String {
        map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }.joined(separator: ".")
    }
}
