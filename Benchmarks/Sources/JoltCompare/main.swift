// JoltCompare: decoding throughput of Foundation's JSONDecoder and Jolt (each
// backend) on the seven corpus files, decoded into their full-structure models;
// encoding throughput of Foundation's JSONEncoder and JoltEncoder on the same
// models (with allocation counts from JoltMallocCount, when it is built); dates
// through @DateValue (ValueWrapperTables.swift); a generated polymorphic array
// decoded by its "type" (PolymorphicFeed.swift); models annotated with
// JoltMacros against the same models without (MacroTable.swift, measured by the
// JoltMacroBench executable); plus a "scanner only" table (tape building vs. a
// bare yajl parse), and from it and the decoding table, the yajl backend against
// its ceiling (a bare yajl parse plus the walk of the tape); and every corpus
// file decoded by trial into TrialValue (TrialValueTable.swift).
//
//   swift run -c release JoltCompare [--quick] [--filter NAME] [--decoding-only] [--write-readme PATH] [--corpus DIR]
//
// Method (Measuring.swift): for each file the contenders are run interleaved, one
// iteration each per round (in rotating order), after a warm-up; the rounds go on
// until every contender has measured at least `minTime` (0.3 s; 0.05 s with --quick)
// and `minSamples` iterations. A contender's time is the median iteration. MB/s is 10^6 bytes
// of input per second (for encoding: of Foundation's compact output); ratios are
// against Foundation in the same run.

@_spi(Benchmarks) import Jolt
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: Options

struct Options: MeasurementSettings {
    var quick = false
    var filter: String?
    var readmePath: String?
    var corpusPath: String?
    var decodingOnly = false
    var compact = false

    static let usage = """
        USAGE: JoltCompare [--quick] [--filter NAME] [--decoding-only [--compact]] [--write-readme PATH] [--corpus DIR]

          --quick              short run (0.05 s per file and decoder instead of 0.3 s)
          --filter NAME        only corpus files whose name contains NAME (the polymorphic
                               array runs when "polymorphic" contains NAME, the generated-code
                               table when "macros" does)
          --decoding-only      only the decoding tables (full-structure models, and by trial)
          --compact            with --decoding-only: each file with the whitespace outside its
                               strings removed (as servers usually send JSON), escapes and
                               numbers exactly as written
          --write-readme PATH  replace the text between <!-- bench:start --> and
                               <!-- bench:end --> in PATH with the tables in Markdown
                               (the section is appended if the markers are missing)
          --corpus DIR         the corpus folder (default: $JOLT_CORPUS_DIR, else
                               shared/corpus found above the sources or the working directory)
        """

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var i = 0
        func value(_ flag: String) -> String {
            i += 1
            guard i < arguments.count else { fail("\(flag) needs a value\n\n\(usage)") }
            return arguments[i]
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--quick": options.quick = true
            case "--filter": options.filter = value("--filter")
            case "--write-readme": options.readmePath = value("--write-readme")
            case "--corpus": options.corpusPath = value("--corpus")
            case "--decoding-only": options.decodingOnly = true
            case "--compact": options.compact = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default: fail("unknown argument \(arguments[i])\n\n\(usage)")
            }
            i += 1
        }
        return options
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("JoltCompare: \(message)\n".utf8))
    exit(1)
}

// MARK: Measuring (Measuring.swift: Contender, Outcome, now(), measure(_:options:))

func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> Double {
    Double(bytes) / seconds / 1e6
}

func geometricMean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : exp(values.map { log($0) }.reduce(0, +) / Double(values.count))
}

// MARK: Tables

/// A table printed as aligned text on the terminal and as Markdown in the README.
struct Table {
    var title: String
    var header: [String]
    /// Whether each column is right-aligned (numbers).
    var numeric: [Bool]
    var rows: [[String]] = []
    var notes: [String] = []

    func text() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max()! }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let pad = String(repeating: " ", count: widths[column] - cells[column].count)
                return numeric[column] ? pad + cells[column] : cells[column] + pad
            }.joined(separator: "  ")
        }
        var out = [title, line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        out += rows.map(line)
        out += notes.map { "  " + $0 }
        return out.joined(separator: "\n")
    }

    func markdown() -> String {
        var out = ["**\(title)**", "", "| " + header.joined(separator: " | ") + " |"]
        out.append("|" + numeric.map { $0 ? " ---: |" : " --- |" }.joined())
        out += rows.map { "| " + $0.joined(separator: " | ") + " |" }
        if !notes.isEmpty { out += [""] + notes.map { "- " + $0 } }
        return out.joined(separator: "\n")
    }
}

func format(_ value: Double, digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}

func formatRatio(_ value: Double) -> String {
    String(format: "%.2f×", value)
}

func formatSize(_ bytes: Int) -> String {
    bytes >= 1_000_000 ? String(format: "%.2f MB", Double(bytes) / 1e6) : String(format: "%.0f kB", Double(bytes) / 1e3)
}

// MARK: Machine description

func machineDescription() -> [String] {
    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
    let cpu = read("/proc/cpuinfo")?.split(separator: "\n")
        .first { $0.hasPrefix("model name") }
        .flatMap { $0.split(separator: ":", maxSplits: 1).last }
        .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    let kernel = read("/proc/sys/kernel/osrelease")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var lines = ["Machine: \(cpu), \(cores) core\(cores == 1 ? "" : "s"), Linux \(kernel)"]
    if let swift = run(["swift", "--version"])?.split(separator: "\n").first {
        lines.append("Swift: \(swift)")
    }
    return lines
}

/// The first line of a command's standard output, or nil.
func run(_ arguments: [String], in directory: URL? = nil) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The executable `name` built next to JoltCompare, if it is there.
func siblingExecutable(_ name: String) -> URL? {
    guard let url = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent(name),
          FileManager.default.isExecutableFile(atPath: url.path) else { return nil }
    return url
}

/// Runs `executable` with `arguments`; its standard output if it exits with 0.
func runToCompletion(_ executable: URL, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: output, as: UTF8.self)
}

/// The Jolt commit the benchmarks were built from (the checkout above this file).
func joltRevision() -> String? {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    guard let commit = run(["git", "rev-parse", "--short", "HEAD"], in: root) else { return nil }
    let dirty = run(["git", "status", "--porcelain", "--untracked-files=no", "--", "Sources"], in: root)
    return commit + ((dirty?.isEmpty ?? true) ? "" : " + uncommitted changes in Sources/")
}

// MARK: README

let startMarker = "<!-- bench:start -->"
let endMarker = "<!-- bench:end -->"

/// Replaces the text between the markers in the README at `path`; appends a
/// "Benchmarks" section with the markers when they are missing (or creates the file).
func writeReadme(_ path: String, body: String) throws {
    let url = URL(fileURLWithPath: path)
    let block = startMarker + "\n" + body + "\n" + endMarker
    var text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    if let start = text.range(of: startMarker), let end = text.range(of: endMarker, range: start.upperBound..<text.endIndex) {
        text.replaceSubrange(start.lowerBound..<end.upperBound, with: block)
        print("\nUpdated the benchmark section of \(path).")
    } else {
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        if !text.isEmpty { text += "\n" }
        text += "## Benchmarks\n\n" + block + "\n"
        print("\n\(path) had no \(startMarker) … \(endMarker) markers: appended a \"Benchmarks\" section with them.")
    }
    try text.write(to: url, atomically: true, encoding: .utf8)
}

// MARK: Main

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let command = (["swift run -c release JoltCompare"] + CommandLine.arguments.dropFirst()).joined(separator: " ")

guard let corpusDirectory = options.corpusPath.map({ URL(fileURLWithPath: $0) }) ?? Corpus.directory() else {
    fail("corpus not found: pass --corpus DIR or set JOLT_CORPUS_DIR")
}
if options.compact && !options.decodingOnly { fail("--compact needs --decoding-only (the other tables read the corpus as it is)") }
let files: [CorpusFile]
do { files = try Corpus.load(from: corpusDirectory, filter: options.filter, compact: options.compact) } catch {
    fail("cannot read the corpus in \(corpusDirectory.path): \(error)")
}
/// The polymorphic table (a generated array, not a corpus file) runs unless a
/// filter excludes it.
let runsPolymorphic = options.filter.map { "polymorphic".localizedCaseInsensitiveContains($0) } ?? true
/// The generated-code table runs unless a filter excludes it.
let runsMacros = options.filter.map { "macros".localizedCaseInsensitiveContains($0) } ?? true
if files.isEmpty && !runsPolymorphic && !runsMacros { fail("no corpus file matches --filter \(options.filter ?? "")") }

/// The backends built (`allCases` lists no other).
let backends = JoltBackend.allCases
func backendName(_ backend: JoltBackend) -> String { backend.name }

var header = machineDescription()
header.append("Date: \(ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate]))")
if let revision = joltRevision() { header.append("Jolt: \(revision)") }
header.append("Command: `cd Benchmarks && \(command)`")
if !JoltBackend.isYAJLAvailable { header.append("Jolt was built without the YAJL trait: the yajl backend is not measured.") }
if !JoltBackend.isSIMDJSONAvailable { header.append("Jolt was built without the SIMDJSON trait: the simdjson backend is not measured.") }
print(header.joined(separator: "\n"))
print("Corpus: \(corpusDirectory.path)" + (options.compact ? ", each file compacted (whitespace outside strings removed)" : ""))
print("Method: interleaved, every decoder once per round until each has ≥ \(options.minSamples) iterations and ≥ \(options.minTime) s; median iteration after warm-up; MB/s = 10^6 bytes/s.\n")

// Decoding into the full-structure models.

var decodeTable = Table(
    title: "Decoding into full-structure models (MB/s, higher is better; ×F = speed relative to Foundation's JSONDecoder)",
    header: ["File", "Size", "Foundation"] + backends.flatMap { ["Jolt .\(backendName($0))", "×F"] },
    numeric: [false, true, true] + backends.flatMap { _ in [true, true] }
)
var foundationSpeeds: [Double] = []
/// Per file: Foundation's and each backend's decoding speed (for the ceiling table).
var decodeSpeedsByFile: [String: (foundation: Double, jolt: [Double?])] = [:]
var joltSpeeds = [[Double]](repeating: [], count: backends.count)
var joltRatios = [[Double]](repeating: [], count: backends.count)

func progress(_ message: String) {
    FileHandle.standardError.write(Data("  \(message)\n".utf8))
}

for file in files {
    progress("decoding \(file.name) (\(formatSize(file.byteCount)))…")
    let foundation = JSONDecoder()
    let joltDecoders = backends.map { backend in
        let decoder = JoltDecoder()
        decoder.backend = backend
        return decoder
    }
    var marks = [String](repeating: "", count: backends.count)
    for (b, decoder) in joltDecoders.enumerated() {
        if let problem = file.crossCheck(decoder) {
            marks[b] = " (!)"
            decodeTable.notes.append("(!) \(file.name), Jolt .\(backendName(backends[b])): \(problem)")
        }
    }
    var contenders = [Contender(label: "Foundation", run: { try file.decodeFoundation(foundation) })]
    for (b, decoder) in joltDecoders.enumerated() {
        contenders.append(Contender(label: "Jolt .\(backendName(backends[b]))", run: { try file.decodeJolt(decoder) }))
    }
    let outcomes = measure(contenders, options: options)

    var row = [file.name, formatSize(file.byteCount)]
    let foundationSpeed = outcomes[0].median.map { megabytesPerSecond(file.byteCount, $0) }
    row.append(foundationSpeed.map { format($0) } ?? "error")
    if let foundationSpeed { foundationSpeeds.append(foundationSpeed) }
    var fileSpeeds = [Double?](repeating: nil, count: backends.count)
    for b in backends.indices {
        guard let median = outcomes[b + 1].median else {
            row += ["error", "–"]
            continue
        }
        let speed = megabytesPerSecond(file.byteCount, median)
        fileSpeeds[b] = speed
        joltSpeeds[b].append(speed)
        row.append(format(speed) + marks[b])
        if let foundationSpeed {
            joltRatios[b].append(speed / foundationSpeed)
            row.append(formatRatio(speed / foundationSpeed))
        } else {
            row.append("–")
        }
    }
    if let foundationSpeed { decodeSpeedsByFile[file.name] = (foundationSpeed, fileSpeeds) }
    for (index, outcome) in outcomes.enumerated() {
        if case .failed(let message) = outcome {
            decodeTable.notes.append("error: \(file.name), \(contenders[index].label): \(message)")
        }
    }
    decodeTable.rows.append(row)
}
if files.count > 1 {
    var row = ["geometric mean", "", geometricMean(foundationSpeeds).map { format($0) } ?? "–"]
    for b in backends.indices {
        row.append(geometricMean(joltSpeeds[b]).map { format($0) } ?? "–")
        row.append(geometricMean(joltRatios[b]).map { formatRatio($0) } ?? "–")
    }
    decodeTable.rows.append(row)
}
if !files.isEmpty { print(decodeTable.text() + "\n") }

// Decoding by trial: every file into TrialValue, whose init(from:) tries one type
// after another with try? (issue 25, "Cheap errors").

let trialTable = measureTrialTable(options: options, backends: backends, files: files)
if !files.isEmpty { print(trialTable.text() + "\n") }
if options.decodingOnly {
    if options.readmePath != nil { fail("--write-readme needs every table: drop --decoding-only") }
    exit(0)
}

// Encoding the full-structure models (decoded once by Foundation): default options,
// and pretty-printed with sorted keys. Allocation counts come from JoltMallocCount,
// a separate executable (it links a malloc interposer) in the same build folder.

/// Per file: allocations of one encode with Foundation and with Jolt.
func countMallocs() -> [String: (foundation: Int, jolt: Int)]? {
    guard let executable = siblingExecutable("JoltMallocCount"),
          let output = runToCompletion(executable, ["--corpus", corpusDirectory.path] + (options.filter.map { ["--filter", $0] } ?? []))
    else { return nil }
    var counts: [String: (foundation: Int, jolt: Int)] = [:]
    for line in output.split(separator: "\n") {
        let fields = line.split(separator: " ")
        if fields.count == 4, fields[0] == "encode", let f = Int(fields[2]), let j = Int(fields[3]) {
            counts[String(fields[1])] = (f, j)
        }
    }
    return counts
}

progress("counting allocations (JoltMallocCount)…")
let mallocCounts = countMallocs()
var encodeTable = Table(
    title: "Encoding full-structure models (MB/s of JSON written, higher is better; ×F = speed relative to Foundation's JSONEncoder; allocations per encode, default options)",
    header: ["File", "Output", "Foundation", "Jolt", "×F", "Foundation pretty+sorted", "Jolt pretty+sorted", "×F", "mallocs Foundation", "mallocs Jolt"],
    numeric: [false, true, true, true, true, true, true, true, true, true]
)
if mallocCounts == nil {
    encodeTable.notes.append("mallocs: JoltMallocCount not found next to JoltCompare; build it with `swift build -c release --product JoltMallocCount` (make bench does).")
}
var encodeRatios: [[Double]] = [[], []]
var encodeSpeeds: [[Double]] = [[], [], [], []]
for file in files {
    progress("encoding \(file.name)…")
    var row = [file.name]
    var size = 0
    do { size = try file.encodeFoundation(JSONEncoder()).count } catch {
        encodeTable.notes.append("error: \(file.name), Foundation: \(error)")
    }
    row.append(formatSize(size))
    for (v, formatting) in [JoltEncoder.OutputFormatting(), [.prettyPrinted, .sortedKeys]].enumerated() {
        let foundation = JSONEncoder()
        foundation.outputFormatting = JSONEncoder.OutputFormatting(rawValue: formatting.rawValue)
        let jolt = JoltEncoder()
        jolt.outputFormatting = formatting
        var mark = ""
        if formatting.contains(.sortedKeys) {
            // Sorted output is deterministic: the bytes must be Foundation's.
            let same = (try? file.encodeFoundation(foundation)) == (try? file.encodeJolt(jolt))
            if !same {
                mark = " (!)"
                encodeTable.notes.append("(!) \(file.name): Jolt's pretty sorted output differs from Foundation's")
            }
        }
        let outcomes = measure([
            Contender(label: "Foundation", run: { keep(try file.encodeFoundation(foundation)) }),
            Contender(label: "Jolt", run: { keep(try file.encodeJolt(jolt)) }),
        ], options: options)
        let speeds = outcomes.map { $0.median.map { megabytesPerSecond(size, $0) } }
        row.append(speeds[0].map { format($0) } ?? "error")
        row.append(speeds[1].map { format($0) + mark } ?? "error")
        if let f = speeds[0], let j = speeds[1] {
            encodeSpeeds[2 * v].append(f)
            encodeSpeeds[2 * v + 1].append(j)
            encodeRatios[v].append(j / f)
            row.append(formatRatio(j / f))
        } else {
            row.append("–")
        }
        for (index, outcome) in outcomes.enumerated() {
            if case .failed(let message) = outcome {
                encodeTable.notes.append("error: \(file.name), \(index == 0 ? "Foundation" : "Jolt"): \(message)")
            }
        }
    }
    if let counts = mallocCounts?[file.name] {
        row += [String(counts.foundation), String(counts.jolt)]
    } else {
        row += ["–", "–"]
    }
    encodeTable.rows.append(row)
}
if files.count > 1 {
    var row = ["geometric mean", ""]
    for v in 0..<2 {
        row.append(geometricMean(encodeSpeeds[2 * v]).map { format($0) } ?? "–")
        row.append(geometricMean(encodeSpeeds[2 * v + 1]).map { format($0) } ?? "–")
        row.append(geometricMean(encodeRatios[v]).map { formatRatio($0) } ?? "–")
    }
    let counts = files.compactMap { mallocCounts?[$0.name] }
    if counts.count == files.count {
        row.append(geometricMean(counts.map { Double($0.foundation) }).map { format($0, digits: 0) } ?? "–")
        row.append(geometricMean(counts.map { Double(max($0.jolt, 1)) }).map { format($0, digits: 0) } ?? "–")
    } else {
        row += ["–", "–"]
    }
    encodeTable.rows.append(row)
}
print(encodeTable.text() + "\n")

// Key strategies: twitter.json into models whose coding keys are camelCase, matched
// through `.convertFromSnakeCase` or through `KeyMappings`; both against
// Foundation's `.convertFromSnakeCase` on the same models.

var keyTable = Table(
    title: "Key strategies on twitter.json (MB/s; ×F = relative to Foundation's .convertFromSnakeCase on the same models)",
    header: ["Keys matched through", "Foundation"] + backends.flatMap { ["Jolt .\(backendName($0))", "×F"] },
    numeric: [false, true] + backends.flatMap { _ in [true, true] }
)
if let twitter = files.first(where: { $0.name == "twitter" }) {
    progress("decoding twitter through key strategies…")
    let data = twitter.data
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let variants: [(label: String, configure: (JoltDecoder) -> Void)] = [
        (".convertFromSnakeCase", { $0.keyDecodingStrategy = .convertFromSnakeCase }),
        ("KeyMappings (Jolt only)", { $0.keyMappings = snakeTwitterKeyMappings }),
    ]
    for variant in variants {
        let decoders = backends.map { backend -> JoltDecoder in
            let decoder = JoltDecoder()
            decoder.backend = backend
            variant.configure(decoder)
            return decoder
        }
        let expected = try? foundation.decode(SnakeTwitterResponse.self, from: data)
        for (b, decoder) in decoders.enumerated() where (try? decoder.decode(SnakeTwitterResponse.self, from: data)) != expected {
            keyTable.notes.append("(!) \(variant.label), Jolt .\(backendName(backends[b])): the value differs from Foundation's")
        }
        var contenders = [Contender(label: "Foundation", run: { keep(try foundation.decode(SnakeTwitterResponse.self, from: data)) })]
        for (b, decoder) in decoders.enumerated() {
            contenders.append(Contender(label: "Jolt .\(backendName(backends[b]))", run: { keep(try decoder.decode(SnakeTwitterResponse.self, from: data)) }))
        }
        let speeds = measure(contenders, options: options).map { $0.median.map { megabytesPerSecond(data.count, $0) } }
        var row = [variant.label, speeds[0].map { format($0) } ?? "error"]
        for b in backends.indices {
            row.append(speeds[b + 1].map { format($0) } ?? "error")
            if let speed = speeds[b + 1], let base = speeds[0] { row.append(formatRatio(speed / base)) } else { row.append("–") }
        }
        keyTable.rows.append(row)
    }
    print(keyTable.text() + "\n")
}

// Resilient values: dates through @DateValue vs Foundation's .iso8601.

progress("decoding 10,000 dated records…")
let dateTable = measureDateTable(options: options, backends: backends)
print(dateTable.text() + "\n")

// Polymorphic: a generated array of 10,000 objects of four kinds, decoded to
// [any FeedItem] by their "type". The baseline is Foundation with a hand-written
// init(from:) that reads "type" first; every ×F is relative to it.

var polymorphicTable = Table(
    title: "Polymorphic array: \(PolymorphicFeed.count) objects of 4 kinds decoded to [any FeedItem] by \"type\" "
        + "(MB/s; ×F = relative to Foundation with the hand-written init(from:))",
    header: ["Decoded through", "Foundation"] + backends.flatMap { ["Jolt .\(backendName($0))", "×F"] },
    numeric: [false, true] + backends.flatMap { _ in [true, true] }
)
if runsPolymorphic {
    let data = PolymorphicFeed.generate()
    progress("decoding a polymorphic array (\(formatSize(data.count)))…")
    polymorphicTable.title += ", \(formatSize(data.count))"
    let registries = PolymorphicRegistries(PolymorphicFeed.registry)
    let foundationHandWritten = JSONDecoder()
    let foundationRegistry = JSONDecoder()
    foundationRegistry.userInfo[PolymorphicRegistries.userInfoKey] = registries
    let joltDecoders = backends.map { backend -> JoltDecoder in
        let decoder = JoltDecoder()
        decoder.backend = backend
        decoder.register(PolymorphicFeed.registry)
        return decoder
    }
    typealias Decode = () throws -> [any FeedItem]
    let variants: [(label: String, foundation: Decode, jolt: [Decode])] = [
        ("hand-written init(from:)",
         { try foundationHandWritten.decode([HandWrittenFeedItem].self, from: data).map(\.value) },
         joltDecoders.map { decoder in { try decoder.decode([HandWrittenFeedItem].self, from: data).map(\.value) } }),
        ("PolymorphicRegistry",
         { try foundationRegistry.decode(PolymorphicArray<any FeedItem>.self, from: data).wrappedValue },
         joltDecoders.map { decoder in { try decoder.decodeArray(polymorphic: (any FeedItem).self, from: data) } }),
    ]
    let expected = (try? variants[0].foundation()).map(PolymorphicFeed.fingerprint)
    var baseline: Double?
    for variant in variants {
        var marks = [String](repeating: "", count: backends.count + 1)
        for (index, decode) in ([variant.foundation] + variant.jolt).enumerated()
        where (try? decode()).map(PolymorphicFeed.fingerprint) != expected || expected == nil {
            marks[index] = " (!)"
            polymorphicTable.notes.append("(!) \(variant.label), contender \(index): the items differ from Foundation's hand-written decode")
        }
        var contenders = [Contender(label: "Foundation", run: { keep(try variant.foundation()) })]
        for (b, decode) in variant.jolt.enumerated() {
            contenders.append(Contender(label: "Jolt .\(backendName(backends[b]))", run: { keep(try decode()) }))
        }
        let speeds = measure(contenders, options: options).map { $0.median.map { megabytesPerSecond(data.count, $0) } }
        if baseline == nil { baseline = speeds[0] }
        var row = [variant.label, (speeds[0].map { format($0) } ?? "error") + marks[0]]
        for b in backends.indices {
            row.append((speeds[b + 1].map { format($0) } ?? "error") + marks[b + 1])
            if let speed = speeds[b + 1], let baseline { row.append(formatRatio(speed / baseline)) } else { row.append("–") }
        }
        polymorphicTable.rows.append(row)
    }
    polymorphicTable.notes.append("Foundation's PolymorphicRegistry row is Jolt's PolymorphicArray under JSONDecoder (registry in userInfo).")
    print(polymorphicTable.text() + "\n")
}

// Generated code: models annotated with JoltMacros vs the same models without (JoltMacroBench).

var macroTable: Table?
var directPathTable: Table?
var directEncodingTable: Table?
if runsMacros {
    let tables = measureMacroTables(options: options, backends: backends, corpus: corpusDirectory)
    macroTable = tables.generated
    directPathTable = tables.direct
    directEncodingTable = tables.encoding
    print(tables.generated.text() + "\n")
    print(tables.direct.text() + "\n")
    print(tables.encoding.text() + "\n")
}

// Streaming: a generated array of tweets, element by element vs Foundation's whole-document decode.

let streamingTable = measureStreamingTable(options: options, backends: backends, corpus: corpusDirectory)
print(streamingTable.text() + "\n")

// Scanner only: building the tape vs. a bare yajl parse with no-op callbacks.

var scanTable = Table(
    title: "Scanner only: building the tape (MB/s; ×bare = speed relative to a bare yajl parse with no-op callbacks and, like the backend, no string callback)",
    header: ["File", "bare yajl"] + backends.flatMap { ["tape .\(backendName($0))", "×bare"] },
    numeric: [false, true] + backends.flatMap { _ in [true, true] }
)
if !JoltBackend.isYAJLAvailable {
    scanTable.header = ["File"] + backends.map { "tape .\(backendName($0))" }
    scanTable.numeric = [false] + backends.map { _ in true }
}
var bareSpeeds: [Double] = []
/// Per file: the bare yajl parse's and each backend's tape speed (for the ceiling table).
var scanSpeedsByFile: [String: (bare: Double?, tape: [Double?])] = [:]
var tapeSpeeds = [[Double]](repeating: [], count: backends.count)
var tapeRatios = [[Double]](repeating: [], count: backends.count)

for file in files {
    progress("scanning \(file.name)…")
    // A stable copy of the bytes, outside any closure-scoped `withUnsafeBytes`.
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: file.byteCount, alignment: 16)
    defer { buffer.deallocate() }
    file.data.copyBytes(to: buffer)
    let bytes = UnsafeRawBufferPointer(buffer)

    var contenders: [Contender] = []
    if JoltBackend.isYAJLAvailable {
        contenders.append(Contender(label: "bare yajl", run: {
            struct Rejected: Error {}
            if !JoltBenchmarkSupport.bareYAJLParse(bytes) { throw Rejected() }
        }))
    }
    for backend in backends {
        contenders.append(Contender(label: "tape .\(backendName(backend))", run: {
            _ = try JoltBenchmarkSupport.buildTape(bytes, backend: backend)
        }))
    }
    let outcomes = measure(contenders, options: options)
    let speeds = outcomes.map { $0.median.map { megabytesPerSecond(file.byteCount, $0) } }

    var row = [file.name]
    var bare: Double?
    if JoltBackend.isYAJLAvailable {
        bare = speeds[0]
        row.append(bare.map { format($0) } ?? "error")
        if let bare { bareSpeeds.append(bare) }
    }
    let offset = JoltBackend.isYAJLAvailable ? 1 : 0
    for b in backends.indices {
        let speed = speeds[b + offset]
        row.append(speed.map { format($0) } ?? "error")
        if let speed { tapeSpeeds[b].append(speed) }
        if JoltBackend.isYAJLAvailable {
            if let speed, let bare {
                tapeRatios[b].append(speed / bare)
                row.append(formatRatio(speed / bare))
            } else {
                row.append("–")
            }
        }
    }
    scanSpeedsByFile[file.name] = (bare, backends.indices.map { speeds[$0 + offset] })
    for (index, outcome) in outcomes.enumerated() {
        if case .failed(let message) = outcome {
            scanTable.notes.append("error: \(file.name), \(contenders[index].label): \(message)")
        }
    }
    scanTable.rows.append(row)
}
if files.count > 1 {
    var row = ["geometric mean"]
    if JoltBackend.isYAJLAvailable { row.append(geometricMean(bareSpeeds).map { format($0) } ?? "–") }
    for b in backends.indices {
        row.append(geometricMean(tapeSpeeds[b]).map { format($0) } ?? "–")
        if JoltBackend.isYAJLAvailable { row.append(geometricMean(tapeRatios[b]).map { formatRatio($0) } ?? "–") }
    }
    scanTable.rows.append(row)
}
if !files.isEmpty { print("\n" + scanTable.text()) }

// The yajl backend against what yajl allows: a decode on it costs at least a bare
// yajl parse plus the walk of the tape, and the walk is the same code on both
// backends, so the Swift backend's decode time minus its tape time estimates it.

var ceilingTable = Table(
    title: "The yajl backend against its ceiling (×F = speed relative to Foundation's JSONDecoder, from the decoding table; ceiling = a bare yajl parse, from the scanner table, plus the walk of the tape, estimated as the Swift backend's decode time minus its tape time)",
    header: ["File", "Jolt .yajl ×F", "ceiling ×F", "share of the ceiling"],
    numeric: [false, true, true, true]
)
if let yajlIndex = backends.firstIndex(of: .yajl), let swiftIndex = backends.firstIndex(of: .swift) {
    var actualRatios: [Double] = []
    var ceilingRatios: [Double] = []
    for file in files {
        guard let decoded = decodeSpeedsByFile[file.name], let scanned = scanSpeedsByFile[file.name],
              let yajl = decoded.jolt[yajlIndex], let swift = decoded.jolt[swiftIndex],
              let bare = scanned.bare, let swiftTape = scanned.tape[swiftIndex] else { continue }
        // Seconds per megabyte: the walk is the Swift decode less the Swift tape.
        let walk = max(1 / swift - 1 / swiftTape, 0)
        let ceiling = 1 / (1 / bare + walk)
        actualRatios.append(yajl / decoded.foundation)
        ceilingRatios.append(ceiling / decoded.foundation)
        ceilingTable.rows.append([file.name, formatRatio(yajl / decoded.foundation), formatRatio(ceiling / decoded.foundation),
                                  String(format: "%.0f%%", 100 * yajl / ceiling)])
    }
    if ceilingTable.rows.count > 1, let actual = geometricMean(actualRatios), let ceiling = geometricMean(ceilingRatios) {
        ceilingTable.rows.append(["geometric mean", formatRatio(actual), formatRatio(ceiling), String(format: "%.0f%%", 100 * actual / ceiling)])
    }
    ceilingTable.notes.append("Above 100%: the backend parses a copy of an indented document without its indentation, which the bare parse reads.")
    if !ceilingTable.rows.isEmpty { print("\n" + ceilingTable.text()) }
}

if let readmePath = options.readmePath {
    let method = "Interleaved runs, every decoder once per round until each has at least \(options.minSamples) iterations "
        + "and \(options.minTime) s per file (so all are timed over the same stretch); each number is the median iteration, "
        + "after warm-up. MB/s = 10^6 bytes of JSON per second."
    let keySection = keyTable.rows.isEmpty ? [] : [keyTable.markdown(), ""]
    let polymorphicSection = polymorphicTable.rows.isEmpty ? [] : [polymorphicTable.markdown(), ""]
    let macroSection = [macroTable, directPathTable, directEncodingTable].compactMap { $0 }.flatMap { [$0.markdown(), ""] }
    let body = (header.map { $0 + "  " } + ["", method, "", decodeTable.markdown(), "", trialTable.markdown(), "", encodeTable.markdown(), ""] + keySection
        + [dateTable.markdown(), ""] + polymorphicSection + macroSection + [streamingTable.markdown(), "", scanTable.markdown()]
        + (ceilingTable.rows.isEmpty ? [] : ["", ceilingTable.markdown()]))
        .joined(separator: "\n")
    do { try writeReadme(readmePath, body: body) } catch { fail("cannot write \(readmePath): \(error)") }
}
