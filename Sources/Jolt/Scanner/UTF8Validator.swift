/// Validates a whole buffer as strict UTF-8 (Unicode Table 3-7: no overlong
/// forms, no encoded surrogates, nothing above U+10FFFF), sixteen bytes at a time
/// through ASCII.
///
/// The yajl backend runs it once over the input instead of validating each string:
/// a byte above 0x7F is valid JSON only inside a string, so "the input is valid
/// UTF-8" and "every string is valid UTF-8" accept the same documents.
enum UTF8Validator {
    /// The offset of the first byte of the first ill-formed sequence, or nil.
    /// - Complexity: O(n).
    static func firstInvalid(_ p: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int? {
        var i = start
        while i < end {
            while i &+ 16 <= end {
                let a = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                let b = UnsafeRawPointer(p + (i &+ 8)).loadUnaligned(as: UInt64.self)
                if (a | b) & 0x8080_8080_8080_8080 != 0 { break }
                i &+= 16
            }
            guard i < end else { return nil }
            if p[i] < 0x80 {
                i &+= 1
                continue
            }
            do throws(ScanError) {
                i = try StringScanner.scanUTF8(p, at: i, start: i, end: end)
            } catch {
                return i
            }
        }
        return nil
    }
}
