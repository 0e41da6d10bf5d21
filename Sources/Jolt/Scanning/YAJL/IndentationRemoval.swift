#if YAJL
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A copy of a document without its indentation, for yajl, whose lexer reads
/// whitespace one byte at a time, at a high cost a byte: in a pretty-printed
/// document, indentation can be a quarter of yajl's work or more.
///
/// What is removed: after every raw line feed, the run of spaces, tabs, carriage
/// returns and line feeds that follows it (at least ``minimumRun`` bytes). The
/// line feed itself stays, so:
/// - outside strings, the run was whitespace between tokens, and the line feed
///   still separates the tokens on either side;
/// - inside a string, a raw line feed is invalid JSON, and yajl still rejects the
///   document at that line feed. (The error users see always comes from the
///   Swift scanner reading the original, see ``TapeParser``.)
///
/// yajl then reports offsets into the copy; ``original(_:)`` maps them back, so
/// the tape holds offsets into the original, exactly as the Swift scanner's does.
///
/// ```swift
/// if let removal = IndentationRemoval(p, start: start, end: end) {
///     defer { removal.deallocate() }
///     // parse removal.text[0..<removal.count]; map offsets with removal.original(_:)
/// }
/// ```
struct IndentationRemoval {
    /// The copy: the original's bytes `0..<start` (a BOM), then the rest without the runs.
    let text: UnsafeMutablePointer<UInt8>
    /// The length of the copy.
    let count: Int
    /// For each removed run in order: where the bytes after it are in the copy,
    /// and how many bytes were removed up to there.
    private let runs: UnsafeMutablePointer<(at: Int, shift: Int)>
    let runCount: Int
    /// The bytes removed.
    var removedCount: Int { runCount == 0 ? 0 : runs[runCount &- 1].shift }

    /// Runs shorter than this are left in place: a copied segment costs more
    /// than yajl saves on them.
    static var minimumRun: Int { 4 }
    /// The text examined before deciding whether the copy pays.
    static var sampleBytes: Int { 4 << 10 }

    /// The copy of `p[0..<end]` without indentation after `start`, or nil when it
    /// would not pay (see `pays`), judged on the first ``sampleBytes`` and then on
    /// the whole text. Indented documents qualify; a minified document, one
    /// record a line, or text whose indentation is a small share of it (a few
    /// percent) do not.
    ///
    /// One pass copies the text eight bytes at a time and looks for line feeds in
    /// the same words: a found line feed ends the copy of its word there, and the
    /// run after it is skipped. (A `memchr` for each line feed and a `memcpy` for
    /// each line cost more on short lines.)
    init?(_ p: UnsafePointer<UInt8>, start: Int, end: Int) {
        let sample = Self.sample(p, start: start, end: end)
        guard Self.pays(removed: sample.removed, runs: sample.runs, of: sample.length) else { return nil }
        // Room for the runs the sample predicts, and a quarter more: the table is
        // then rarely grown (each growth is one more allocation). Never more than
        // the text can hold: a run takes a line feed and `minimumRun` bytes.
        let expected = sample.runs &* (end &- start) / max(sample.length, 1)
        let most = (end &- start) / (Self.minimumRun &+ 1) &+ 1
        self.init(copying: p, start: start, end: end, expectedRuns: min(expected &+ expected / 4, most))
        guard Self.pays(removed: removedCount, runs: runCount, of: end &- start) else {
            deallocate()
            return nil
        }
    }

    /// The copy, whether it pays or not (``init(_:start:end:)`` decides), with
    /// room for `expectedRuns` runs before the table of runs grows.
    init(copying p: UnsafePointer<UInt8>, start: Int, end: Int, expectedRuns: Int = 64) {
        let text = UnsafeMutablePointer<UInt8>.allocate(capacity: max(end, 1))
        text.update(from: p, count: start)   // a byte order mark
        var runCapacity = max(expectedRuns, 16)
        var runs = UnsafeMutablePointer<(at: Int, shift: Int)>.allocate(capacity: runCapacity)
        var runCount = 0
        var shift = 0
        let source = UnsafeRawPointer(p)
        let copy = UnsafeMutableRawPointer(text)
        var i = start     // in the original
        var to = start    // in the copy: i - shift
        copying: while true {
            // Copy up to and including the next line feed. A word is stored whole
            // (the copy never runs ahead of the original, so it stays inside the
            // buffer); past a line feed its bytes are overwritten by what follows.
            lineFeed: do {
                while i &+ 8 <= end {
                    let word = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    copy.storeBytes(of: word, toByteOffset: to, as: UInt64.self)
                    let found = StringScanner.bytesEqual(word, UInt8(ascii: "\n"))
                    if found != 0 {
                        // The lowest flagged byte is exact (see bytesEqual).
                        let length = (UInt64(littleEndian: found).trailingZeroBitCount &>> 3) &+ 1
                        i &+= length
                        to &+= length
                        break lineFeed
                    }
                    i &+= 8
                    to &+= 8
                }
                while i < end {
                    let c = p[i]
                    text[to] = c
                    i &+= 1
                    to &+= 1
                    if c == UInt8(ascii: "\n") { break lineFeed }
                }
                break copying
            }
            let runEnd = Self.whitespaceEnd(p, from: i, end: end)
            if runEnd &- i >= Self.minimumRun {
                shift &+= runEnd &- i
                if runCount == runCapacity {
                    let grown = UnsafeMutablePointer<(at: Int, shift: Int)>.allocate(capacity: runCapacity &* 2)
                    grown.moveInitialize(from: runs, count: runCount)
                    runs.deallocate()
                    runs = grown
                    runCapacity &*= 2
                }
                (runs + runCount).initialize(to: (to, shift))
                runCount &+= 1
                i = runEnd
            }
        }
        self.text = text
        self.count = to
        self.runs = runs
        self.runCount = runCount
    }

    /// The runs in the first ``sampleBytes`` after `start` (nothing is copied):
    /// how many, the bytes they hold, and the length of text looked at.
    private static func sample(_ p: UnsafePointer<UInt8>, start: Int, end: Int) -> (runs: Int, removed: Int, length: Int) {
        let sampleEnd = min(end, start &+ sampleBytes)
        var removed = 0
        var runs = 0
        var i = start
        while i < sampleEnd, let hit = memchr(p + i, Int32(UInt8(ascii: "\n")), sampleEnd &- i) {
            let runStart = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - p + 1
            let runEnd = whitespaceEnd(p, from: runStart, end: end)
            if runEnd &- runStart >= minimumRun {
                removed &+= runEnd &- runStart
                runs &+= 1
            }
            i = runEnd
        }
        return (runs, removed, min(i, end) &- start)
    }

    /// Whether removing `removed` bytes in `runs` runs from `length` bytes pays.
    /// The weights are relative costs: yajl spends about 20 on a byte of
    /// whitespace; the copy about 2 on a byte of text and 35 on a run, and
    /// mapping the tape's offsets back under 1 on a byte.
    @inline(__always)
    private static func pays(removed: Int, runs: Int, of length: Int) -> Bool {
        runs > 0 && removed &* 20 >= runs &* 35 &+ length &* 3
    }

    /// The end of the run of spaces, tabs, carriage returns and line feeds at `i`:
    /// spaces eight at a time (indentation is mostly spaces).
    @inline(__always)
    private static func whitespaceEnd(_ p: UnsafePointer<UInt8>, from i: Int, end: Int) -> Int {
        var j = i
        while j &+ 8 <= end {
            let different = UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
            if different != 0 {
                j &+= (UInt64(littleEndian: different).trailingZeroBitCount) >> 3
                break
            }
            j &+= 8
        }
        while j < end {
            let c = p[j]
            guard c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D else { break }
            j &+= 1
        }
        return j
    }

    func deallocate() {
        text.deallocate()
        runs.deallocate()
    }

    /// The offset in the original of the byte at `offset` in the copy. `cursor`
    /// (start at 0) remembers the run reached: offsets asked for in increasing
    /// order, as the tape's are, cost O(1) each.
    @inline(__always)
    func original(_ offset: Int, cursor: inout Int) -> Int {
        var k = cursor
        if _slowPath(k > 0 && runs[k &- 1].at > offset) { k = 0 }
        while k < runCount && runs[k].at <= offset { k &+= 1 }
        cursor = k
        return k == 0 ? offset : offset &+ runs[k &- 1].shift
    }
}
#endif
