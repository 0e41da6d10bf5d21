import Foundation

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
    /// Whether a key that is not found may still be found another way (a key
    /// path or an alternative key).
    let hasKeyFallbacks: Bool
    private var ownedCopy: UnsafeMutableRawPointer?

    init(tape: Tape, input: UnsafeRawBufferPointer, options: DecoderOptions) {
        self.tape = tape
        self.entries = tape.entries
        self.inputCount = input.count
        self.options = options
        self.userInfo = options.userInfo
        self.usesDefaultKeys = options.keyDecodingStrategy.isDefault
        self.duplicateKeyPolicy = options.duplicateKeyPolicy
        self.keyMappings = options.keyMappings.isEmpty ? nil : options.keyMappings
        self.hasKeyFallbacks = options.keyPathSeparator != nil || !options.keyMappings.isEmpty
        inputCell = .allocate(capacity: 1)
        inputCell.initialize(to: input.baseAddress!.assumingMemoryBound(to: UInt8.self))
    }

    /// Gives the context its own copy of the input. Called when the decode
    /// returns while something (an escaped decoder or container) still holds it.
    func copyInput() {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(inputCount, 1), alignment: 8)
        copy.copyMemory(from: inputCell.pointee, byteCount: inputCount)
        ownedCopy = copy
        inputCell.pointee = UnsafePointer(copy.assumingMemoryBound(to: UInt8.self))
    }

    /// The error for a duplicate key whose entry is at tape index `keyIndex`, in
    /// the object whose coding path is `path`.
    func duplicateKeyError(_ name: String, keyIndex: Int, path: [any CodingKey]) -> DecodingError {
        let quote = entries[keyIndex].offset - 1
        let syntax = JoltSyntaxError(ScanError(.duplicateKey(name), at: quote),
                                     in: UnsafeRawBufferPointer(start: inputCell.pointee, count: inputCount))
        return DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: path, debugDescription: "\(syntax)", underlyingError: syntax))
    }

    deinit {
        inputCell.deallocate()
        ownedCopy?.deallocate()
    }
}
