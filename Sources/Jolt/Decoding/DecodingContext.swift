#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every ``TapeDecoder`` of one decode shares: the tape, the input bytes and
/// the options.
///
/// The input is borrowed from the caller for the duration of the decode. If a
/// decoder or container escapes (an `init(from:)` that stores its decoder), the
/// context copies the input when the decode ends, so a late read stays valid;
/// Foundation does the same.
final class DecodingContext {
    let tape: Tape
    let entries: UnsafeMutablePointer<TapeEntry>
    /// A heap cell holding the input's address, so it can be swapped for a copy
    /// without an exclusivity check on every read.
    let inputCell: UnsafeMutablePointer<UnsafePointer<UInt8>>
    let inputCount: Int
    let options: DecoderOptions
    /// `options.userInfo`, converted once.
    let userInfo: [CodingUserInfoKey: Any]
    /// Whether keys are matched as written (no key strategy), read on every
    /// container creation without copying the options.
    let usesDefaultKeys: Bool
    /// `options.duplicateKeyPolicy`, read on every container creation.
    let duplicateKeyPolicy: JoltDecoder.DuplicateKeyPolicy
    /// `options.keyMappings`, nil when empty: the decoder then never records
    /// which type asked for a container.
    let keyMappings: KeyMappings?
    /// `keyMappings != nil`, as a plain flag: tested on every nested decode,
    /// where reading the optional would retain and release its storage.
    let hasKeyMappings: Bool
    /// Whether a key that is not found may still be found another way (a key
    /// path or an alternative key).
    let hasKeyFallbacks: Bool
    /// Whether found members and keyed objects are recorded, to find unknown keys.
    let tracksKeys: Bool
    /// `options.scalarConversion == .lenient`, read after a type mismatch.
    let lenientScalars: Bool
    /// Tape indexes of member values some `init(from:)` asked for (when tracking keys).
    var askedValues = Set<Int>()
    /// Objects decoded through a keyed container, with their coding paths (when
    /// tracking keys or reporting).
    var keyedObjects: [Int: [any CodingKey]] = [:]
    /// JSON key to converted name under the decode's key strategy (not `.custom`,
    /// whose result may depend on the path): each distinct key is converted once
    /// per decode, not once per object.
    var convertedKeyCache: [String: String] = [:]
    /// The marker conformances of the types met in this decode and, with a
    /// scratch, in the decodes before it.
    let conformances: MarkerConformances
    /// The mutable state containers need, behind a pointer (a class's stored
    /// `var`s would cost a dynamic exclusivity check on every access), in the
    /// allocation that holds the input's address.
    struct ContainerState {
        /// Keyed containers to reuse: those of the ``DecodeScratch`` this decode
        /// was given (lent by the decoder, or a stream's), shared with the decodes
        /// before and after it; nil without a scratch and once the decode is over.
        var cache: KeyedContainerCache?
        /// The errors the direct path's objects recorded, in their slots (see
        /// `_JoltDirectMembers.fail(_:order:)`).
        var directFailures: [any Error] = []
        #if DEBUG
        /// Values read on the direct path, for ``DirectPathProbe``.
        var directReads = 0
        #endif
    }
    let containerState: UnsafeMutablePointer<ContainerState>
    /// Whether a keyed container may come from the cache: no duplicate
    /// key check, key tracking or report needs to see each one made.
    let reusesKeyedContainers: Bool
    /// Whether `_JoltDirectDecodable` types take their direct path in this
    /// decode: options it honours itself (see `_JoltDirectDecodable`).
    let usesDirectPath: Bool
    /// The recoveries so far, when a report was asked for; nil otherwise.
    private(set) var issues: [JoltDecodeReport.Issue]?
    private var ownedCopy: UnsafeMutableRawPointer?

    init(tape: Tape, input: UnsafeRawBufferPointer, options: DecoderOptions, reporting: Bool = false,
         scratch: DecodeScratch? = nil) {
        self.tape = tape
        self.entries = tape.entries
        self.inputCount = input.count
        self.options = options
        self.userInfo = options.userInfo
        self.conformances = scratch?.conformances ?? MarkerConformances(memo: options.caches.memo)
        self.usesDefaultKeys = options.keyDecodingStrategy.isDefault
        self.duplicateKeyPolicy = options.duplicateKeyPolicy
        self.keyMappings = options.keyMappings.isEmpty ? nil : options.keyMappings
        self.hasKeyMappings = !options.keyMappings.isEmpty
        self.hasKeyFallbacks = options.keyPathSeparator != nil || !options.keyMappings.isEmpty
        self.tracksKeys = options.unknownKeyPolicy == .reject || (options.unknownKeyPolicy == .report && reporting)
        self.lenientScalars = options.scalarConversion == .lenient
        self.issues = reporting ? [] : nil
        self.isReporting = reporting
        self.reusesKeyedContainers = options.duplicateKeyPolicy != .reject && !tracksKeys && !reporting
        self.usesDirectPath = options.usesDirectPath && !reporting && !tracksKeys && options.duplicateKeyPolicy == .useFirst
            && options.keyDecodingStrategy.isDefault && !hasKeyFallbacks
        // The input's address and the container state in one allocation.
        (inputCell, containerState) = UnsafeMutablePointer<UnsafePointer<UInt8>>.allocate(followedBy: ContainerState.self, count: 1)
        inputCell.initialize(to: input.baseAddress!.assumingMemoryBound(to: UInt8.self))
        containerState.initialize(to: ContainerState(cache: scratch?.keyedContainers))
    }

    /// Ends the decode: the cached containers let go of their decoders, which
    /// hold this context (a reference cycle until then), and keep pointing at
    /// nothing of it (``KeyedContainerCache/detach()``).
    ///
    /// After it, this context uses no cache: a decoder kept past the decode
    /// makes plain containers, and never touches the scratch's cache, which the
    /// next decode given that scratch may be using on another thread.
    func finish() {
        let cache = containerState.pointee.cache
        containerState.pointee.cache = nil
        cache?.detach()
    }

    /// The cache for the next keyed container: the scratch's, nil without one
    /// or after the decode.
    @inline(__always)
    var keyedContainerCache: KeyedContainerCache? { containerState.pointee.cache }

    /// Gives the context its own copy of the input. Called when the decode
    /// returns while something (an escaped decoder or container) still holds it.
    func copyInput() {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(inputCount, 1), alignment: 8)
        copy.copyMemory(from: inputCell.pointee, byteCount: inputCount)
        ownedCopy = copy
        inputCell.pointee = UnsafePointer(copy.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether recoveries are recorded (a report was asked for).
    let isReporting: Bool

    /// Adds an issue to the report, if one is being made.
    func record(_ issue: JoltDecodeReport.Issue) {
        issues?.append(issue)
    }

    /// The byte offset of the value or key at tape index `i` (its opening quote
    /// for a string), or nil past the tape.
    func offset(of i: Int) -> Int? {
        guard i < tape.count else { return nil }
        let e = entries[i]
        return e.kind == .string || e.kind == .key ? e.offset - 1 : e.offset
    }

    /// Records in the report that the object at `objectPath` has the key `name`
    /// (its second occurrence at tape index `keyIndex`) more than once.
    func recordDuplicateKey(_ name: String, keyIndex: Int, objectPath: [any CodingKey]) {
        record(JoltDecodeReport.Issue(
            kind: .duplicateKey, codingPath: (objectPath + [JoltCodingKey.string(name)]).map(JoltPathComponent.init),
            reason: "key \"\(name)\" appears more than once; the \(duplicateKeyPolicy == .useLast ? "last" : "first") is used",
            offset: offset(of: keyIndex)))
    }

    /// The position of the entry at `index` as a ``JoltSyntaxError`` of `kind`.
    func syntaxError(_ kind: JoltSyntaxError.Kind, at index: Int) -> JoltSyntaxError {
        JoltSyntaxError(ScanError(kind, at: offset(of: index) ?? 0),
                        in: UnsafeRawBufferPointer(start: inputCell.pointee, count: inputCount))
    }

    /// The error for a duplicate key whose entry is at tape index `keyIndex`, in
    /// the object whose coding path is `path`.
    func duplicateKeyError(_ name: String, keyIndex: Int, path: [any CodingKey]) -> DecodingError {
        let syntax = syntaxError(.duplicateKey(name), at: keyIndex)
        return DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: path, debugDescription: "\(syntax)", underlyingError: syntax))
    }

    deinit {
        containerState.deinitialize(count: 1)
        UnsafeMutableRawPointer(inputCell).deallocate()
        ownedCopy?.deallocate()
        scratch?.deallocate()
        keyScratchBuffer?.deallocate()
    }

    /// A buffer of at least `capacity` bytes for one unescaped key of the direct
    /// path, valid until the next call.
    private var keyScratchBuffer: UnsafeMutablePointer<UInt8>?
    private var keyScratchCapacity = 0
    func keyScratch(capacity: Int) -> UnsafeMutablePointer<UInt8> {
        if keyScratchCapacity < capacity {
            keyScratchBuffer?.deallocate()
            keyScratchCapacity = max(capacity, 64)
            keyScratchBuffer = .allocate(capacity: keyScratchCapacity)
        }
        return keyScratchBuffer.unsafelyUnwrapped
    }

    /// Reused to unescape strings too long for a stack temporary, so that each
    /// does not cost an allocation of its own; grown as needed.
    private var scratch: UnsafeMutablePointer<UInt8>?
    private var scratchCapacity = 0

    /// The string for raw text of `count` bytes at `p` (see ``StringDecoding``).
    @inline(__always)
    func string(_ p: UnsafePointer<UInt8>, count: Int, escaped: Bool) -> String {
        if !escaped { return StringDecoding.validString(p, count: count) }
        if count <= StringDecoding.stackLimit { return StringDecoding.string(p, count: count, escaped: true) }
        return longEscapedString(p, count: count)
    }

    @inline(never)
    private func longEscapedString(_ p: UnsafePointer<UInt8>, count: Int) -> String {
        if scratchCapacity < count {
            scratch?.deallocate()
            scratchCapacity = max(count, scratchCapacity * 2)
            scratch = .allocate(capacity: scratchCapacity)
        }
        let buffer = scratch.unsafelyUnwrapped
        return StringDecoding.validString(buffer, count: StringDecoding.unescape(p, count: count, into: buffer))
    }
}
