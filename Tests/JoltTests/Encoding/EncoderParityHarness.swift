// Byte-for-byte parity harness for JoltEncoder against Foundation's JSONEncoder.
//
// With `.sortedKeys` the two outputs must be identical bytes. Without it,
// Foundation writes object members in its dictionary's hash order, which changes
// from one process to the next (see EncoderLayoutLearningTests), so the outputs
// are compared through `JSONLayout`: each output must be exactly the layout the
// model re-emits from it (same bytes, same whitespace), and the two must be
// equal once every object's members are put in key order (member texts compared
// as written: escapes and number spellings included).
//
// Errors: when Foundation throws, Jolt must throw an EncodingError of the same
// case with the same coding path.

import XCTest
import Foundation
@testable import Jolt

/// A JSON text as written by an encoder: values kept as their raw bytes.
indirect enum JSONLayout: Equatable {
    case scalar([UInt8])
    case array([JSONLayout])
    /// Members with their raw (escaped) key bytes.
    case object([(key: [UInt8], value: JSONLayout)])

    static func == (a: JSONLayout, b: JSONLayout) -> Bool {
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// Parses well-formed JSON text (as written by an encoder, with or without
    /// pretty printing whitespace).
    static func parse(_ bytes: [UInt8]) -> JSONLayout? {
        var i = 0
        func skip() { while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 } }
        func string() -> [UInt8]? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            let start = i
            i += 1
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard i < bytes.count else { return nil }
            i += 1
            return Array(bytes[start..<i])
        }
        func value() -> JSONLayout? {
            skip()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(key: [UInt8], value: JSONLayout)] = []
                skip()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object([]) }
                while true {
                    skip()
                    guard let key = string() else { return nil }
                    skip()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let v = value() else { return nil }
                    members.append((key, v))
                    skip()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                    return nil
                }
            case UInt8(ascii: "["):
                i += 1
                var elements: [JSONLayout] = []
                skip()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array([]) }
                while true {
                    guard let v = value() else { return nil }
                    elements.append(v)
                    skip()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
                    return nil
                }
            case UInt8(ascii: "\""):
                return string().map { .scalar($0) }
            default:
                let start = i
                while i < bytes.count, !",]} \n\r\t".utf8.contains(bytes[i]) { i += 1 }
                return .scalar(Array(bytes[start..<i]))
            }
        }
        guard let result = value() else { return nil }
        skip()
        return i == bytes.count ? result : nil
    }

    /// The same value with every object's members in raw-key order (stable).
    var keyOrdered: JSONLayout {
        switch self {
        case .scalar: self
        case .array(let a): .array(a.map(\.keyOrdered))
        case .object(let o):
            .object(o.enumerated().sorted { x, y in
                x.element.key.lexicographicallyPrecedes(y.element.key) || (x.element.key == y.element.key && x.offset < y.offset)
            }.map { ($0.element.key, $0.element.value.keyOrdered) })
        }
    }

    /// The text Foundation's JSONWriter lays this value out as.
    func emit(pretty: Bool) -> [UInt8] {
        var out: [UInt8] = []
        func indent(_ level: Int) { out += [UInt8](repeating: 0x20, count: 2 * level) }
        func write(_ v: JSONLayout, _ level: Int) {
            switch v {
            case .scalar(let s): out += s
            case .array(let a):
                out.append(UInt8(ascii: "["))
                if pretty { out.append(0x0A) }
                for (n, e) in a.enumerated() {
                    if n > 0 { out += pretty ? [UInt8(ascii: ","), 0x0A] : [UInt8(ascii: ",")] }
                    if pretty { indent(level + 1) }
                    write(e, level + 1)
                }
                if pretty { out.append(0x0A); indent(level) }
                out.append(UInt8(ascii: "]"))
            case .object(let o):
                out.append(UInt8(ascii: "{"))
                if pretty { out.append(0x0A); if !o.isEmpty { indent(level + 1) } }
                for (n, m) in o.enumerated() {
                    if n > 0 {
                        out += pretty ? [UInt8(ascii: ","), 0x0A] : [UInt8(ascii: ",")]
                        if pretty { indent(level + 1) }
                    }
                    out += m.key
                    out += pretty ? Array(" : ".utf8) : [UInt8(ascii: ":")]
                    write(m.value, level + 1)
                }
                if pretty { out.append(0x0A); indent(level) }
                out.append(UInt8(ascii: "}"))
            }
        }
        write(self, 0)
        return out
    }
}

/// The outcome of one encode, for comparison.
enum EncodeOutcome: CustomStringConvertible {
    case bytes([UInt8])
    case error(kind: String, path: [String])

    var description: String {
        switch self {
        case .bytes(let b): String(decoding: b, as: UTF8.self).debugDescription
        case .error(let kind, let path): "\(kind) at \(path)"
        }
    }

    init(_ body: () throws -> Data) {
        do { self = .bytes([UInt8](try body())) } catch {
            switch error {
            case EncodingError.invalidValue(_, let context):
                self = .error(kind: "invalidValue", path: context.codingPath.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" })
            default:
                self = .error(kind: "\(type(of: error))", path: [])
            }
        }
    }
}

/// Foundation's and Jolt's encoders configured alike.
struct EncoderPair {
    var formatting: JoltEncoder.OutputFormatting = []
    var configureFoundation: (JSONEncoder) -> Void = { _ in }
    var configureJolt: (JoltEncoder) -> Void = { _ in }

    func foundation() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = JSONEncoder.OutputFormatting(rawValue: formatting.rawValue)
        configureFoundation(e)
        return e
    }

    func jolt() -> JoltEncoder {
        let e = JoltEncoder()
        e.outputFormatting = formatting
        configureJolt(e)
        return e
    }
}

/// Counts the cases checked, to report (and assert) how many byte-for-byte comparisons ran.
final class ParityCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return n }
}

extension XCTestCase {
    /// The four layouts every case is checked in.
    static var allFormattings: [JoltEncoder.OutputFormatting] {
        [[], [.prettyPrinted], [.sortedKeys], [.prettyPrinted, .sortedKeys]]
    }

    /// Encodes `value` with Foundation and Jolt and asserts the same outcome
    /// (see the file comment), for each of `formattings` (all four by default).
    /// Returns Foundation's outcomes.
    @discardableResult
    func assertEncodeParity<T: Encodable>(_ value: T, _ label: String = "",
                                    formattings: [JoltEncoder.OutputFormatting]? = nil,
                                    extraFormatting: JoltEncoder.OutputFormatting = [],
                                    foundation configureFoundation: @escaping (JSONEncoder) -> Void = { _ in },
                                    jolt configureJolt: @escaping (JoltEncoder) -> Void = { _ in },
                                    file: StaticString = #filePath, line: UInt = #line) -> [EncodeOutcome] {
        var outcomes: [EncodeOutcome] = []
        for formatting in formattings ?? Self.allFormattings {
            let pair = EncoderPair(formatting: formatting.union(extraFormatting),
                                   configureFoundation: configureFoundation, configureJolt: configureJolt)
            let expected = EncodeOutcome { try pair.foundation().encode(value) }
            let actual = EncodeOutcome { try pair.jolt().encode(value) }
            outcomes.append(expected)
            let context = "\(label) [\(T.self)] formatting \(formatting.rawValue)"
            switch (expected, actual) {
            case (.bytes(let f), .bytes(let j)):
                if formatting.contains(.sortedKeys) {
                    XCTAssertEqual(String(decoding: j, as: UTF8.self), String(decoding: f, as: UTF8.self), context, file: file, line: line)
                    XCTAssertEqual(j, f, context, file: file, line: line)
                } else {
                    let pretty = formatting.contains(.prettyPrinted)
                    guard let fl = JSONLayout.parse(f) else { XCTFail("\(context): Foundation output unparsable", file: file, line: line); continue }
                    guard let jl = JSONLayout.parse(j) else {
                        XCTFail("\(context): Jolt output is not JSON: \(actual)", file: file, line: line); continue
                    }
                    XCTAssertEqual(fl.emit(pretty: pretty), f, "\(context): layout model does not reproduce Foundation", file: file, line: line)
                    XCTAssertEqual(String(decoding: jl.emit(pretty: pretty), as: UTF8.self), String(decoding: j, as: UTF8.self),
                                   "\(context): Jolt's layout differs", file: file, line: line)
                    let fk = fl.keyOrdered.emit(pretty: pretty), jk = jl.keyOrdered.emit(pretty: pretty)
                    XCTAssertEqual(String(decoding: jk, as: UTF8.self), String(decoding: fk, as: UTF8.self), context, file: file, line: line)
                }
            case (.error(let fk, let fp), .error(let jk, let jp)):
                XCTAssertEqual(jk, fk, context, file: file, line: line)
                XCTAssertEqual(jp, fp, "\(context): coding path", file: file, line: line)
            default:
                XCTFail("\(context): Foundation \(expected), Jolt \(actual)", file: file, line: line)
            }
        }
        return outcomes
    }
}
