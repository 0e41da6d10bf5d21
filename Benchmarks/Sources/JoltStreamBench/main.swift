// JoltStreamBench: the streaming benchmark, one measurement per process so that
// each reports its own peak resident memory. JoltCompare runs it (from the same
// build folder) for its streaming table; it can also be run by hand:
//
//   swift build -c release --product JoltStreamBench
//   .build/release/JoltStreamBench generate OUT.json [--megabytes 200] [--corpus DIR] [--lines yes]
//   .build/release/JoltStreamBench jolt FILE [--backend yajl|swift|simdjson] [--chunk-size BYTES] [--format array|lines]
//   .build/release/JoltStreamBench foundation FILE
//
// `generate` writes a top-level JSON array of tweet objects, the statuses of
// ../shared/corpus/twitter.json repeated until the file has the size asked for
// (never committed: written to a temporary folder by JoltCompare). `jolt`
// decodes it element by element as TwitterStatus with JoltDecoder.forEachElement
// (64 KiB reads); `foundation` reads the whole file and decodes [TwitterStatus]
// with JSONDecoder (and frees it, within the timing, as the stream frees each
// element). With `--lines yes`, `generate` writes the same statuses as JSON Lines (one
// per line, no brackets), which `jolt --format lines` reads (`foundation` reads arrays
// only). Both print one line:
//   <seconds> <elements> <peak resident KiB>

import Foundation
import Jolt
#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("JoltStreamBench: \(message)\n".utf8))
    exit(1)
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Peak resident set size of this process, in KiB: `VmHWM` from
/// /proc/self/status. (Not `getrusage`'s `ru_maxrss`, which survives `exec` and
/// so reports the parent's size when a large parent spawned this process.)
func peakResidentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: JoltStreamBench generate|jolt|foundation FILE [options]") }
let mode = arguments.removeFirst()
let path = arguments.removeFirst()
var options: [String: String] = [:]
while arguments.count >= 2 { options[arguments.removeFirst()] = arguments.removeFirst() }

switch mode {
case "generate":
    let megabytes = Int(options["--megabytes"] ?? "200") ?? 200
    guard let corpus = options["--corpus"].map({ URL(fileURLWithPath: $0) }) ?? Corpus.directory() else { fail("corpus not found") }
    let twitter = try Data(contentsOf: corpus.appendingPathComponent("twitter.json"))
    // Each status as compact JSON text, keys in document order, numbers as written.
    let statuses = try JoltDecoder().decode(JSONValue.self, from: twitter)["statuses"]?.arrayValue ?? []
    let texts = statuses.map { Array($0.description.utf8) }
    guard !texts.isEmpty else { fail("no statuses in twitter.json") }
    guard FileManager.default.createFile(atPath: path, contents: nil),
          let handle = FileHandle(forWritingAtPath: path) else { fail("cannot write \(path)") }
    let target = megabytes * 1_000_000
    var written = 0, count = 0
    let lines = options["--lines"] == "yes"
    var chunk: [UInt8] = lines ? [] : [UInt8(ascii: "[")]
    while written + chunk.count < target {
        if count > 0 && !lines { chunk.append(UInt8(ascii: ",")) }
        chunk.append(contentsOf: texts[count % texts.count])
        if lines { chunk.append(UInt8(ascii: "\n")) }
        count += 1
        if chunk.count >= 1 << 20 {
            handle.write(Data(chunk))
            written += chunk.count
            chunk.removeAll(keepingCapacity: true)
        }
    }
    if !lines { chunk.append(UInt8(ascii: "]")) }
    handle.write(Data(chunk))
    written += chunk.count
    try handle.close()
    print("\(written) \(count)")
case "jolt":
    let decoder = JoltDecoder()
    if let name = options["--backend"] {
        // A backend this build lacks (or an unknown name) stops here, saying why: never another backend.
        do { decoder.backend = try JoltBackend(named: name) } catch { fail("\(error)") }
    }
    let start = now()
    var count = 0
    let chunkSize = options["--chunk-size"].flatMap { Int($0) } ?? 64 << 10
    try decoder.forEachElement(TwitterStatus.self, inFileAt: path, chunkSize: chunkSize,
                               format: options["--format"] == "lines" ? .jsonLines : .array) { _ in count += 1 }
    print(String(format: "%.4f", now() - start), count, peakResidentKiB())
case "foundation":
    // The decoded array is freed inside the timed span, as the stream frees each
    // element after the body has seen it: both times cover the same work.
    @inline(never) func decodeWhole() throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let statuses = try JSONDecoder().decode([TwitterStatus].self, from: data)
        return statuses.count
    }
    let start = now()
    let count = try decodeWhole()
    print(String(format: "%.4f", now() - start), count, peakResidentKiB())
default:
    fail("unknown mode \(mode)")
}
