#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    /// What a decode does with keys of the JSON that no decoded type asked for
    /// (schema drift: a field added by the producer, a typo in either side).
    ///
    /// Only objects decoded through a keyed container are checked (the objects of
    /// your models, not `[String: Value]` dictionaries, whose keys are all used,
    /// nor values skipped whole). A key counts as asked for once an `init(from:)`
    /// decoded it or called `contains` on it.
    ///
    /// ```swift
    /// decoder.unknownKeyPolicy = .report
    /// let (order, report) = try decoder.decodeWithReport(Order.self, from: data)
    /// ```
    public enum UnknownKeyPolicy: Sendable, Hashable {
        /// Unknown keys are skipped without a trace. **The default**, and
        /// Foundation's behaviour; costs nothing.
        case ignore
        /// Each unknown key is an issue of kind `.unknownKey` in the decode report
        /// (`decodeWithReport(_:from:)`), with its path and offset.
        case report
        /// The decode throws `DecodingError.dataCorrupted` at the path of the
        /// first unknown key (in document order), whose underlying
        /// ``JoltSyntaxError`` has kind `.unknownKey(name)` and its position.
        case reject
    }

    /// What to do with keys no decoded type asked for. Default ``UnknownKeyPolicy/ignore``.
    public var unknownKeyPolicy: UnknownKeyPolicy {
        get { state.withLock { $0.unknownKeyPolicy } }
        set { state.withLock { $0.unknownKeyPolicy = newValue } }
    }

    /// What to do with duplicate keys. Default ``DuplicateKeyPolicy/useFirst``.
    public var duplicateKeyPolicy: DuplicateKeyPolicy {
        get { state.withLock { $0.duplicateKeyPolicy } }
        set { state.withLock { $0.duplicateKeyPolicy = newValue } }
    }
}
