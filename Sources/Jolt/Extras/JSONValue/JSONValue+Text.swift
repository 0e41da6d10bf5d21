extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, members in order, numbers as written.
    ///
    /// ```swift
    /// let value: JSONValue = ["a": [1, 2.5, nil], "b": "x\n"]
    /// value.description   // {"a":[1,2.5,null],"b":"x\n"}
    /// ```
    public var description: String {
        var out = ByteWriter()
        defer { out.deallocate() }
        write(to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends the value's compact JSON text to `out` (strings escaped as the
    /// encoders escape them, `/` left alone).
    func write(to out: inout ByteWriter) {
        switch self {
        case .null: out.write("null")
        case .bool(let value): out.write(value ? "true" : "false")
        case .number(let number): out.writeRaw(number.text)
        case .string(let string): out.writeString(string, escapeSlashes: false)
        case .array(let elements):
            out.write(UInt8(ascii: "["))
            for (n, element) in elements.enumerated() {
                if n > 0 { out.write(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.write(UInt8(ascii: "]"))
        case .object(let object):
            out.write(UInt8(ascii: "{"))
            for n in object.indices {
                if n > 0 { out.write(UInt8(ascii: ",")) }
                out.writeString(object.keys[n], escapeSlashes: false)
                out.write(UInt8(ascii: ":"))
                object.values[n].write(to: &out)
            }
            out.write(UInt8(ascii: "}"))
        }
    }
}
