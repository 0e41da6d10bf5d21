import Foundation
import JoltMacros

// Models for the behaviours that now match the seed libraries (SeedParityTests).

// MARK: Alternative keys: the first present key whose value decodes (ReerCodable)

@Codable
struct AlternativeKeys: Equatable {
    @CodingKey("id", "identifier", "meta.id") var id: Int
    @CodingKey("score", "points") var score = -1
    @CodingKey("nick", "nickname") var nick: String?
    @CodingKey("born", "birth") @DateCoding(ISO8601Strategy.self) var born: Date
    @CodingKey("count", "n") @CustomCoding(decode: { try Int(from: $0) }, encode: { try $0.encode(to: $1) })
    var count: Int
}

// MARK: Closures with a default (ReerCodable: every annotated property's default)

@Codable
struct ClosureDefaults: Equatable {
    @CustomCoding(decode: { try Int(from: $0) * 2 }, encode: { try ($0 / 2).encode(to: $1) })
    var doubled = 10
    @CustomCoding(decode: { try String(from: $0).uppercased() }, encode: { try $0.lowercased().encode(to: $1) })
    var code: String? = "NONE"
    @CustomCoding(decode: { try Int(from: $0) }, encode: { try $0.encode(to: $1) })
    @DecodingDefault(missing: 1, invalid: 2)
    let level: Int
}

// MARK: JSON in a string (CodableKit's raw-string transcoding)

struct Theme: Codable, Equatable, Sendable {
    var name: String
    var size: Int
}

@Codable
struct Preferences: Equatable {
    var id: Int
    @JSONString var theme: Theme                                     // .transcodeRawString
    @JSONString var backup: Theme?
    @JSONString var fallback: Theme = Theme(name: "light", size: 12)  // .safeTranscodeRawString
    @JSONString @LossyCoding var ids: [Int]                          // [.lossy, .transcodeRawString]
    @JSONString @CodingKey("labels_json", "labels") var labels: [String: String]
}

// MARK: Raw values: implicit ones, Double and Float (ReerCodable's enums)

@Codable
enum RawInt: Int, Equatable {
    case one = 1, two, three, other = 100, next
}

enum PlainRawInt: Int, Codable {
    case one = 1, two, three, other = 100, next
}

@Codable
enum RawSigned: Int8, Equatable {
    case minusTwo = -2, minusOne, zero, hex = 0x10, afterHex
}

@Codable
enum RawDouble: Double, Equatable {
    case zero, one, two, other = 100
}

enum PlainRawDouble: Double, Codable {
    case zero, one, two, other = 100
}

@Codable
enum RawFractions: Double, Equatable {
    case one = 1.1, two = 2.2, three = 3.3, other = 4.4
}

enum PlainRawFractions: Double, Codable {
    case one = 1.1, two = 2.2, three = 3.3, other = 4.4
}

@Codable
enum RawFloat: Float, Equatable {
    case half = 0.5, tenth = 0.1, whole = 1, minus = -2.5
}

enum PlainRawFloat: Float, Codable {
    case half = 0.5, tenth = 0.1, whole = 1, minus = -2.5
}

// MARK: Polymorphic fallbacks written back

struct Circle: Codable, Equatable, Sendable { var radius: Int }
struct Square: Codable, Equatable, Sendable { var side: Int }
/// A fallback that keeps nothing of what it was read from.
struct BareUnknown: Codable, Equatable, Sendable {}
/// A fallback that keeps the discriminator it was read with.
struct KindKeeper: Codable, Equatable, Sendable { var kind: String }

@PolymorphicCodable
enum Outline: Equatable {
    case circle(Circle)
    case square(Square)
    @FallbackCase case unknown(BareUnknown)
}

@PolymorphicCodable(discriminator: "kind", payloadKey: "data")
enum Figure: Equatable {
    case circle(Circle)
    @PolymorphicCase("unsupported") @FallbackCase case other(KindKeeper)
}

protocol Widget: Sendable {}

@PolymorphicIdentifier("button")
struct Button: Widget, Codable, Equatable { var title: String }

@PolymorphicIdentifier("unsupported")
struct UnsupportedWidget: Widget, Codable, Equatable {}

let widgets = #polymorphicRegistry((any Widget).self, types: Button.self, fallback: UnsupportedWidget.self)

struct Panel: Codable {
    @PolymorphicArray var widgets: [any Widget]
}

// MARK: Jolt's property wrappers inside @Codable: read and written through

enum ZeroCount: DefaultValueProvider { static var defaultValue: Int { 0 } }

@Codable
struct WrapperModel {
    @LossyArray var numbers: [Int]
    @DateValue<ISO8601Strategy> var created: Date
    @OptionalDateValue<MillisecondsSince1970Strategy> var updated: Date?
    @Default<ZeroCount> var count: Int
    @LosslessValue var id: Int
    @Base64Data var blob: Data
    @PolymorphicArray var widgets: [any Widget]
    @CodingKey("primary", "main") @Polymorphic var main: any Widget
}
