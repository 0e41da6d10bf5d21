#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds members of one object by name when a linear byte search does not fit:
/// objects with many members, and objects whose keys are converted by a
/// ``JoltDecoder/KeyDecodingStrategy``. Built once per keyed container; the first
/// of duplicate names wins, as in Foundation.
final class KeyLookup {
    /// Name (after conversion) to the tape index of the member's value.
    private var table: [String: Int]
    /// The first name met twice (after conversion), with the tape index of its
    /// second key entry: what ``JoltDecoder/DuplicateKeyPolicy/reject`` reports.
    private(set) var firstCollision: (name: String, keyIndex: Int)?
    /// The converted name of each member in document order, when converting.
    private(set) var convertedKeys: [String]? = nil

    /// An index of the raw names of the object at `object`.
    init(indexing decoder: TapeDecoder, object: Int) {
        let e = decoder.entries[object]
        table = Dictionary(minimumCapacity: e.count)
        convertedKeys = nil
        let useLast = decoder.context.duplicateKeyPolicy == .useLast
        var members = TapeMembers(decoder.entries, object: object)
        while members.next() {
            insert(decoder.keyString(at: members.key), keyIndex: members.key, useLast: useLast)
        }
    }

    /// Records the member whose key entry is at `keyIndex` under `name`.
    @inline(__always)
    private func insert(_ name: String, keyIndex: Int, useLast: Bool) {
        if table[name] == nil {
            table[name] = keyIndex &+ 1
        } else {
            if firstCollision == nil { firstCollision = (name, keyIndex) }
            if useLast { table[name] = keyIndex &+ 1 }
        }
    }

    /// An index of the converted names of the object at `object`.
    init(converting decoder: TapeDecoder, object: Int, strategy: JoltDecoder.KeyDecodingStrategy, path: [any CodingKey]) {
        let e = decoder.entries[object]
        table = Dictionary(minimumCapacity: e.count)
        var converted: [String] = []
        converted.reserveCapacity(e.count)
        let useLast = decoder.context.duplicateKeyPolicy == .useLast
        var members = TapeMembers(decoder.entries, object: object)
        while members.next() {
            let j = members.key
            let raw = decoder.keyString(at: j)
            let name: String
            if case .custom(let convert) = strategy {
                name = convert(path + [JoltCodingKey.string(raw)]).stringValue
            } else if let cached = decoder.context.convertedKeyCache[raw] {
                name = cached
            } else {
                name = JoltDecoder.KeyDecodingStrategy.convert(raw, strategy)
                decoder.context.convertedKeyCache[raw] = name
            }
            // Case-insensitive matching lists the keys as written (a coding key's
            // own spelling is unknown); the table holds them lowercased.
            converted.append(strategy.foldsCase ? raw : name)
            insert(name, keyIndex: j, useLast: useLast)
        }
        convertedKeys = converted
        foldsCase = strategy.foldsCase
    }

    /// Whether names are looked up case-insensitively (the table holds lowercased names).
    private(set) var foldsCase = false

    @inline(__always)
    func find(_ name: String) -> Int? {
        table[foldsCase ? name.lowercased() : name]
    }

    /// Whether the escaped key entry `k` unescapes to `wanted`.
    static func escapedKey(_ k: TapeEntry, in input: UnsafePointer<UInt8>, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        // Unescaped text is never longer than the raw text.
        guard wanted.count <= k.length else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(k.length, 1)) { buffer in
            let n = StringDecoding.unescape(input + k.offset, count: k.length, into: buffer.baseAddress!)
            return n == wanted.count && (n == 0 || memcmp(buffer.baseAddress!, wanted.baseAddress!, n) == 0)
        }
    }
}
