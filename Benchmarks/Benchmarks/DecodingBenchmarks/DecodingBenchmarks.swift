// ordo-one/benchmark suite: each corpus file decoded into its full-structure
// model by Foundation's JSONDecoder and by Jolt with each backend.
//
//   swift package --disable-sandbox benchmark                         # run, all metrics below
//   swift package --disable-sandbox benchmark thresholds check \
//       --metric mallocCountTotal                                    # exit 1 on a malloc regression (or improvement)
//   swift package --disable-sandbox --allow-writing-to-package-directory \
//       benchmark thresholds update --metric mallocCountTotal        # rewrite Thresholds/*.p90.json
//
// (or `make bench-check` / `make bench-thresholds` in the repository root).
//
// Static thresholds: Thresholds/DecodingBenchmarks.<name>.p90.json hold the p90
// of mallocCountTotal per benchmark (written by `thresholds update`). Allocation
// counts are deterministic, so the tolerance is absolute and small: 8
// allocations either way (more is a regression, fewer an improvement that asks
// for the thresholds to be re-recorded). Only mallocCountTotal is stored as a
// threshold; wallClock and throughput are reported but not checked (too noisy
// on a shared machine).
//
// Benchmark names must not contain spaces or slashes: `thresholds update`
// writes "a b" as a_b.p90.json but `thresholds check` looks for "a b.p90.json"
// (ordo-one/benchmark 1.38.1), which fails every check.

import Benchmark
import Foundation
import Jolt

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(1),
        maxIterations: 1_000,
        thresholds: [
            .mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 8]),
        ]
    )

    guard let directory = Corpus.directory() else {
        fatalError("DecodingBenchmarks: corpus not found (set JOLT_CORPUS_DIR)")
    }
    let files: [CorpusFile]
    do { files = try Corpus.load(from: directory) } catch {
        fatalError("DecodingBenchmarks: cannot read the corpus in \(directory.path): \(error)")
    }

    let backends: [JoltBackend] = JoltBackend.isYAJLAvailable ? [.yajl, .swift] : [.swift]

    for file in files {
        Benchmark("\(file.name).Foundation") { benchmark in
            let decoder = JSONDecoder()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try file.decodeFoundation(decoder)
            }
        }
        for backend in backends {
            Benchmark("\(file.name).Jolt-\(backend == .yajl ? "yajl" : "swift")") { benchmark in
                let decoder = JoltDecoder()
                decoder.backend = backend
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    try file.decodeJolt(decoder)
                }
            }
        }
    }
}
