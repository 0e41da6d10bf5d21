// An `encode(to:)` may catch the error of one of its writes and go on. Foundation
// then keeps nothing of that write: no key, no partial value. Jolt writes each
// member as it goes, so a write that fails after its key (a non-conforming float,
// a nested value that throws half-way) must take back what it wrote.

import XCTest
import Foundation
@testable import Jolt

/// Writes a member, then fails.
private struct Failing: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode("half", forKey: AnyKey("written"))
        var nested = container.nestedUnkeyedContainer(forKey: AnyKey("open"))
        try nested.encode(1)
        throw EncodingError.invalidValue(0, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "planned"))
    }
}

/// Catches the failures of some of its writes and goes on.
private struct Catching: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey("x"))
        _ = try? container.encode(Double.nan, forKey: AnyKey("nan"))
        _ = try? container.encode(Float.infinity, forKey: AnyKey("inf"))
        _ = try? container.encode(Failing(), forKey: AnyKey("partial"))
        var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try list.encode(1)
        _ = try? list.encode(Double.infinity)
        _ = try? list.encode(Failing())
        try list.encode(2)
        try container.encode(2, forKey: AnyKey("y"))
    }
}

final class EncoderCaughtFailureTests: XCTestCase {
    /// The caught writes leave nothing, as in Foundation, compact and pretty.
    func testACaughtFailureLeavesNothing() throws {
        for pretty in [false, true] {
            let foundation = JSONEncoder()
            foundation.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : .sortedKeys
            let jolt = JoltEncoder()
            jolt.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : .sortedKeys
            let expected = String(decoding: try foundation.encode(Catching()), as: UTF8.self)
            XCTAssertEqual(String(decoding: try jolt.encode(Catching()), as: UTF8.self), expected, "pretty: \(pretty)")
        }
        let jolt = JoltEncoder()
        jolt.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try jolt.encode(Catching()), as: UTF8.self), #"{"list":[1,2],"x":1,"y":2}"#)
    }

    private struct Point: Encodable {
        var x: Double
    }

    /// A stream element that fails leaves nothing, its separator included: the
    /// caller can catch the error and go on appending.
    func testAFailedStreamElementLeavesNothing() throws {
        for format in [JoltEncoder.StreamFormat.jsonArray, .jsonLines] {
            let stream = JoltStreamEncoder<Point>(encoder: JoltEncoder(), format: format, flushThreshold: 1 << 20)
            var bytes: [UInt8] = []
            try stream.append(Point(x: 1)) { bytes += $0 }
            XCTAssertThrowsError(try stream.append(Point(x: .nan)) { bytes += $0 })
            try stream.append(Point(x: 2)) { bytes += $0 }
            try stream.finish { bytes += $0 }
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self),
                           format == .jsonArray ? #"[{"x":1},{"x":2}]"# : "{\"x\":1}\n{\"x\":2}\n", "\(format)")
        }
    }
}
