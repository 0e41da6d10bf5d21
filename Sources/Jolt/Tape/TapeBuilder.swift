#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends entries to a growing tape and enforces ``JoltLimits`` while doing so.
///
/// Both scanners drive one of these: the pure-Swift scanner directly, the yajl
/// backend from its callbacks. All the tape's structure (container ends and
/// counts) and every limit except the document size and the number and string
/// syntax is decided here, so the two backends cannot differ on them.
///
/// A plain struct: the Swift scanner keeps it in a local variable and the yajl
/// backend behind the context pointer, so neither pays for class exclusivity
/// checks. Call ``finish()`` or ``release()`` exactly once.
struct TapeBuilder {
    private(set) var entries: UnsafeMutablePointer<TapeEntry>
    private var capacity: Int
    private(set) var count: Int = 0

    /// Start index of each open container, innermost last.
    private var starts: UnsafeMutablePointer<Int>
    /// Saved element counts of the enclosing containers.
    private var savedCounts: UnsafeMutablePointer<Int>
    private var stackCapacity: Int
    /// Number of open containers.
    private(set) var depth: Int = 0
    /// Appends (keys and values) seen in the innermost open container.
    private var topCount: Int = 0
    /// Largest allowed `topCount` for the innermost container.
    private var topLimit: Int = .max
    /// Whether the innermost open container is an object.
    private(set) var inObject: Bool = false

    /// Whether the innermost open container is an object whose last entry is a
    /// key, so that its value comes next.
    var awaitsValue: Bool { inObject && topCount & 1 == 1 }

    /// The input, to read key prefixes from.
    private let input: UnsafePointer<UInt8>

    private let maxDepth: Int
    private let maxStringBytes: Int
    private let maxKeyBytes: Int
    private let maxNumberBytes: Int
    private let maxElements: Int

    /// - Parameters:
    ///   - inputLength: used to size the first allocation.
    ///   - limits: the limits to enforce.
    ///   - storage: the memory of an earlier tape to write the entries into
    ///     (replaced by a new allocation if it holds fewer than `inputLength`
    ///     asks for); the builder owns it from now on.
    init(input: UnsafePointer<UInt8>, inputLength: Int, limits: JoltLimits, reusing storage: TapeStorage? = nil) {
        self.input = input
        let wanted = max(16, inputLength / 8)
        if let storage, storage.capacity >= wanted {
            capacity = storage.capacity
            entries = storage.entries
        } else {
            // Too small: freed rather than grown by `realloc`, which would copy
            // the old tape's entries for nothing.
            if let storage { free(storage.entries) }
            capacity = wanted
            entries = malloc(capacity * MemoryLayout<TapeEntry>.stride)!.bindMemory(to: TapeEntry.self, capacity: capacity)
        }
        stackCapacity = 32
        starts = malloc(stackCapacity * MemoryLayout<Int>.stride)!.bindMemory(to: Int.self, capacity: stackCapacity)
        savedCounts = malloc(stackCapacity * MemoryLayout<Int>.stride)!.bindMemory(to: Int.self, capacity: stackCapacity)
        maxDepth = max(0, limits.maxDepth)
        maxStringBytes = max(0, limits.maxStringBytes)
        maxKeyBytes = max(0, limits.maxKeyBytes)
        maxNumberBytes = max(0, limits.maxNumberBytes)
        maxElements = min(max(0, limits.maxContainerElements), Int(UInt32.max))
    }

    /// Frees everything; the builder must not be used afterwards.
    func release() {
        free(entries)
        free(starts)
        free(savedCounts)
    }

    /// Hands the entries to a ``Tape`` and frees the rest. One `null` entry is
    /// kept just past the end (not counted): decoders use it for missing values.
    mutating func finish() -> Tape {
        precondition(depth == 0, "unbalanced tape")
        reserveOne()
        entries[count] = TapeEntry(kind: .null, offset: 0, payload: 0)
        free(starts)
        free(savedCounts)
        return Tape(entries: entries, count: count, capacity: capacity)
    }

    @inline(__always)
    private mutating func reserveOne() {
        if _slowPath(count == capacity) { grow() }
    }

    @inline(never)
    private mutating func grow() {
        capacity *= 2
        entries = realloc(entries, capacity * MemoryLayout<TapeEntry>.stride)!.bindMemory(to: TapeEntry.self, capacity: capacity)
    }

    /// Counts one key or value in the innermost container.
    @inline(__always)
    private mutating func noteElement(at offset: Int) throws(ScanError) {
        topCount &+= 1
        if _slowPath(topCount > topLimit) {
            throw ScanError(.limitExceeded(.containerElements), at: offset)
        }
    }

    @inline(__always)
    private mutating func append(_ entry: TapeEntry) {
        reserveOne()
        entries[count] = entry
        count &+= 1
    }

    /// Appends `null`, `true` or `false`.
    @inline(__always)
    mutating func appendLiteral(_ kind: TapeKind, at offset: Int) throws(ScanError) {
        try noteElement(at: offset)
        append(TapeEntry(kind: kind, offset: offset, payload: 0))
    }

    /// Appends a number whose text is `length` bytes at `offset`.
    @inline(__always)
    mutating func appendNumber(at offset: Int, length: Int) throws(ScanError) {
        if _slowPath(length > maxNumberBytes) {
            throw ScanError(.limitExceeded(.numberBytes), at: offset)
        }
        try noteElement(at: offset)
        append(TapeEntry(kind: .number, offset: offset, payload: UInt64(length)))
    }

    /// Appends a string whose raw text (between the quotes) is `length` bytes at `offset`.
    @inline(__always)
    mutating func appendString(at offset: Int, length: Int, escaped: Bool) throws(ScanError) {
        if _slowPath(length > maxStringBytes) {
            throw ScanError(.limitExceeded(.stringBytes), at: offset &- 1)
        }
        try noteElement(at: offset &- 1)
        append(TapeEntry(kind: .string, flags: escaped ? TapeFlags.escaped : 0, offset: offset, payload: UInt64(length)))
    }

    /// Appends an object key whose raw text (between the quotes) is `length` bytes at `offset`.
    @inline(__always)
    mutating func appendKey(at offset: Int, length: Int, escaped: Bool) throws(ScanError) {
        if _slowPath(length > maxKeyBytes) {
            throw ScanError(.limitExceeded(.keyBytes), at: offset &- 1)
        }
        try noteElement(at: offset &- 1)
        append(TapeEntry(kind: .key, flags: escaped ? TapeFlags.escaped : 0, offset: offset,
                         payload: TapeEntry.keySignature(input + offset, length)))
    }

    /// Opens an array or object whose bracket is at `offset`.
    @inline(__always)
    mutating func startContainer(_ kind: TapeKind, at offset: Int) throws(ScanError) {
        if _slowPath(depth >= maxDepth) {
            throw ScanError(.limitExceeded(.depth), at: offset)
        }
        if depth > 0 { try noteElement(at: offset) }
        if _slowPath(depth == stackCapacity) { growStack() }
        starts[depth] = count
        savedCounts[depth] = topCount
        depth &+= 1
        topCount = 0
        let isObject = kind == .object
        inObject = isObject
        topLimit = isObject ? maxElements &* 2 : maxElements
        append(TapeEntry(kind: kind, offset: offset, payload: 0))
    }

    @inline(never)
    private mutating func growStack() {
        stackCapacity *= 2
        starts = realloc(starts, stackCapacity * MemoryLayout<Int>.stride)!.bindMemory(to: Int.self, capacity: stackCapacity)
        savedCounts = realloc(savedCounts, stackCapacity * MemoryLayout<Int>.stride)!.bindMemory(to: Int.self, capacity: stackCapacity)
    }

    /// Closes the innermost container, recording its end and count.
    @inline(__always)
    mutating func endContainer() {
        depth &-= 1
        let start = starts[depth]
        let elements = inObject ? topCount >> 1 : topCount
        entries[start].payload = UInt64(truncatingIfNeeded: count) << 32 | UInt64(truncatingIfNeeded: elements)
        topCount = savedCounts[depth]
        if depth > 0 {
            inObject = entries[starts[depth &- 1]].rawKind == TapeKind.object.rawValue
            topLimit = inObject ? maxElements &* 2 : maxElements
        } else {
            inObject = false
            topLimit = .max
        }
    }
}
