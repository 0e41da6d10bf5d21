import XCTest
import Foundation
@testable import Jolt

/// The corpus files, from `../shared/corpus` (see `SharedFiles`).
enum CorpusFiles {
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: SharedFiles.corpus.appendingPathComponent(name))
    }
}

final class CorpusModelTests: XCTestCase {
    static let backends: [JoltDecoder.Backend] = JoltBackend.allCases

    /// Decodes `name` as `T` with Foundation and with JoltDecoder (every backend built, and all three
    /// input overloads), asserts equality, and checks the model is complete by re-encoding the
    /// Foundation result and comparing it structurally with the original file.
    @discardableResult
    func checkCorpus<T: Codable & Equatable>(_ type: T.Type, _ name: String,
                                             file: StaticString = #filePath, line: UInt = #line) throws -> T {
        let data = try CorpusFiles.data(name)
        let expected = try JSONDecoder().decode(T.self, from: data)
        let string = String(decoding: data, as: UTF8.self)
        for backend in Self.backends {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let fromData = try decoder.decode(T.self, from: data)
            XCTAssertTrue(fromData == expected, "\(name): Jolt(\(backend)) from Data differs from Foundation", file: file, line: line)
            let fromBytes = try decoder.decode(T.self, from: [UInt8](data))
            XCTAssertTrue(fromBytes == expected, "\(name): Jolt(\(backend)) from [UInt8] differs from Foundation", file: file, line: line)
            let fromString = try decoder.decode(T.self, from: string)
            XCTAssertTrue(fromString == expected, "\(name): Jolt(\(backend)) from String differs from Foundation", file: file, line: line)
            // Dynamic decoding (exercises try?-fallbacks through a single value container).
            let dynJolt = try decoder.decode(CorpusJSONValue.self, from: data)
            let dynFoundation = try JSONDecoder().decode(CorpusJSONValue.self, from: data)
            XCTAssertNil(CorpusJSONValue.firstDifference(dynFoundation, dynJolt),
                         "\(name): Jolt(\(backend)) dynamic decode differs", file: file, line: line)
        }
        // Completeness: every key/value of the file survives decode -> encode.
        let original = try JSONDecoder().decode(CorpusJSONValue.self, from: data).normalized
        let reencoded = try JSONDecoder().decode(CorpusJSONValue.self, from: JSONEncoder().encode(expected)).normalized
        XCTAssertNil(CorpusJSONValue.firstDifference(original, reencoded),
                     "\(name): model does not round-trip the whole file", file: file, line: line)
        return expected
    }

    func testTwitter() throws {
        let t = try checkCorpus(TwitterResponse.self, "twitter.json")
        XCTAssertEqual(t.statuses.count, 100)
        XCTAssertEqual(t.statuses[0].id, 505874924095815681)
        XCTAssertEqual(t.statuses[0].idStr, "505874924095815681")
        XCTAssertEqual(t.statuses[0].user.screenName, "ayuu0123")
        XCTAssertTrue(t.statuses[0].text.hasPrefix("@aym0566x \n\n名前:前田あゆみ"))
        XCTAssertEqual(t.statuses.last?.id, 505874847260352513)
        XCTAssertEqual(t.searchMetadata.count, 100)
        XCTAssertEqual(t.searchMetadata.maxId, 505874924095815700)
        XCTAssertEqual(t.searchMetadata.completedIn, 0.087)
        XCTAssertEqual(t.statuses.filter { $0.retweetedStatus != nil }.count, 73)
        XCTAssertNil(t.statuses[0].geo)
    }

    func testTwitterEscaped() throws {
        let e = try checkCorpus(TwitterResponse.self, "twitterescaped.json")
        let t = try JSONDecoder().decode(TwitterResponse.self, from: CorpusFiles.data("twitter.json"))
        XCTAssertEqual(e.statuses.count, 100)
        // Same tweets; only large numeric ids were rounded through Double in the escaped file.
        XCTAssertEqual(e.statuses.map(\.text), t.statuses.map(\.text))
        XCTAssertEqual(e.statuses.map(\.idStr), t.statuses.map(\.idStr))
        XCTAssertEqual(e.statuses.map(\.user.name), t.statuses.map(\.user.name))
        XCTAssertEqual(e.statuses.map(\.user.description), t.statuses.map(\.user.description))
        XCTAssertEqual(e.statuses[0].id, 505874924095815700)
    }

    func testCitmCatalog() throws {
        let c = try checkCorpus(CitmCatalog.self, "citm_catalog.json")
        XCTAssertEqual(c.events.count, 184)
        XCTAssertEqual(c.performances.count, 243)
        XCTAssertEqual(c.areaNames["205705993"], "Arrière-scène central")
        XCTAssertEqual(c.performances[0].id, 339887544)
        XCTAssertEqual(c.performances[0].start, 1372701600000)
        XCTAssertTrue(c.blockNames.isEmpty)
        XCTAssertEqual(c.venueNames["PLEYEL_PLEYEL"], "Salle Pleyel")
    }

    func testCanada() throws {
        let c = try checkCorpus(CanadaGeoJSON.self, "canada.json")
        XCTAssertEqual(c.type, "FeatureCollection")
        XCTAssertEqual(c.features.count, 1)
        let g = c.features[0].geometry
        XCTAssertEqual(g.type, "Polygon")
        XCTAssertEqual(g.coordinates.count, 480)
        XCTAssertEqual(g.coordinates.reduce(0) { $0 + $1.count }, 55563)
        XCTAssertEqual(g.coordinates[0][0], [-65.61361699999998, 43.42027300000001])
        XCTAssertEqual(c.features[0].properties.name, "Canada")
    }

    func testGitHubEvents() throws {
        let e = try checkCorpus(GitHubEvents.self, "github_events.json")
        XCTAssertEqual(e.count, 30)
        XCTAssertEqual(e[0].id, "1652857722")
        XCTAssertEqual(e[0].actor.login, "jathanism")
        guard case .push(let push) = e[0].payload else { return XCTFail("expected PushEvent payload") }
        XCTAssertEqual(push.pushId, 134107894)
        XCTAssertEqual(e.filter { if case .push = $0.payload { true } else { false } }.count, 13)
        XCTAssertEqual(e.filter { if case .other = $0.payload { true } else { false } }.count, 0)
        let creates = e.compactMap { if case .create(let p) = $0.payload { p } else { nil } }
        XCTAssertEqual(creates.count, 3)
        XCTAssertEqual(creates.filter { $0.ref == nil }.count, 2)
    }

    func testGSoC2018() throws {
        let g = try checkCorpus(GSoC2018.self, "gsoc-2018.json")
        XCTAssertEqual(g.count, 1264)
        XCTAssertEqual(g["0"]?.name, "Instructor Interface for Plagiarism Detection")
        XCTAssertEqual(g["0"]?.author.name, "Tushar Gurjar")
        XCTAssertEqual(g["0"]?.type, "SoftwareSourceCode")
    }

    func testUpdateCenter() throws {
        let u = try checkCorpus(UpdateCenter.self, "update-center.json")
        XCTAssertEqual(u.plugins.count, 654)
        XCTAssertEqual(u.core.version, "1.498")
        XCTAssertEqual(u.id, "default")
        XCTAssertEqual(u.updateCenterVersion, "1")
        XCTAssertEqual(u.plugins["AdaptivePlugin"]?.version, "0.1")
        XCTAssertEqual(u.plugins.values.filter { $0.compatibleSinceVersion != nil }.count, 8)
    }
}
