import Foundation
import Jolt

/// `$JOLT_CORPUS_DIR`, else the first `shared/corpus` above this source file (the
/// checkout's sibling `../shared`).
func corpusDirectory() -> URL? {
    if let dir = ProcessInfo.processInfo.environment["JOLT_CORPUS_DIR"], !dir.isEmpty {
        return URL(fileURLWithPath: dir)
    }
    var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    for _ in 0..<8 {
        let candidate = dir.appendingPathComponent("shared/corpus")
        if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("twitter.json").path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return nil
}

/// The jobs over the corpus files: their elements (statuses, events, plugins, …)
/// as documents of their own, decoded and encoded with each option set; whole
/// files; streams; the polymorphic registries.
func makeJobs(corpus: URL, reference: Coders) throws -> [Job] {
    func file(_ name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name + ".json"))) }
    /// Each element as a document of its own, written by the reference encoder.
    func documents<M: Encodable>(_ elements: [M]) throws -> [[UInt8]] { try elements.map { try reference.plainEncoder.encodeToBytes($0) } }
    let plain: DecoderPick = { $0.plain }
    let snake: DecoderPick = { $0.snake }
    let mapped: DecoderPick = { $0.mapped }
    let plainEncoder: EncoderPick = { $0.plainEncoder }
    let snakeEncoder: EncoderPick = { $0.snakeEncoder }
    let sortedEncoder: EncoderPick = { $0.sortedEncoder }
    let foundation = JSONDecoder()
    let foundationSnake = JSONDecoder()
    foundationSnake.keyDecodingStrategy = .convertFromSnakeCase
    var jobs: [Job] = []

    // twitter.json and twitterescaped.json: each status with the explicit-key model,
    // then through .convertFromSnakeCase and KeyMappings into the camelCase model.
    var statuses: [TwitterStatus] = []
    for name in ["twitter", "twitterescaped"] {
        let response = try reference.plain.decode(TwitterResponse.self, from: try file(name))
        statuses += response.statuses
        for (index, document) in try documents(response.statuses).enumerated() {
            let label = "\(name) status \(index)"
            jobs.append(try Jobs.roundTrip(label, TwitterStatus.self, document, decoder: plain,
                                           encoder: index % 4 == 0 ? sortedEncoder : plainEncoder,
                                           reference: reference, foundation: foundation))
            if index % 2 == 0 {
                jobs.append(try Jobs.roundTrip(label + " snake", SnakeTwitterStatus.self, document, decoder: snake,
                                               encoder: snakeEncoder, reference: reference, foundation: foundationSnake))
            } else {
                jobs.append(try Jobs.roundTrip(label + " mapped", SnakeTwitterStatus.self, document, decoder: mapped,
                                               encoder: snakeEncoder, reference: reference, foundation: foundationSnake))
            }
        }
    }

    // github_events.json: each event, the whole file, and the payloads by discriminator.
    let eventsFile = try file("github_events")
    let events = try reference.plain.decode(GitHubEvents.self, from: eventsFile)
    let eventDocuments = try documents(events)
    for (index, document) in eventDocuments.enumerated() {
        jobs.append(try Jobs.roundTrip("github event \(index)", GitHubEvent.self, document, decoder: plain,
                                       encoder: index % 3 == 0 ? sortedEncoder : plainEncoder,
                                       reference: reference, foundation: foundation))
    }
    jobs.append(try Jobs.roundTrip("github_events.json", GitHubEvents.self, eventsFile, decoder: plain,
                                   encoder: plainEncoder, reference: reference, foundation: foundation))
    jobs += try Jobs.polymorphic(events, eventDocuments: eventDocuments, file: eventsFile, reference: reference)

    // citm_catalog.json: its events and performances.
    let citm = try reference.plain.decode(CitmCatalog.self, from: try file("citm_catalog"))
    let citmEvents = citm.events.keys.sorted().prefix(60).map { citm.events[$0]! }
    for (index, document) in try documents(citmEvents).enumerated() {
        jobs.append(try Jobs.roundTrip("citm event \(index)", CitmEvent.self, document, decoder: plain,
                                       encoder: plainEncoder, reference: reference, foundation: foundation))
    }
    for (index, document) in try documents(Array(citm.performances.prefix(60))).enumerated() {
        jobs.append(try Jobs.roundTrip("citm performance \(index)", CitmPerformance.self, document, decoder: plain,
                                       encoder: index % 2 == 0 ? sortedEncoder : plainEncoder,
                                       reference: reference, foundation: foundation))
    }

    // update-center.json's plugins and gsoc-2018.json's projects.
    let updateCenter = try reference.plain.decode(UpdateCenter.self, from: try file("update-center"))
    let plugins = updateCenter.plugins.keys.sorted().prefix(60).map { updateCenter.plugins[$0]! }
    for (index, document) in try documents(plugins).enumerated() {
        jobs.append(try Jobs.roundTrip("update-center plugin \(index)", UpdateCenterPlugin.self, document, decoder: plain,
                                       encoder: plainEncoder, reference: reference, foundation: foundation))
    }
    let gsoc = try reference.plain.decode(GSoC2018.self, from: try file("gsoc-2018"))
    let projects = gsoc.keys.sorted().prefix(60).map { gsoc[$0]! }
    for (index, document) in try documents(projects).enumerated() {
        jobs.append(try Jobs.roundTrip("gsoc project \(index)", GSoCProject.self, document, decoder: plain,
                                       encoder: index % 2 == 0 ? sortedEncoder : plainEncoder,
                                       reference: reference, foundation: foundation))
    }

    // canada.json: its rings of coordinates, twelve at a time, as geometries (numbers).
    let canada = try reference.plain.decode(CanadaGeoJSON.self, from: try file("canada"))
    let geometry = canada.features[0].geometry
    let geometries = stride(from: 0, to: min(240, geometry.coordinates.count), by: 12).map {
        CanadaGeometry(type: geometry.type, coordinates: Array(geometry.coordinates[$0..<min($0 + 12, geometry.coordinates.count)]))
    }
    for (index, document) in try documents(geometries).enumerated() {
        jobs.append(try Jobs.roundTrip("canada geometry \(index)", CanadaGeometry.self, document, decoder: plain,
                                       encoder: plainEncoder, reference: reference, foundation: foundation))
    }

    // Streams: JSON Lines of the statuses (plain and snake-case decoders), and
    // github_events.json's array element by element.
    jobs.append(try Jobs.jsonLines("twitter statuses JSON Lines", statuses, chunkSize: 4093, decoder: plain,
                                   encoder: plainEncoder, reference: reference))
    let snakeStatuses = try statuses.map { try reference.snake.decode(SnakeTwitterStatus.self, from: reference.plainEncoder.encodeToBytes($0)) }
    jobs.append(try Jobs.jsonLines("twitter statuses JSON Lines snake", snakeStatuses, chunkSize: 16_411, decoder: snake,
                                   encoder: snakeEncoder, reference: reference))
    jobs.append(try Jobs.arrayStream("github_events.json stream", GitHubEvent.self, eventsFile, chunkSize: 1021,
                                     decoder: plain, reference: reference))
    return jobs
}
