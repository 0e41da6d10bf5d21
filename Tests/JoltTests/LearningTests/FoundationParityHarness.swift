// Table-driven parity harness: every case decodes the same input with Foundation's JSONDecoder
// and with JoltDecoder (each backend) and asserts the SAME OUTCOME — equal values, or the same
// DecodingError case with the same codingPath (and, for keyNotFound, the same missing key; for
// valueNotFound and typeMismatch, the same reported type). debugDescription texts are never compared.
//
// `expect:` additionally pins Foundation's own behaviour (these are learning tests), so a case
// documents what Foundation does as well as checking that Jolt matches it.
//
// Set JOLT_PARITY_LOG=1 to print Foundation's outcome for every case.

import XCTest
import Foundation
@testable import Jolt

// MARK: - ParityOutcome model

/// One coding-path element, compared as (stringValue, intValue).
struct ParityPathKey: Equatable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    let stringValue: String
    let intValue: Int?
    init(_ key: any CodingKey) { stringValue = key.stringValue; intValue = key.intValue }
    init(stringValue: String, intValue: Int?) { self.stringValue = stringValue; self.intValue = intValue }
    /// A plain string key ("a"), as produced by CodingKeys / `[String: T]` keys.
    init(stringLiteral value: String) { stringValue = value; intValue = nil }
    /// An unkeyed-container index key as Foundation spells it: ("Index 3", 3).
    init(integerLiteral value: Int) { stringValue = "Index \(value)"; intValue = value }
    var description: String { intValue.map { "(\"\(stringValue)\", \($0))" } ?? "\"\(stringValue)\"" }
}

enum ParityErrorKind: String, Equatable {
    case keyNotFound, valueNotFound, typeMismatch, dataCorrupted
    case notADecodingError
}

struct ParityErrorShape: Equatable, CustomStringConvertible {
    let kind: ParityErrorKind
    let path: [ParityPathKey]
    let missingKey: ParityPathKey?
    /// The type a valueNotFound or typeMismatch reports (compared by identity).
    let reportedType: Any.Type?
    /// For errors that are not DecodingErrors: the dynamic type name (compared).
    let otherType: String?
    /// Not compared: only for failure messages.
    let detail: String

    init(_ error: any Error) {
        switch error {
        case DecodingError.keyNotFound(let key, let ctx):
            kind = .keyNotFound; path = ctx.codingPath.map(ParityPathKey.init); missingKey = ParityPathKey(key); otherType = nil
            reportedType = nil; detail = ctx.debugDescription
        case DecodingError.valueNotFound(let type, let ctx):
            kind = .valueNotFound; path = ctx.codingPath.map(ParityPathKey.init); missingKey = nil; otherType = nil
            reportedType = type; detail = ctx.debugDescription
        case DecodingError.typeMismatch(let type, let ctx):
            kind = .typeMismatch; path = ctx.codingPath.map(ParityPathKey.init); missingKey = nil; otherType = nil
            reportedType = type; detail = ctx.debugDescription
        case DecodingError.dataCorrupted(let ctx):
            kind = .dataCorrupted; path = ctx.codingPath.map(ParityPathKey.init); missingKey = nil; otherType = nil
            reportedType = nil; detail = ctx.debugDescription
        default:
            kind = .notADecodingError; path = []; missingKey = nil; otherType = "\(type(of: error))"
            reportedType = nil; detail = "\(error)"
        }
    }

    static func == (a: ParityErrorShape, b: ParityErrorShape) -> Bool {
        a.kind == b.kind && a.path == b.path && a.missingKey == b.missingKey && a.otherType == b.otherType
            && a.reportedType.map(ObjectIdentifier.init) == b.reportedType.map(ObjectIdentifier.init)
    }

    var description: String {
        "\(kind)" + (reportedType.map { "(\(String(reflecting: $0)))" } ?? "") + (otherType.map { "(\($0))" } ?? "")
            + " at \(path)" + (missingKey.map { " key \($0)" } ?? "") + " — \(detail)"
    }
}

enum ParityOutcome<T> {
    case value(T)
    case failure(ParityErrorShape)
}

/// What Foundation is expected to do (pins the learned behaviour).
enum ParityExpect<T> {
    case value(T)
    case success
    case failure(ParityErrorKind)
    case failureAt(ParityErrorKind, [ParityPathKey])
    case keyNotFound(ParityPathKey, at: [ParityPathKey])
    /// valueNotFound or typeMismatch (`kind`) reporting exactly `type`, at `path`.
    case failureOf(ParityErrorKind, Any.Type, at: [ParityPathKey])
}

// MARK: - Decoder configuration (mapped onto both decoders)

struct ParityOptions {
    enum Keys {
        case useDefaultKeys, convertFromSnakeCase
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }
    enum Dates {
        case deferredToDate, secondsSince1970, millisecondsSince1970, iso8601
#if FullFoundation
        case formatted(DateFormatter)
#endif
        case custom(@Sendable (any Decoder) throws -> Date)
    }
    enum Datas {
        case deferredToData, base64
        case custom(@Sendable (any Decoder) throws -> Data)
    }
    enum Floats {
        case `throw`
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    var keys = Keys.useDefaultKeys
    var dates = Dates.deferredToDate
    var data = Datas.base64
    var floats = Floats.throw
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    static var standard: ParityOptions { ParityOptions() }
    static func keys(_ k: Keys) -> ParityOptions { var o = ParityOptions(); o.keys = k; return o }
    static func dates(_ d: Dates) -> ParityOptions { var o = ParityOptions(); o.dates = d; return o }
    static func data(_ d: Datas) -> ParityOptions { var o = ParityOptions(); o.data = d; return o }
    static func floats(_ f: Floats) -> ParityOptions { var o = ParityOptions(); o.floats = f; return o }
    static var infNaN: ParityOptions { floats(.convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")) }

    func foundation() -> JSONDecoder {
        let d = JSONDecoder()
        switch keys {
        case .useDefaultKeys: d.keyDecodingStrategy = .useDefaultKeys
        case .convertFromSnakeCase: d.keyDecodingStrategy = .convertFromSnakeCase
        case .custom(let f): d.keyDecodingStrategy = .custom(f)
        }
        switch dates {
        case .deferredToDate: d.dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: d.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: d.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: d.dateDecodingStrategy = .iso8601
#if FullFoundation
        case .formatted(let f): d.dateDecodingStrategy = .formatted(f)
#endif
        case .custom(let f): d.dateDecodingStrategy = .custom(f)
        }
        switch data {
        case .deferredToData: d.dataDecodingStrategy = .deferredToData
        case .base64: d.dataDecodingStrategy = .base64
        case .custom(let f): d.dataDecodingStrategy = .custom(f)
        }
        switch floats {
        case .throw: d.nonConformingFloatDecodingStrategy = .throw
        case .convertFromString(let p, let n, let nan):
            d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: p, negativeInfinity: n, nan: nan)
        }
        d.userInfo = userInfo
        return d
    }

    func jolt(_ backend: JoltDecoder.Backend) -> JoltDecoder {
        let d = JoltDecoder()
        d.backend = backend
        switch keys {
        case .useDefaultKeys: d.keyDecodingStrategy = .useDefaultKeys
        case .convertFromSnakeCase: d.keyDecodingStrategy = .convertFromSnakeCase
        case .custom(let f): d.keyDecodingStrategy = .custom(f)
        }
        switch dates {
        case .deferredToDate: d.dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: d.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: d.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: d.dateDecodingStrategy = .iso8601
#if FullFoundation
        case .formatted(let f): d.dateDecodingStrategy = .formatted(f)
#endif
        case .custom(let f): d.dateDecodingStrategy = .custom(f)
        }
        switch data {
        case .deferredToData: d.dataDecodingStrategy = .deferredToData
        case .base64: d.dataDecodingStrategy = .base64
        case .custom(let f): d.dataDecodingStrategy = .custom(f)
        }
        switch floats {
        case .throw: d.nonConformingFloatDecodingStrategy = .throw
        case .convertFromString(let p, let n, let nan):
            d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: p, negativeInfinity: n, nan: nan)
        }
        d.userInfo = userInfo
        return d
    }
}

// MARK: - The harness

let parityBackends: [JoltDecoder.Backend] = JoltBackend.allCases
private let parityLog = ProcessInfo.processInfo.environment["JOLT_PARITY_LOG"] != nil

func parityDescribe<T>(_ o: ParityOutcome<T>) -> String {
    switch o {
    case .value(let v): return "value(\(String(reflecting: v)))"
    case .failure(let e): return "error(\(e))"
    }
}

/// Asserts Foundation and Jolt (every backend built) agree on decoding `json` as `T`.
@discardableResult
func assertParity<T: Decodable>(
    _ type: T.Type, _ json: String, _ options: ParityOptions = .standard,
    expect: ParityExpect<T>? = nil, equal: (T, T) -> Bool, jolt difference: JoltDifference? = nil,
    file: StaticString = #filePath, line: UInt = #line
) -> ParityOutcome<T> {
    assertParity(type, bytes: Array(json.utf8), options, expect: expect, equal: equal, jolt: difference, file: file, line: line)
}

@discardableResult
func assertParity<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, _ options: ParityOptions = .standard,
    expect: ParityExpect<T>? = nil, jolt difference: JoltDifference? = nil,
    file: StaticString = #filePath, line: UInt = #line
) -> ParityOutcome<T> {
    assertParity(type, bytes: Array(json.utf8), options, expect: expect, equal: ==, jolt: difference, file: file, line: line)
}

@discardableResult
func assertParity<T: Decodable & Equatable>(
    _ type: T.Type, bytes: [UInt8], _ options: ParityOptions = .standard,
    expect: ParityExpect<T>? = nil, jolt difference: JoltDifference? = nil,
    file: StaticString = #filePath, line: UInt = #line
) -> ParityOutcome<T> {
    assertParity(type, bytes: bytes, options, expect: expect, equal: ==, jolt: difference, file: file, line: line)
}

@discardableResult
func assertParity<T: Decodable>(
    _ type: T.Type, bytes: [UInt8], _ options: ParityOptions,
    expect: ParityExpect<T>?, equal: (T, T) -> Bool, jolt difference: JoltDifference? = nil,
    file: StaticString, line: UInt
) -> ParityOutcome<T> {
    let data = Data(bytes)
    let input = String(decoding: bytes.prefix(120), as: UTF8.self)
    let reference: ParityOutcome<T>
    do { reference = .value(try options.foundation().decode(T.self, from: data)) }
    catch { reference = .failure(ParityErrorShape(error)) }
    if parityLog { print("PARITY \(file):\(line) \(T.self) \(input.debugDescription) => \(parityDescribe(reference))") }

    // 1. Pin Foundation's behaviour.
    if let expect { parityCheckExpectation(expect, reference: reference, equal: equal, input: input, file: file, line: line) }

    // 2. Jolt must produce the same outcome with every backend.
    for backend in parityBackends {
        let candidate: ParityOutcome<T>
        do { candidate = .value(try options.jolt(backend).decode(T.self, from: data)) }
        catch { candidate = .failure(ParityErrorShape(error)) }
        parityCompare(reference: reference, candidate: candidate, equal: equal, difference: difference,
                      backend: backend, input: input, file: file, line: line)
    }
    return reference
}

/// Fails unless Foundation's outcome is the one `expect` pins.
func parityCheckExpectation<T>(_ expect: ParityExpect<T>, reference: ParityOutcome<T>, equal: (T, T) -> Bool,
                               input: String, file: StaticString, line: UInt) {
    switch (expect, reference) {
    case (.value(let want), .value(let got)):
        if !equal(want, got) { XCTFail("Foundation decoded \(String(reflecting: got)), expected \(String(reflecting: want)) for \(input.debugDescription)", file: file, line: line) }
    case (.success, .value): break
    case (.failure(let kind), .failure(let e)):
        if e.kind != kind { XCTFail("Foundation failed with \(e), expected \(kind)", file: file, line: line) }
    case (.failureAt(let kind, let path), .failure(let e)):
        if e.kind != kind || e.path != path { XCTFail("Foundation failed with \(e), expected \(kind) at \(path)", file: file, line: line) }
    case (.keyNotFound(let key, let path), .failure(let e)):
        if e.kind != .keyNotFound || e.path != path || e.missingKey != key {
            XCTFail("Foundation failed with \(e), expected keyNotFound \(key) at \(path)", file: file, line: line)
        }
    case (.failureOf(let kind, let type, let path), .failure(let e)):
        if e.kind != kind || e.path != path || e.reportedType.map(ObjectIdentifier.init) != ObjectIdentifier(type) {
            XCTFail("Foundation failed with \(e), expected \(kind)(\(String(reflecting: type))) at \(path)", file: file, line: line)
        }
    default:
        XCTFail("Foundation outcome \(parityDescribe(reference)) does not match expectation \(expect) for \(input.debugDescription)", file: file, line: line)
    }
}

/// Fails unless one Jolt backend's outcome is Foundation's, or differs from it exactly as the
/// documented `difference` says.
func parityCompare<T>(reference: ParityOutcome<T>, candidate: ParityOutcome<T>, equal: (T, T) -> Bool, difference: JoltDifference?,
                      backend: JoltDecoder.Backend, input: String, file: StaticString, line: UInt) {
    if let difference {
        difference.check(reference: reference, jolt: candidate, equal: equal, backend: backend, input: input, file: file, line: line)
        return
    }
    switch (reference, candidate) {
    case (.value(let a), .value(let b)):
        if !equal(a, b) {
            XCTFail("[\(backend)] value differs for \(input.debugDescription): Foundation \(String(reflecting: a)), Jolt \(String(reflecting: b))", file: file, line: line)
        }
    case (.failure(let a), .failure(let b)):
        if a != b {
            XCTFail("[\(backend)] error differs for \(input.debugDescription): Foundation \(a); Jolt \(b)", file: file, line: line)
        }
    default:
        XCTFail("[\(backend)] outcome differs for \(input.debugDescription): Foundation \(parityDescribe(reference)); Jolt \(parityDescribe(candidate))", file: file, line: line)
    }
}

/// Asserts that running `foundation` with Foundation's decoder and `jolt` with JoltDecoder (each
/// backend), both set up from `options`, gives the same outcome: for what `assertParity` cannot
/// express (the `configuration:` entry points, inputs other than `Data`, a decoder used twice).
@discardableResult
func assertParityOf<T>(
    _ label: String, _ options: ParityOptions = .standard, expect: ParityExpect<T>? = nil, equal: (T, T) -> Bool,
    difference: JoltDifference? = nil, file: StaticString = #filePath, line: UInt = #line,
    foundation: (JSONDecoder) throws -> T, jolt: (JoltDecoder) throws -> T
) -> ParityOutcome<T> {
    let reference: ParityOutcome<T>
    do { reference = .value(try foundation(options.foundation())) }
    catch { reference = .failure(ParityErrorShape(error)) }
    if parityLog { print("PARITY \(file):\(line) \(label) => \(parityDescribe(reference))") }
    if let expect { parityCheckExpectation(expect, reference: reference, equal: equal, input: label, file: file, line: line) }
    for backend in parityBackends {
        let candidate: ParityOutcome<T>
        do { candidate = .value(try jolt(options.jolt(backend))) }
        catch { candidate = .failure(ParityErrorShape(error)) }
        parityCompare(reference: reference, candidate: candidate, equal: equal, difference: difference,
                      backend: backend, input: label, file: file, line: line)
    }
    return reference
}

@discardableResult
func assertParityOf<T: Equatable>(
    _ label: String, _ options: ParityOptions = .standard, expect: ParityExpect<T>? = nil,
    difference: JoltDifference? = nil, file: StaticString = #filePath, line: UInt = #line,
    foundation: (JSONDecoder) throws -> T, jolt: (JoltDecoder) throws -> T
) -> ParityOutcome<T> {
    assertParityOf(label, options, expect: expect, equal: ==, difference: difference, file: file, line: line, foundation: foundation, jolt: jolt)
}

/// Where Jolt differs from Foundation on purpose (the README's "Differences from
/// Foundation"): the case states exactly what Jolt does instead.
enum JoltDifference {
    /// Foundation reports the error with an empty coding path (number out of range,
    /// invalid ISO 8601 date); Jolt reports the same case at the value's own path.
    case pathOfValue([ParityPathKey])
    /// Foundation accepts a trailing comma; Jolt rejects it, as RFC 8259 requires,
    /// with a syntax error (dataCorrupted at the root).
    case rejectsTrailingComma
    /// Foundation checks a number's or a string's text only when the value is decoded, so it
    /// accepts a document whose malformed values (`013`, `0e`, `"\x15"`, a raw tab in a string)
    /// the model never reads; Jolt validates the whole document and fails with a syntax error
    /// at the root.
    case rejectsUnreadInvalidValue
    /// Foundation detects UTF-16 and UTF-32 input (by its byte order mark or its zero bytes)
    /// and transcodes it; Jolt takes UTF-8 only and fails with a syntax error at the root.
    case rejectsNonUTF8
    /// Foundation fails with dataCorrupted where Jolt decodes this value (of the case's
    /// type): a valid RFC 8259 number Foundation's parser refuses (`0e1` as `Double`), or a
    /// whole number Foundation's integer slow path cannot carry (`9223372036854775807.0` as
    /// `Int64`).
    case decodes(Any)
    /// Foundation decodes a number with a fractional part as an integer type, the fraction
    /// rounded away by its trip through `Double` (`1.0000000000000001` as `Int` is `1`);
    /// Jolt throws dataCorrupted ("not representable") at the value's own path.
    case rejectsFraction([ParityPathKey])

    func check<T>(reference: ParityOutcome<T>, jolt: ParityOutcome<T>, equal: (T, T) -> Bool,
                  backend: JoltDecoder.Backend, input: String, file: StaticString, line: UInt) {
        switch (self, reference, jolt) {
        case (.pathOfValue(let path), .failure(let a), .failure(let b)):
            if a.path != [] || b.kind != a.kind || b.path != path {
                XCTFail("[\(backend)] expected Foundation \(a.kind) at [] and Jolt \(a.kind) at \(path) for \(input.debugDescription); Jolt gave \(b)", file: file, line: line)
            }
        case (.rejectsTrailingComma, .value, .failure(let b)):
            if b.kind != .dataCorrupted || b.path != [] {
                XCTFail("[\(backend)] expected a syntax error for \(input.debugDescription); Jolt gave \(b)", file: file, line: line)
            }
        case (.rejectsNonUTF8, .value, .failure(let b)), (.rejectsUnreadInvalidValue, .value, .failure(let b)):
            if b.kind != .dataCorrupted || b.path != [] {
                XCTFail("[\(backend)] expected a syntax error for \(input.debugDescription); Jolt gave \(b)", file: file, line: line)
            }
        case (.decodes(let expected), .failure(let a), .value(let b)):
            if a.kind != .dataCorrupted {
                XCTFail("[\(backend)] expected Foundation to fail with dataCorrupted for \(input.debugDescription); it gave \(a)", file: file, line: line)
            }
            guard let expected = expected as? T, equal(expected, b) else {
                XCTFail("[\(backend)] expected Jolt to decode \(expected) for \(input.debugDescription); it gave \(String(reflecting: b))", file: file, line: line)
                return
            }
        case (.rejectsFraction(let path), .value, .failure(let b)):
            if b.kind != .dataCorrupted || b.path != path {
                XCTFail("[\(backend)] expected Jolt dataCorrupted at \(path) for \(input.debugDescription); it gave \(b)", file: file, line: line)
            }
        default:
            XCTFail("[\(backend)] documented difference \(self) does not hold for \(input.debugDescription): Foundation \(parityDescribe(reference)); Jolt \(parityDescribe(jolt))", file: file, line: line)
        }
    }
}

/// Bitwise equality for floating point (distinguishes -0.0, treats NaN == NaN of same payload class).
func sameFloat<F: BinaryFloatingPoint>(_ a: F, _ b: F) -> Bool {
    (a.isNaN && b.isNaN) || (a == b && a.sign == b.sign)
}
func sameFloat<F: BinaryFloatingPoint>(_ a: F?, _ b: F?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?): return sameFloat(x, y)
    default: return false
    }
}
func sameFloats<F: BinaryFloatingPoint>(_ a: [F], _ b: [F]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { sameFloat($0, $1) }
}

// MARK: - Shared helper types

/// A CodingKey that accepts any string or int.
struct ParityKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; self.intValue = nil }
    init(intValue: Int) { self.stringValue = "\(intValue)"; self.intValue = intValue }
    init(_ s: String) { self.init(stringValue: s) }
}

/// `{"v": <T>}` decoded with synthesized (non-optional) `decode`.
struct PBox<T: Decodable & Equatable>: Decodable, Equatable { let v: T }
/// `{"v": <T>}` decoded with synthesized `decodeIfPresent`.
struct POptBox<T: Decodable & Equatable>: Decodable, Equatable { let v: T? }
