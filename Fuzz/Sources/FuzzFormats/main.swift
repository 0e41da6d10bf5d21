import Foundation
import Jolt

/// libFuzzer entry point for the hand-written date and binary parsers:
/// - ISO 8601 (`ISO8601Strategy`) must give exactly Foundation's
///   `Date.ISO8601FormatStyle` result, accepting and rejecting the same text;
/// - what RFC 3339, RFC 2822 and yyyy-MM-dd accept must format and read back
///   to the same instant;
/// - Base64URL and hex text must never crash, and what they accept must
///   re-encode and decode to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    let text = String(decoding: bytes, as: UTF8.self)
    var copy = text

    let jolt = copy.withUTF8 { ISO8601Strategy.date(fromUTF8: $0) }
    let foundation = try? Date.ISO8601FormatStyle().parse(text)
    if jolt?.timeIntervalSinceReferenceDate != foundation?.timeIntervalSinceReferenceDate {
        fatalError("ISO 8601 \(String(reflecting: text)): Jolt \(String(describing: jolt)), Foundation \(String(describing: foundation))")
    }

    if let date = copy.withUTF8({ RFC3339Strategy.date(fromUTF8: $0) }), abs(date.timeIntervalSince1970) < 2.5e11 {
        let again = try? RFC3339Strategy.decode(RFC3339Strategy.encode(date))
        guard let again, abs(again.timeIntervalSince(date)) <= 1e-6 + 4 * date.timeIntervalSince1970.ulp else {
            fatalError("RFC 3339 \(String(reflecting: text)) -> \(date) does not read back")
        }
    }
    if let date = copy.withUTF8({ RFC2822Strategy.date(fromUTF8: $0) }), abs(date.timeIntervalSince1970) < 2.5e11 {
        guard let again = try? RFC2822Strategy.decode(RFC2822Strategy.encode(date)), again == date else {
            fatalError("RFC 2822 \(String(reflecting: text)) -> \(date) does not read back")
        }
    }
    if let date = copy.withUTF8({ YearMonthDayStrategy.date(fromUTF8: $0) }) {
        guard let again = try? YearMonthDayStrategy.decode(YearMonthDayStrategy.encode(date)), again == date else {
            fatalError("yyyy-MM-dd \(String(reflecting: text)) -> \(date) does not read back")
        }
    }

    // Binary text through the wrappers, as a JSON string value.
    struct Blobs: Codable, Equatable { @Base64URLData var url: [UInt8]; @HexData var hex: [UInt8] }
    let literal = String(data: try! JSONEncoder().encode([text]), encoding: .utf8)!.dropFirst().dropLast()
    let json = #"{"url": \#(literal), "hex": \#(literal)}"#
    struct URLOnly: Codable { @Base64URLData var url: [UInt8] }
    struct HexOnly: Codable { @HexData var hex: [UInt8] }
    if let value = try? JoltDecoder().decode(URLOnly.self, from: json) {
        let again = try! JoltDecoder().decode(URLOnly.self, from: try! JSONEncoder().encode(value))
        guard again.url == value.url else { fatalError("Base64URL \(String(reflecting: text)) does not round-trip") }
    }
    if let value = try? JoltDecoder().decode(HexOnly.self, from: json) {
        let again = try! JoltDecoder().decode(HexOnly.self, from: try! JSONEncoder().encode(value))
        guard again.hex == value.hex else { fatalError("hex \(String(reflecting: text)) does not round-trip") }
    }
    return 0
}
