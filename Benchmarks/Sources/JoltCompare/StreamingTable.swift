// The streaming table: a generated array of tweet objects (200 MB; 20 MB with
// --quick), decoded element by element as TwitterStatus by Jolt (each backend)
// and as a whole [TwitterStatus] by Foundation. Each measurement runs in its own
// JoltStreamBench process (same build folder), which reports its peak resident
// memory. The file is written to a temporary folder and deleted afterwards.

import Foundation
import Jolt

func measureStreamingTable(options: Options, backends: [JoltBackend], corpus: URL) -> Table {
    let megabytes = options.quick ? 20 : 200
    var table = Table(
        title: "Streaming: a \(megabytes) MB array of tweets decoded element by element (JoltDecoder.forEachElement, 64 KiB reads) "
            + "vs the whole document with Foundation's JSONDecoder (MB/s; ×F = relative to Foundation; peak resident memory of the process)",
        header: ["Decoder", "MB/s", "×F", "Peak RSS"],
        numeric: [false, true, true, true]
    )
    guard let executable = siblingExecutable("JoltStreamBench") else {
        table.notes.append("JoltStreamBench not found next to JoltCompare; build it with `swift build -c release --product JoltStreamBench` (make bench does).")
        return table
    }
    func launch(_ arguments: [String]) -> [String]? {
        runToCompletion(executable, arguments)?.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jolt-stream-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("tweets.json").path
    progress("generating a \(megabytes) MB array of tweets…")
    guard let generated = launch(["generate", file, "--megabytes", "\(megabytes)", "--corpus", corpus.path]),
          let bytes = Int(generated.first ?? "") else {
        table.notes.append("error: JoltStreamBench could not generate the file")
        return table
    }
    table.title = table.title.replacingOccurrences(of: "a \(megabytes) MB array of tweets",
                                                   with: "a \(formatSize(bytes)) array of \(generated.last ?? "?") tweets")
    // Interleaved rounds: Foundation, then each Jolt backend; the median time and the largest peak.
    let contenders: [(label: String, arguments: [String])] = [("Foundation JSONDecoder (whole document)", ["foundation", file])]
        + backends.map { ("Jolt .\(backendName($0)) (stream)", ["jolt", file, "--backend", backendName($0)]) }
    let rounds = options.quick ? 1 : 5
    var times = [[Double]](repeating: [], count: contenders.count)
    var peaks = [Int](repeating: 0, count: contenders.count)
    var counts = [String](repeating: "", count: contenders.count)
    for round in 0..<rounds {
        for (index, contender) in contenders.enumerated() {
            progress("streaming round \(round + 1)/\(rounds): \(contender.label)…")
            guard let fields = launch(contender.arguments), fields.count == 3, let seconds = Double(fields[0]),
                  let peak = Int(fields[2]) else { continue }
            times[index].append(seconds)
            peaks[index] = max(peaks[index], peak)
            counts[index] = fields[1]
        }
    }
    func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    let foundationSpeed = median(times[0]).map { megabytesPerSecond(bytes, $0) }
    for (index, contender) in contenders.enumerated() {
        let speed = median(times[index]).map { megabytesPerSecond(bytes, $0) }
        let ratio = index == 0 ? "1.00×" : (speed.flatMap { s in foundationSpeed.map { formatRatio(s / $0) } } ?? "–")
        table.rows.append([contender.label, speed.map { format($0) } ?? "error", ratio,
                           peaks[index] > 0 ? formatSize(peaks[index] * 1024) : "–"])
        if !counts[index].isEmpty && counts[index] != counts[0] {
            table.notes.append("(!) \(contender.label) decoded \(counts[index]) elements, Foundation \(counts[0])")
        }
    }
    table.notes.append("Median of \(rounds) run(s) per decoder, each in its own process; the time includes reading the file and freeing the decoded values (the stream frees each element after the body has seen it; Foundation frees its array).")
    return table
}
