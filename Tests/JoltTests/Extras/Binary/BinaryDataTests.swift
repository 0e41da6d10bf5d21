import Foundation
import XCTest
@testable import Jolt

/// Base64, Base64URL and hex: the codecs against Foundation, the wrappers under
/// every decoder, the decoder's `.base64URL` and `.hex` strategies.
final class BinaryDataTests: XCTestCase {
    private func base64(_ text: String, url: Bool = false, padding: Bool = true) -> [UInt8]? {
        var text = text
        return text.withUTF8 { BinaryText.decodeBase64($0, url: url, paddingRequired: padding) }
    }

    private func hex(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { BinaryText.decodeHex($0) }
    }

    func testBase64AgreesWithFoundationOnRandomBytes() {
        var rng = SystemRandomNumberGenerator()
        for count in 0..<200 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let text = bytes.withUnsafeBytes { BinaryText.encodeBase64($0, url: false, padded: true) }
            XCTAssertEqual(text, Data(bytes).base64EncodedString())
            XCTAssertEqual(base64(text), bytes)
            let url = bytes.withUnsafeBytes { BinaryText.encodeBase64($0, url: true, padded: false) }
            XCTAssertEqual(url, text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: ""))
            XCTAssertEqual(base64(url, url: true, padding: false), bytes)
        }
    }

    /// Standard Base64 accepts and rejects what `Data(base64Encoded:)` does,
    /// except Foundation's oddities with `=` (`"===="` gives
    /// `[0]` there, `"QU=D"` `[65, 3]`), which Jolt rejects.
    func testBase64Validity() {
        for text in ["QR==", "QQ==", "QUI=", "QUJ=", "QQ", "QQ=", "Q===", "QUJD", "QU JD", "QUJD\n", "", "=", "QUJDRA==",
                     "QUJDRA=", "-_-_", "+/+/", "QUJD\u{00E9}"] {
            XCTAssertEqual(base64(text), Data(base64Encoded: text).map { Array($0) }, text)
        }
        XCTAssertNil(base64("===="))
        XCTAssertNil(base64("QUJD===="))
        XCTAssertNil(base64("QU=D"))   // Foundation: [65, 3]
        // URL-safe: padding optional but right when present.
        XCTAssertEqual(base64("SGVsbG8", url: true, padding: false), Array("Hello".utf8))
        XCTAssertEqual(base64("SGVsbG8=", url: true, padding: false), Array("Hello".utf8))
        XCTAssertEqual(base64("-_-_", url: true, padding: false), [251, 255, 191])
        XCTAssertNil(base64("SGVsbG8==", url: true, padding: false))
        XCTAssertNil(base64("S", url: true, padding: false))   // one character is never whole bytes
        XCTAssertNil(base64("+/+/", url: true, padding: false))
        XCTAssertNil(base64("SGVs bG8", url: true, padding: false))
    }

    func testHex() {
        XCTAssertEqual(hex("48656c6C6F"), Array("Hello".utf8))
        XCTAssertEqual(hex(""), [])
        XCTAssertNil(hex("486"))
        XCTAssertNil(hex("zz"))
        XCTAssertNil(hex("0x48"))
        XCTAssertEqual([UInt8]([0, 15, 255]).withUnsafeBytes { BinaryText.encodeHex($0) }, "000fff")
    }

    struct Blobs: Codable, Equatable {
        @Base64Data var standard: Data
        @Base64Data var standardBytes: [UInt8]
        @Base64URLData var url: Data
        @Base64URLData var urlBytes: [UInt8]
        @HexData var hex: Data
        @HexData var hexBytes: [UInt8]
    }

    func testWrappersEverywhere() throws {
        let json = #"""
        {"standard": "+/8=", "standardBytes": "SGVsbG8=", "url": "-_8", "urlBytes": "SGVsbG8",
         "hex": "FFfe00", "hexBytes": "48656c6c6f"}
        """#
        let value = try decodeWithAllDecoders(Blobs.self, json)
        XCTAssertEqual(value.standard, Data([251, 255]))
        XCTAssertEqual(value.standardBytes, Array("Hello".utf8))
        XCTAssertEqual(value.url, Data([251, 255]))
        XCTAssertEqual(value.urlBytes, Array("Hello".utf8))
        XCTAssertEqual(value.hex, Data([255, 254, 0]))
        XCTAssertEqual(value.hexBytes, Array("Hello".utf8))

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        XCTAssertEqual(text, #"{"hex":"fffe00","hexBytes":"48656c6c6f","standard":"+\/8=","standardBytes":"SGVsbG8=","url":"-_8","urlBytes":"SGVsbG8"}"#)
        XCTAssertEqual(try decodeWithAllDecoders(Blobs.self, text), value)
    }

    func testWrapperErrors() {
        struct One: Codable { @Base64URLData var token: Data }
        struct Hex: Codable { @HexData var digest: [UInt8] }
        XCTAssertEqual(Set(decodingErrors(One.self, #"{}"#)), ["keyNotFound token at "])
        XCTAssertEqual(Set(decodingErrors(One.self, #"{"token": null}"#)), ["valueNotFound at token"])
        XCTAssertEqual(Set(decodingErrors(One.self, #"{"token": 42}"#)), ["typeMismatch at token"])
        XCTAssertEqual(Set(decodingErrors(One.self, #"{"token": "a+b"}"#)), ["dataCorrupted at token"])
        XCTAssertEqual(Set(decodingErrors(Hex.self, #"{"digest": "abc"}"#)), ["dataCorrupted at digest"])
        XCTAssertEqual(Set(decodingErrors([Hex].self, #"[{"digest": "ab"}, {"digest": "xy"}]"#)), ["dataCorrupted at Index 1.digest"])
        let decoder = JoltDecoder()
        XCTAssertThrowsError(try decoder.decode(Hex.self, from: #"{"digest": "xy"}"#)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.debugDescription, "Encountered Data is not valid hexadecimal.")
        }
    }

    func testEscapedText() throws {
        struct One: Codable, Equatable { @Base64URLData var token: Data }
        XCTAssertEqual(try decodeWithAllDecoders(One.self, #"{"token": "SGVsbG8\u003D"}"#).token, Data("Hello".utf8))
    }

    func testDecoderStrategies() throws {
        struct Box: Codable, Equatable { var data: Data }
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.dataDecodingStrategy = .base64URL
            XCTAssertEqual(try decoder.decode(Box.self, from: #"{"data": "-_8"}"#).data, Data([251, 255]))
            XCTAssertEqual(try decoder.decode(Box.self, from: #"{"data": "SGVsbG8\u003d"}"#).data, Data("Hello".utf8))
            XCTAssertThrowsError(try decoder.decode(Box.self, from: #"{"data": "+/8="}"#)) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["data"])
                XCTAssertEqual(context.debugDescription, "Encountered Data is not valid Base64URL.")
            }
            decoder.dataDecodingStrategy = .hex
            XCTAssertEqual(try decoder.decode(Box.self, from: #"{"data": "00ff"}"#).data, Data([0, 255]))
            XCTAssertThrowsError(try decoder.decode(Box.self, from: #"{"data": "0"}"#))
            XCTAssertThrowsError(try decoder.decode(Box.self, from: #"{"data": 12}"#)) { error in
                guard case DecodingError.typeMismatch = error else { return XCTFail("\(error)") }
            }
            XCTAssertThrowsError(try decoder.decode(Box.self, from: #"{"data": null}"#)) { error in
                guard case DecodingError.valueNotFound = error else { return XCTFail("\(error)") }
            }
        }
    }
}
