#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
// DateFormatter (Foundation, not FoundationEssentials): the FullFoundation trait's `.formatted`.
#if FullFoundation
import Foundation
#endif

extension JoltEncoder {
    /// The layout of the output, as `JSONEncoder.OutputFormatting`.
    /// Default `[]`: compact, keys in the order they are encoded, `/` escaped.
    ///
    /// ```swift
    /// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    /// ```
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Indent with two spaces per level, one member or element per line, and
        /// `" : "` between a key and its value, as Foundation does.
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
        /// Write the members of every object sorted by the UTF-8 bytes of their
        /// keys (Foundation's order on Linux).
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
        /// Write `/` as it is instead of `\/`.
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
    }

    /// How coding keys are turned into JSON keys. The cases of
    /// `JSONEncoder.KeyEncodingStrategy`, plus the `to` forms of the key styles
    /// ``JoltDecoder/KeyDecodingStrategy`` reads.
    ///
    /// ```swift
    /// encoder.keyEncodingStrategy = .convertToSnakeCase   // userID -> "user_id"
    /// ```
    public enum KeyEncodingStrategy: Sendable {
        /// Write each key as the type spells it. **The default.**
        case useDefaultKeys
        /// `camelCase` to `snake_case`, exactly as Foundation converts, for any
        /// key: words split before an uppercase letter (Unicode Lu or Lt; a run
        /// of capitals is one word, `myURLKey` -> `my_url_key`), lowercased,
        /// leading and trailing `_` kept; combining marks and other
        /// multi-scalar characters split where Foundation splits them
        /// (`JoltEncoder+SnakeCase.swift`). Keys of a `[String: Value]`
        /// dictionary are not converted.
        case convertToSnakeCase
        /// A closure gets the coding path with the key last and returns the key
        /// to write. Keys of a `[String: Value]` dictionary are not converted.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
        /// Jolt: `camelCase` to `kebab-case`, as ``convertToSnakeCase`` with `-`:
        /// `userName` -> `user-name`.
        case convertToKebabCase
        /// Jolt: `camelCase` to `PascalCase` by uppercasing the first letter:
        /// `userName` -> `UserName`.
        case convertToPascalCase
        /// Jolt: `camelCase` to `SCREAMING_SNAKE_CASE`: ``convertToSnakeCase``,
        /// then uppercased: `userName` -> `USER_NAME`.
        case convertToScreamingSnakeCase
    }

    /// How `Date` values are written. The cases of `JSONEncoder.DateEncodingStrategy`.
    ///
    /// ```swift
    /// encoder.dateEncodingStrategy = .iso8601   // "2024-05-01T12:00:00Z"
    /// ```
    public enum DateEncodingStrategy: Sendable {
        /// Let `Date` encode itself: seconds since 2001-01-01 UTC, a number.
        /// **The default.**
        case deferredToDate
        /// Seconds since 1970-01-01 UTC, a number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01 UTC, a number.
        case millisecondsSince1970
        /// An ISO 8601 string in UTC without fractional seconds, such as
        /// `"2024-05-01T12:00:00Z"` (Foundation's `.iso8601` output).
        case iso8601
        #if FullFoundation
        /// A string made by the given formatter. With the FullFoundation trait
        /// (on by default): `DateFormatter` is in Foundation, not FoundationEssentials.
        case formatted(DateFormatter)
        #endif
        /// A closure encodes the date into the given encoder. If it encodes
        /// nothing, an empty object is written, as in Foundation.
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    /// How `Data` values are written. The cases of `JSONEncoder.DataEncodingStrategy`.
    ///
    /// ```swift
    /// encoder.dataEncodingStrategy = .deferredToData   // [1, 2, 3]
    /// ```
    public enum DataEncodingStrategy: Sendable {
        /// Let `Data` encode itself: an array of byte values.
        case deferredToData
        /// A Base64 string with padding and no line breaks. **The default.**
        case base64
        /// A closure encodes the data into the given encoder. If it encodes
        /// nothing, an empty object is written, as in Foundation.
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// How infinity and NaN, which JSON numbers cannot express, are written.
    /// The cases of `JSONEncoder.NonConformingFloatEncodingStrategy`.
    ///
    /// ```swift
    /// encoder.nonConformingFloatEncodingStrategy =
    ///     .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    /// ```
    public enum NonConformingFloatEncodingStrategy: Sendable {
        /// Throw `EncodingError.invalidValue`. **The default.**
        case `throw`
        /// Write these strings instead.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// What `encodeIfPresent` (used by synthesized `Encodable` for optional
    /// properties) writes for `nil`. Jolt only.
    ///
    /// ```swift
    /// encoder.nilEncodingStrategy = .writeNull   // {"name":null} for a PATCH body
    /// ```
    public enum NilEncodingStrategy: Sendable, Hashable {
        /// Leave the key out, as Foundation does. **The default.**
        case omit
        /// Write the key with `null`.
        case writeNull
    }
}

extension JoltEncoder.KeyEncodingStrategy {
    var isDefault: Bool {
        if case .useDefaultKeys = self { return true }
        return false
    }

    /// The key to write for `key` under the converting strategies (not `.custom`).
    static func convert(_ key: String, _ strategy: Self) -> String {
        switch strategy {
        case .useDefaultKeys, .custom: key
        case .convertToSnakeCase: toSnakeCase(key)
        case .convertToKebabCase: toSnakeCase(key, separator: "-")
        case .convertToScreamingSnakeCase: toSnakeCase(key).uppercased()
        case .convertToPascalCase: toPascalCase(key)
        }
    }

    /// `userName` -> `UserName`: the first character uppercased.
    static func toPascalCase(_ key: String) -> String {
        guard let first = key.first else { return key }
        return first.uppercased() + key.dropFirst()
    }
}
