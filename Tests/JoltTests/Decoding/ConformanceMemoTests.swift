import Foundation
import Synchronization
import XCTest
@testable import Jolt

/// A decoder's conformance memo: the runtime's answers, kept for its later
/// decodes, its copies and its threads.
final class ConformanceMemoTests: XCTestCase {
    struct Item: Codable, Equatable { var id: Int; var tags: [String]; var child: Child? }
    struct Child: Codable, Equatable { var name: String }
    /// Conforms, but only forwards (as the macros' classes do): never read directly.
    struct Forwarding: _JoltDirectDecodable, Equatable {
        var id: Int
        static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self { fatalError("not read directly") }
        static var joltDecodesDirectly: Bool { false }
    }
    struct Direct: _JoltDirectDecodable, Equatable {
        var id: Int
        static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {
            var members = try reader.members()
            var id = 0
            while members.next() {
                if members.keySignature == 0x6469_0000_0002 { id = try members.decode(Int.self) }  // "id"
            }
            return Direct(id: id)
        }
    }

    func testAnswersAreTheRuntimes() {
        let memo = ConformanceMemo()
        for type in MarkerConformancesTests.types + [Forwarding.self, Direct.self, [Direct].self] {
            for _ in 0..<2 {  // asked, then remembered
                let answers = memo.answers(for: type)
                XCTAssertEqual(answers.array != nil, type is JoltArrayMarker.Type, "\(type)")
                XCTAssertEqual(answers.dictionary != nil, type is JoltStringDictionaryMarker.Type, "\(type)")
                XCTAssertEqual(answers.direct != nil, type == Direct.self, "\(type)")
            }
        }
        XCTAssertEqual(memo.count, MarkerConformancesTests.types.count + 3)
    }

    /// The first decode fills the decoder's memo; later decodes, copies of the
    /// decoder's options and other threads use it and add nothing.
    func testDecodesShareTheDecodersMemo() throws {
        let decoder = JoltDecoder()
        let json = #"[{"id":1,"tags":["a"],"child":{"name":"x"}},{"id":2,"tags":[]}]"#
        let expected = [Item(id: 1, tags: ["a"], child: Child(name: "x")), Item(id: 2, tags: [], child: nil)]
        XCTAssertEqual(decoder.options.caches.memo.count, 0)
        XCTAssertEqual(try decoder.decode([Item].self, from: json), expected)
        let learned = decoder.options.caches.memo.count
        XCTAssertGreaterThan(learned, 0, "the decode asked the decoder's memo")
        XCTAssertTrue(decoder.options.caches.memo === decoder.options.caches.memo, "copies of the options share one memo")

        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 where (try? decoder.decode([Item].self, from: json)) != expected {
                failures.withLock { $0 += 1 }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, 0)
        XCTAssertEqual(decoder.options.caches.memo.count, learned, "nothing asked again")

        // A conformance that only forwards is not used; a real one is.
        XCTAssertEqual(try decoder.decode([Forwarding].self, from: #"[{"id":3}]"#), [Forwarding(id: 3)])
        XCTAssertEqual(try decoder.decode([Direct].self, from: #"[{"id":4}]"#), [Direct(id: 4)])
    }
}

extension ConformanceMemoTests.Forwarding {
    init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
    }
    enum CodingKeys: String, CodingKey { case id }
}
