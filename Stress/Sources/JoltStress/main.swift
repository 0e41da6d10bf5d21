// JoltStress: concurrent tasks decode and encode the corpus models with shared
// coders (Coders.swift), and every result is compared with a single-threaded run
// (the jobs: CorpusJobs.swift; each kind of job and its checks: Jobs.swift).
// Exits 1 on a mismatch or an error; under ThreadSanitizer a data race is a report
// (and exit status 66, at once with TSAN_OPTIONS=halt_on_error=1).
//
//   JoltStress [--tasks 8] [--min-operations 10000] [--rounds N]
//
// The corpus is read from $JOLT_CORPUS_DIR, else from the first shared/corpus
// found above this source file (the checkout's sibling ../shared).

import Foundation
import Jolt
import TSanMutexAnnotations

/// Writes `line` at once: a TSan report ends the process (halt_on_error) before
/// a buffered `print` would reach the log.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct Settings {
    var tasks = 8
    /// Decodes made by all the tasks together, at least, and as many encodes.
    var minOperations = 10_000
    /// Rounds over every job per task; nil: as few as give `minOperations` decodes and as many encodes.
    var rounds: Int?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
                Self.usage("\(flag) needs a positive number")
            }
            switch flag {
            case "--tasks": tasks = value
            case "--min-operations": minOperations = value
            case "--rounds": rounds = value
            default: Self.usage("unknown option \(flag)")
            }
        }
    }

    static func usage(_ problem: String) -> Never {
        say("JoltStress: \(problem)\nusage: JoltStress [--tasks N] [--min-operations N] [--rounds N]")
        exit(2)
    }
}

/// Runs every job `rounds` times, in an order of its own (so that the tasks meet
/// on different jobs and on the same ones), yielding between jobs.
func runTask(_ task: Int, tasks: Int, jobs: [Job], rounds: Int, coders: Coders) async -> (Count, [String]) {
    var count = Count()
    var failures: [String] = []
    let start = task * jobs.count / tasks
    var order = Array(jobs[start...] + jobs[..<start])
    if task % 2 == 1 { order.reverse() }
    for round in 0..<rounds {
        for job in order {
            do {
                count += try await job.run(coders)
            } catch {
                failures.append("task \(task), round \(round): \(job.name): \(error)")
            }
            await Task.yield()
        }
    }
    return (count, failures)
}

/// The whole run; the process's exit status.
func stress(_ settings: Settings) async -> Int32 {
    let tsan = jolt_tsan_mutex_annotations_state()
    guard tsan != 0 else {
        say("JoltStress: a ThreadSanitizer build, but Synchronization's Mutex slow paths were not found to annotate "
            + "(see Sources/TSanMutexAnnotations/MutexAnnotations.c): TSan would report every contended lock")
        return 2
    }
    guard let corpus = corpusDirectory() else {
        say("JoltStress: no corpus (set JOLT_CORPUS_DIR, or put the shared folder beside the checkout)")
        return 2
    }
    let clock = ContinuousClock()
    let setupStart = clock.now
    let jobs: [Job]
    var perRound = Count()
    do {
        // The single-threaded run: the expected results, with coders of its own; then
        // each job once on another set of coders, also on one thread, to check that
        // the jobs pass when nothing runs beside them.
        jobs = try makeJobs(corpus: corpus, reference: Coders())
        let warm = Coders()
        for job in jobs { perRound += try await job.run(warm) }
    } catch {
        say("JoltStress: the single-threaded run failed: \(error)")
        return 1
    }
    // As few rounds as give at least minOperations decodes and at least minOperations encodes.
    func roundsFor(_ perTask: Int) -> Int {
        perTask == 0 ? 1 : (settings.minOperations + settings.tasks * perTask - 1) / (settings.tasks * perTask)
    }
    let rounds = settings.rounds ?? max(1, roundsFor(perRound.decodes), roundsFor(perRound.encodes))
    say("JoltStress: \(jobs.count) jobs (\(perRound.decodes) decodes, \(perRound.encodes) encodes a round), "
        + "single-threaded run in \(clock.now - setupStart); \(settings.tasks) tasks, rounds: \(rounds), backend \(JoltDecoder().backend), "
        + (tsan == 1 ? "ThreadSanitizer on (Mutex slow paths annotated)" : "Mutex slow paths not annotated (not a TSan build on Linux)"))

    let shared = Coders()
    let runStart = clock.now
    let (total, failures) = await withTaskGroup(of: (Count, [String]).self) { group in
        for task in 0..<settings.tasks {
            group.addTask { await runTask(task, tasks: settings.tasks, jobs: jobs, rounds: rounds, coders: shared) }
        }
        var total = Count()
        var failures: [String] = []
        for await (count, taskFailures) in group {
            total += count
            failures += taskFailures
        }
        return (total, failures)
    }
    say("JoltStress: \(total.decodes) decodes and \(total.encodes) encodes by \(settings.tasks) concurrent tasks in \(clock.now - runStart)")
    if !failures.isEmpty {
        say("JoltStress: FAIL: \(failures.count) jobs failed or differ from the single-threaded run:")
        for failure in failures.prefix(20) { say("  \(failure)") }
        return 1
    }
    if settings.rounds == nil && (total.decodes < settings.minOperations || total.encodes < settings.minOperations) {
        say("JoltStress: FAIL: fewer than \(settings.minOperations) decodes or encodes")
        return 1
    }
    say("JoltStress: every result equals the single-threaded run's")
    return 0
}

exit(await stress(Settings(CommandLine.arguments)))
