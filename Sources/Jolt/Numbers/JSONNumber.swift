#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON number as written (`42`, `-0.5`, `1e400`, `12345678901234567890`):
/// nothing is lost by storing it, and it converts on request.
///
/// ```swift
/// let n = JSONNumber(text: "12345678901234567890")!
/// n.int64Value      // nil: does not fit
/// n.uint64Value     // 12345678901234567890
/// n.doubleValue     // 1.2345678901234567e19
/// n.decimalValue    // 12345678901234567890, exact
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's JSON text.
    public let text: String

    /// A number from JSON text, or nil if `text` is not a JSON number
    /// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
    public init?(text: String) {
        var copy = text
        guard copy.withUTF8({ Self.isValid($0) }) else { return nil }
        self.text = text
    }

    /// Text already validated by a scanner.
    init(validatedText text: String) {
        self.text = text
    }

    /// An integer.
    public init<I: BinaryInteger>(_ value: I) {
        text = String(value)
    }

    /// A finite floating-point value, written in its shortest round-trip form;
    /// nil for infinity and NaN, which JSON cannot write.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 {
            text = String(Int64(value))
        } else {
            text = "\(value)"
        }
    }

    public var description: String { text }

    /// Whether the text is an integer (no fraction, no exponent).
    public var isInteger: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as a `Double` (correctly rounded; ±infinity if out of range).
    public var doubleValue: Double {
        var copy = text
        return copy.withUTF8 { NumberParser.parseDouble($0.baseAddress!, $0.count) }
    }

    /// The value as an `Int`, if it is an integer that fits.
    public var intValue: Int? { isInteger ? Int(text) : nil }

    /// The value as an `Int64`, if it is an integer that fits.
    public var int64Value: Int64? { isInteger ? Int64(text) : nil }

    /// The value as a `UInt64`, if it is a non-negative integer that fits.
    public var uint64Value: UInt64? { isInteger ? UInt64(text) : nil }

    /// The value as a `Decimal` (exact up to 38 significant digits).
    public var decimalValue: Decimal? { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }

    /// Whether `bytes` is one JSON number, nothing else.
    static func isValid(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = b.count
        @inline(__always) func digits() -> Int {
            let start = i
            while i < n, b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if i < n, b[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n else { return false }
        if b[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { return false }
        if i < n, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < n, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }
}
