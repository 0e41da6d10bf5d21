import XCTest
import Foundation
@testable import Jolt

/// The ready-made messages of ``ErrorMessages`` are, character for character,
/// what formatting them gives (Foundation's text), for every type in the tables
/// and every kind of value; a type outside them is formatted.
final class ErrorMessagesTests: XCTestCase {
    /// The messages from the static tables are the ones formatting gives.
    func testTablesMatchFormatting() {
        let kinds: [(TapeKind, String)] = [(.null, "null"), (.true, "bool"), (.false, "bool"), (.number, "number"),
                                           (.string, "a string"), (.array, "an array"), (.object, "a dictionary")]
        for type in ErrorMessages.knownTypes {
            XCTAssertEqual(ErrorMessages.valueNotFound(type), "Cannot get value of type \(type) -- found null value instead")
            XCTAssertEqual(ErrorMessages.typeName(type), "\(type)")
            for (kind, described) in kinds {
                XCTAssertEqual(ErrorMessages.typeMismatch(type, kind.rawValue),
                               "Expected to decode \(type) but found \(described) instead.")
            }
        }
        // A type the tables do not know is formatted.
        struct Unknown {}
        XCTAssertEqual(ErrorMessages.typeMismatch(Unknown.self, TapeKind.string.rawValue),
                       "Expected to decode \(Unknown.self) but found a string instead.")
        XCTAssertEqual(ErrorMessages.valueNotFound(Unknown.self), "Cannot get value of type \(Unknown.self) -- found null value instead")
    }

    /// The not-representable message, written into one buffer, is the one
    /// interpolation gives.
    func testNotRepresentableMatchesFormatting() {
        for text in ["1.5", "-3", "300", "1e400", "", "123456789012345678901234567890.5e-7"] {
            for (type, name) in [(Int.self as Any.Type, "Int"), (UInt8.self, "UInt8"), (Double.self, "Double"), (Decimal.self, "Decimal")] {
                let bytes = Array(text.utf8)
                let message = bytes.withUnsafeBufferPointer { ErrorMessages.notRepresentable($0, as: ErrorMessages.typeName(type)) }
                XCTAssertEqual(message, "Number \(text) is not representable as \(name).")
            }
        }
    }
}
