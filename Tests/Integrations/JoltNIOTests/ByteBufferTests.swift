#if NIO
import Foundation
import Jolt
import JoltNIO
import NIOCore
import XCTest

/// Decoding from and encoding into `ByteBuffer`, in place, on every backend.
final class ByteBufferTests: XCTestCase {
    struct Order: Codable, Equatable {
        var id: Int
        var items: [String]
        var total: Double
    }

    /// The backends built (only those: `allCases` lists no other).
    let backends = JoltBackend.allCases

    func testDecodesTheReadableBytesOnBothBackends() throws {
        var buffer = ByteBuffer(string: #"garbage{"id": 7, "items": ["a", "é"], "total": 12.5}"#)
        buffer.moveReaderIndex(forwardBy: 7)
        for backend in backends {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(try decoder.decode(Order.self, from: buffer), Order(id: 7, items: ["a", "é"], total: 12.5))
            XCTAssertEqual(buffer.readerIndex, 7, "the reader index does not move")
        }
        // A slice of a larger buffer, as a framework hands over a body.
        let whole = ByteBuffer(string: #"[1,2,3]   [4,5]"#)
        let slice = whole.getSlice(at: 10, length: 5)!
        XCTAssertEqual(try JoltDecoder().decode([Int].self, from: slice), [4, 5])
    }

    func testSyntaxErrorsCarryTheirPlaceInTheBuffer() {
        let buffer = ByteBuffer(string: "{\n  \"id\": 7,\n  \"items\": [x]\n}")
        for backend in backends {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertThrowsError(try decoder.decode(Order.self, from: buffer)) { error in
                guard case DecodingError.dataCorrupted(let context) = error,
                      let syntax = context.underlyingError as? JoltSyntaxError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual([syntax.offset, syntax.line, syntax.column], [25, 3, 13], "\(backend)")
            }
        }
    }

    func testEncodesIntoABuffer() throws {
        let order = Order(id: 1, items: ["x\"y"], total: 0.1)
        var buffer = ByteBuffer(string: "prefix:")
        try JoltEncoder().encode(order, into: &buffer)
        XCTAssertEqual(buffer.getString(at: 0, length: buffer.readableBytes),
                       "prefix:" + String(decoding: try JoltEncoder().encode(order), as: UTF8.self))
        let fresh = try JoltEncoder().encodeAsByteBuffer(order, allocator: ByteBufferAllocator())
        XCTAssertEqual(try JoltDecoder().decode(Order.self, from: fresh), order)
        XCTAssertEqual(fresh.readableBytes, try JoltEncoder().encode(order).count)
    }

    func testAFailedEncodeLeavesTheBufferAsItWas() {
        var buffer = ByteBuffer(string: "kept")
        XCTAssertThrowsError(try JoltEncoder().encode(Double.nan, into: &buffer))
        XCTAssertEqual(buffer.readableBytes, 4)
    }
}
#endif
