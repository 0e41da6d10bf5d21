import Foundation
import XCTest
@testable import Jolt

/// JSONTestSuite (`../shared/conformance/test_parsing`): every `y_` accepted, every
/// `n_` rejected, on every backend, and the backends agree on everything.
final class ConformanceTests: XCTestCase {
    func testEveryYFileIsAccepted() {
        let files = SharedFiles.files(in: SharedFiles.testParsing, prefix: "y_")
        XCTAssertEqual(files.count, 95)
        for backend in JoltBackend.allCases {
            for file in files {
                let result = parseTape(SharedFiles.bytes(file), backend)
                XCTAssertTrue(result.isSuccess, "\(backend) rejected \(file.lastPathComponent): \(String(describing: result.failure))")
            }
        }
    }

    func testEveryNFileIsRejected() {
        let files = SharedFiles.files(in: SharedFiles.testParsing, prefix: "n_")
        XCTAssertEqual(files.count, 188)
        for backend in JoltBackend.allCases {
            for file in files {
                XCTAssertFalse(parseTape(SharedFiles.bytes(file), backend).isSuccess, "\(backend) accepted \(file.lastPathComponent)")
            }
        }
    }

    /// The verdicts documented in the table of `i_` files of the article "Untrusted input and
    /// limits" (Sources/Jolt/Jolt.docc/UntrustedInput.md).
    func testIFileVerdictsAreTheDocumentedOnes() {
        let accepted: Set<String> = [
            "i_number_double_huge_neg_exp.json", "i_number_huge_exp.json", "i_number_neg_int_huge_exp.json",
            "i_number_pos_double_huge_exp.json", "i_number_real_neg_overflow.json", "i_number_real_pos_overflow.json",
            "i_number_real_underflow.json", "i_number_too_big_neg_int.json", "i_number_too_big_pos_int.json",
            "i_number_very_big_negative_int.json", "i_structure_500_nested_arrays.json",
            "i_structure_UTF-8_BOM_empty_object.json",
        ]
        let files = SharedFiles.files(in: SharedFiles.testParsing, prefix: "i_")
        XCTAssertEqual(files.count, 35)
        for backend in JoltBackend.allCases {
            for file in files {
                let name = file.lastPathComponent
                XCTAssertEqual(parseTape(SharedFiles.bytes(file), backend).isSuccess, accepted.contains(name), "\(backend) on \(name)")
            }
        }
    }

    /// Same verdict, same tape, same error on every conformance and corpus file.
    func testBackendsProduceTheSameTapeAndErrors() throws {
        try BackendSkip.unlessTwoBackends()
        let files = SharedFiles.files(in: SharedFiles.testParsing) + SharedFiles.files(in: SharedFiles.testTransform)
            + SharedFiles.files(in: SharedFiles.corpus)
        XCTAssertGreaterThan(files.count, 340)
        for file in files {
            let bytes = SharedFiles.bytes(file)
            let reference = parseTape(bytes, .swift)
            for backend in JoltBackend.allCases where backend != .swift {
                XCTAssertEqual(parseTape(bytes, backend), reference, "\(backend) on \(file.lastPathComponent)")
            }
        }
    }

    func testCorpusFilesAreAccepted() {
        for backend in JoltBackend.allCases {
            for name in SharedFiles.corpusNames {
                let bytes = [UInt8](SharedFiles.corpusFile(name))
                XCTAssertTrue(parseTape(bytes, backend).isSuccess, "\(backend) \(name)")
            }
        }
    }

    /// Cutting a valid document anywhere must not yield a value, except where the
    /// prefix is itself a complete document: a top-level number cut short (`42` →
    /// `4`), or the document with only trailing whitespace removed.
    func testEveryYFileCutAtEveryByteIsAnError() {
        for file in SharedFiles.files(in: SharedFiles.testParsing, prefix: "y_") {
            let bytes = SharedFiles.bytes(file)
            let trimmedCount = bytes.lastIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }).map { $0 + 1 } ?? 0
            let content = bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            let isLoneNumber = content.first.map { $0 == UInt8(ascii: "-") || ($0 >= 0x30 && $0 <= 0x39) } ?? false
            for cut in 0..<bytes.count {
                let prefix = Array(bytes[0..<cut])
                for backend in JoltBackend.allCases {
                    let result = parseTape(prefix, backend)
                    if result.isSuccess {
                        XCTAssertTrue(cut >= trimmedCount || isLoneNumber,
                                      "\(backend) accepted \(file.lastPathComponent) cut at \(cut)")
                    }
                }
            }
        }
    }
}
