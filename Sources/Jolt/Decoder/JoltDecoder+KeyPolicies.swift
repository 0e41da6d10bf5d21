import Foundation

extension JoltDecoder {
    /// What a decode does with an object that has the same key more than once.
    ///
    /// RFC 8259 leaves duplicate names undefined. Foundation silently uses the
    /// first; a proxy or another parser may use the last, which is how a payload
    /// can mean one thing to a validator and another to the service behind it.
    ///
    /// ```swift
    /// decoder.duplicateKeyPolicy = .reject
    /// // {"role": "user", "role": "admin"} now throws
    /// // DecodingError.dataCorrupted: Duplicate key "role" at line 1, column 18 (byte 17)
    /// ```
    public enum DuplicateKeyPolicy: Sendable, Hashable {
        /// The first occurrence wins; later ones are ignored. **The default**, and
        /// what Foundation does.
        case useFirst
        /// The last occurrence wins.
        case useLast
        /// A `DecodingError.dataCorrupted` at the object's coding path whose
        /// underlying ``JoltSyntaxError`` has kind `.duplicateKey(name)` and the
        /// offset, line and column of the second occurrence. Checked for every
        /// object decoded through a keyed container or as `[String: Value]`; keys
        /// are compared after unescaping and, under a key decoding strategy, also
        /// after conversion (`user_name` and `userName` collide under
        /// `.convertFromSnakeCase`). Objects skipped by the model are not checked.
        case reject
    }

    /// What to do with duplicate keys. Default ``DuplicateKeyPolicy/useFirst``.
    public var duplicateKeyPolicy: DuplicateKeyPolicy {
        get { state.withLock { $0.duplicateKeyPolicy } }
        set { state.withLock { $0.duplicateKeyPolicy = newValue } }
    }
}
