#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `.convertToSnakeCase`, as Foundation's `JSONEncoder` converts, for every key.
//
// Foundation's algorithm (swift-foundation, `KeyEncodingStrategy._convertToSnakeCase`)
// mixes two granularities, and the result depends on both:
//
// - it looks for the next uppercase letter, and then for the next lowercase
//   letter, scalar by scalar (Unicode general categories Lu and Lt, and Ll);
// - it starts its first search one `Character` into the key, compares the
//   lowercase letter it found with the `Character` after the capital, and
//   steps one `Character` back from the lowercase letter to end a run of
//   capitals; `String`'s character methods round an index inside a grapheme
//   cluster down to the cluster's start first.
//
// So a key with combining marks, a prepended mark or a multi-scalar emoji can
// split where a purely scalar reading would not: `"m\u{349}yG"` keeps its
// marks with their letters. The general path below repeats those steps with
// the same standard library calls, so it splits and lowercases exactly as
// Foundation does. Keys that are ASCII without a carriage return (where every
// byte is one `Character`) take a byte loop that gives the same result.
//
// This relies on Swift's general categories (Lu, Lt, Ll) agreeing with
// Foundation's tables; on each run SnakeCaseParityTests compares Foundation's
// output for every cased scalar and mark, a sample of the rest, and thousands
// of generated keys. The one place Jolt departs on purpose: keys on which
// Foundation traps (see
// ``unicodeSnakeCaseWords(_:)``).

extension JoltEncoder.KeyEncodingStrategy {
    /// Foundation's camel-to-snake conversion, reproduced: words split before
    /// an uppercase letter (Unicode Lu or Lt); a run of capitals followed by a
    /// lowercase letter (Ll) is a word up to the last capital; each word
    /// lowercased (`String.lowercased()`); words joined with `separator`.
    ///
    /// ```swift
    /// toSnakeCase("myURLKey")            // "my_url_key"
    /// toSnakeCase("_oneTwo_")            // "_one_two_"
    /// toSnakeCase("userName", separator: "-")   // "user-name"
    /// ```
    /// - Complexity: O(n) in the key's length; ASCII keys without a carriage
    ///   return take a byte loop with one allocation.
    static func toSnakeCase(_ key: String, separator: String = "_") -> String {
        guard !key.isEmpty else { return key }
        if let converted = key.utf8.withContiguousStorageIfAvailable({ asciiSnakeCase($0, separator: separator) }) {
            if let ascii = converted { return ascii }
        } else if let ascii = Array(key.utf8).withUnsafeBufferPointer({ asciiSnakeCase($0, separator: separator) }) {
            return ascii
        }
        return unicodeSnakeCase(key, separator: separator)
    }

    /// The conversion of a key of ASCII bytes other than `\r` (each byte one
    /// `Character`), or nil for any other key.
    private static func asciiSnakeCase(_ bytes: UnsafeBufferPointer<UInt8>, separator: String) -> String? {
        for byte in bytes where byte >= 0x80 || byte == UInt8(ascii: "\r") { return nil }
        @inline(__always) func isUpper(_ b: UInt8) -> Bool { b &- UInt8(ascii: "A") < 26 }
        @inline(__always) func isLower(_ b: UInt8) -> Bool { b &- UInt8(ascii: "a") < 26 }
        let n = bytes.count
        // Words partition the key in order, so the result is the key lowercased
        // with a separator at each split point (empty words included); there
        // are fewer split points than bytes.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { splits in
            var splitCount = 0
            var search = 1
            while let upper = (search..<n).first(where: { isUpper(bytes[$0]) }) {
                splits[splitCount] = upper
                splitCount += 1
                guard let lower = ((upper + 1)..<max(n, upper + 1)).first(where: { isLower(bytes[$0]) }) else { break }
                if lower != upper + 1 {
                    splits[splitCount] = lower - 1
                    splitCount += 1
                }
                search = lower + 1
            }
            let separatorBytes = separator.utf8
            return String(unsafeUninitializedCapacity: n + splitCount * separatorBytes.count) { out in
                var written = 0
                var copied = 0
                func copy(upTo end: Int) {
                    while copied < end {
                        let b = bytes[copied]
                        out[written] = isUpper(b) ? b | 0x20 : b
                        written += 1
                        copied += 1
                    }
                }
                for split in splits.prefix(splitCount) {
                    copy(upTo: split)
                    for b in separatorBytes {
                        out[written] = b
                        written += 1
                    }
                }
                copy(upTo: n)
                return written
            }
        }
    }

    /// Foundation's steps on `String` indices (see the file comment).
    private static func unicodeSnakeCase(_ key: String, separator: String) -> String {
        unicodeSnakeCaseWords(key).words.map { key[$0].lowercased() }.joined(separator: separator)
    }

    /// The words Foundation splits a non-empty `key` into, and whether
    /// Foundation traps on it instead.
    ///
    /// Foundation stops with a range precondition (`lowerBound <= upperBound`)
    /// when a run of capitals ends inside a grapheme cluster that starts with
    /// another scalar and the lowercase letter after it is inside the next such
    /// cluster: `"x\u{600}A\u{600}a"` (U+0600 is a prepended mark). Jolt
    /// writes the run as an empty word there (`"x\u{600}__a\u{600}a"`), as
    /// Foundation does when the capital begins its cluster, instead of
    /// stopping the process.
    static func unicodeSnakeCaseWords(_ key: String) -> (words: [Range<String.Index>], foundationTraps: Bool) {
        let scalars = key.unicodeScalars
        func firstScalar(from start: String.Index, to end: String.Index, _ matches: (Unicode.Scalar) -> Bool) -> String.Index? {
            var i = start
            while i < end {
                if matches(scalars[i]) { return i }
                scalars.formIndex(after: &i)
            }
            return nil
        }
        func isUpper(_ s: Unicode.Scalar) -> Bool {
            let category = s.properties.generalCategory
            return category == .uppercaseLetter || category == .titlecaseLetter
        }
        func isLower(_ s: Unicode.Scalar) -> Bool {
            s.properties.generalCategory == .lowercaseLetter
        }
        let end = key.endIndex
        var words: [Range<String.Index>] = []
        var traps = false
        var wordStart = key.startIndex
        var searchStart = key.index(after: wordStart)
        while let upper = firstScalar(from: searchStart, to: end, isUpper) {
            words.append(wordStart..<upper)
            guard let lower = firstScalar(from: upper, to: end, isLower) else {
                wordStart = upper
                break
            }
            if lower == key.index(after: upper) {
                wordStart = upper
            } else {
                // A run of capitals: a word up to the character before the lowercase letter.
                var beforeLower = key.index(before: lower)
                if beforeLower < upper {
                    traps = true
                    beforeLower = upper
                }
                words.append(upper..<beforeLower)
                wordStart = beforeLower
            }
            searchStart = scalars.index(after: lower)
        }
        words.append(wordStart..<end)
        return (words, traps)
    }
}
