import Foundation
import Jolt
import XCTest

/// The sample of the article "Performance" (Sources/Jolt/Jolt.docc/Performance.md), as
/// written there, compiled and run.
final class PerformanceSampleTests: XCTestCase {
    struct Order: Codable { var id: Int; var total: Double }
    struct Receipt: Codable { var orderID: Int; var total: Double }

    func testOneDecoderBytesInPlaceAndABufferKept() throws {
        let requests = (1...3).map { Data(#"{"id": \#($0), "total": \#($0).5, "note": "ignored"}"#.utf8) }
        var sent: [String] = []
        func send(_ body: [UInt8]) throws { sent.append(String(decoding: body, as: UTF8.self)) }

        let decoder = JoltDecoder()              // one for the whole process
        let encoder = JoltEncoder()
        var body: [UInt8] = []
        for request in requests {
            let order = try request.withUnsafeBytes { try decoder.decode(Order.self, from: $0) }   // read in place
            body.removeAll(keepingCapacity: true)
            try encoder.encode(Receipt(orderID: order.id, total: order.total), into: &body)        // no new buffer
            try send(body)
        }

        XCTAssertEqual(sent, [#"{"orderID":1,"total":1.5}"#, #"{"orderID":2,"total":2.5}"#, #"{"orderID":3,"total":3.5}"#])
        XCTAssertGreaterThanOrEqual(body.capacity, sent[0].utf8.count)
    }
}
