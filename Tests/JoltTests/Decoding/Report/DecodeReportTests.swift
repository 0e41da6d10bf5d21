import Foundation
import XCTest
@testable import Jolt

/// `decodeWithReport`, `unknownKeyPolicy` and `Decoder.recordRecovery`, on every backend built.
final class DecodeReportTests: XCTestCase {
    struct Order: Decodable, Equatable {
        var id: Int
        var items: [Item]
        var note: String?
        var tags: [String: Int]?
    }
    struct Item: Decodable, Equatable { var sku: String }

    private let json = #"{"id": 1, "items": [{"sku": "a"}, {"sku": "b", "qty": 2}], "extra": true, "tags": {"x": 1}}"#

    private func decoders(_ unknown: JoltDecoder.UnknownKeyPolicy, _ duplicates: JoltDecoder.DuplicateKeyPolicy = .useFirst) -> [JoltDecoder] {
        JoltBackend.allCases.map { backend in
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.unknownKeyPolicy = unknown
            decoder.duplicateKeyPolicy = duplicates
            return decoder
        }
    }

    private func describe(_ report: JoltDecodeReport) -> [String] {
        report.issues.map { "\($0.kind) \($0.codingPath.map(\.description).joined(separator: ".")) @\($0.offset ?? -1)" }
    }

    func testUnknownKeysReportedExactly() throws {
        for decoder in decoders(.report) {
            let (order, report) = try decoder.decodeWithReport(Order.self, from: json)
            XCTAssertEqual(order.items.count, 2)
            // Document order; the dictionary's keys and the absent optional are not issues.
            XCTAssertEqual(describe(report), ["unknownKey items.[1].qty @47", "unknownKey extra @59"])
            XCTAssertEqual(report.issues.first?.reason, #"key "qty" is not used by the decoded type"#)
            // A plain decode under .report just decodes.
            XCTAssertEqual(try decoder.decode(Order.self, from: json), order)
        }
        for decoder in decoders(.ignore) {
            XCTAssertTrue(try decoder.decodeWithReport(Order.self, from: json).1.isEmpty)
        }
    }

    func testUnknownKeysRejected() {
        for decoder in decoders(.reject) {
            for attempt in [{ _ = try decoder.decode(Order.self, from: self.json) }, { _ = try decoder.decodeWithReport(Order.self, from: self.json) }] {
                XCTAssertThrowsError(try attempt()) { error in
                    guard case DecodingError.dataCorrupted(let context) = error, let syntax = context.underlyingError as? JoltSyntaxError else {
                        return XCTFail("\(error)")
                    }
                    XCTAssertEqual(syntax.kind, .unknownKey("qty"))
                    XCTAssertEqual(syntax.offset, 47)
                    XCTAssertEqual(context.codingPath.map(\.stringValue), ["items", "Index 1", "qty"])
                }
            }
            XCTAssertNoThrow(try decoder.decode(Order.self, from: #"{"id": 1, "items": []}"#))
        }
    }

    /// `contains` counts as asking; keys reached through paths and alternatives too.
    func testWhatCountsAsAsked() throws {
        struct Probe: Decodable {
            var hasFlag: Bool
            var city: String
            enum CodingKeys: String, CodingKey { case flag, city = "location.city" }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                hasFlag = container.contains(.flag)
                city = try container.decode(String.self, forKey: .city)
            }
        }
        for decoder in decoders(.reject) {
            decoder.keyPathSeparator = "."
            let probe = try decoder.decode(Probe.self, from: #"{"flag": null, "location": {"city": "Oslo", "zip": "0150"}}"#)
            XCTAssertTrue(probe.hasFlag)
        }
        struct Renamed: Decodable { var name: String }
        for decoder in decoders(.reject) {
            decoder.keyMappings = KeyMappings().for(Renamed.self, ["name": ["user_name"]])
            XCTAssertEqual(try decoder.decode(Renamed.self, from: #"{"user_name": "a"}"#).name, "a")
        }
    }

    func testDuplicateKeysReported() throws {
        struct A: Decodable { var a: Int }
        for (policy, word, value) in [(JoltDecoder.DuplicateKeyPolicy.useFirst, "first", 1), (.useLast, "last", 3)] {
            for decoder in decoders(.ignore, policy) {
                let (result, report) = try decoder.decodeWithReport([A].self, from: #"[{"a": 1, "a": 2, "a": 3}]"#)
                XCTAssertEqual(result.first?.a, value)
                XCTAssertEqual(describe(report), ["duplicateKey [0].a @10"], "reported once, at the second occurrence")
                XCTAssertEqual(report.issues.first?.reason, "key \"a\" appears more than once; the \(word) is used")
            }
        }
    }

    /// What init(from:) implementations record, with paths; nothing outside a report.
    func testRecordRecovery() throws {
        struct Lenient: Decodable {
            var value: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let value = try? container.decode(Int.self) {
                    self.value = value
                } else {
                    self.value = 0
                    decoder.recordRecovery(.defaultApplied, reason: "not an integer; 0 used")
                }
            }
        }
        struct Box: Decodable { var values: [Lenient] }
        for decoder in decoders(.ignore) {
            let (box, report) = try decoder.decodeWithReport(Box.self, from: #"{"values": [1, "x", 3]}"#)
            XCTAssertEqual(box.values.map(\.value), [1, 0, 3])
            XCTAssertEqual(describe(report), ["defaultApplied values.[1] @15"])
            XCTAssertEqual("\(report.issues[0])", "defaultApplied at values.[1] (byte 15): not an integer; 0 used")
            XCTAssertNoThrow(try decoder.decode(Box.self, from: #"{"values": ["x"]}"#))
        }
        // Foundation's decoder: a no-op.
        XCTAssertEqual(try JSONDecoder().decode(Box.self, from: Data(#"{"values": ["x"]}"#.utf8)).values.map(\.value), [0])
    }

    func testReportOfSubTree() throws {
        for decoder in decoders(.report) {
            let (item, report) = try decoder.decodeWithReport(Item.self, from: Data(json.utf8), at: "items.1")
            XCTAssertEqual(item.sku, "b")
            XCTAssertEqual(describe(report), ["unknownKey items.[1].qty @47"])
        }
    }
}
