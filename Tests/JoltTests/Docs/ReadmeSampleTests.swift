import Foundation
import Jolt
import XCTest

/// The README's tour ("A tour"), as written there, compiled and run; each test
/// checks what the text says of its sample.
final class ReadmeSampleTests: XCTestCase {
    /// What the samples print, instead of standard output.
    private var printed: [String] = []
    private func print(_ item: Any) { printed.append("\(item)") }

    func testDecodingAndEncoding() throws {
        let data = Data(#"{"id": 1, "user_name": "ada", "created_at": "2024-05-01T12:00:00Z"}"#.utf8)

        struct User: Codable {
            var id: Int
            var userName: String
            var createdAt: Date
        }

        let decoder = JoltDecoder()                            // instead of JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let user = try decoder.decode(User.self, from: data)   // Data, [UInt8], String, UnsafeRawBufferPointer

        let encoder = JoltEncoder()                            // instead of JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        let json = try encoder.encode(user)   // {"id":1,"user_name":"ada","created_at":"2024-05-01T12:00:00Z"}

        XCTAssertEqual(user.id, 1)
        XCTAssertEqual(user.userName, "ada")
        XCTAssertEqual(user.createdAt, Date(timeIntervalSince1970: 1_714_564_800))
        XCTAssertEqual(String(decoding: json, as: UTF8.self), #"{"id":1,"user_name":"ada","created_at":"2024-05-01T12:00:00Z"}"#)
        // The same bytes as Foundation's, in key order.
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        foundation.dateEncodingStrategy = .iso8601
        foundation.outputFormatting = .sortedKeys
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(try encoder.encode(user), try foundation.encode(user))
        // And the same values as Foundation's decoder.
        let reference = JSONDecoder()
        reference.keyDecodingStrategy = .convertFromSnakeCase
        reference.dateDecodingStrategy = .iso8601
        let expected = try reference.decode(User.self, from: data)
        XCTAssertEqual([user.userName], [expected.userName])
        XCTAssertEqual(user.createdAt, expected.createdAt)
    }

    func testASyntaxErrorSaysWhere() throws {
        let decoder = JoltDecoder()

        do {
            _ = try decoder.decode([Int].self, from: "[1, 2,, 3]")
        } catch DecodingError.dataCorrupted(let context) {
            print(context.underlyingError!)   // Unexpected character ',' at line 1, column 7 (byte 6): [1, 2,, 3]
        }

        XCTAssertEqual(printed, ["Unexpected character ',' at line 1, column 7 (byte 6): [1, 2,, 3]"])
    }

    func testPayloadsThatDoNotMatchTheModel() throws {
        let decoder = JoltDecoder()
        let feedJSON = #"{"posts": [{"id": 1, "headline": "Hello"}, {"id": "two", "title": "?"}, {"id": 3, "meta": {"title": "Bye"}}], "status": "archived"}"#

        struct Post: Codable { var id: Int; var title: String }
        enum Status: String, Codable, UnknownCaseRepresentable {
            case draft, live, unknown
            static var unknownCase: Status { .unknown }
        }
        struct Feed: Codable {
            @LossyArray var posts: [Post]    // elements that do not decode are dropped
            @DefaultFalse var pinned: Bool   // missing or null: false
            var status: Status               // a value the enum does not know: .unknown
        }

        decoder.keyMappings = KeyMappings().for(Post.self, ["title": ["headline", "meta.title"]])
        let (feed, report) = try decoder.decodeWithReport(Feed.self, from: feedJSON)
        for issue in report.issues { print(issue) }
        // droppedElement at posts.[1] (byte 43): element 1 dropped: expected Int: …
        // defaultApplied at pinned: …
        // unknownEnumCase at status (byte 120): unknown raw value "archived" for Status; unknown used

        XCTAssertEqual(feed.posts.map(\.id), [1, 3])
        XCTAssertEqual(feed.posts.map(\.title), ["Hello", "Bye"])
        XCTAssertFalse(feed.pinned)
        XCTAssertEqual(feed.status, .unknown)
        let expected = ["droppedElement at posts.[1] (byte 43): element 1 dropped: expected Int: ", "defaultApplied at pinned: ",
                        #"unknownEnumCase at status (byte 120): unknown raw value "archived" for Status; unknown used"#]
        XCTAssertEqual(printed.count, expected.count, "\(printed)")
        for (line, prefix) in zip(printed, expected) {
            XCTAssertTrue(line.hasPrefix(prefix), "\(line) does not start with \(prefix)")
        }
        // The wrappers work under Foundation's decoder too; the key mappings are Jolt's,
        // so there no post has a title.
        let foundation = try JSONDecoder().decode(Feed.self, from: Data(feedJSON.utf8))
        XCTAssertTrue(foundation.posts.isEmpty)
        XCTAssertFalse(foundation.pinned)
        XCTAssertEqual(foundation.status, .unknown)
    }

    // MARK: Streaming and polymorphism

    struct Event: Codable, Sendable { var id: Int; var kind: String }

    actor Store {
        private(set) var events: [Event] = []
        func append(_ event: Event) throws { events.append(event) }
    }

    /// A request whose body arrives in chunks, as from a server framework.
    struct Request {
        var body: AsyncStream<[UInt8]>
    }

    protocol Block: Sendable {}
    struct ImageBlock: Block, Codable { var url: String }
    struct TextBlock: Block, Codable { var text: String }
    struct Page: Codable { @PolymorphicArray var blocks: [any Block] }

    func testStreamingAndPolymorphism() async throws {
        let decoder = JoltDecoder()
        let store = Store()
        let body = Array(#"[{"id": 1, "kind": "click"}, {"id": 2, "kind": "view"}, {"id": 3, "kind": "click"}]"#.utf8)
        let request = Request(body: AsyncStream { continuation in
            for start in stride(from: 0, to: body.count, by: 7) {   // chunks that split the elements anywhere
                continuation.yield(Array(body[start..<min(start + 7, body.count)]))
            }
            continuation.finish()
        })
        let pageJSON = #"{"blocks": [{"type": "text", "text": "Hi"}, {"type": "image", "url": "a.png"}]}"#

        for try await event in decoder.decodeElements(Event.self, from: request.body) {
            try await store.append(event)
        }

        let blocks = PolymorphicRegistry<any Block>(discriminator: "type") {
            $0.register(ImageBlock.self, as: "image") { $0 }
            $0.register(TextBlock.self, as: "text") { $0 }
        }
        decoder.register(blocks)
        let page = try decoder.decode(Page.self, from: pageJSON)   // struct Page { @PolymorphicArray var blocks: [any Block] }

        let stored = await store.events
        XCTAssertEqual(stored.map(\.id), [1, 2, 3])
        XCTAssertEqual(stored.map(\.kind), ["click", "view", "click"])
        XCTAssertEqual(page.blocks.count, 2)
        XCTAssertEqual((page.blocks[0] as? TextBlock)?.text, "Hi")
        XCTAssertEqual((page.blocks[1] as? ImageBlock)?.url, "a.png")
        // Encoding writes the discriminator back.
        let encoder = JoltEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.userInfo[PolymorphicRegistries.userInfoKey] = PolymorphicRegistries(blocks)
        XCTAssertEqual(String(decoding: try encoder.encode(page), as: UTF8.self),
                       #"{"blocks":[{"text":"Hi","type":"text"},{"type":"image","url":"a.png"}]}"#)
    }
}
