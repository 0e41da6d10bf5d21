// The generated-code table: JoltMacroBench (a separate executable in the same
// build folder, because it builds swift-syntax for the macros) decodes
// twitter.json and 10,000 generated records into models whose coding JoltMacros
// writes and into the same models with synthesized or hand-written Codable,
// under Foundation's JSONDecoder and JoltDecoder (each backend). Ratios are
// against Foundation decoding the unannotated model of the same input.

import Foundation
import Jolt

func measureMacroTable(options: Options, backends: [JoltBackend], corpus: URL) -> Table {
    var table = Table(
        title: "Generated code: models annotated with JoltMacros vs the same models with synthesized or hand-written Codable "
            + "(MB/s; ×F = relative to Foundation's JSONDecoder on the unannotated model of the same input)",
        header: ["Input", "Decoded into", "Foundation", "×F"] + backends.flatMap { ["Jolt .\(backendName($0))", "×F"] },
        numeric: [false, false, true, true] + backends.flatMap { _ in [true, true] }
    )
    guard let executable = siblingExecutable("JoltMacroBench") else {
        table.notes.append("JoltMacroBench not found next to JoltCompare; build it with `swift build -c release --product JoltMacroBench` (make bench does).")
        return table
    }
    progress("decoding into annotated models (JoltMacroBench)…")
    guard let output = runToCompletion(executable, ["--corpus", corpus.path] + (options.quick ? ["--quick"] : [])) else {
        table.notes.append("error: JoltMacroBench failed")
        return table
    }
    var measured: [String] = []
    var baseline: [String: Double] = [:]
    for line in output.split(separator: "\n").map(String.init) {
        if line.hasPrefix("backends ") {
            measured = line.split(separator: " ").dropFirst().map(String.init)
        } else if line.hasPrefix("note ") {
            table.notes.append(String(line.dropFirst(5)))
        } else if line.hasPrefix("row ") {
            let fields = line.dropFirst(4).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 + 1 + measured.count, let bytes = Int(fields[2]) else { continue }
            let speeds = fields.dropFirst(3).map { Double($0).map { megabytesPerSecond(bytes, $0) } }
            let input = fields[0]
            if baseline[input] == nil, let foundation = speeds[0] { baseline[input] = foundation }
            func ratio(_ speed: Double?) -> String {
                guard let speed, let base = baseline[input] else { return "–" }
                return formatRatio(speed / base)
            }
            let isFirst = !table.rows.contains { $0[0].hasPrefix(input) }
            var row = [isFirst ? "\(input) (\(formatSize(bytes)))" : input, fields[1]]
            row += [speeds[0].map { format($0) } ?? "error", ratio(speeds[0])]
            for backend in backends {
                let speed = measured.firstIndex(of: backendName(backend)).flatMap { speeds[$0 + 1] }
                row += [speed.map { format($0) } ?? "error", ratio(speed)]
            }
            table.rows.append(row)
        }
    }
    table.notes.append("Measured by JoltMacroBench, a separate executable (it links the macros' swift-syntax build), "
                       + "with the same interleaved method; the @Codable models decode to the same values as the others (checked first).")
    return table
}
