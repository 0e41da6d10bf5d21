/// Moving over JSON an encode wrote (compact or pretty-printed, so its only
/// white space is spaces and newlines), for the readers that take it back:
/// ``MergeParser`` and late merging's scan (`EncodingCore+LateMerging.swift`).
/// Each stops at the end of the bytes.
///
/// ```swift
/// var i = bytes.skippingSpace(from: 0)
/// if bytes[i] == UInt8(ascii: "\"") { i = bytes.skippingString(at: i) }
/// ```
extension UnsafeBufferPointer where Element == UInt8 {
    /// The first index at or past `i` that is not white space.
    @inline(__always)
    func skippingSpace(from i: Int) -> Int {
        var i = i
        while i < count && (self[i] == UInt8(ascii: " ") || self[i] == UInt8(ascii: "\n")) { i += 1 }
        return i
    }

    /// The index past the string whose opening quote is at `i`.
    func skippingString(at i: Int) -> Int {
        var i = i + 1
        while i < count && self[i] != UInt8(ascii: "\"") {
            i += self[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        return i + 1
    }

    /// The index past the number or literal that starts at `i`.
    func skippingScalar(at i: Int) -> Int {
        var i = i
        while i < count {
            let byte = self[i]
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte <= 0x20 { break }
            i += 1
        }
        return i
    }
}
