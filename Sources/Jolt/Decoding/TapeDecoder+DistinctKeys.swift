/// Whether an object's keys are pairwise different, decided once per object and
/// kept in its tape flags: keyed containers use it to search from a hint, and
/// `[String: Value]` dictionaries to build themselves in one go.
extension TapeDecoder {
    /// Whether the raw keys of the object at tape index `object` are known to be
    /// pairwise different.
    @inline(__always)
    func keysAreDistinct(inObject object: Int) -> Bool {
        var flags = entries[object].flags
        if flags & TapeFlags.keysChecked == 0 { flags = checkKeysDistinct(inObject: object) }
        return flags & TapeFlags.keysDistinct != 0
    }

    /// Whether the raw text of the key at tape index `j` is all ASCII.
    @inline(__always)
    func keyIsASCII(at j: Int) -> Bool {
        let k = entries[j]
        return StringDecoding.isASCII(input + k.offset, count: k.length)
    }

    /// Decides once per object whether its keys are distinct (all unescaped with
    /// pairwise different signatures; a shared signature counts as "maybe not"),
    /// and records it in the object's flags.
    @inline(never)
    func checkKeysDistinct(inObject object: Int) -> UInt8 {
        let entries = entries
        let e = entries[object]
        var distinct = true
        // An open-addressing set of the members' keys, at most half full, probed
        // by signature (length and first four bytes): one probe per member on
        // average instead of a compare with every earlier member. Keys with the
        // same signature (`profile_link_color`, `profile_text_color`) are told
        // apart by their bytes.
        var slots = 16
        while slots < e.count &* 2 { slots &<<= 1 }
        let mask = slots &- 1
        let input = input
        withUnsafeTemporaryAllocation(of: Int.self, capacity: slots) { table in
            table.initialize(repeating: -1)   // -1: an empty slot; else a key's tape index
            var members = TapeMembers(entries, object: object)
            members: while members.next() {
                let j = members.key
                let k = entries[j]
                if k.isEscaped { distinct = false; break }
                let signature = k.payload
                var slot = Int(truncatingIfNeeded: (signature &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
                while table[slot] >= 0 {
                    let other = entries[table[slot]]
                    if other.payload == signature
                        && (k.length <= 4 || TapeEntry.equalTail(input + k.offset, input + other.offset, k.length)) {
                        distinct = false
                        break members
                    }
                    slot = (slot &+ 1) & mask
                }
                table[slot] = j
            }
        }
        let flags = TapeFlags.keysChecked | (distinct ? TapeFlags.keysDistinct : 0)
        entries[object].header |= UInt64(flags) << 56
        return e.flags | flags
    }
}
