/// Base64 (RFC 4648 §4 and the URL-safe §5 alphabet) and hexadecimal, decoded
/// and encoded over bytes with lookup tables.
enum BinaryText {
    static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Byte -> 6-bit value, 0xFF for a byte outside the alphabet.
    static let standardTable = table(standardAlphabet)
    static let urlTable = table(urlAlphabet)

    static func table(_ alphabet: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }

    /// Decodes Base64 text.
    /// - Parameters:
    ///   - url: the URL-safe alphabet (`-`, `_`) instead of `+`, `/`.
    ///   - paddingRequired: whether the text must be padded with `=` to a
    ///     multiple of 4 (Foundation's rule for standard Base64). Padding, when
    ///     present, must be right either way; whitespace is never allowed.
    /// - Returns: the bytes, or nil if the text is not valid Base64.
    static func decodeBase64(_ text: UnsafeBufferPointer<UInt8>, url: Bool, paddingRequired: Bool) -> [UInt8]? {
        var n = text.count
        if n == 0 { return [] }
        if paddingRequired && n % 4 != 0 { return nil }
        // Strip the padding: at most two `=`, only to complete a group of four.
        var padding = 0
        while n > 0 && text[n - 1] == UInt8(ascii: "=") && padding < 2 { n -= 1; padding += 1 }
        if padding > 0 && (n + padding) % 4 != 0 { return nil }
        let tail = n % 4
        if tail == 1 { return nil }
        let table = url ? urlTable : standardTable
        let outCount = n / 4 * 3 + (tail == 0 ? 0 : tail - 1)
        return table.withUnsafeBufferPointer { t -> [UInt8]? in
            var failed = false
            let out = [UInt8](unsafeUninitializedCapacity: outCount) { buffer, initialized in
                var i = 0, o = 0
                while i + 4 <= n {
                    let a = t[Int(text[i])], b = t[Int(text[i + 1])], c = t[Int(text[i + 2])], d = t[Int(text[i + 3])]
                    if (a | b | c | d) & 0xC0 != 0 { failed = true; return }
                    let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    buffer[o] = UInt8(truncatingIfNeeded: v >> 16)
                    buffer[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    buffer[o + 2] = UInt8(truncatingIfNeeded: v)
                    i += 4; o += 3
                }
                if tail >= 2 {
                    let a = t[Int(text[i])], b = t[Int(text[i + 1])]
                    let c = tail == 3 ? t[Int(text[i + 2])] : 0
                    if (a | b | c) & 0xC0 != 0 { failed = true; return }
                    // Unused low bits of the last character are ignored, as Foundation does.
                    let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
                    buffer[o] = UInt8(truncatingIfNeeded: v >> 16)
                    o += 1
                    if tail == 3 { buffer[o] = UInt8(truncatingIfNeeded: v >> 8); o += 1 }
                }
                initialized = o
            }
            return failed ? nil : out
        }
    }

    /// Base64 text for `bytes`, padded with `=` if `padded`.
    static func encodeBase64(_ bytes: UnsafeRawBufferPointer, url: Bool, padded: Bool) -> String {
        let alphabet = url ? urlAlphabet : standardAlphabet
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(v >> 18)]); out.append(alphabet[Int(v >> 12 & 63)])
            out.append(alphabet[Int(v >> 6 & 63)]); out.append(alphabet[Int(v & 63)])
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out.append(alphabet[Int(v >> 18)]); out.append(alphabet[Int(v >> 12 & 63)])
            if rest == 2 { out.append(alphabet[Int(v >> 6 & 63)]) }
            if padded { out.append(contentsOf: rest == 2 ? [UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes hexadecimal text (either case, two digits a byte), or nil.
    static func decodeHex(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count % 2 == 0 else { return nil }
        @inline(__always) func nibble(_ c: UInt8) -> UInt8 {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c &- 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c &- 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c &- 55
            default: 0xFF
            }
        }
        var failed = false
        let out = [UInt8](unsafeUninitializedCapacity: text.count / 2) { buffer, initialized in
            var i = 0
            while i < text.count {
                let hi = nibble(text[i]), lo = nibble(text[i + 1])
                if (hi | lo) & 0xF0 != 0 { failed = true; return }
                buffer[i / 2] = hi << 4 | lo
                i += 2
            }
            initialized = text.count / 2
        }
        return failed ? nil : out
    }

    /// Lowercase hexadecimal text for `bytes`.
    static func encodeHex(_ bytes: UnsafeRawBufferPointer) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
