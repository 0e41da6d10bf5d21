import Foundation
import XCTest
@testable import Jolt

/// `[Double]`, `[Int]` and `[String]` are read without a coding path until an
/// element needs one (`TapeDecoder.unwrapConcreteArray`). These tests put the
/// element that needs it at every position of the array, at two depths, and
/// compare with Foundation: the error's case, coding path and message, and the
/// path of a lenient conversion in the report.
final class ScalarArrayTests: XCTestCase {
    struct Doubles: Codable, Equatable { var values: [[Double]] }
    struct Ints: Codable, Equatable { var values: [[Int]] }
    struct Strings: Codable, Equatable { var values: [[String]] }

    /// Four elements with `odd` at `position`, as the second of two arrays
    /// under `values`.
    private func document(_ good: String, _ odd: String, at position: Int) -> String {
        let elements = (0..<4).map { $0 == position ? odd : good }.joined(separator: ",")
        return #"{"values":[[\#(good)],[\#(elements)]]}"#
    }

    /// The error as case, path and message, or the value's description.
    private func outcome<T: Decodable>(_ body: () throws -> T) -> String {
        do {
            return "value \(try body())"
        } catch let DecodingError.typeMismatch(_, c), let DecodingError.valueNotFound(_, c), let DecodingError.dataCorrupted(c) {
            return "\(c.codingPath.map(\.stringValue)) \(c.debugDescription)"
        } catch {
            return "\(error)"
        }
    }

    /// `notRepresentable` holds numbers out of the element type's range:
    /// Foundation rejects the whole document ("not valid JSON", empty coding
    /// path), Jolt names the number and its element (a documented difference).
    private func elementName<T>(_ type: T.Type) -> String {
        T.self == Ints.self ? "Int" : "Double"
    }

    private func assertAsFoundation<T: Decodable>(_ type: T.Type, good: String, odd: [String], notRepresentable: [String] = [],
                                                  file: StaticString = #filePath, line: UInt = #line) {
        for element in odd + notRepresentable {
            for position in 0..<4 {
                let json = document(good, element, at: position)
                var expected = outcome { try JSONDecoder().decode(T.self, from: Data(json.utf8)) }
                if notRepresentable.contains(element) {
                    XCTAssertTrue(expected.hasPrefix("[] "), "\(expected) \(json)", file: file, line: line)
                    expected = #"["values", "Index 1", "Index \#(position)"] Number \#(element) is not representable as \#(elementName(T.self))."#
                } else {
                    XCTAssertTrue(expected.contains("\"Index \(position)\""), "\(expected) \(json)", file: file, line: line)
                }
                for backend in JoltBackend.allCases {
                    let decoder = JoltDecoder()
                    decoder.backend = backend
                    XCTAssertEqual(outcome { try decoder.decode(T.self, from: json) }, expected, "\(backend) \(json)",
                                   file: file, line: line)
                }
            }
        }
    }

    func testDoubleArrayErrorsAtEveryPosition() {
        assertAsFoundation(Doubles.self, good: "1.5", odd: ["null", "\"1\"", "true", "[]", "{}"],
                           notRepresentable: ["1e400", "-1e400"])
    }

    func testIntArrayErrorsAtEveryPosition() {
        assertAsFoundation(Ints.self, good: "7", odd: ["null", "\"1\"", "false", "[1]"],
                           notRepresentable: ["1.5", "1e30", "-9223372036854775809"])
    }

    func testStringArrayErrorsAtEveryPosition() {
        assertAsFoundation(Strings.self, good: #""a\n""#, odd: ["null", "1", "true", "[]", "{\"a\":1}"])
    }

    func testValuesThatTakeTheSlowPathInTheMiddle() throws {
        // Accepted elements that are not plain numbers: a whole number with a
        // fraction for Int, non-conforming floats by name, and a number whose
        // zero is exact.
        XCTAssertEqual(try decodeWithAllDecoders(Ints.self, #"{"values":[[1],[1,2.0,3,1e2]]}"#), Ints(values: [[1], [1, 2, 3, 100]]))
        XCTAssertEqual(try decodeWithAllDecoders(Doubles.self, #"{"values":[[0],[-0.0,0e10,1,2]]}"#),
                       Doubles(values: [[0], [-0.0, 0, 1, 2]]))
        let strategy = (positive: "+inf", negative: "-inf", nan: "nan")
        let json = #"{"values":[[1],[1,"+inf",2,"-inf"]]}"#
        let foundation = JSONDecoder()
        foundation.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: strategy.positive, negativeInfinity: strategy.negative, nan: strategy.nan)
        let expected = try foundation.decode(Doubles.self, from: Data(json.utf8))
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: strategy.positive, negativeInfinity: strategy.negative, nan: strategy.nan)
            XCTAssertEqual(try decoder.decode(Doubles.self, from: json), expected, "\(backend)")
        }
    }

    func testLenientConversionsAreReportedAtTheirElement() throws {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.scalarConversion = .lenient
            let json = #"{"d":[1.5,"2.5",3],"i":[1,2,"3"],"s":["a",4,"b",true]}"#
            struct Mixed: Codable, Equatable { var d: [Double]; var i: [Int]; var s: [String] }
            let (value, report) = try decoder.decodeWithReport(Mixed.self, from: json)
            XCTAssertEqual(value, Mixed(d: [1.5, 2.5, 3], i: [1, 2, 3], s: ["a", "4", "b", "true"]), "\(backend)")
            XCTAssertEqual(report.issues.map { $0.codingPath.map(\.description).joined(separator: ".") },
                           ["d.[1]", "i.[2]", "s.[1]", "s.[3]"], "\(backend)")
        }
    }
}
