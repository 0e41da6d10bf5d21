#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The debug descriptions of the type errors a decode throws, made once.
///
/// Code that decodes by trial (`if let i = try? c.decode(Int.self)`, then
/// `String`, then an array...) throws and drops an error for every attempt that
/// fails. Formatting `"Expected to decode \(type) but found a string instead."`
/// looks up the type's name (a demangling) and allocates several times, which
/// would be most of the cost of such a decode. For the types decoded most often,
/// the messages are in immutable tables made on first use, so a failed attempt
/// takes a reference to a ready string; any other type's message is formatted
/// when it is made. The text is the same either way (Foundation's).
///
/// ```
/// ErrorMessages.typeMismatch(Int.self, TapeKind.string.rawValue)
/// // "Expected to decode Int but found a string instead."
/// ```
package enum ErrorMessages {
    /// The types the tables hold, most often asked for first (each lookup goes
    /// down this list comparing metadata addresses).
    static var knownTypes: [Any.Type] {
        [Bool.self, Int.self, Double.self, String.self, [Any].self, [String: Any].self, Int64.self, Float.self,
         Int32.self, UInt64.self, UInt.self, UInt32.self, Int16.self, UInt16.self, Int8.self, UInt8.self,
         Int128.self, UInt128.self, Decimal.self, Date.self, Data.self, URL.self]
    }

    /// Slots per type in ``Tables/typeMismatch``: one per raw tape kind (0 unused).
    private static let kindSlots = 9

    private struct Tables: Sendable {
        let ids: [ObjectIdentifier]
        let names: [String]
        let valueNotFound: [String]
        /// `kindSlots` messages per type, by the found value's raw tape kind.
        let typeMismatch: [String]

        init() {
            let types = ErrorMessages.knownTypes
            ids = types.map(ObjectIdentifier.init)
            names = types.map { "\($0)" }
            valueNotFound = types.map(ErrorMessages.formatValueNotFound)
            typeMismatch = types.flatMap { type in
                (0..<UInt8(ErrorMessages.kindSlots)).map { ErrorMessages.formatTypeMismatch(type, $0) }
            }
        }
    }

    private static let tables = Tables()

    /// The position of `type` in ``knownTypes``, or nil.
    @inline(__always)
    private static func index(of type: Any.Type, in ids: [ObjectIdentifier]) -> Int? {
        let id = ObjectIdentifier(type)
        var i = 0
        while i < ids.count {
            if ids[i] == id { return i }
            i &+= 1
        }
        return nil
    }

    /// `"\(type)"`.
    static func typeName(_ type: Any.Type) -> String {
        let tables = tables
        guard let i = index(of: type, in: tables.ids) else { return "\(type)" }
        return tables.names[i]
    }

    /// Foundation's message for a key a keyed container has no value for.
    static func keyNotFound(_ key: some CodingKey) -> String {
        "No value associated with key \(key) (\"\(key.stringValue)\")."
    }

    /// The message of the `keyNotFound` that the macros' code throws when none
    /// of `keys` (key names, or key paths written with dots) holds a value: in
    /// `init(from:)` (JoltMacros' runtime) and on the direct path alike.
    package static func noValue(forAnyOf keys: [String]) -> String {
        keys.count == 1 ? "No value associated with key \(keys[0])."
            : "No value associated with any of the keys \(keys.joined(separator: ", "))."
    }

    /// Foundation's message for a null where a value of `type` was expected.
    static func valueNotFound(_ type: Any.Type) -> String {
        let tables = tables
        guard let i = index(of: type, in: tables.ids) else { return formatValueNotFound(type) }
        return tables.valueNotFound[i]
    }

    /// Foundation's message for a value of raw tape kind `rawKind` where one of
    /// `type` was expected.
    static func typeMismatch(_ type: Any.Type, _ rawKind: UInt8) -> String {
        let tables = tables
        guard let i = index(of: type, in: tables.ids), Int(rawKind) < kindSlots else {
            return formatTypeMismatch(type, rawKind)
        }
        return tables.typeMismatch[i &* kindSlots &+ Int(rawKind)]
    }

    /// Jolt's message for number text that does not fit the type named `name`:
    /// `"Number \(text) is not representable as \(name)."`, written into one
    /// allocation (`Int` fails this way on every fraction an `Int`-first trial
    /// decode meets).
    static func notRepresentable(_ text: UnsafeBufferPointer<UInt8>, as name: String) -> String {
        var name = name
        return name.withUTF8 { name in
            let prefix: StaticString = "Number ", middle: StaticString = " is not representable as "
            let count = prefix.utf8CodeUnitCount &+ text.count &+ middle.utf8CodeUnitCount &+ name.count &+ 1
            return String(unsafeUninitializedCapacity: count) { buffer in
                var n = 0
                func append(_ bytes: UnsafeBufferPointer<UInt8>) {
                    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                    (buffer.baseAddress! + n).initialize(from: base, count: bytes.count)
                    n &+= bytes.count
                }
                append(UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
                append(text)
                append(UnsafeBufferPointer(start: middle.utf8Start, count: middle.utf8CodeUnitCount))
                append(name)
                buffer[n] = UInt8(ascii: ".")
                return n &+ 1
            }
        }
    }

    /// Foundation's description of a value's kind in error messages.
    static func describe(_ rawKind: UInt8) -> String {
        switch TapeKind(rawValue: rawKind) {
        case .null: "null"
        case .true, .false: "bool"
        case .number: "number"
        case .string, .key: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        case nil: "nothing"
        }
    }

    private static func formatValueNotFound(_ type: Any.Type) -> String {
        "Cannot get value of type \(type) -- found null value instead"
    }

    private static func formatTypeMismatch(_ type: Any.Type, _ rawKind: UInt8) -> String {
        "Expected to decode \(type) but found \(describe(rawKind)) instead."
    }
}
