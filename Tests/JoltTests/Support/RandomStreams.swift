@testable import Jolt

/// Random streams for the framing tests: arrays or concatenated values of
/// objects (keys with escapes, strings with quotes, escapes and non-ASCII
/// text, nested arrays and objects) and scalars, most of them then broken.
///
/// ```swift
/// var rng = SplitMix64(seed: 1)
/// var bytes = RandomStreams.stream(concatenated: false, using: &rng)
/// RandomStreams.corrupt(&bytes, using: &rng)
/// ```
enum RandomStreams {
    /// A random stream, most of them corrupted somewhere, with its format and
    /// random limits, error policy and waiting (see ``randomCase(using:)``).
    struct Case {
        var bytes: [UInt8]
        var format: JoltStreamFormat
        var policy: JoltStreamErrorPolicy
        var maxElementBytes: Int
        var maxDepth: Int
        var maxStringBytes: Int
        /// Whether the stream decoder waits for whole elements, as for a file.
        var waits: Bool

        /// Applies the case's limits to a decoder.
        func configure(_ decoder: JoltDecoder) {
            decoder.limits.maxDepth = maxDepth
            decoder.limits.maxStringBytes = maxStringBytes
        }

        var label: String {
            "\(policy) max \(maxElementBytes) depth \(maxDepth) string \(maxStringBytes) waits \(waits): \(String(decoding: bytes, as: UTF8.self))"
        }
    }

    /// Calls `body` with `rounds` random cases from `seed`, each in chunks of 1,
    /// 3, 17 and 64 bytes and whole.
    static func forEachCase(rounds: Int, seed: UInt64, _ body: (_ round: Int, _ test: Case, _ chunk: Int) -> Void) {
        var rng = SplitMix64(seed: seed)
        for round in 0..<rounds {
            let test = randomCase(using: &rng)
            for chunk in [1, 3, 17, 64, test.bytes.count + 1] { body(round, test, chunk) }
        }
    }

    /// An array (or, one time in four, concatenated values) of random elements,
    /// left intact one time in four, under limits that bite now and then.
    static func randomCase(using rng: inout SplitMix64) -> Case {
        let concatenated = Int.random(in: 0..<4, using: &rng) == 0
        var bytes = stream(concatenated: concatenated, using: &rng)
        corrupt(&bytes, using: &rng)
        return Case(bytes: bytes, format: concatenated ? .concatenated : .array,
                    policy: Bool.random(using: &rng) ? .stop : .skip,
                    maxElementBytes: [20, 80, 64 << 20].randomElement(using: &rng)!,
                    maxDepth: [2, 4, 512].randomElement(using: &rng)!,
                    maxStringBytes: [4, 1 << 20].randomElement(using: &rng)!,
                    waits: Bool.random(using: &rng))
    }

    static func stream(concatenated: Bool, using rng: inout SplitMix64) -> [UInt8] {
        let count = Int.random(in: 0..<6, using: &rng)
        var text = concatenated ? "" : "["
        for i in 0..<count {
            if i > 0 { text += concatenated ? [" ", "\n", ""].randomElement(using: &rng)! : [",", ", ", " ,\n"].randomElement(using: &rng)! }
            text += Int.random(in: 0..<5, using: &rng) == 0 ? value(depth: 2, using: &rng) : object(depth: 0, using: &rng)
        }
        if !concatenated { text += "]" }
        return Array(text.utf8)
    }

    static func object(depth: Int, using rng: inout SplitMix64) -> String {
        let keys = ["a", "b", "c", "a\\u0062", "ü"]
        let members = (0..<Int.random(in: 0..<4, using: &rng)).map { _ -> String in
            let key = keys.randomElement(using: &rng)!
            let text = key == "a" && Bool.random(using: &rng) ? String(Int.random(in: -5...5, using: &rng))
                : key == "b" && Bool.random(using: &rng) ? #"["x", "\u00e9", "😀"]"# : value(depth: depth + 1, using: &rng)
            return "\"\(key)\":\(text)"
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func value(depth: Int, using rng: inout SplitMix64) -> String {
        switch Int.random(in: 0..<(depth > 3 ? 6 : 8), using: &rng) {
        case 0: return "null"
        case 1: return Bool.random(using: &rng) ? "true" : "false"
        case 2: return ["0", "-1.5e3", "12345678901234567890", "3.25"].randomElement(using: &rng)!
        case 3: return ["\"\"", "\"plain\"", "\"é😀\"", #""tab\tquote\"""#, #""\ud83d\ude00""#].randomElement(using: &rng)!
        case 4: return "\"" + String(repeating: "s", count: Int.random(in: 0..<40, using: &rng)) + "\""
        case 5: return "[]"
        case 6: return "[" + (0..<Int.random(in: 1..<4, using: &rng)).map { _ in value(depth: depth + 1, using: &rng) }.joined(separator: ",") + "]"
        default: return object(depth: depth + 1, using: &rng)
        }
    }

    /// Leaves the stream intact one time in four; else cuts it, or puts a byte
    /// that breaks or bends it somewhere.
    static func corrupt(_ bytes: inout [UInt8], using rng: inout SplitMix64) {
        guard !bytes.isEmpty, Int.random(in: 0..<4, using: &rng) != 0 else { return }
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        let bad: [UInt8] = [0x0B, 0x0C, 0x00, 0x1F, 0xFF, 0xC3, 0xED, 0x80, 0x7B, 0x7D, 0x5B, 0x5D, 0x22, 0x5C, 0x2C, 0x3A, 0x20, 0x0A, 0x78]
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: bytes.removeSubrange(at...)
        case 1: bytes[at] = bad.randomElement(using: &rng)!
        case 2: bytes.insert(bad.randomElement(using: &rng)!, at: at)
        default: bytes.remove(at: at)
        }
    }
}
