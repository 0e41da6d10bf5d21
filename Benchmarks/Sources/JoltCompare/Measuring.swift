// The measuring method of JoltCompare, shared with JoltMacroBench (which links
// this file through a symlink): the contenders run interleaved, one iteration
// each per round (in rotating order), after a warm-up; the rounds go on until
// every contender has measured at least `minTime` (0.3 s; 0.05 s with --quick)
// and `minSamples` iterations, so all have as many iterations, taken over the
// same time. A contender's time is the median iteration.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How long `measure` runs each contender: the full run or `--quick`.
protocol MeasurementSettings {
    var quick: Bool { get }
}

extension MeasurementSettings {
    var minTime: Double { quick ? 0.05 : 0.3 }
    var minSamples: Int { quick ? 5 : 15 }
    var warmupTime: Double { quick ? 0.01 : 0.05 }
}

/// Something to time: one iteration of `run` processes `bytes` bytes.
struct Contender {
    let label: String
    let run: () throws -> Void
}

enum Outcome {
    /// Median seconds per iteration, and the number of timed iterations.
    case measured(median: Double, samples: Int)
    case failed(String)

    var median: Double? {
        if case .measured(let median, _) = self { median } else { nil }
    }
}

@inline(__always)
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Runs the contenders interleaved (see the file comment) and returns their outcomes.
func measure(_ contenders: [Contender], options: some MeasurementSettings) -> [Outcome] {
    var outcomes = [Outcome?](repeating: nil, count: contenders.count)
    // A first run: a contender that throws is reported, not timed.
    for (index, contender) in contenders.enumerated() {
        do { try contender.run() } catch { outcomes[index] = .failed("\(error)") }
    }
    let live = contenders.indices.filter { outcomes[$0] == nil }

    func rounds(until minTime: Double, minSamples: Int, record: Bool) -> [[Double]] {
        var samples = [[Double]](repeating: [], count: contenders.count)
        var spent = [Double](repeating: 0, count: contenders.count)
        var round = 0
        while true {
            // Every contender runs in every round until all of them have enough, so
            // that all are timed over the same stretch of the run: on a shared
            // machine, a contender that went on alone after the others were done
            // was timed under a load they never saw.
            if !live.contains(where: { spent[$0] < minTime || samples[$0].count < minSamples }) { break }
            for k in live.indices {
                let index = live[(k + round) % live.count]
                let start = now()
                try! contenders[index].run()
                let elapsed = now() - start
                spent[index] += elapsed
                if record { samples[index].append(elapsed) }
                else { samples[index].append(0) }
            }
            round += 1
        }
        return samples
    }

    _ = rounds(until: options.warmupTime, minSamples: 3, record: false)
    let samples = rounds(until: options.minTime, minSamples: options.minSamples, record: true)
    for index in live {
        let sorted = samples[index].sorted()
        let n = sorted.count
        let median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        outcomes[index] = .measured(median: median, samples: n)
    }
    return outcomes.map { $0! }
}

