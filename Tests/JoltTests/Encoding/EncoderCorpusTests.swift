// The full-structure models of every ../shared/corpus file, decoded with
// Foundation's JSONDecoder, then encoded by Foundation's JSONEncoder and by
// JoltEncoder: the same bytes (see EncoderParityHarness) in the four layouts.

import XCTest
import Foundation
@testable import Jolt

final class EncoderCorpusTests: XCTestCase {
    func check<T: Codable>(_ type: T.Type, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let model = try JSONDecoder().decode(T.self, from: SharedFiles.corpusFile(name))
        assertEncodeParity(model, name, file: file, line: line)
        // And Jolt's output reads back as the same model (sorted keys: the models'
        // dictionaries iterate in an order that depends on how they were built).
        let encoder = JoltEncoder()
        encoder.outputFormatting = .sortedKeys
        let reencoded = try encoder.encode(model)
        let again = try JSONDecoder().decode(T.self, from: JoltEncoder().encode(model))
        XCTAssertEqual(try encoder.encode(again), reencoded, "\(name): round trip", file: file, line: line)
    }

    func testCanada() throws { try check(CanadaGeoJSON.self, "canada") }
    func testCitmCatalog() throws { try check(CitmCatalog.self, "citm_catalog") }
    func testGitHubEvents() throws { try check(GitHubEvents.self, "github_events") }
    func testGSoC2018() throws { try check(GSoC2018.self, "gsoc-2018") }
    func testTwitter() throws { try check(TwitterResponse.self, "twitter") }
    func testTwitterEscaped() throws { try check(TwitterResponse.self, "twitterescaped") }
    func testUpdateCenter() throws { try check(UpdateCenter.self, "update-center") }

    /// The snake-case twitter model through `.convertToSnakeCase` on both sides.
    func testTwitterSnakeCaseStrategy() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let model = try decoder.decode(SnakeTwitterResponse.self, from: SharedFiles.corpusFile("twitter"))
        assertEncodeParity(model, "twitter snake", formattings: [[], [.sortedKeys], [.prettyPrinted, .sortedKeys]],
                           foundation: { $0.keyEncodingStrategy = .convertToSnakeCase },
                           jolt: { $0.keyEncodingStrategy = .convertToSnakeCase })
    }
}
