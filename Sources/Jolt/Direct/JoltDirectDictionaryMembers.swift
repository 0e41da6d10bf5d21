/// A cursor over the members of an object decoded as `[String: T]`, where `T`
/// reads itself directly: what ``JoltDirectMembers/decode(_:forKey:)-([String:T].Type,_)``
/// builds its dictionary with, `@inlinable` so that the dictionary is built where
/// `T` is concrete. The decoder's generic code looked up the metadata of the
/// dictionary's storage and of `T?` on every insertion (about 650 instructions).
///
/// It keeps the rules of `Dictionary.joltDecode(from:at:)`: the first of
/// duplicate keys wins (unless the policy is `.useLast`), values' paths end in
/// a key whose `intValue` is the key read as an integer when keys are used as
/// written, and no earlier value is looked up while every key so far is ASCII
/// and the keys are known to be distinct. (The direct path is taken today only
/// with keys as written and the first of duplicates winning; the other rules are
/// kept so that this reading cannot drift from that one.) While the cursor is open
/// the decoder stands on the object with its key on the coding path; ``finish()``
/// restores both.
///
/// ```swift
/// guard var members = try directDictionary(T.self, forKey: key) else { … }
/// defer { members.finish() }
/// var result: [String: T] = [:]
/// result.reserveCapacity(members.count)
/// while let name = members.nextKey() {
///     if members.insertsWithoutLookup || result[name] == nil { result[name] = try members.decode(T.self) }
/// }
/// ```
@usableFromInline
struct JoltDirectDictionaryMembers {
    /// The tape index of the current member's key, and of the next member's.
    var keyIndex: Int
    var following: Int
    let end: Int
    /// The number of members.
    @usableFromInline let count: Int
    /// Whether a value is stored without looking for an earlier one: the keys
    /// seen so far are distinct, or the last of duplicates wins.
    @usableFromInline var insertsWithoutLookup: Bool
    var distinct: Bool
    let lastWins: Bool
    let asWritten: Bool
    var key: String = ""
    let tape: TapeDecoder
    let savedIndex: Int

    /// Opens the object at `object` (its entry `entry`): the decoder stands on
    /// it with `key` pushed.
    init<K: CodingKey>(_ tape: TapeDecoder, object: Int, entry: TapeEntry, key: K) {
        self.tape = tape
        keyIndex = object
        following = object &+ 1
        end = entry.end
        count = entry.count
        asWritten = tape.context.usesDefaultKeys
        lastWins = tape.context.duplicateKeyPolicy == .useLast
        distinct = entry.count > 1 && tape.keysAreDistinct(inObject: object)
        insertsWithoutLookup = distinct || lastWins
        savedIndex = tape.index
        tape.path.append(key)
        tape.index = object
    }

    /// The next member's key; nil past the last member.
    @usableFromInline
    mutating func nextKey() -> String? {
        guard following < end else { return nil }
        keyIndex = following
        following = tape.next(after: keyIndex &+ 1)
        // Distinct bytes make distinct strings only while every key is ASCII:
        // a string compares by canonical equivalence ("\u{212A}" == "K").
        if distinct && !tape.keyIsASCII(at: keyIndex) {
            distinct = false
            insertsWithoutLookup = lastWins
        }
        key = tape.keyString(at: keyIndex)
        return key
    }

    /// The current member's value, read directly (or, when that fails, through
    /// its `init(from:)`, which throws the real error).
    @usableFromInline
    func decode<T: JoltDirectDecodable>(_ type: T.Type) throws -> T {
        let codingKey: JoltCodingKey = asWritten ? .dictionary(key) : .string(key)
        return try tape.decodeDirectValue(type, at: keyIndex &+ 1, key: codingKey)
    }

    /// Puts the decoder back where it stood before the object was opened.
    @usableFromInline
    func finish() {
        tape.index = savedIndex
        tape.path.removeLast()
    }
}
