import Foundation
import XCTest
@testable import Jolt

final class LosslessValueTests: XCTestCase {
    struct Product: Codable, Equatable {
        @LosslessValue var id: Int
        @LosslessValue var sku: String
        @LosslessValue var price: Double
        @LosslessValue var active: Bool

        init(id: Int, sku: String, price: Double, active: Bool) {
            _id = .init(wrappedValue: id)
            _sku = .init(wrappedValue: sku)
            _price = .init(wrappedValue: price)
            _active = .init(wrappedValue: active)
        }
    }

    func testConversions() throws {
        let expected = Product(id: 42, sku: "1001", price: 2.5, active: true)
        XCTAssertEqual(try decodeWithAllDecoders(Product.self, #"{"id": 42, "sku": "1001", "price": 2.5, "active": true}"#), expected)
        XCTAssertEqual(try decodeWithAllDecoders(Product.self, #"{"id": "42", "sku": 1001, "price": "2.5", "active": "true"}"#), expected)
        XCTAssertEqual(try decodeWithAllDecoders(Product.self, #"{"id": 42.0, "sku": "1001", "price": 2.5, "active": 1}"#), expected)
        XCTAssertEqual(try decodeWithAllDecoders(Product.self, #"{"id": "42.0", "sku": "1001", "price": 2.5, "active": "1"}"#), expected)
        XCTAssertEqual(try decodeWithAllDecoders(Product.self, #"{"id": 1, "sku": true, "price": 3, "active": 0}"#),
                       Product(id: 1, sku: "true", price: 3, active: false))
    }

    func testWhatDoesNotConvert() {
        for json in [#"{"id": "abc", "sku": "a", "price": 1, "active": true}"#,
                     #"{"id": 1.5, "sku": "a", "price": 1, "active": true}"#,
                     #"{"id": null, "sku": "a", "price": 1, "active": true}"#,
                     #"{"id": [1], "sku": "a", "price": 1, "active": true}"#,
                     #"{"id": 1, "sku": "a", "price": 1, "active": 2}"#] {
            XCTAssertThrowsError(try JSONDecoder().decode(Product.self, from: Data(json.utf8)), json)
            for backend in JoltBackend.allCases {
                let decoder = JoltDecoder()
                decoder.backend = backend
                XCTAssertThrowsError(try decoder.decode(Product.self, from: json), json)
            }
        }
    }

    func testReportAndRoundTrip() throws {
        let (product, report) = try JoltDecoder().decodeWithReport(Product.self, from: #"{"id": "42", "sku": "a", "price": 1, "active": true}"#)
        XCTAssertEqual(report.issues.map { "\($0.kind) \($0.codingPath.map(\.description).joined()) \($0.reason)" },
                       [#"valueConverted id String "42" converted to Int 42"#])
        let json = try JSONEncoder().encode(product)
        XCTAssertEqual(try JoltDecoder().decode(Product.self, from: json), product)
        XCTAssertEqual(String(decoding: json, as: UTF8.self).contains(#""id":42"#), true)
    }
}
