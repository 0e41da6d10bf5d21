import Foundation
import JoltMacros

/// Every shape of property the direct encoding writes, for ``DirectEncodingTests``:
/// each scalar type, optionals (omitted or `@EncodeNil`), wrappers, dates, data,
/// URLs, generated and plain nested types, arrays of them, dictionaries, a
/// non-ASCII key and one that needs no escape.
@Codable
struct EncodedEverything: Equatable {
    let id: Int
    @CodingKey("user_name") var name: String
    var mail: String?
    var ratio: Double
    var ratios: [Double] = []
    var float: Float = 0.5
    var small: Int8?
    var tiny: UInt8 = 1
    var short: Int16 = -2
    var mid: Int32?
    var wide: Int64 = 1 << 40
    var unsigned: UInt = 3
    var ushort: UInt16 = 4
    var umid: UInt32? = 5
    var big: UInt64 = .max
    var flag: Bool?
    var on = true
    @EncodeNil var nothing: String?
    @EncodeNil var maybeInner: DirectInner?
    @LossyCoding var scores: [Int] = []
    @DateCoding(ISO8601Strategy.self) var seen: Date?
    var when = Date(timeIntervalSince1970: 1_700_000_000.5)
    var blob: Data? = Data([0, 1, 250])
    var url: URL? = URL(string: "https://example.com/a?b=c")
    var inner: DirectInner?
    var inners: [DirectInner] = []
    var maybeInners: [DirectInner]?
    var plain: PlainInner?
    var labels: [String: Int] = [:]
    var grid: [[Int]] = []
    @CodingKey("ключ") var unicode = "значение"
    var stamps: [Stamp] = []
    @CodingIgnored var cache = 1
}

/// A key with a slash (escaped or not by `.withoutEscapingSlashes`): written
/// through the keyed container, not directly.
@Codable
struct SlashedKey: Equatable {
    @CodingKey("a/b") var value: Int
}

/// A key path: written through nested keyed containers, not directly; it holds
/// a type that is written directly.
@Codable
struct PathHolder: Equatable {
    @CodingKey("meta.inner") var inner: DirectInner
    var name: String
}

/// A generated type with a date and a double, in arrays (coding paths with indexes).
@Codable
struct Stamp: Equatable {
    var at: Date
    var value: Double
}

/// A hook that writes one of the type's keys again after the direct writing
/// (the last value wins, as in Foundation).
@Codable
struct Rewritten: Equatable {
    var span: Int
    var name: String

    func didEncode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)
        try container.encode(99, forKey: "span")
    }
}
