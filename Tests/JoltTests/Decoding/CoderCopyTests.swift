import Foundation
import XCTest
@testable import Jolt

/// `copy()` of a decoder and an encoder: every option, and changes apart.
final class CoderCopyTests: XCTestCase {
    func testADecoderCopyHasEveryOptionAndChangesApart() throws {
        let key = CodingUserInfoKey(rawValue: "tenant")!
        let decoder = JoltDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.backend = .swift
        decoder.limits.maxDepth = 3
        decoder.userInfo[key] = "a"
        let copy = decoder.copy()
        XCTAssertEqual(copy.backend, .swift)
        XCTAssertEqual(copy.limits, decoder.limits)
        XCTAssertEqual(copy.userInfo[key] as? String, "a")
        if case .secondsSince1970 = copy.dateDecodingStrategy {} else { XCTFail("date strategy") }
        copy.userInfo[key] = "b"
        copy.limits.maxDepth = 9
        XCTAssertEqual(decoder.userInfo[key] as? String, "a")
        XCTAssertEqual(decoder.limits.maxDepth, 3)
        struct Row: Decodable { var userName: String }
        XCTAssertEqual(try copy.decode(Row.self, from: #"{"user_name": "x"}"#).userName, "x")
    }

    func testAnEncoderCopyHasEveryOptionAndChangesApart() throws {
        let encoder = JoltEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let copy = encoder.copy()
        struct Row: Encodable { var userName = "x"; var id = 1 }
        XCTAssertEqual(try copy.encode(Row()), try encoder.encode(Row()))
        copy.outputFormatting = [.prettyPrinted]
        XCTAssertEqual(encoder.outputFormatting, [.sortedKeys])
        XCTAssertEqual(String(decoding: try encoder.encode(Row()), as: UTF8.self), #"{"id":1,"user_name":"x"}"#)
    }
}
