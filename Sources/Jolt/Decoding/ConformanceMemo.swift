import Synchronization

/// The answers of ``MarkerConformances`` for every type a decoder's decodes
/// have met, kept for its later decodes: whether the type conforms to
/// ``JoltArrayMarker``, ``JoltStringDictionaryMarker`` and (decoding directly)
/// `_JoltDirectDecodable`.
///
/// The runtime's own conformance look-up (`T.self as? P.Type`) costs far more
/// than a hash look-up on Linux, and asked again by every decode for every type
/// it meets, it would be a large part of the work of decoding a document of many
/// types. A decoder holds one memo, shared by copies of its options and by its
/// streams; a decode asks it once per type (a lock and a hash look-up), then
/// answers from its own table.
///
/// The answers depend on the type only, so a memo is shared across threads
/// (behind a lock) and never invalidated.
///
/// ```swift
/// let memo = ConformanceMemo()
/// let answers = memo.answers(for: [Item].self)  // asks the runtime
/// _ = memo.answers(for: [Item].self)            // from the memo
/// ```
final class ConformanceMemo: Sendable {
    /// What the runtime said about one type.
    struct Answers: @unchecked Sendable {
        // Metatypes of the type itself: immutable, safe to share between threads.
        var array: JoltArrayMarker.Type?
        var dictionary: JoltStringDictionaryMarker.Type?
        /// Nil also when the conformance only forwards to `init(from:)`
        /// (`_.joltDecodesDirectly` false).
        var direct: (any _JoltDirectDecodable.Type)?

        init(array: JoltArrayMarker.Type? = nil, dictionary: JoltStringDictionaryMarker.Type? = nil,
             direct: (any _JoltDirectDecodable.Type)? = nil) {
            self.array = array
            self.dictionary = dictionary
            self.direct = direct
        }

        /// Asks the runtime.
        init(of type: Any.Type) {
            array = type as? JoltArrayMarker.Type
            dictionary = type as? JoltStringDictionaryMarker.Type
            let direct = type as? any _JoltDirectDecodable.Type
            self.direct = direct?.joltDecodesDirectly == true ? direct : nil
        }
    }

    private let table = Mutex<[ObjectIdentifier: Answers]>([:])

    init() {}

    /// The answers for `type`, from the memo or, the first time, from the runtime.
    func answers(for type: Any.Type) -> Answers {
        let id = ObjectIdentifier(type)
        if let known = table.withLock({ $0[id] }) { return known }
        // Asked outside the lock: a cast may load metadata and take the runtime's
        // own locks. Two threads may both ask; they get the same answers.
        let answers = Answers(of: type)
        table.withLock { $0[id] = answers }
        return answers
    }

    /// How many types the memo holds (for tests).
    var count: Int { table.withLock { $0.count } }
}
