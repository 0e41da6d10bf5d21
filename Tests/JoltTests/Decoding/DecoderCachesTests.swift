import Foundation
import Synchronization
import XCTest
@testable import Jolt

/// A decoder lends each decode a scratch (conformance answers, keyed
/// containers) that earlier decodes used: what one decode's values keep must
/// never be written over by the next, on one thread or many.
final class DecoderCachesTests: XCTestCase {
    typealias Keeper = KeyedContainerCacheTests.Keeper
    typealias Node = KeyedContainerCacheTests.Node
    typealias LateReader = KeyedContainerCacheTests.LateReader

    /// Records the box of the keyed container its `init(from:)` was given
    /// (`KeyedDecodingContainer`'s one stored property, a class instance).
    struct BoxSpy: Decodable {
        enum CodingKeys: String, CodingKey { case id }
        static let boxes = Mutex<[ObjectIdentifier]>([])
        static let lastBox = Mutex<Weak?>(nil)
        final class Weak: @unchecked Sendable {
            weak var box: AnyObject?
            init(_ box: AnyObject) { self.box = box }
        }
        let id: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let box = unsafeBitCast(container, to: AnyObject.self)
            Self.boxes.withLock { $0.append(ObjectIdentifier(box)) }
            Self.lastBox.withLock { $0 = Weak(box) }
            id = try container.decode(Int.self, forKey: .id)
        }
    }

    /// The point of the scratch: a decoder's next decode is handed the keyed
    /// container its last decode made, not a new one. (The cache keeps a key
    /// type's container from the second object of that type on, so the first
    /// decode has two.) The box is held only weakly here, so it is the same
    /// object, not a new one at a freed address, exactly when it is still alive,
    /// kept by the decoder's scratch.
    func testADecodersNextDecodeReusesItsContainers() throws {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            BoxSpy.boxes.withLock { $0 = [] }
            XCTAssertEqual(try decoder.decode([BoxSpy].self, from: #"[{"id": 1}, {"id": 2}]"#).map(\.id), [1, 2])
            let kept = try XCTUnwrap(BoxSpy.lastBox.withLock { $0 })
            XCTAssertNotNil(kept.box, "the decoder's scratch keeps the container (\(backend))")
            XCTAssertEqual(try decoder.decode(BoxSpy.self, from: #"{"id": 3}"#).id, 3)
            XCTAssertEqual(try decoder.decode([BoxSpy].self, from: #"[{"id": 4}, {"id": 5}]"#).map(\.id), [4, 5])
            let boxes = BoxSpy.boxes.withLock { $0 }
            XCTAssertEqual(boxes.count, 5)
            XCTAssertNotNil(kept.box)
            XCTAssertEqual(Array(boxes[2...]), Array(repeating: boxes[1], count: 3),
                           "the next decodes reuse the last decode's container (\(backend))")
            // Another decoder has scratches of its own.
            XCTAssertEqual(try JoltDecoder().decode(BoxSpy.self, from: #"{"id": 6}"#).id, 6)
            XCTAssertNotNil(kept.box)
            XCTAssertNotEqual(BoxSpy.boxes.withLock { $0.last }, boxes[1], "\(backend)")
        }
    }

    func testDecodesOfOneDecoderShareAScratchSafely() throws {
        let keepers = "[" + (1...5).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",") + "]"
        let tree = #"{"name": "a", "size": 1, "children": [{"name": "b", "children": [{"name": "c", "children": []}]}]}"#
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(decoder.options.caches.idleCount, 0)
            let first = try decoder.decode([Keeper].self, from: keepers)
            XCTAssertEqual(decoder.options.caches.idleCount, 1, "the decode gave its scratch back")
            // The same types again, and others, through the same scratch: the
            // first decode's containers keep their own objects.
            let second = try decoder.decode([Keeper].self, from: keepers.replacingOccurrences(of: #": "n"#, with: #": "m"#))
            let node = try decoder.decode(Node.self, from: tree)
            let late = try decoder.decode(LateReader.self, from: #"{"id": 9}"#)
            _ = try decoder.decode([Node].self, from: "[\(tree), \(tree)]")
            XCTAssertEqual(try first.map { try $0.values() }, (1...5).map { "\($0) n\($0)" }, "\(backend)")
            XCTAssertEqual(try second.map { try $0.values() }, (1...5).map { "\($0) m\($0)" }, "\(backend)")
            XCTAssertEqual(node.children[0].children[0].name, "c")
            XCTAssertEqual(try late.id(), 9)
            XCTAssertEqual(decoder.options.caches.idleCount, 1, "one decode at a time needs one scratch")
            // Errors in reused containers carry their own paths.
            XCTAssertThrowsError(try decoder.decode(Node.self, from: tree.replacingOccurrences(of: #""c""#, with: "5"))) { error in
                guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["children", "Index 0", "children", "Index 0", "name"])
            }
        }
    }

    /// Records where the tape of the decode that reads it is.
    struct TapeSpy: Decodable {
        static let entries = Mutex<UInt?>(nil)
        let id: Int
        init(from decoder: any Decoder) throws {
            let tape = try XCTUnwrap(decoder as? TapeDecoder)
            Self.entries.withLock { $0 = UInt(bitPattern: tape.entries) }
            id = try decoder.container(keyedBy: BoxSpy.CodingKeys.self).decode(Int.self, forKey: .id)
        }
    }

    /// A decoder's next decode builds its tape in the memory of the last one's,
    /// which the scratch keeps: no `malloc` for it.
    func testADecodersNextDecodeBuildsItsTapeInTheLastOnesMemory() throws {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            XCTAssertEqual(try decoder.decode(TapeSpy.self, from: #"{"id": 1}"#).id, 1)
            let spares = decoder.options.caches.idleSpareTapes
            XCTAssertEqual(spares.count, 1)
            let kept = try XCTUnwrap(spares[0], "the scratch keeps the tape's memory (\(backend))")
            XCTAssertEqual(UInt(bitPattern: kept.entries), TapeSpy.entries.withLock { $0 })
            XCTAssertEqual(kept.capacity, 16, "the first tape of a small document")
            // A longer document: larger memory, kept in its place.
            let long = "{\"pad\": [" + (0..<200).map(String.init).joined(separator: ",") + #"], "id": 2}"#
            XCTAssertEqual(try decoder.decode(TapeSpy.self, from: long).id, 2)
            let grown = try XCTUnwrap(decoder.options.caches.idleSpareTapes[0])
            XCTAssertGreaterThanOrEqual(grown.capacity, 200, "\(backend)")
            // A short one again: the grown memory serves it as it is.
            XCTAssertEqual(try decoder.decode(TapeSpy.self, from: #"{"id": 3}"#).id, 3)
            XCTAssertEqual(TapeSpy.entries.withLock { $0 }, UInt(bitPattern: grown.entries), "\(backend)")
            XCTAssertEqual(decoder.options.caches.idleSpareTapes[0]?.capacity, grown.capacity)
        }
    }

    /// A decode whose `init(from:)` kept its decoder leaves the tape to it, and
    /// the next decodes of the same decoder never write over it.
    func testAKeptDecoderKeepsItsTape() throws {
        typealias Kept = ContainerLifetimeTests.Kept
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            _ = try decoder.decode(TapeSpy.self, from: #"{"id": 1}"#)
            let first = try decoder.decode(Kept.self, from: ContainerLifetimeTests.document(snakeCase: false))
            let other = ContainerLifetimeTests.document(snakeCase: false)
                .replacingOccurrences(of: "outer", with: "other").replacingOccurrences(of: #""value": 1"#, with: #""value": 5"#)
            let second = try decoder.decode(Kept.self, from: other)
            for _ in 0..<3 { XCTAssertEqual(try decoder.decode([TapeSpy].self, from: #"[{"id": 7}, {"id": 8}]"#).map(\.id), [7, 8]) }
            XCTAssertEqual(try first.top.decode(String.self, forKey: .name), "outer", "\(backend)")
            XCTAssertEqual(try first.inner.decode(Int.self, forKey: .value), 1, "\(backend)")
            XCTAssertEqual(try first.big.decode(Int.self, forKey: JoltCodingKey.string("k99")), 99, "\(backend)")
            XCTAssertEqual(try second.top.decode(String.self, forKey: .name), "other", "\(backend)")
            XCTAssertEqual(try second.inner.decode(Int.self, forKey: .value), 5, "\(backend)")
        }
    }

    /// Failed decodes (a syntax error, with the kept memory given to the scanner;
    /// an error in a value) and a document whose tape is over the limit leave the
    /// scratch usable, keeping no more than ``DecodeScratch/maxSpareEntries``.
    func testTapeMemoryAcrossFailuresAndLargeDocuments() throws {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            _ = try decoder.decode(TapeSpy.self, from: #"{"id": 1}"#)
            XCTAssertThrowsError(try decoder.decode(TapeSpy.self, from: #"{"id": 1"#))
            XCTAssertThrowsError(try decoder.decode(TapeSpy.self, from: ""))
            XCTAssertThrowsError(try decoder.decode(TapeSpy.self, from: #"{"id": "x"}"#))
            XCTAssertEqual(try decoder.decode(TapeSpy.self, from: #"{"id": 2}"#).id, 2, "\(backend)")
            let huge = "[" + Array(repeating: #"{"id": 1}"#, count: 20_000).joined(separator: ",") + "]"
            XCTAssertEqual(try decoder.decode([TapeSpy].self, from: huge).count, 20_000)
            let spares = decoder.options.caches.idleSpareTapes
            XCTAssertEqual(spares.count, 1)
            XCTAssertLessThanOrEqual(spares[0]?.capacity ?? 0, DecodeScratch.maxSpareEntries, "\(backend)")
            XCTAssertEqual(try decoder.decode([TapeSpy].self, from: #"[{"id": 4}]"#).map(\.id), [4])
        }
    }

    func testConcurrentDecodesEachBorrowTheirOwn() throws {
        let decoder = JoltDecoder()
        let trees = (0..<8).map { n in
            #"{"name": "t\#(n)", "children": [{"name": "u\#(n)", "size": \#(n), "children": []}]}"#
        }
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 16) { worker in
            for round in 0..<200 {
                let n = (worker + round) % trees.count
                guard let node = try? decoder.decode(Node.self, from: trees[n]),
                      node.name == "t\(n)", node.children.first?.name == "u\(n)", node.children.first?.size == n,
                      let keepers = try? decoder.decode([Keeper].self, from: #"[{"id": \#(n), "name": "k"}]"#),
                      (try? keepers[0].values()) == "\(n) k" else {
                    failures.withLock { $0 += 1 }
                    continue
                }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, 0)
        XCTAssertGreaterThan(decoder.options.caches.idleCount, 0)
        XCTAssertLessThanOrEqual(decoder.options.caches.idleCount, DecoderCaches.maxIdle)
    }
}
