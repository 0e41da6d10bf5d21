import Jolt

// The associated values of an enum case, read by the code the macros write for
// the enum's direct reading, from the case's object (`_.joltCase(at:key:_:)`),
// with the rules `init(from:)`'s `joltDecode(paths:)` helpers apply: the first
// path whose value is present, not `null`, and decodes.
//
// ```swift
// // What @Codable writes for `case video(id: String, minutes: Int = 0)` ({"video": {"id": "a"}}):
// } else if let at = reader.member("video") {
//     self = try reader.joltCase(at: at, key: "video") { values in
//         Self.video(id: try values.joltCaseValue(String.self, key: "id"),
//                    minutes: values.joltCaseValue(Int.self, key: "minutes", default: 0))
//     }
// }
// ```
//
// A value that is missing or does not decode throws (`_.failure`,
// or the value's own error): the decoder then reads the enum again through
// `init(from:)`, which throws the error Foundation would.
extension _JoltDirectReader {
    /// `body`'s result on the reader for the object at `index`, the value of
    /// this object's member `key`, with `key` on the coding path.
    /// - Throws: when that value is not an object, or what `body` throws.
    public func joltCase<R>(at index: Int, key: StaticString, _ body: (_JoltDirectReader) throws -> R) throws -> R {
        try nested(at: index, forKey: JoltCaseKey(key), body)
    }

    // The three one-key readers below each look the key up and decode it
    // themselves: through a shared helper returning `T?`, the unspecialized
    // generic optional would cost noticeably more on every case value read.

    /// The value at `key`.
    /// - Throws: when the key is missing or `null`, or the value does not decode.
    public func joltCaseValue<T: Decodable>(_ type: T.Type, key: StaticString) throws -> T {
        guard let index = member(key), !isNull(at: index) else { throw _JoltDirectReader.failure }
        return try decode(T.self, at: index, path: [JoltCaseKey](), forKey: JoltCaseKey(key))
    }

    /// The value at `key`, nil when the key is missing or `null`.
    /// - Throws: when the value does not decode.
    public func joltCaseValueIfPresent<T: Decodable>(_ type: T.Type, key: StaticString) throws -> T? {
        guard let index = member(key), !isNull(at: index) else { return nil }
        return try decode(T.self, at: index, path: [JoltCaseKey](), forKey: JoltCaseKey(key))
    }

    /// The value at `key`; `value` when the key is missing or `null`, or the value does not decode.
    public func joltCaseValue<T: Decodable>(_ type: T.Type, key: StaticString, default value: @autoclosure () -> T) -> T {
        guard let index = member(key), !isNull(at: index),
              let decoded = try? decode(T.self, at: index, path: [JoltCaseKey](), forKey: JoltCaseKey(key))
        else { return value() }
        return decoded
    }

    /// The value at the first of `paths` (each a list of keys, objects all the
    /// way to the last) that holds one that decodes.
    /// - Throws: when no path holds one.
    public func joltCaseValue<T: Decodable>(_ type: T.Type, paths: [[StaticString]]) throws -> T {
        guard let value = try joltFirstValue(T.self, paths: paths) else { throw _JoltDirectReader.failure }
        return value
    }

    /// The value at the first of `paths` that holds one that decodes; nil when
    /// every path is missing or `null`.
    /// - Throws: when a present value does not decode, and no later path holds one that does.
    public func joltCaseValueIfPresent<T: Decodable>(_ type: T.Type, paths: [[StaticString]]) throws -> T? {
        try joltFirstValue(T.self, paths: paths)
    }

    /// The value at the first of `paths` that holds one that decodes; `value` when none does.
    public func joltCaseValue<T: Decodable>(_ type: T.Type, paths: [[StaticString]], default value: @autoclosure () -> T) -> T {
        guard let decoded = try? joltFirstValue(T.self, paths: paths) else { return value() }
        return decoded
    }

    /// The first value of `paths` that decodes; nil when every path is missing
    /// or `null`; throws when values are present and none decodes.
    private func joltFirstValue<T: Decodable>(_ type: T.Type, paths: [[StaticString]]) throws -> T? {
        var failed = false
        for path in paths {
            var index = member(path[0])
            for key in path.dropFirst() { index = member(key, of: index) }
            guard let index, !isNull(at: index) else { continue }
            let keys = path.map(JoltCaseKey.init)
            do {
                return try decode(T.self, at: index, path: Array(keys.dropLast()), forKey: keys[keys.count - 1])
            } catch {
                failed = true
            }
        }
        if failed { throw _JoltDirectReader.failure }
        return nil
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
