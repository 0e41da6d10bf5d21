import Foundation
import XCTest
@_spi(Testing) @testable import Jolt

/// A point that writes which path wrote it: JoltEncoder must hand its slot to
/// `joltDirectEncode(to:)` wherever a `WrittenPoint` is encoded (at the top, in
/// arrays and dictionaries, inside another direct type and inside plain
/// Codable types), under the options the direct path honours, and run the
/// container code otherwise.
private struct WrittenPoint: _JoltDirectEncodable {
    var x: Int
    var inner: [WrittenPoint] = []

    enum CodingKeys: String, CodingKey { case x, inner, path }

    func encode(to encoder: any Encoder) throws {
        if let writer = _JoltDirectWriter(encoder) { return try joltDirectEncode(to: writer) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        if !inner.isEmpty { try container.encode(inner, forKey: .inner) }
        try container.encode("containers", forKey: .path)
    }

    func joltDirectEncode(to writer: _JoltDirectWriter) throws {
        let object = writer.object()
        try object.encode(x, forKey: CodingKeys.x, "\"x\"")
        if !inner.isEmpty { try object.encode(inner, forKey: CodingKeys.inner, "\"inner\"") }
        try object.encode("direct", forKey: CodingKeys.path, "\"path\"")
    }
}

/// A plain Codable type holding points.
private struct PlainBox: Codable {
    var point: WrittenPoint
    var points: [String: WrittenPoint]
}

extension WrittenPoint: Decodable {
    init(from decoder: any Decoder) throws {
        x = 0
    }
}

final class DirectEncodingTests: XCTestCase {
    private let point = WrittenPoint(x: 1, inner: [WrittenPoint(x: 2), WrittenPoint(x: 3, inner: [WrittenPoint(x: 4)])])

    private func text(_ encoder: JoltEncoder, _ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func testEveryPlaceTakesTheDirectPath() throws {
        let encoder = JoltEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(try text(encoder, point),
                       #"{"inner":[{"path":"direct","x":2},{"inner":[{"path":"direct","x":4}],"path":"direct","x":3}],"path":"direct","x":1}"#)
        XCTAssertEqual(try text(encoder, [WrittenPoint(x: 5)]), #"[{"path":"direct","x":5}]"#)
        XCTAssertEqual(try text(encoder, PlainBox(point: WrittenPoint(x: 6), points: ["a": WrittenPoint(x: 7)])),
                       #"{"point":{"path":"direct","x":6},"points":{"a":{"path":"direct","x":7}}}"#)
        XCTAssertEqual(try text(encoder, Optional(WrittenPoint(x: 8))), #"{"path":"direct","x":8}"#)
    }

    func testOptionsTheDirectPathDoesNotHonourTakeTheContainers() throws {
        var encoders: [JoltEncoder] = []
        let off = JoltEncoder()
        off.usesDirectPath = false
        let snake = JoltEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        let paths = JoltEncoder()
        paths.keyPathSeparator = "."
        let mapped = JoltEncoder()
        mapped.keyMappings = KeyMappings().for(WrittenPoint.self, ["x": ["X"]])
        encoders += [off, snake, paths, mapped]
        for encoder in encoders {
            let written = try text(encoder, [point])
            XCTAssertFalse(written.contains("direct"), written)
            XCTAssertTrue(written.contains("containers"), written)
        }
        // Foundation's encoder: its own Encoder, the container code.
        let foundation = String(decoding: try JSONEncoder().encode(point), as: UTF8.self)
        XCTAssertFalse(foundation.contains("direct"), foundation)
        // Pretty printing and sorted keys go through the direct path.
        let pretty = JoltEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
        XCTAssertEqual(try text(pretty, WrittenPoint(x: 1)), "{\n  \"path\" : \"direct\",\n  \"x\" : 1\n}")
    }

    func testEncodingIntoABufferTakesTheDirectPath() throws {
        let encoder = JoltEncoder()
        var output: [UInt8] = []
        try encoder.encode(point, into: &output)
        XCTAssertTrue(String(decoding: output, as: UTF8.self).contains(#""path":"direct""#))
    }
}
