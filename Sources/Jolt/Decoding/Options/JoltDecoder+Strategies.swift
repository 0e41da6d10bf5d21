#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
// DateFormatter (Foundation, not FoundationEssentials): the FullFoundation trait's `.formatted`.
#if FullFoundation
import Foundation
#endif

extension JoltDecoder {
    /// How object keys in the JSON are matched to a type's coding keys.
    /// The same cases, with the same meaning, as `JSONDecoder.KeyDecodingStrategy`.
    ///
    /// ```swift
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase   // "user_id" -> userID's key "userId"
    /// ```
    public enum KeyDecodingStrategy: Sendable {
        /// Use the keys as written in the JSON. **The default.**
        case useDefaultKeys
        /// Convert `snake_case` keys to `camelCase` before matching, exactly as
        /// Foundation does: leading and trailing underscores are kept, the first
        /// word is lowercased, later words are capitalized (`"user_ID"` becomes
        /// `"userId"`), a key without inner underscores is left as it is. Keys of a
        /// `[String: Value]` dictionary are not converted.
        case convertFromSnakeCase
        /// Convert each key with a closure. It receives the coding path with the
        /// JSON key last and returns the key to match. Keys of a
        /// `[String: Value]` dictionary are not converted.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
        /// Jolt: convert `kebab-case` keys to `camelCase`, with the rules of
        /// ``convertFromSnakeCase`` and `-` for `_`: `"user-name"` matches `userName`.
        case convertFromKebabCase
        /// Jolt: convert `PascalCase` keys to `camelCase` by lowercasing the leading
        /// capitals (all but the last of a run followed by a lowercase letter):
        /// `"UserName"` matches `userName`, `"URLPath"` `urlPath`, `"ID"` `id`.
        case convertFromPascalCase
        /// Jolt: convert `SCREAMING_SNAKE_CASE` keys to `camelCase`: lowercased, then
        /// as ``convertFromSnakeCase``: `"USER_NAME"` matches `userName`, `"ID"` `id`.
        case convertFromScreamingSnakeCase
        /// Jolt: match keys ignoring case (Unicode lowercase mapping on both sides):
        /// `"USERNAME"`, `"userName"` and `"username"` all match `userName`. Of keys
        /// equal but for case, the first in the document wins.
        case useCaseInsensitiveKeys
    }

    /// How `Date` values are decoded. The same cases as
    /// `JSONDecoder.DateDecodingStrategy`.
    ///
    /// ```swift
    /// decoder.dateDecodingStrategy = .iso8601   // "2024-05-01T12:00:00Z"
    /// ```
    public enum DateDecodingStrategy: Sendable {
        /// Let `Date` decode itself: a number of seconds since 2001-01-01 UTC.
        /// **The default.**
        case deferredToDate
        /// A number of seconds since 1970-01-01 UTC.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01 UTC.
        case millisecondsSince1970
        /// An ISO 8601 string with date, time and time zone, such as
        /// `2024-05-01T12:00:00Z` or `2024-05-01T14:00:00.25+02:00`: exactly the
        /// strings Foundation's `.iso8601` accepts, with the same dates, parsed
        /// by Jolt's hand-written parser (Foundation's is asked only for rare
        /// shapes, such as `2024-5-1T…` or a year before 1583).
        case iso8601
        /// Jolt: ISO 8601 with or without fractional seconds, as
        /// `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` reads it
        /// (`2024-05-01T12:00:00.250Z`); parsed like ``iso8601``.
        case iso8601WithFractionalSeconds
        /// Jolt: the first of these strategies that decodes the value wins
        /// (`.anyOf([.iso8601, .millisecondsSince1970])` takes
        /// `"2024-05-01T12:00:00Z"` and `1714564800000`); if none does, the error
        /// is `dataCorrupted` at the value's path, naming each strategy's failure.
        indirect case anyOf([DateDecodingStrategy])
        #if FullFoundation
        /// A string parsed by the given formatter. With the FullFoundation trait
        /// (on by default): `DateFormatter` is in Foundation, not FoundationEssentials.
        case formatted(DateFormatter)
        #endif
        /// A closure that decodes the date from the decoder positioned at the value.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    }

    /// How `Data` values are decoded. The same cases as
    /// `JSONDecoder.DataDecodingStrategy`.
    ///
    /// ```swift
    /// decoder.dataDecodingStrategy = .deferredToData   // [1, 2, 3]
    /// ```
    public enum DataDecodingStrategy: Sendable {
        /// Let `Data` decode itself: an array of byte values.
        case deferredToData
        /// A Base64 string. **The default.**
        case base64
        /// Jolt: a URL-safe Base64 string (RFC 4648 §5: `-` and `_` for `+` and
        /// `/`), padding optional, as JWTs write it.
        case base64URL
        /// Jolt: a hexadecimal string, two digits a byte, either case.
        case hex
        /// A closure that decodes the data from the decoder positioned at the value.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
    }

    /// How non-conforming floating-point values (infinity and NaN, which JSON
    /// cannot write as numbers) are decoded. The same cases as
    /// `JSONDecoder.NonConformingFloatDecodingStrategy`.
    ///
    /// ```swift
    /// decoder.nonConformingFloatDecodingStrategy =
    ///     .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    /// ```
    public enum NonConformingFloatDecodingStrategy: Sendable {
        /// Only numbers decode as floating-point values. **The default.**
        case `throw`
        /// These exact strings (without escapes) decode as infinity, minus
        /// infinity and NaN.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}

extension JoltDecoder.KeyDecodingStrategy {
    var isDefault: Bool {
        if case .useDefaultKeys = self { return true }
        return false
    }

    /// The name a JSON key is matched under (for the converting strategies other
    /// than `.custom`); the coding key's own name goes through ``matchName(_:)``.
    static func convert(_ raw: String, _ strategy: Self) -> String {
        switch strategy {
        case .useDefaultKeys, .custom: raw
        case .convertFromSnakeCase: convertFromSnakeCase(raw)
        case .convertFromKebabCase: convertFromSnakeCase(raw, separator: "-")
        case .convertFromPascalCase: pascalToCamelCase(raw)
        case .convertFromScreamingSnakeCase: convertFromSnakeCase(raw.lowercased())
        case .useCaseInsensitiveKeys: raw.lowercased()
        }
    }

    /// Whether the coding key's name must be folded too before it is looked up.
    var foldsCase: Bool {
        if case .useCaseInsensitiveKeys = self { return true }
        return false
    }

    /// `PascalCase` to `camelCase`: the leading capitals are lowercased, except the
    /// last of a run of several when a lowercase letter follows it (`URLPath` ->
    /// `urlPath`). A key that does not start with a capital is left alone.
    static func pascalToCamelCase(_ key: String) -> String {
        let characters = Array(key)
        guard let first = characters.first, first.isUppercase else { return key }
        var run = 0
        while run < characters.count && characters[run].isUppercase { run += 1 }
        if run > 1 && run < characters.count && characters[run].isLowercase { run -= 1 }
        return characters[..<run].map { $0.lowercased() }.joined() + String(characters[run...])
    }

    /// Foundation's snake-case conversion, reproduced exactly.
    /// With `separator` `-`, the same for kebab case.
    static func convertFromSnakeCase(_ key: String, separator: Character = "_") -> String {
        guard !key.isEmpty else { return key }
        guard let firstNonUnderscore = key.firstIndex(where: { $0 != separator }) else { return key }
        var lastNonUnderscore = key.index(before: key.endIndex)
        while lastNonUnderscore > firstNonUnderscore && key[lastNonUnderscore] == separator {
            key.formIndex(before: &lastNonUnderscore)
        }
        let keyRange = firstNonUnderscore...lastNonUnderscore
        let leading = key.startIndex..<firstNonUnderscore
        let trailing = key.index(after: lastNonUnderscore)..<key.endIndex
        let components = key[keyRange].split(separator: separator)
        let joined: String
        if components.count == 1 {
            joined = String(key[keyRange])
        } else {
            joined = ([components[0].lowercased()] + components[1...].map { $0.capitalized }).joined()
        }
        if leading.isEmpty && trailing.isEmpty {
            return joined
        } else if !leading.isEmpty && !trailing.isEmpty {
            return String(key[leading]) + joined + String(key[trailing])
        } else if !leading.isEmpty {
            return String(key[leading]) + joined
        } else {
            return joined + String(key[trailing])
        }
    }
}
