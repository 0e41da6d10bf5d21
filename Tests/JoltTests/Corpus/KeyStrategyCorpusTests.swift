import Foundation
import XCTest
@testable import Jolt

/// twitter.json through `.convertFromSnakeCase` and through `KeyMappings`
/// (the models of TwitterSnakeCaseModels.swift): the same values as Foundation's
/// `.convertFromSnakeCase`, and as the explicit-key models.
final class KeyStrategyCorpusTests: XCTestCase {
    func testTwitterThroughSnakeCaseAndKeyMappings() throws {
        for name in ["twitter.json", "twitterescaped.json"] {
            let data = try CorpusFiles.data(name)
            let foundation = JSONDecoder()
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            let expected = try foundation.decode(SnakeTwitterResponse.self, from: data)
            XCTAssertEqual(expected.statuses.count, 100)
            for backend in JoltBackend.allCases {
                let snake = JoltDecoder()
                snake.backend = backend
                snake.keyDecodingStrategy = .convertFromSnakeCase
                XCTAssertEqual(try snake.decode(SnakeTwitterResponse.self, from: data), expected, "\(name) \(backend) snake")

                let mapped = JoltDecoder()
                mapped.backend = backend
                mapped.keyMappings = snakeTwitterKeyMappings
                mapped.unknownKeyPolicy = .reject   // every key is asked for, through its alternative
                XCTAssertEqual(try mapped.decode(SnakeTwitterResponse.self, from: data), expected, "\(name) \(backend) mappings")
            }
        }
    }
}
