import Jolt

// The associated values of an enum case, read by the code the macros write for
// the enum's direct reading, from the case's object (`_._joltCase(at:key:_:)`),
// with the rules `init(from:)`'s `_joltDecode(paths:)` helpers apply: the first
// path whose value is present, not `null`, and decodes.
//
// ```swift
// // What @Codable writes for `case video(id: String, minutes: Int = 0)` ({"video": {"id": "a"}}):
// } else if let at = reader.member("video") {
//     self = try reader._joltCase(at: at, key: "video") { values in
//         Self.video(id: try values._joltCaseValue(String.self, key: "id"),
//                    minutes: values._joltCaseValue(Int.self, key: "minutes", default: 0))
//     }
// }
// ```
//
// A value that is missing or does not decode throws the error `init(from:)`'s
// helpers throw there: the first present value's own error, else `keyNotFound`
// for the first path (see `KeyedDecodingContainer.joltMissing`).
extension _JoltDirectReader {
    /// `body`'s result on the reader for the object at `index`, the value of
    /// this object's member `key`, with `key` on the coding path.
    /// - Throws: when that value is not an object (`nestedContainer`'s error), or what `body` throws.
    public func _joltCase<R>(at index: Int, key: StaticString, _ body: (_JoltDirectReader) throws -> R) throws -> R {
        try nested(at: index, forKey: JoltCaseKey(key), body)
    }

    // The three one-key readers below each look the key up and decode it
    // themselves: through a shared helper returning `T?`, the unspecialized
    // generic optional would cost noticeably more on every case value read.

    /// The value at `key`.
    /// - Throws: `keyNotFound` when the key is missing or `null`, or the value's error.
    public func _joltCaseValue<T: Decodable>(_ type: T.Type, key: StaticString) throws -> T {
        guard let index = member(key), !isNull(at: index) else { throw joltMissing(paths: [[key]]) }
        return try decode(T.self, at: index, path: [JoltCaseKey](), forKey: JoltCaseKey(key))
    }

    /// The value at `key`, nil when the key is missing or `null`.
    /// - Throws: when the value does not decode.
    public func _joltCaseValueIfPresent<T: Decodable>(_ type: T.Type, key: StaticString) throws -> T? {
        guard let index = member(key), !isNull(at: index) else { return nil }
        return try decode(T.self, at: index, path: [JoltCaseKey](), forKey: JoltCaseKey(key))
    }

    /// The value at `key`; `value` when the key is missing or `null`, or the value does not decode.
    public func _joltCaseValue<T: Decodable>(_ type: T.Type, key: StaticString, default value: @autoclosure () -> T) -> T {
        guard let index = member(key), !isNull(at: index),
              let decoded = try? decode(T.self, at: index, path: [JoltCaseKey](), forKey: JoltCaseKey(key))
        else { return value() }
        return decoded
    }

    /// The value at the first of `paths` (each a list of keys, objects all the
    /// way to the last) that holds one that decodes.
    /// - Throws: the first present value's error when none decodes, else
    ///   `keyNotFound` for the first path.
    public func _joltCaseValue<T: Decodable>(_ type: T.Type, paths: [[StaticString]]) throws -> T {
        var firstError: (any Error)?
        if let value = joltFirstValue(T.self, paths: paths, &firstError) { return value }
        throw firstError ?? joltMissing(paths: paths)
    }

    /// The value at the first of `paths` that holds one that decodes; nil when
    /// every path is missing or `null`.
    /// - Throws: when a present value does not decode, and no later path holds one that does.
    public func _joltCaseValueIfPresent<T: Decodable>(_ type: T.Type, paths: [[StaticString]]) throws -> T? {
        var firstError: (any Error)?
        if let value = joltFirstValue(T.self, paths: paths, &firstError) { return value }
        if let firstError { throw firstError }
        return nil
    }

    /// The value at the first of `paths` that holds one that decodes; `value` when none does.
    public func _joltCaseValue<T: Decodable>(_ type: T.Type, paths: [[StaticString]], default value: @autoclosure () -> T) -> T {
        var firstError: (any Error)?
        return joltFirstValue(T.self, paths: paths, &firstError) ?? value()
    }

    /// The first value of `paths` that decodes; nil when none does, with the
    /// first present value's error in `firstError`. A path is skipped when a key
    /// on the way is missing or not an object, or its value is missing or `null`.
    private func joltFirstValue<T: Decodable>(_ type: T.Type, paths: [[StaticString]], _ firstError: inout (any Error)?) -> T? {
        for path in paths {
            guard let index = locate(path), !isNull(at: index) else { continue }
            let keys = path.map(JoltCaseKey.init)
            do {
                return try decode(T.self, at: index, path: Array(keys.dropLast()), forKey: keys[keys.count - 1])
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        return nil
    }

    /// The tape index of the value at `path`, objects all the way.
    private func locate(_ path: [StaticString]) -> Int? {
        var index = member(path[0])
        for key in path.dropFirst() { index = member(key, of: index) }
        return index
    }

    /// `init(from:)`'s error when no path holds a value: `keyNotFound` for the
    /// last key of the first path, at the path of the object holding it when
    /// the objects on the way are there (else at the case's object).
    private func joltMissing(paths: [[StaticString]]) -> DecodingError {
        let first = paths[0]
        let holderPath = Array(first.dropLast())
        var codingPath = decoder.codingPath
        if holderPath.isEmpty || locate(holderPath).map(isObject(at:)) == true {
            codingPath += holderPath.map { _JoltAnyCodingKey(stringValue: JoltCaseKey($0).stringValue) }
        }
        let keys = paths.map { $0.map { JoltCaseKey($0).stringValue }.joined(separator: ".") }
        return DecodingError.keyNotFound(_JoltAnyCodingKey(stringValue: JoltCaseKey(first[first.count - 1]).stringValue),
                                         DecodingError.Context(codingPath: codingPath, debugDescription: joltMissingDescription(keys)))
    }
}

/// A key of an enum case's object, or of one of its values, on the coding path
/// while the direct reading reads it: its text is made only when the path is read.
struct JoltCaseKey: CodingKey {
    let text: StaticString

    init(_ text: StaticString) {
        self.text = text
    }

    var stringValue: String { text.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
    var intValue: Int? { nil }

    // Never made from a string or an integer: only the generated code's keys.
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
