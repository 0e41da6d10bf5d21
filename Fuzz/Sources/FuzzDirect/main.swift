import Foundation
@_spi(Testing) import Jolt

/// libFuzzer entry point for JoltDecoder's direct path: the same bytes decoded
/// into types that read themselves straight from the tape (`_JoltDirectDecodable`,
/// Models.swift) and, with `usesDirectPath` off, through their `init(from:)`,
/// on each backend, must give equal values or the same error (case, type,
/// coding path, message). The input is decoded as it is (a `FuzzEvent`, an
/// array and a dictionary of them), and, when it is JSON, as the value of each
/// member of a valid event in turn, so every property sees arbitrary values,
/// inside the nested objects of `FuzzContained`'s container path, and as each
/// key of `FuzzFlat` (a flattened struct, and a flattened enum whose case a
/// sibling key chooses) and `FuzzFinal` (a final class, and
/// `FuzzOpen`, a class that can have subclasses, and its subclass), and
/// as an enum (`FuzzKind`, also as the object of its case with associated
/// values and as each of those values) in `FuzzKinds`, in the plain
/// `FuzzPlainKinds`, at the top, in an array and in a dictionary, also under
/// lenient scalars and under non-conforming floats from strings.
/// Each value decoded that is `Encodable` (`FuzzEvent`, `FuzzInner` and `FuzzKind`,
/// and the arrays and dictionaries of them) is then encoded with `_JoltDirectEncodable`
/// and through its container code, under three sets of options: the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var documents = [bytes]
    let validator = JoltDecoder()
    validator.backend = .swift
    if (try? validator.decode(JSONValue.self, from: bytes)) != nil {
        let members: [(String, String)] = [
            ("id", "1"), ("user_name", "\"n\""), ("age", "2"), ("nickname", "\"k\""), ("note", "\"t\""), ("scores", "[1]"),
            ("seen", "\"2024-01-02T03:04:05Z\""), ("user_mail", "\"m\""), ("inner", "{\"x\":1}"), ("inners", "[{\"x\":2}]"),
            ("byName", "{\"a\":{\"x\":3},\"b\":{\"x\":4,\"y\":\"z\"}}"),
        ]
        let value = String(decoding: bytes, as: UTF8.self)
        for index in members.indices {
            var changed = members
            changed[index].1 = value
            documents.append(Array(("{" + changed.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}").utf8))
        }
        // FuzzContained's container path, at each level.
        documents.append(Array(#"{"data":{"info":"#.utf8) + bytes + Array("}}".utf8))
        documents.append(Array(#"{"data":"#.utf8) + bytes + Array("}".utf8))
        // Each key of FuzzFlat (its own and its flattened value's) and of FuzzFinal (and FuzzOpen) given the input.
        documents.append(Array(#"{"name":"n","x":1,"y":"#.utf8) + bytes + Array("}".utf8))
        documents.append(Array(#"{"name":"n","y":"y","x":"#.utf8) + bytes + Array("}".utf8))
        documents.append(Array(#"{"x":1,"name":"#.utf8) + bytes + Array("}".utf8))
        // FuzzFlat<FuzzBody>: the input as its payload, its discriminator, and beside them.
        documents.append(Array(#"{"name":"n","kind":"inner","body":"#.utf8) + bytes + Array("}".utf8))
        documents.append(Array(#"{"body":{"x":1},"name":"n","kind":"#.utf8) + bytes + Array("}".utf8))
        documents.append(Array(#"{"kind":"final","body":{"x":1},"name":"#.utf8) + bytes + Array("}".utf8))
        // FuzzKinds: the input as an enum property and as each place of an array of them.
        documents.append(Array(#"{"kinds":[],"kind":"#.utf8) + bytes + Array("}".utf8))
        documents.append(Array(#"{"kind":"a","kinds":["#.utf8) + bytes + Array(#","b"]}"#.utf8))
        documents.append(Array(#"{"kind":"a","kinds":[1,"#.utf8) + bytes + Array("]}".utf8))
        documents.append(Array(#"{"kind":"a","kinds":[],"maybe":"#.utf8) + bytes + Array("}".utf8))
        // FuzzKind's case c: the input as its object, and as each of its values.
        documents.append(Array(#"{"c":"#.utf8) + bytes + Array("}".utf8))
        documents.append(Array(#"{"c":{"y":"s","x":"#.utf8) + bytes + Array("}}".utf8))
        documents.append(Array(#"{"c":{"x":1,"y":"#.utf8) + bytes + Array("}}".utf8))
        documents.append(Array(#"{"c":{"x":1,"z":"#.utf8) + bytes + Array(#","y":null}}"#.utf8))
    }
    // The backends built (`allCases` lists no other).
    for backend in JoltBackend.allCases {
        let (direct, initFrom) = decoders(backend)
        for document in documents {
            compare(FuzzEvent.self, document, direct, initFrom, backend)
            compare([FuzzEvent?].self, document, direct, initFrom, backend)
            compare([String: FuzzInner].self, document, direct, initFrom, backend)
            compare(FuzzContained.self, document, direct, initFrom, backend)
            compare(FuzzFlat<FuzzInner>.self, document, direct, initFrom, backend)
            compare(FuzzFlat<FuzzBody>.self, document, direct, initFrom, backend)
            compare(FuzzFinal.self, document, direct, initFrom, backend)
            compare(FuzzOpen.self, document, direct, initFrom, backend)
            compare([FuzzOpenChild?].self, document, direct, initFrom, backend)
            compareKinds(document, direct, initFrom, backend)
        }
        // The enums again under each option that changes what a scalar decodes as.
        for configure in scalarOptions {
            let (direct, initFrom) = decoders(backend, configure)
            for document in documents { compareKinds(document, direct, initFrom, backend) }
        }
    }
    return 0
}

/// The enums read directly in a type read directly (`FuzzKinds`), in a plain
/// Codable one (`FuzzPlainKinds`), at the top, in an array and in a dictionary.
func compareKinds(_ document: [UInt8], _ direct: JoltDecoder, _ initFrom: JoltDecoder, _ backend: JoltBackend) {
    compare(FuzzKinds.self, document, direct, initFrom, backend)
    compare(FuzzPlainKinds.self, document, direct, initFrom, backend)
    compare(FuzzKind.self, document, direct, initFrom, backend)
    compare([FuzzKind?].self, document, direct, initFrom, backend)
    compare([String: FuzzKind].self, document, direct, initFrom, backend)
}

/// A decoder on `backend` that takes the direct path and one that does not,
/// both with `configure` applied.
func decoders(_ backend: JoltBackend, _ configure: (JoltDecoder) -> Void = { _ in }) -> (direct: JoltDecoder, initFrom: JoltDecoder) {
    let direct = JoltDecoder()
    direct.backend = backend
    let initFrom = JoltDecoder()
    initFrom.backend = backend
    initFrom.usesDirectPath = false
    configure(direct)
    configure(initFrom)
    return (direct, initFrom)
}

/// Lenient scalars; non-conforming floats read from strings.
let scalarOptions: [@Sendable (JoltDecoder) -> Void] = [
    { $0.scalarConversion = .lenient },
    { $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan") },
]

func compare<T: Decodable & Equatable>(_ type: T.Type, _ bytes: [UInt8], _ direct: JoltDecoder, _ initFrom: JoltDecoder,
                                       _ backend: JoltBackend) {
    let a = outcome { try direct.decode(type, from: bytes) }
    let b = outcome { try initFrom.decode(type, from: bytes) }
    guard a == b else {
        fatalError("\(backend), \(type): direct path \(a) != init(from:) \(b) for \(String(decoding: bytes, as: UTF8.self))")
    }
    if case .value(let value) = a, let value = value as? any Encodable { compareEncodings(value) }
}

/// The encoders the direct encoding is compared under: compact, pretty and
/// sorted with slashes as they are, and nil written as null.
let encoderPairs: [(direct: JoltEncoder, containers: JoltEncoder)] = {
    let settings: [(JoltEncoder) -> Void] = [
        { _ in },
        { $0.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] },
        { $0.nilEncodingStrategy = .writeNull; $0.dateEncodingStrategy = .secondsSince1970 },
    ]
    return settings.map { configure in
        let direct = JoltEncoder(), containers = JoltEncoder()
        configure(direct)
        configure(containers)
        containers.usesDirectPath = false
        return (direct, containers)
    }
}()

/// A decoded value encoded directly and through the container code: the same
/// bytes, or the same error.
func compareEncodings(_ value: any Encodable) {
    for (direct, containers) in encoderPairs {
        let a = encoded { try direct.encode(value) }
        let b = encoded { try containers.encode(value) }
        guard a == b else { fatalError("\(type(of: value)): direct encoding \(a) != encode(to:) \(b)") }
    }
}

func encoded(_ body: () throws -> Data) -> String {
    do {
        return "bytes " + String(decoding: try body(), as: UTF8.self)
    } catch {
        return "error \(error)"
    }
}

enum Outcome<T: Equatable>: Equatable {
    case value(T)
    case error(String)
}

func outcome<T: Equatable>(_ body: () throws -> T) -> Outcome<T> {
    do {
        return .value(try body())
    } catch let DecodingError.keyNotFound(key, context) {
        return .error("keyNotFound \(key.stringValue) \(context.codingPath.map(\.stringValue)) \(context.debugDescription)")
    } catch let DecodingError.typeMismatch(type, context) {
        return .error("typeMismatch \(type) \(context.codingPath.map(\.stringValue)) \(context.debugDescription)")
    } catch let DecodingError.valueNotFound(type, context) {
        return .error("valueNotFound \(type) \(context.codingPath.map(\.stringValue)) \(context.debugDescription)")
    } catch let DecodingError.dataCorrupted(context) {
        return .error("dataCorrupted \(context.codingPath.map(\.stringValue)) \(context.debugDescription)")
    } catch {
        return .error("\(error)")
    }
}
