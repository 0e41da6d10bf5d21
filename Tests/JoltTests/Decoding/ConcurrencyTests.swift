import Foundation
import Synchronization
import XCTest
@testable import Jolt

/// One `JoltDecoder` shared between threads: decodes run in parallel, and an option
/// changed meanwhile affects only the decodes that start after it (options are
/// copied in at the start of each decode).
final class ConcurrencyTests: XCTestCase {
    struct Item: Codable, Equatable {
        var itemId: Int
        var itemName: String
        var values: [Double]
    }

    private let json = Data(#"[{"item_id": 1, "item_name": "a\u00e9", "values": [1.5, 2]}, {"item_id": 2, "item_name": "b", "values": []}]"#.utf8)
    private let expected = [Item(itemId: 1, itemName: "aé", values: [1.5, 2]), Item(itemId: 2, itemName: "b", values: [])]

    func testSharedDecoderDecodesInParallel() {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let json = json, expected = expected
            let failures = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 64) { _ in
                for _ in 0..<50 {
                    if (try? decoder.decode([Item].self, from: json)) != expected {
                        failures.withLock { $0 += 1 }
                    }
                }
            }
            XCTAssertEqual(failures.withLock { $0 }, 0, "\(backend)")
        }
    }

    func testOptionsChangedDuringDecodesDoNotTearThem() {
        let decoder = JoltDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let snakeJSON = json, expected = expected
        let camelJSON = Data(#"[{"itemId": 1, "itemName": "aé", "values": [1.5, 2]}, {"itemId": 2, "itemName": "b", "values": []}]"#.utf8)
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in 0..<200 {
                if worker == 0 {
                    decoder.keyDecodingStrategy = i.isMultiple(of: 2) ? .useDefaultKeys : .convertFromSnakeCase
                    continue
                }
                // Whichever strategy a decode copied in, the camelCase input decodes
                // (snake-case conversion leaves it alone), and the snake_case one
                // either decodes to the same value or fails: never a mixed result.
                let snake = try? decoder.decode([Item].self, from: snakeJSON)
                let camel = try? decoder.decode([Item].self, from: camelJSON)
                if camel != expected { wrong.withLock { $0 += 1 } }
                if let snake, snake != expected { wrong.withLock { $0 += 1 } }
            }
        }
        XCTAssertEqual(wrong.withLock { $0 }, 0)
    }
}
