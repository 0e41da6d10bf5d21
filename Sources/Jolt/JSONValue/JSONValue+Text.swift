extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, members in order, numbers as written.
    ///
    /// ```swift
    /// let value: JSONValue = ["a": [1, 2.5, nil], "b": "x\n"]
    /// value.description   // {"a":[1,2.5,null],"b":"x\n"}
    /// ```
    public var description: String {
        var out = [UInt8]()
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the value's compact JSON text to `out`.
    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number): out.append(contentsOf: number.text.utf8)
        case .string(let string): Self.writeString(string, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (n, element) in elements.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for n in object.indices {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(object.keys[n], to: &out)
                out.append(UInt8(ascii: ":"))
                object.values[n].write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as
    /// `\n`, `\t`, … or `\u00XX`; everything else as UTF-8.
    static func writeString(_ string: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 15)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
