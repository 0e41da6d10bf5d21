// The direct-path table (issue 25): every corpus file decoded into its
// full-structure model (synthesized Codable) and into the same model generated
// by JoltMacros (GeneratedCorpus/, Scripts/generate-macro-corpus-models.py),
// which JoltDecoder reads through `_JoltDirectDecodable`, and again with
// `usesDirectPath` off (the generated `init(from:)`). Output, one line per file:
//   direct <file> TAB <bytes> TAB <Foundation, plain model> TAB per backend: <plain> TAB <generated, direct> TAB <generated, init(from:)>

import Foundation
@_spi(Testing) import Jolt

/// One corpus file and its two models.
struct CorpusPair {
    let file: String
    /// The decodes of one iteration: Foundation on the plain model, then per
    /// decoder the plain model, the generated one, the generated one through init(from:).
    let contenders: (_ data: Data, _ backends: [JoltBackend]) -> [Contender]
    /// Whether the generated model decodes to the plain model's values (both encoded with sorted keys).
    let same: (_ data: Data, _ backend: JoltBackend) -> Bool

    init<Plain: Codable, Generated: Codable>(_ file: String, _ plain: Plain.Type, _ generated: Generated.Type) {
        self.file = file
        contenders = { data, backends in
            var result = [Contender(label: "Foundation", run: { keep(try JSONDecoder().decode(Plain.self, from: data)) })]
            for backend in backends {
                let decoder = JoltDecoder()
                decoder.backend = backend
                let initFrom = JoltDecoder()
                initFrom.backend = backend
                initFrom.usesDirectPath = false
                result.append(Contender(label: "plain \(backend)", run: { keep(try decoder.decode(Plain.self, from: data)) }))
                result.append(Contender(label: "direct \(backend)", run: { keep(try decoder.decode(Generated.self, from: data)) }))
                result.append(Contender(label: "init(from:) \(backend)", run: { keep(try initFrom.decode(Generated.self, from: data)) }))
            }
            return result
        }
        same = { data, backend in
            let decoder = JoltDecoder()
            decoder.backend = backend
            let initFrom = JoltDecoder()
            initFrom.backend = backend
            initFrom.usesDirectPath = false
            guard let plain = try? JSONDecoder().decode(Plain.self, from: data),
                  let direct = try? decoder.decode(Generated.self, from: data),
                  let viaInit = try? initFrom.decode(Generated.self, from: data) else { return false }
            return sameJSON(plain, direct) && sameJSON(plain, viaInit)
        }
    }

    static var all: [CorpusPair] { [
        CorpusPair("canada.json", CanadaGeoJSON.self, GeneratedCanadaGeoJSON.self),
        CorpusPair("citm_catalog.json", CitmCatalog.self, GeneratedCitmCatalog.self),
        CorpusPair("github_events.json", GitHubEvents.self, GeneratedGitHubEvents.self),
        CorpusPair("gsoc-2018.json", GSoC2018.self, GeneratedGSoC2018.self),
        CorpusPair("twitter.json", TwitterResponse.self, GeneratedTwitterResponse.self),
        CorpusPair("twitterescaped.json", TwitterResponse.self, GeneratedTwitterResponse.self),
        CorpusPair("update-center.json", UpdateCenter.self, GeneratedUpdateCenter.self),
    ] }
}

/// Measures each corpus file's contenders, interleaved, and prints its `direct` line.
func measureDirectPath(corpus: URL, backends: [JoltBackend], settings: Settings) {
    for pair in CorpusPair.all {
        guard let data = try? Data(contentsOf: corpus.appendingPathComponent(pair.file)) else {
            print("note direct path: \(pair.file) not found in \(corpus.path)")
            continue
        }
        FileHandle.standardError.write(Data("  JoltMacroBench: direct path, \(pair.file)…\n".utf8))
        for backend in backends where !pair.same(data, backend) {
            print("note (!) direct path: \(pair.file), \(backend): the generated model's values differ from the plain model's")
        }
        let contenders = pair.contenders(data, backends)
        let outcomes = measure(contenders, options: settings)
        print("direct " + ([pair.file, String(data.count)] + outcomes.map { $0.median.map { String($0) } ?? "-" }).joined(separator: "\t"))
        for (index, outcome) in outcomes.enumerated() {
            if case .failed(let message) = outcome { print("note error: direct path, \(pair.file), \(contenders[index].label): \(message)") }
        }
    }
}

/// `--profile direct|plain|initfrom:FILE`: one corpus file's decode, for callgrind,
/// made ready once (the file read, the contenders built) so that each call of the
/// returned closure is the decode alone. Nil for another model.
func corpusProfile(_ model: String, decoder: JoltDecoder, corpus: URL?) -> (() throws -> Void)? {
    let parts = model.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2, ["direct", "plain", "initfrom"].contains(parts[0]),
          let pair = CorpusPair.all.first(where: { $0.file == parts[1] || $0.file == parts[1] + ".json" }),
          let data = corpus.flatMap({ try? Data(contentsOf: $0.appendingPathComponent(pair.file)) }) else { return nil }
    if parts[0] == "initfrom" { decoder.usesDirectPath = false }
    // Contenders: Foundation, then (plain, direct, init(from:)) for the decoder's backend.
    let contenders = pair.contenders(data, [decoder.backend])
    return contenders[parts[0] == "plain" ? 1 : parts[0] == "direct" ? 2 : 3].run
}
