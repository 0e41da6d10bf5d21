/// A cursor over the members of an object decoded as a `[String: Value]`: the
/// rules both `Dictionary.joltDecode(from:at:)` and the direct path's
/// `_.decode(_:forKey:)-([String:T].Type,_)` build a dictionary by.
///
/// - The first of duplicate keys wins, unless the policy is `.useLast`
///   (``insertsWithoutLookup``); under `.reject` a second one is an error
///   (``rejectsDuplicates``).
/// - No earlier value is looked up while the keys are known to be distinct and
///   every key so far is ASCII: for a value type only known generically, that
///   lookup costs a third as much as the insertion.
/// - A value's path ends in a key whose `intValue` is the key read as an integer
///   when keys are used as written (the standard library's `_DictionaryCodingKey`),
///   and nil under a key strategy (Foundation's own dictionary path).
///
/// The direct path builds the dictionary in `@inlinable` code, where `Value` is
/// concrete: the decoder's generic code would look up the metadata of the dictionary's
/// storage on every insertion. It opens the cursor (``open(key:)``: the decoder
/// stands on the object with its key on the coding path, as the decoder puts it for
/// `Dictionary.joltDecode`) and ``finish()``es it.
///
/// ```swift
/// var members = DictionaryMembers(decoder, object: i, entry: decoder.entries[i])
/// while let key = members.nextKey() {
///     if members.insertsWithoutLookup || result[key] == nil {
///         result.updateValue(try decode(members.valueIndex, members.codingKey), forKey: key)
///     } else if members.rejectsDuplicates { throw … }
/// }
/// ```
@usableFromInline
struct DictionaryMembers {
    /// The position among the object's members.
    private var members: TapeMembers
    /// The tape index of the current member's key.
    var keyIndex: Int { members.key }
    /// The number of members.
    @usableFromInline let count: Int
    /// Whether a value is stored without looking for an earlier one: the keys
    /// seen so far are distinct, or the last of duplicates wins.
    @usableFromInline private(set) var insertsWithoutLookup: Bool
    /// Whether a duplicate key that does not win is an error.
    let rejectsDuplicates: Bool
    private var distinct: Bool
    private let lastWins: Bool
    private let asWritten: Bool
    /// The current member's key.
    private(set) var key: String = ""
    let tape: TapeDecoder
    private let object: Int
    private let savedIndex: Int

    init(_ tape: TapeDecoder, object: Int, entry: TapeEntry) {
        self.tape = tape
        self.object = object
        members = TapeMembers(tape.entries, object: object)
        count = entry.count
        asWritten = tape.context.usesDefaultKeys
        let policy = tape.context.duplicateKeyPolicy
        lastWins = policy == .useLast
        rejectsDuplicates = policy == .reject
        distinct = entry.count > 1 && tape.keysAreDistinct(inObject: object)
        insertsWithoutLookup = distinct || lastWins
        savedIndex = tape.index
    }

    /// The next member's key; nil past the last member.
    @usableFromInline
    mutating func nextKey() -> String? {
        guard members.next() else { return nil }
        // Distinct bytes make distinct strings only while every key is ASCII:
        // a string compares by canonical equivalence ("\u{212A}" == "K").
        if distinct && !tape.keyIsASCII(at: keyIndex) {
            distinct = false
            insertsWithoutLookup = lastWins
        }
        key = tape.keyString(at: keyIndex)
        return key
    }

    /// The tape index of the current member's value.
    var valueIndex: Int { members.value }

    /// The coding key of the current member's value.
    var codingKey: JoltCodingKey { asWritten ? .dictionary(key) : .string(key) }

    /// Stands the decoder on the object, with `key` pushed on its coding path.
    func open<K: CodingKey>(key: K) {
        tape.path.append(key)
        tape.index = object
    }

    /// Puts the decoder back where it stood before ``open(key:)``.
    @usableFromInline
    func finish() {
        tape.index = savedIndex
        tape.path.removeLast()
    }

    /// The current member's value, read directly (or, when that fails, through
    /// its `init(from:)`, which throws the real error).
    @usableFromInline
    func decode<T: _JoltDirectDecodable>(_ type: T.Type) throws -> T {
        try tape.decodeDirectValue(type, at: valueIndex, key: codingKey)
    }
}
