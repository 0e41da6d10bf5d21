// The trial table (issue 25, "Cheap errors"): every corpus file decoded into
// TrialValue (Tests/JoltTests/Models/TrialValue.swift), a value read the way real
// code often reads one, by `try?` on a single value container: Bool, then Int,
// Double, String, an array and an object in turn. Each failed attempt throws an
// error that is caught and dropped at once, so the table measures what a failure
// costs as much as what a value costs. Foundation's JSONDecoder decodes the same
// type, in the same run.

import Foundation
import Jolt

/// Measures the trial rows and returns the table (ratios against Foundation).
func measureTrialTable(options: Options, backends: [JoltBackend], files: [CorpusFile]) -> Table {
    var table = Table(
        title: "Decoding by trial: each corpus file into TrialValue, an enum whose init(from:) tries "
            + "Bool, Int, Double, String, [TrialValue], [String: TrialValue] with try? (MB/s; ×F = relative to Foundation's JSONDecoder)",
        header: ["File", "Size", "Foundation"] + backends.flatMap { ["Jolt .\(backendName($0))", "×F"] },
        numeric: [false, true, true] + backends.flatMap { _ in [true, true] }
    )
    var foundationSpeeds: [Double] = []
    var speeds = [[Double]](repeating: [], count: backends.count)
    var ratios = [[Double]](repeating: [], count: backends.count)
    for file in files {
        progress("decoding \(file.name) by trial…")
        let data = file.data
        let foundation = JSONDecoder()
        let expected = try? foundation.decode(TrialValue.self, from: data)
        var contenders = [Contender(label: "Foundation", run: { keep(try foundation.decode(TrialValue.self, from: data)) })]
        var marks = [String](repeating: "", count: backends.count)
        for (b, backend) in backends.enumerated() {
            let decoder = JoltDecoder()
            decoder.backend = backend
            if expected == nil || (try? decoder.decode(TrialValue.self, from: data)) != expected {
                marks[b] = " (!)"
                table.notes.append("(!) \(file.name), Jolt .\(backendName(backend)): the value differs from Foundation's")
            }
            contenders.append(Contender(label: "Jolt .\(backendName(backend))", run: { keep(try decoder.decode(TrialValue.self, from: data)) }))
        }
        let outcomes = measure(contenders, options: options)
        let foundationSpeed = outcomes[0].median.map { megabytesPerSecond(file.byteCount, $0) }
        var row = [file.name, formatSize(file.byteCount), foundationSpeed.map { format($0) } ?? "error"]
        if let foundationSpeed { foundationSpeeds.append(foundationSpeed) }
        for b in backends.indices {
            guard let median = outcomes[b + 1].median else {
                row += ["error", "–"]
                continue
            }
            let speed = megabytesPerSecond(file.byteCount, median)
            speeds[b].append(speed)
            row.append(format(speed) + marks[b])
            if let foundationSpeed {
                ratios[b].append(speed / foundationSpeed)
                row.append(formatRatio(speed / foundationSpeed))
            } else {
                row.append("–")
            }
        }
        for (index, outcome) in outcomes.enumerated() {
            if case .failed(let message) = outcome {
                table.notes.append("error: \(file.name), \(contenders[index].label): \(message)")
            }
        }
        table.rows.append(row)
    }
    if files.count > 1 {
        var row = ["geometric mean", "", geometricMean(foundationSpeeds).map { format($0) } ?? "–"]
        for b in backends.indices {
            row.append(geometricMean(speeds[b]).map { format($0) } ?? "–")
            row.append(geometricMean(ratios[b]).map { formatRatio($0) } ?? "–")
        }
        table.rows.append(row)
    }
    return table
}
