// The parity check of EncoderParityHarness for any pair of encode calls (an
// encode with a configuration, a second encode on the same encoder), not only
// `encode(_:)` of one value: the same bytes with `.sortedKeys`, the same layout
// and members without it (Foundation's member order is its dictionary's), or
// the same error case and coding path.

import XCTest
import Foundation
@testable import Jolt

extension XCTestCase {
    /// Compares two outcomes as `assertEncodeParity` does.
    func assertSameOutcome(_ expected: EncodeOutcome, _ actual: EncodeOutcome, formatting: JoltEncoder.OutputFormatting,
                           _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        switch (expected, actual) {
        case (.bytes(let f), .bytes(let j)):
            if formatting.contains(.sortedKeys) {
                XCTAssertEqual(String(decoding: j, as: UTF8.self), String(decoding: f, as: UTF8.self), context, file: file, line: line)
                return
            }
            let pretty = formatting.contains(.prettyPrinted)
            guard let fl = JSONLayout.parse(f), let jl = JSONLayout.parse(j) else {
                return XCTFail("\(context): unparsable output, Foundation \(expected), Jolt \(actual)", file: file, line: line)
            }
            XCTAssertEqual(jl.emit(pretty: pretty), j, "\(context): Jolt's layout differs", file: file, line: line)
            XCTAssertEqual(String(decoding: jl.keyOrdered.emit(pretty: pretty), as: UTF8.self),
                           String(decoding: fl.keyOrdered.emit(pretty: pretty), as: UTF8.self), context, file: file, line: line)
        case (.error(let fk, let fp), .error(let jk, let jp)):
            XCTAssertEqual(jk, fk, context, file: file, line: line)
            XCTAssertEqual(jp, fp, "\(context): coding path", file: file, line: line)
        default:
            XCTFail("\(context): Foundation \(expected), Jolt \(actual)", file: file, line: line)
        }
    }

    /// Runs `foundation` with a `JSONEncoder` and `jolt` with a `JoltEncoder`,
    /// each set up with the same formatting (all four layouts by default) and
    /// `configure`d, and asserts the same outcome. Returns Foundation's outcomes.
    @discardableResult
    func assertEncodeCallParity(_ label: String, formattings: [JoltEncoder.OutputFormatting]? = nil,
                                configureFoundation: @escaping (JSONEncoder) -> Void = { _ in },
                                configureJolt: @escaping (JoltEncoder) -> Void = { _ in },
                                foundation: (JSONEncoder) throws -> Data, jolt: (JoltEncoder) throws -> Data,
                                file: StaticString = #filePath, line: UInt = #line) -> [EncodeOutcome] {
        var outcomes: [EncodeOutcome] = []
        for formatting in formattings ?? Self.allFormattings {
            let pair = EncoderPair(formatting: formatting, configureFoundation: configureFoundation, configureJolt: configureJolt)
            let expected = EncodeOutcome { try foundation(pair.foundation()) }
            let actual = EncodeOutcome { try jolt(pair.jolt()) }
            outcomes.append(expected)
            assertSameOutcome(expected, actual, formatting: formatting, "\(label) formatting \(formatting.rawValue)", file: file, line: line)
        }
        return outcomes
    }
}
