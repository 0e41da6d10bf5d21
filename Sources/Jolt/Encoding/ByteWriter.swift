#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A growable byte buffer the encoder writes JSON text into, with the
/// primitives Foundation's `JSONWriter` formats: escaped strings, integers,
/// shortest round-trip floating-point numbers and indentation.
///
/// Owns its memory (released by ``deallocate()``, called by the owner).
struct ByteWriter {
    private(set) var base: UnsafeMutablePointer<UInt8>
    var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() {
        base.deallocate()
    }

    // MARK: Output

    func makeData() -> Data {
        Data(bytes: base, count: count)
    }

    func makeArray() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    func append(to buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base, count: count)
    }

    // MARK: Capacity

    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(count + extra) }
    }

    @inline(never)
    mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    // MARK: Raw bytes

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func write(_ a: UInt8, _ b: UInt8) {
        reserve(2)
        base[count] = a
        base[count &+ 1] = b
        count &+= 2
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let source = bytes.baseAddress, bytes.count > 0 {
            (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        count &+= bytes.count
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        write(UnsafeRawBufferPointer(bytes))
    }

    mutating func write(_ string: StaticString) {
        write(UnsafeRawBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    /// Writes ASCII text without escaping (numbers, literals).
    mutating func writeRaw(_ string: String) {
        var string = string
        string.withUTF8 { write($0) }
    }

    // MARK: Layout

    /// A newline and two spaces per level.
    @inline(__always)
    mutating func writeNewlineAndIndent(_ level: Int) {
        let n = 1 &+ 2 &* level
        reserve(n)
        base[count] = UInt8(ascii: "\n")
        (base + count + 1).initialize(repeating: UInt8(ascii: " "), count: n &- 1)
        count &+= n
    }

    // MARK: Strings

    /// Writes `string` in quotes with Foundation's escapes: `"`, `\`, the control
    /// characters (`\b \t \n \f \r`, the others as `\u00XX` in lowercase hex), and
    /// `/` as `\/` unless `escapeSlashes` is false. Everything else, DEL and
    /// non-ASCII included, is written as UTF-8.
    @inline(__always)
    mutating func writeString(_ string: String, escapeSlashes: Bool) {
        var string = string
        string.withUTF8 { _ = writeQuoted($0, escapeSlashes: escapeSlashes) }
    }

    /// Writes UTF-8 bytes in quotes; see ``writeString(_:escapeSlashes:)``.
    /// Returns whether any byte needed an escape.
    @discardableResult
    mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, escapeSlashes: Bool) -> Bool {
        let n = utf8.count
        reserve(n &+ 2)
        base[count] = UInt8(ascii: "\"")
        count &+= 1
        guard let source = utf8.baseAddress else {
            base[count] = UInt8(ascii: "\"")
            count &+= 1
            return false
        }
        // Fast path: copy up to the first byte that needs an escape.
        let i = Self.firstEscape(source, from: 0, count: n, escapeSlashes: escapeSlashes)
        (base + count).update(from: source, count: i)
        count &+= i
        if i == n {
            base[count] = UInt8(ascii: "\"")
            count &+= 1
            return false
        }
        writeEscapedTail(source, from: i, count: n, escapeSlashes: escapeSlashes)
        write(UInt8(ascii: "\""))
        return true
    }

    /// The index of the first byte of `source[from..<count]` that a JSON string
    /// escapes (a control character, `"`, `\`, and `/` when `escapeSlashes`),
    /// or `count`. Eight bytes at a time: in each 64-bit word, a byte below
    /// 0x20 or equal to one of those sets its high bit in `mask` (the classic
    /// "has less" and "has zero" tests; a borrow can only mark bytes after a
    /// true match, so the lowest marked byte is the first match).
    @inline(__always)
    static func firstEscape(_ source: UnsafePointer<UInt8>, from start: Int, count n: Int, escapeSlashes: Bool) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let slash: UInt64 = escapeSlashes ? ones &* UInt64(UInt8(ascii: "/")) : ones &* UInt64(UInt8(ascii: "\""))
        var i = start
        while i &+ 8 <= n {
            let word = UInt64(littleEndian: UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let slashes = word ^ slash
            let mask = ((word &- ones &* 0x20) | (quote &- ones) | (backslash &- ones) | (slashes &- ones))
                & ~word & highs
            if mask != 0 { return i &+ mask.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < n {
            let byte = source[i]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || (byte == UInt8(ascii: "/") && escapeSlashes) { return i }
            i &+= 1
        }
        return n
    }

    /// Writes `source[start..<count]`, whose first byte needs an escape: each
    /// escape, then the run of bytes up to the next one copied at once.
    @inline(never)
    private mutating func writeEscapedTail(_ source: UnsafePointer<UInt8>, from start: Int, count n: Int, escapeSlashes: Bool) {
        let hex: StaticString = "0123456789abcdef"
        var i = start
        while i < n {
            let byte = source[i]
            switch byte {
            case UInt8(ascii: "\""): write(UInt8(ascii: "\\"), UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): write(UInt8(ascii: "\\"), UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): write(UInt8(ascii: "\\"), UInt8(ascii: "/"))
            case 0x08: write(UInt8(ascii: "\\"), UInt8(ascii: "b"))
            case 0x0C: write(UInt8(ascii: "\\"), UInt8(ascii: "f"))
            case 0x0A: write(UInt8(ascii: "\\"), UInt8(ascii: "n"))
            case 0x0D: write(UInt8(ascii: "\\"), UInt8(ascii: "r"))
            case 0x09: write(UInt8(ascii: "\\"), UInt8(ascii: "t"))
            default:
                write(UInt8(ascii: "\\"), UInt8(ascii: "u"))
                write(UInt8(ascii: "0"), UInt8(ascii: "0"))
                write(hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)])
            }
            i &+= 1
            let next = Self.firstEscape(source, from: i, count: n, escapeSlashes: escapeSlashes)
            if next > i {
                write(UnsafeBufferPointer(start: source + i, count: next &- i))
                i = next
            }
        }
    }

    // MARK: Numbers

    /// Decimal digits of a signed integer, as `description` spells it.
    @inline(__always)
    mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        if T.bitWidth <= 64 {
            if T.isSigned {
                let v = Int64(truncatingIfNeeded: value)
                if v < 0 {
                    write(UInt8(ascii: "-"))
                    writeUnsigned(UInt64(bitPattern: 0 &- v))
                } else {
                    writeUnsigned(UInt64(bitPattern: v))
                }
            } else {
                writeUnsigned(UInt64(truncatingIfNeeded: value))
            }
        } else {
            writeRaw(value.description)
        }
    }

    @inline(__always)
    mutating func writeUnsigned(_ value: UInt64) {
        if value < 10 {
            write(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0"))
            return
        }
        writeUnsignedSlow(value)
    }

    @inline(never)
    mutating func writeUnsignedSlow(_ value: UInt64) {
        var digits = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digits &+= 1
        }
        reserve(digits)
        var v = value
        var p = base + count + digits
        repeat {
            p -= 1
            let (q, r) = v.quotientAndRemainder(dividingBy: 10)
            p.pointee = UInt8(truncatingIfNeeded: r) &+ UInt8(ascii: "0")
            v = q
        } while v != 0
        count &+= digits
    }

    /// A finite `Double` as Foundation writes it: Swift's shortest round-trip
    /// `description`, without a trailing `.0` (`100`, `0.1`, `1e+20`, `1e-05`).
    /// (`TextOutputStreamable.write(to:)` hands the digits over as ASCII bytes
    /// through ``_writeASCII(_:)``, without making a `String`.)
    @inline(__always)
    mutating func writeDouble(_ value: Double) {
        value.write(to: &self)
        dropTrailingPointZero()
    }

    /// A finite `Float`, as ``writeDouble(_:)``.
    @inline(__always)
    mutating func writeFloat(_ value: Float) {
        value.write(to: &self)
        dropTrailingPointZero()
    }

    @inline(__always)
    private mutating func dropTrailingPointZero() {
        if count >= 2 && base[count - 1] == UInt8(ascii: "0") && base[count - 2] == UInt8(ascii: ".") {
            count -= 2
        }
    }

    // MARK: Base64

    /// `data` as a quoted Base64 string (padding, no line breaks), with `/`
    /// escaped as Foundation's writer does unless `escapeSlashes` is false.
    mutating func writeBase64(_ data: Data, escapeSlashes: Bool) {
        let table: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        let alphabet = table.utf8Start
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let n = raw.count
            // Worst case every output byte is an escaped slash.
            reserve(2 + ((n + 2) / 3) * 8)
            var out = base + count
            out.pointee = UInt8(ascii: "\"")
            out += 1
            @inline(__always) func put(_ index: UInt8) {
                let c = alphabet[Int(index)]
                if c == UInt8(ascii: "/") && escapeSlashes {
                    out[0] = UInt8(ascii: "\\")
                    out[1] = c
                    out += 2
                } else {
                    out.pointee = c
                    out += 1
                }
            }
            var i = 0
            while i + 3 <= n {
                let a = raw[i], b = raw[i + 1], c = raw[i + 2]
                put(a >> 2)
                put(((a & 0x03) << 4) | (b >> 4))
                put(((b & 0x0F) << 2) | (c >> 6))
                put(c & 0x3F)
                i += 3
            }
            if n - i == 1 {
                let a = raw[i]
                put(a >> 2)
                put((a & 0x03) << 4)
                out[0] = UInt8(ascii: "=")
                out[1] = UInt8(ascii: "=")
                out += 2
            } else if n - i == 2 {
                let a = raw[i], b = raw[i + 1]
                put(a >> 2)
                put(((a & 0x03) << 4) | (b >> 4))
                put((b & 0x0F) << 2)
                out.pointee = UInt8(ascii: "=")
                out += 1
            }
            out.pointee = UInt8(ascii: "\"")
            out += 1
            count = out - base
        }
    }
}

extension ByteWriter: TextOutputStream {
    mutating func write(_ string: String) {
        writeRaw(string)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        write(buffer)
    }
}
