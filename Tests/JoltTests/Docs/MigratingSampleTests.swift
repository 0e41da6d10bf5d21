import Foundation
import Jolt
import XCTest

extension CodingUserInfoKey {
    /// The key of the article's `userInfo` sample.
    static let apiVersion = CodingUserInfoKey(rawValue: "MigratingSampleTests.apiVersion")!
}

/// The samples of the article "Migrating from JSONDecoder"
/// (Sources/Jolt/Jolt.docc/MigratingFromJSONDecoder.md), as written there, compiled and run.
final class MigratingSampleTests: XCTestCase {
    private var printed: [String] = []
    private func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    struct Order: Codable, Equatable {
        var id: Int
        var total: Double
        var placedAt: Date?
        var version: Int?

        init(id: Int, total: Double, placedAt: Date? = nil, version: Int? = nil) {
            self.id = id
            self.total = total
            self.placedAt = placedAt
            self.version = version
        }

        enum CodingKeys: String, CodingKey { case id, total, placedAt, version }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            total = try container.decode(Double.self, forKey: .total)
            placedAt = try container.decodeIfPresent(Date.self, forKey: .placedAt)
            version = decoder.userInfo[.apiVersion] as? Int
        }
    }

    func testTheDecoder() throws {
        let data = Data(#"[{"id": 1, "total": 9.5, "placed_at": "1714564800"}]"#.utf8)

        let decoder = JoltDecoder()                                   // was: JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom { decoder in           // the closures are @Sendable
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let seconds = Double(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not seconds: \(text)"))
            }
            return Date(timeIntervalSince1970: seconds)
        }
        decoder.userInfo[.apiVersion] = 2                             // [CodingUserInfoKey: any Sendable]

        func loadOrders(_ data: Data, with decoder: JoltDecoder) throws -> [Order] {   // was: JSONDecoder
            try decoder.decode([Order].self, from: data)
        }

        let orders = try loadOrders(data, with: decoder)
        XCTAssertEqual(orders, [Order(id: 1, total: 9.5, placedAt: Date(timeIntervalSince1970: 1_714_564_800), version: 2)])
        XCTAssertThrowsError(try loadOrders(Data(#"[{"id": 1, "total": 9.5, "placed_at": "May"}]"#.utf8), with: decoder)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.debugDescription, "not seconds: May")
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["Index 0", "placedAt"])
        }

        // The errors: Foundation's, with the same coding path.
        do {
            _ = try decoder.decode([Order].self, from: #"[{"id": 1, "total": 9.5}, {"id": 2}]"#)
        } catch DecodingError.keyNotFound(let key, let context) {
            print(key.stringValue, context.codingPath.map(\.stringValue))   // total ["Index 1"]
        }

        XCTAssertEqual(printed, [#"total ["Index 1"]"#])
        XCTAssertThrowsError(try JSONDecoder().decode([Order].self, from: Data(#"[{"id": 1, "total": 9.5}, {"id": 2}]"#.utf8))) { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "total")
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["Index 1"])
        }
    }

    func testTheEncoder() throws {
        struct Patch: Codable {
            var name: String
            var note: String?
            var city: String
            enum CodingKeys: String, CodingKey { case name, note, city = "location.city" }
        }

        let encoder = JoltEncoder()                  // was: JSONEncoder()
        encoder.nilEncodingStrategy = .writeNull     // Jolt only
        encoder.keyPathSeparator = "."               // Jolt only
        let body = try encoder.encode(Patch(name: "Ada", note: nil, city: "Oslo"))
        // {"name":"Ada","note":null,"location":{"city":"Oslo"}}

        XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"name":"Ada","note":null,"location":{"city":"Oslo"}}"#)
        // The decoder reads it back with the same separator.
        let decoder = JoltDecoder()
        decoder.keyPathSeparator = "."
        let patch = try decoder.decode(Patch.self, from: body)
        XCTAssertEqual(patch.city, "Oslo")
        XCTAssertNil(patch.note)
        // Without the Jolt options, Foundation's bytes.
        let plain = JoltEncoder()
        plain.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let value = Patch(name: "Ada", note: nil, city: "Oslo")
        XCTAssertEqual(try plain.encode(value), try foundation.encode(value))
    }
}
