import Foundation
import XCTest
@testable import Jolt

/// `scalarConversion`: `.strict` is Foundation; `.lenient` converts losslessly,
/// records each conversion, and leaves null, containers and junk as errors.
final class ScalarConversionTests: XCTestCase {
    struct Item: Codable, Equatable {
        var id: Int
        var price: Double
        var ratio: Float
        var active: Bool
        var sku: String
        var flag: String
        var small: UInt8
        var amount: Decimal
        var ids: [Int]
    }

    let mixed = #"""
    {"id": "42", "price": "9.99", "ratio": "0.5", "active": 1, "sku": 1001, "flag": true, "small": "255",
     "amount": "12.345", "ids": [1, "2", 3]}
    """#

    private func lenient(_ backend: JoltBackend) -> JoltDecoder {
        let decoder = JoltDecoder()
        decoder.backend = backend
        decoder.scalarConversion = .lenient
        return decoder
    }

    func testStrictIsFoundation() {
        XCTAssertEqual(Set(decodingErrors(Item.self, mixed)), ["typeMismatch at id"])
    }

    func testLenientConverts() throws {
        for backend in JoltBackend.allCases {
            let (item, report) = try lenient(backend).decodeWithReport(Item.self, from: mixed)
            XCTAssertEqual(item, Item(id: 42, price: 9.99, ratio: 0.5, active: true, sku: "1001", flag: "true", small: 255,
                                      amount: Decimal(string: "12.345")!, ids: [1, 2, 3]))
            XCTAssertEqual(report.issues.map { "\($0.kind) \($0.codingPath.map(\.description).joined(separator: "."))" }, [
                "valueConverted id", "valueConverted price", "valueConverted ratio", "valueConverted active",
                "valueConverted sku", "valueConverted flag", "valueConverted small", "valueConverted amount",
                "valueConverted ids.[1]",
            ])
            XCTAssertEqual(report.issues[0].reason, #"String "42" converted to Int"#)
            XCTAssertEqual(report.issues[4].reason, "number 1001 converted to String")
        }
    }

    func testLenientValuesOfTheRightTypeAreNotReported() throws {
        struct Plain: Codable, Equatable { var id: Int; var name: String }
        for backend in JoltBackend.allCases {
            let (value, report) = try lenient(backend).decodeWithReport(Plain.self, from: #"{"id": 1, "name": "a"}"#)
            XCTAssertEqual(value, Plain(id: 1, name: "a"))
            XCTAssertTrue(report.issues.isEmpty)
        }
    }

    func testLenientStillRejects() {
        struct I: Codable { var v: Int }
        struct U: Codable { var v: UInt8 }
        struct B: Codable { var v: Bool }
        struct S: Codable { var v: String }
        struct D: Codable { var v: Double }
        let cases: [(String, any Decodable.Type, String)] = [
            (#"{"v": null}"#, I.self, "valueNotFound"),
            (#"{"v": " 42"}"#, I.self, "typeMismatch"),
            (#"{"v": "+42"}"#, I.self, "typeMismatch"),
            (#"{"v": "4\u0032"}"#, I.self, "typeMismatch"),
            (#"{"v": "abc"}"#, I.self, "typeMismatch"),
            (#"{"v": "1.5"}"#, I.self, "dataCorrupted"),     // not an integer: as the number 1.5 would be
            (#"{"v": "256"}"#, U.self, "dataCorrupted"),
            (#"{"v": true}"#, I.self, "typeMismatch"),
            (#"{"v": 2}"#, B.self, "typeMismatch"),
            (#"{"v": "yes"}"#, B.self, "typeMismatch"),
            (#"{"v": [1]}"#, S.self, "typeMismatch"),
            (#"{"v": {}}"#, S.self, "typeMismatch"),
            (#"{"v": null}"#, S.self, "valueNotFound"),
            (#"{"v": "1e999"}"#, D.self, "dataCorrupted"),
            (#"{"v": "NaN"}"#, D.self, "typeMismatch"),
        ]
        for backend in JoltBackend.allCases {
            for (json, type, expected) in cases {
                XCTAssertThrowsError(try lenient(backend).decode(type, from: json), json) { error in
                    let name: String
                    switch error as? DecodingError {
                    case .typeMismatch?: name = "typeMismatch"
                    case .valueNotFound?: name = "valueNotFound"
                    case .dataCorrupted?: name = "dataCorrupted"
                    default: name = "\(error)"
                    }
                    XCTAssertEqual(name, expected, json)
                }
            }
        }
    }

    func testLenientWithNonConformingFloats() throws {
        struct D: Codable, Equatable { var v: [Double] }
        for backend in JoltBackend.allCases {
            let decoder = lenient(backend)
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            let value = try decoder.decode(D.self, from: #"{"v": ["inf", "2.5", 3]}"#)
            XCTAssertEqual(value.v, [.infinity, 2.5, 3])
        }
    }
}
