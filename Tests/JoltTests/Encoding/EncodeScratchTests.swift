import Foundation
import Synchronization
import XCTest
@testable import Jolt

/// An encoder lends each encode an ``EncodeScratch``, which keeps what the
/// encode leaves (container boxes, the output buffer, the stacks) for the next
/// one: the next encode must then write exactly what a new
/// encoder would, whatever options changed in between, and the scratch must
/// never keep the encode that made them, nor anything something else holds.
final class EncodeScratchTests: XCTestCase {
    typealias BoxLog = KeyedEncodingContainerCacheTests.BoxLog
    typealias Recorded = KeyedEncodingContainerCacheTests.Recorded

    /// A small response: objects of three key types, an array, optionals,
    /// a date, data and a key with a slash.
    struct Order: Codable, Equatable {
        struct Line: Codable, Equatable {
            var sku: String
            var quantity: Int
            var unitPrice: Double
        }
        struct Customer: Codable, Equatable {
            var customerID: Int
            var fullName: String
            var homePage: String?
        }
        var orderID: String
        var customer: Customer
        var lines: [Line]
        var placedAt: Date
        var receipt: Data
        var note: String?
        var tags: [String: Int]
    }

    static func order(_ n: Int) -> Order {
        Order(orderID: "ord-\(n)",
              customer: .init(customerID: n, fullName: "Ada \(n)", homePage: n % 2 == 0 ? "https://example.com/\(n)" : nil),
              lines: (0..<(n % 4)).map { .init(sku: "SKU/\($0)", quantity: $0 + n, unitPrice: Double($0) * 0.25 + 0.1) },
              placedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(n)),
              receipt: Data((0..<UInt8(n % 7)).map { $0 }),
              note: n % 3 == 0 ? nil : "note \(n)",
              tags: ["b": n, "a": -n, "c/d": 2 * n])
    }

    func testTheNextEncodeReusesTheContainersOfTheLast() throws {
        // One encode caches a box from the second object of a key type on; the
        // next encode with the same encoder starts with that box.
        // (The kept box is alive throughout, so no new container can be given
        // its address.)
        let encoder = JoltEncoder()
        try warmUp(encoder)
        _ = try encoder.encode((0..<4).map { Recorded(id: $0, log: BoxLog()) })
        weak let kept = try XCTUnwrap(encoder.caches.idleScratches.first).keptBoxes.first
        let keptID = try ObjectIdentifier(XCTUnwrap(kept, "the first encode's container was not kept"))
        let log = BoxLog()
        let data = try encoder.encode((0..<4).map { Recorded(id: $0, log: log) })
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"[{"id":0},{"id":1},{"id":2},{"id":3}]"#)
        XCTAssertEqual(log.boxes, Array(repeating: keptID, count: 4), "the second encode made containers anew")
        XCTAssertNotNil(kept)

        // Another encoder has scratches of its own.
        let other = BoxLog()
        _ = try JoltEncoder().encode((0..<4).map { Recorded(id: $0, log: other) })
        XCTAssertFalse(other.boxes.contains(keptID))
    }

    /// The encoder's first encode, which gets no scratch.
    func warmUp(_ encoder: JoltEncoder) throws {
        XCTAssertEqual(try encoder.encode([1]), Data("[1]".utf8))
    }

    func testAnEncoderUsedOnceMakesNoScratch() throws {
        // `JoltEncoder().encode(value)` pays nothing for the pool; the second
        // encode makes the scratch that the third finds.
        let encoder = JoltEncoder()
        let order = Self.order(2)
        let expected = try JoltEncoder().encode(order)
        XCTAssertEqual(try encoder.encode(order), expected)
        XCTAssertTrue(encoder.caches.idleScratches.isEmpty)
        XCTAssertEqual(try encoder.encode(order), expected)
        let scratch = try XCTUnwrap(encoder.caches.idleScratches.first)
        XCTAssertEqual(try encoder.encode(order), expected)
        XCTAssertEqual(encoder.caches.idleScratches.map(ObjectIdentifier.init), [ObjectIdentifier(scratch)])
    }

    func testTheScratchKeepsWhatTheEncodeLeftButNotTheEncode() throws {
        let encoder = JoltEncoder()
        try warmUp(encoder)
        weak var weakCore: EncodingCore?
        let bytes = try encoder.withOutput(of: (0..<8).map { Recorded(id: $0, log: BoxLog()) }) { core -> [UInt8] in
            weakCore = core
            return core.writer.makeArray()
        }
        XCTAssertEqual(bytes.count, 73)
        XCTAssertNil(weakCore, "the scratch (its containers) kept the encode's core")

        let scratches = encoder.caches.idleScratches
        XCTAssertEqual(scratches.count, 1)
        let scratch = try XCTUnwrap(scratches.first)
        XCTAssertEqual(scratch.keptContainerTypes, 1)
        XCTAssertEqual(scratch.keptWriterCapacity, 1024)
    }

    func testOptionsChangedBetweenEncodesAreHonoured() throws {
        // One encoder, its options changed before each encode: each output is
        // byte for byte that of a new encoder with the same options.
        let encoder = JoltEncoder()
        let settings: [(JoltEncoder) -> Void] = [
            { _ in },
            { $0.outputFormatting = [.prettyPrinted, .sortedKeys] },
            { $0.outputFormatting = .withoutEscapingSlashes },
            { $0.keyEncodingStrategy = .convertToSnakeCase },
            { $0.keyEncodingStrategy = .custom { path in JoltCodingKey(stringValue: path.last!.stringValue.uppercased())! } },
            { $0.dateEncodingStrategy = .iso8601; $0.dataEncodingStrategy = .base64 },
            { $0.keyPathSeparator = "."; $0.keyMappings = KeyMappings().for(Order.self, ["orderID": ["order.id"], "customer": ["buyer"]]) },
            { $0.outputFormatting = .sortedKeys; $0.keyEncodingStrategy = .convertToKebabCase },
        ]
        for round in 0..<3 {
            for (index, configure) in settings.enumerated() {
                let fresh = JoltEncoder()
                for target in [encoder, fresh] {
                    target.outputFormatting = []
                    target.keyEncodingStrategy = .useDefaultKeys
                    target.dateEncodingStrategy = .deferredToDate
                    target.dataEncodingStrategy = .deferredToData
                    target.keyPathSeparator = nil
                    target.keyMappings = KeyMappings()
                    configure(target)
                }
                let values = (0..<(2 + index + round)).map(Self.order)
                XCTAssertEqual(String(decoding: try encoder.encode(values), as: UTF8.self),
                               String(decoding: try fresh.encode(values), as: UTF8.self), "round \(round), setting \(index)")
                XCTAssertEqual(try encoder.encodeToBytes(values[0]), try fresh.encodeToBytes(values[0]))
            }
        }
    }

    /// Keeps its container (in `kept`) past its `encode(to:)`.
    typealias Keeper = KeyedEncodingContainerCacheTests.Keeper

    func testAContainerKeptPastItsEncodeIsNeverHandedOut() throws {
        let encoder = JoltEncoder()
        try warmUp(encoder)
        let keepers = (0..<8).map(Keeper.init)
        _ = try encoder.encode(keepers)
        let again = (0..<8).map(Keeper.init)
        let data = try encoder.encode(again)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[" + (0..<8).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]")
        let boxes = (keepers + again).map { ObjectIdentifier(unsafeBitCast($0.kept!, to: AnyObject.self)) }
        XCTAssertEqual(Set(boxes).count, 16, "a container something held was handed out again")

        // Writing into a kept container after its encode changes no later encode.
        XCTAssertThrowsError(try keepers[0].kept!.encode(99, forKey: .id))
        let order = Self.order(5)
        XCTAssertEqual(try encoder.encode(order), try JoltEncoder().encode(order))
    }

    /// Fails in its `encode(to:)`, after writing part of an object.
    struct Failing: Encodable {
        struct Failure: Error {}
        enum CodingKeys: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .a)
            var nested = container.nestedUnkeyedContainer(forKey: .b)
            try nested.encode(2)
            throw Failure()
        }
    }

    func testAnEncodeAfterAFailedOneWritesWhatANewEncoderWrites() throws {
        let encoder = JoltEncoder()
        for n in 0..<6 {
            XCTAssertThrowsError(try encoder.encode([Failing()])) { XCTAssertTrue($0 is Failing.Failure) }
            let order = Self.order(n)
            XCTAssertEqual(try encoder.encode(order), try JoltEncoder().encode(order))
            XCTAssertThrowsError(try encoder.encode(Double.nan))
        }
    }

    func testLargeBuffersAndStacksAreNotKept() throws {
        // An output over 256 KiB, and an object of 5,000 members sorted: neither
        // its buffer nor its members' stack stays with the scratch.
        let encoder = JoltEncoder()
        encoder.outputFormatting = .sortedKeys
        try warmUp(encoder)
        let wide = Dictionary(uniqueKeysWithValues: (0..<5_000).map { ("key\($0)", String(repeating: "x", count: 60)) })
        let data = try encoder.encode(wide)
        XCTAssertGreaterThan(data.count, EncodeScratch.maxWriterCapacity)
        let scratch = try XCTUnwrap(encoder.caches.idleScratches.first)
        XCTAssertNil(scratch.keptWriterCapacity)
        XCTAssertEqual(scratch.keptMembersCapacity, 0)
        XCTAssertEqual(try encoder.encode(wide), try JSONEncoder.sorted.encode(wide))

        // A small encode then keeps its own.
        let order = Self.order(3)
        XCTAssertEqual(try encoder.encode(order), try JSONEncoder.sorted.encode(order))
        XCTAssertEqual(scratch.keptWriterCapacity, 1024)
        XCTAssertGreaterThan(scratch.keptMembersCapacity, 0)
    }

    func testOneEncoderSharedByThreads() throws {
        // Each thread's encodes borrow a scratch of their own: every output is
        // right, and at most maxIdle scratches stay.
        // Sorted keys: Foundation's order of keys is its dictionaries'; and the
        // same values each time, since a dictionary's order is its instance's.
        let encoder = JoltEncoder()
        encoder.outputFormatting = .sortedKeys
        let values = (0..<32).map(Self.order)
        let expected = try values.map { try JSONEncoder.sorted.encode($0) }
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 16) { thread in
            for n in 0..<200 {
                let i = (thread * 7 + n) % expected.count
                if (try? encoder.encode(values[i])) != expected[i] { wrong.withLock { $0 += 1 } }
            }
        }
        XCTAssertEqual(wrong.withLock { $0 }, 0)
        XCTAssertGreaterThan(encoder.caches.idleScratches.count, 0)
        XCTAssertLessThanOrEqual(encoder.caches.idleScratches.count, DecoderCaches.maxIdle)
    }
}

private extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
