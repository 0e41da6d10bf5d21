// NSNumber and NSNull are in Foundation, not FoundationEssentials: the whole file is the
// FullFoundation trait's.
#if FullFoundation
import Foundation

/// Writes a Foundation JSON object (what `JSONSerialization` returns, or the
/// same built by hand: `[String: Any]`, `[Any]`, `String`, `NSNumber`, `Bool`,
/// Swift integers and floating-point values, `Decimal`, `NSNull`, `nil`) as JSON
/// text, for `JoltDecoder.decode(_:from:)` with a `[String: Any]` or `[Any]`.
///
/// A value that is not JSON (a `Date`, a custom object, a non-finite number)
/// is a `DecodingError.dataCorrupted` at its path in the object.
enum FoundationObjectWriter {
    static func bytes(of value: Any) throws -> [UInt8] {
        var out = ByteWriter()
        defer { out.deallocate() }
        var path: [any CodingKey] = []
        try write(value, to: &out, path: &path)
        return out.makeArray()
    }

    private static func write(_ value: Any, to out: inout ByteWriter, path: inout [any CodingKey]) throws {
        // Foundation's boxes first: NSNumber hides Bool, integer and floating types.
        if let number = value as? NSNumber, type(of: value) is NSNumber.Type {
            try writeNumber(number, to: &out, path: path)
            return
        }
        switch value {
        case is NSNull:
            out.write("null")
        case let string as String:
            out.writeString(string, escapeSlashes: false)
        case let bool as Bool:
            out.write(bool ? "true" : "false")
        case let int as Int: out.writeInteger(int)
        case let int as Int64: out.writeInteger(int)
        case let int as Int32: out.writeInteger(int)
        case let int as Int16: out.writeInteger(int)
        case let int as Int8: out.writeInteger(int)
        case let int as UInt: out.writeInteger(int)
        case let int as UInt64: out.writeInteger(int)
        case let int as UInt32: out.writeInteger(int)
        case let int as UInt16: out.writeInteger(int)
        case let int as UInt8: out.writeInteger(int)
        case let double as Double:
            try writeDouble(double, to: &out, path: path)
        case let float as Float:
            try writeDouble(Double(float), to: &out, path: path)
        case let decimal as Decimal:
            guard !decimal.isNaN else { throw notJSON(value, path) }
            out.writeRaw(decimal.description)
        case let object as [String: Any]:
            out.write(UInt8(ascii: "{"))
            var first = true
            for (key, member) in object {
                if !first { out.write(UInt8(ascii: ",")) }
                first = false
                out.writeString(key, escapeSlashes: false)
                out.write(UInt8(ascii: ":"))
                path.append(JoltCodingKey.string(key))
                try write(member, to: &out, path: &path)
                path.removeLast()
            }
            out.write(UInt8(ascii: "}"))
        case let array as [Any]:
            out.write(UInt8(ascii: "["))
            for (n, element) in array.enumerated() {
                if n > 0 { out.write(UInt8(ascii: ",")) }
                path.append(JoltCodingKey.index(n))
                try write(element, to: &out, path: &path)
                path.removeLast()
            }
            out.write(UInt8(ascii: "]"))
        default:
            // A nil inside `Any` (from `[String: Any?]` and the like) is null.
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional else { throw notJSON(value, path) }
            if let wrapped = mirror.children.first?.value {
                try write(wrapped, to: &out, path: &path)
            } else {
                out.write("null")
            }
        }
    }

    private static func writeNumber(_ number: NSNumber, to out: inout ByteWriter, path: [any CodingKey]) throws {
        let kind = String(cString: number.objCType)
        if kind == "c" && String(describing: type(of: number)).contains("Boolean") {
            out.write(number.boolValue ? "true" : "false")
        } else if kind == "d" || kind == "f" {
            try writeDouble(number.doubleValue, to: &out, path: path)
        } else if kind == "Q" || kind == "L" || kind == "I" || kind == "S" || kind == "C" {
            out.writeInteger(number.uint64Value)
        } else {
            out.writeInteger(number.int64Value)
        }
    }

    private static func writeDouble(_ value: Double, to out: inout ByteWriter, path: [any CodingKey]) throws {
        guard let number = JSONNumber(value) else { throw notJSON(value, path) }
        out.writeRaw(number.text)
    }

    private static func notJSON(_ value: Any, _ path: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: path, debugDescription: "\(type(of: value)) value \(value) is not a JSON value."))
    }
}

extension JoltDecoder {
    /// Decodes a value from a Foundation JSON object, such as `JSONSerialization`
    /// returns or an API hands over (`[String: Any]` of strings, numbers,
    /// Booleans, `NSNull`, arrays and dictionaries).
    ///
    /// ```swift
    /// let payload: [String: Any] = ["id": 42, "name": "Ada", "tags": ["x"]]
    /// let user = try JoltDecoder().decode(User.self, from: payload)
    /// ```
    ///
    /// The object is written out as JSON once and decoded like any input, with
    /// this decoder's options: the same values and errors as decoding that text.
    /// - Throws: `DecodingError.dataCorrupted` at the path of a value that is not
    ///   JSON (a `Date`, a custom class, infinity or NaN); otherwise what
    ///   `decode(_:from:)` throws.
    public func decode<T: Decodable>(_ type: T.Type, from object: [String: Any]) throws -> T {
        try decode(type, from: FoundationObjectWriter.bytes(of: object))
    }

    /// Decodes a value from a Foundation JSON array (`[Any]`), as the
    /// `[String: Any]` overload does.
    public func decode<T: Decodable>(_ type: T.Type, from array: [Any]) throws -> T {
        try decode(type, from: FoundationObjectWriter.bytes(of: array))
    }
}
#endif
