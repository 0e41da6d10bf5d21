@_spi(Benchmarks) import Jolt
import Foundation

/// What one backend makes of an input.
public struct Outcome: Equatable {
    /// The tape's entries (`tapeWords`: header and payload of each), or the syntax error.
    public var tape: Result<[UInt64], JoltSyntaxError>
    /// `JoltDecoder.decode(FuzzValue.self, ...)`: nil when it threw.
    public var value: FuzzValue?
    /// `JoltDecoder.decode(FuzzDictValue.self, ...)`: nil when it threw.
    public var dictValue: FuzzDictValue?
}

private let decoders: [JoltBackend: JoltDecoder] = {
    var result: [JoltBackend: JoltDecoder] = [:]
    for backend in JoltBackend.allCases {
        let decoder = JoltDecoder()
        decoder.backend = backend
        result[backend] = decoder
    }
    return result
}()

private let yajlCheck: Void = {
    if !JoltBackend.isYAJLAvailable {
        fatalError("Jolt was built without the YAJL trait; the yajl fuzzers would test the Swift scanner twice")
    }
}()

/// Stops at once if Jolt has no yajl backend (checked once).
public func requireYAJL() {
    _ = yajlCheck
}

private let simdjsonCheck: Void = {
    if !JoltBackend.isSIMDJSONAvailable {
        fatalError("Jolt was built without the SIMDJSON trait (simdjson.h not installed when Fuzz/Traits/Package.swift was read: make deps, then make fuzz-clean fuzz-build); FuzzDifferential compares yajl, Swift and simdjson")
    }
}()

/// Stops at once if Jolt has no simdjson backend (checked once).
public func requireSIMDJSON() {
    _ = simdjsonCheck
}

/// Runs every entry point of one backend on `bytes` and checks they agree with
/// each other: `buildTape`, `JoltValidator` and `JoltDecoder` must all accept or
/// all reject, with the same error. Any crash inside Jolt is caught by libFuzzer
/// (and ASan) on the way.
@discardableResult
public func checkSingleBackend(_ bytes: UnsafeRawBufferPointer, _ backend: JoltBackend) -> Outcome {
    let tape: Result<[UInt64], JoltSyntaxError>
    do {
        tape = .success(try JoltBenchmarkSupport.tapeWords(bytes, backend: backend))
    } catch let error as JoltSyntaxError {
        tape = .failure(error)
    } catch {
        fail(bytes, "\(backend): buildTape threw a non-JoltSyntaxError: \(error)")
    }

    let validated: JoltSyntaxError?
    do {
        try JoltValidator(backend: backend).validate(bytes)
        validated = nil
    } catch {
        validated = error
    }

    let decoder = decoders[backend]!
    let value = decode(FuzzValue.self, bytes, decoder, backend, tape)
    let dictValue = decode(FuzzDictValue.self, bytes, decoder, backend, tape)

    switch tape {
    case .success(let words):
        if let validated = validated {
            fail(bytes, "\(backend): buildTape accepted (\(words.count / 2) entries), JoltValidator rejected: \(validated)")
        }
        if words.isEmpty {
            fail(bytes, "\(backend): buildTape accepted with no entries")
        }
    case .failure(let error):
        guard let validated = validated else {
            fail(bytes, "\(backend): buildTape rejected (\(error)), JoltValidator accepted")
        }
        if validated != error {
            fail(bytes, "\(backend): buildTape error \(error) != JoltValidator error \(validated)")
        }
    }
    return Outcome(tape: tape, value: value, dictValue: dictValue)
}

/// Decodes `T`; for a document `buildTape` accepted it must succeed, for one it
/// rejected it must throw `DecodingError.dataCorrupted` carrying the same
/// `JoltSyntaxError`.
private func decode<T: Decodable>(
    _ type: T.Type, _ bytes: UnsafeRawBufferPointer, _ decoder: JoltDecoder,
    _ backend: JoltBackend, _ tape: Result<[UInt64], JoltSyntaxError>
) -> T? {
    do {
        let value = try decoder.decode(T.self, from: bytes)
        if case .failure(let error) = tape {
            fail(bytes, "\(backend): decode(\(T.self)) succeeded on a document buildTape rejected (\(error))")
        }
        return value
    } catch {
        switch tape {
        case .success:
            fail(bytes, "\(backend): decode(\(T.self)) threw on a document buildTape accepted: \(error)")
        case .failure(let expected):
            guard case DecodingError.dataCorrupted(let context) = error,
                  context.codingPath.isEmpty,
                  let underlying = context.underlyingError as? JoltSyntaxError else {
                fail(bytes, "\(backend): decode(\(T.self)) threw \(error), expected dataCorrupted with \(expected)")
            }
            if underlying != expected {
                fail(bytes, "\(backend): decode(\(T.self)) error \(underlying) != buildTape error \(expected)")
            }
        }
        return nil
    }
}

/// The three backends on the same input, each against the Swift scanner: verdict,
/// error (kind and offset, hence line, column and excerpt), the tape entry by entry
/// and both decoded values must be identical.
public func checkDifferential(_ bytes: UnsafeRawBufferPointer) {
    let swift = checkSingleBackend(bytes, .swift)
    var differences: [String] = []
    // The backends built (FuzzDifferential requires yajl and simdjson among them).
    for backend in JoltBackend.allCases where backend != .swift {
        let other = checkSingleBackend(bytes, backend)
        if other != swift {
            differences += describeDifferences(backend, other, swift)
        }
    }
    if !differences.isEmpty {
        fail(bytes, "backends disagree:\n  " + differences.joined(separator: "\n  "))
    }
}

/// What differs between `backend`'s outcome and the Swift scanner's.
private func describeDifferences(_ backend: JoltBackend, _ other: Outcome, _ swift: Outcome) -> [String] {
    let b = "\(backend)"
    var differences: [String] = []
    switch (other.tape, swift.tape) {
    case (.success(let o), .success(let s)):
        if o.count != s.count {
            differences.append("tape entries: \(b) \(o.count / 2), swift \(s.count / 2)")
        } else if let word = zip(o, s).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            differences.append("tape entry \(word / 2) (\(word % 2 == 0 ? "header" : "payload")): \(b) 0x\(String(o[word], radix: 16)), swift 0x\(String(s[word], radix: 16))")
        }
    case (.success(let o), .failure(let s)):
        differences.append("verdict: \(b) accepted (\(o.count / 2) entries), swift rejected: \(s.kind) at \(s.offset)")
    case (.failure(let o), .success(let s)):
        differences.append("verdict: \(b) rejected: \(o.kind) at \(o.offset), swift accepted (\(s.count / 2) entries)")
    case (.failure(let o), .failure(let s)):
        if o.kind != s.kind { differences.append("error kind: \(b) \(o.kind), swift \(s.kind)") }
        if o.offset != s.offset { differences.append("error offset: \(b) \(o.offset), swift \(s.offset)") }
        if o != s { differences.append("error: \(b) \(o), swift \(s)") }
    }
    if other.value != swift.value {
        differences.append("FuzzValue: \(b) \(clip(other.value)), swift \(clip(swift.value))")
    }
    if other.dictValue != swift.dictValue {
        differences.append("FuzzDictValue: \(b) \(clip(other.dictValue)), swift \(clip(swift.dictValue))")
    }
    return differences
}

private func clip<T>(_ value: T?, limit: Int = 400) -> String {
    guard let value = value else { return "nil (threw)" }
    let text = String(describing: value)
    return text.count <= limit ? text : String(text.prefix(limit)) + "... (\(text.count) characters)"
}

/// Stops with a description of the input (libFuzzer saves the input itself).
private func fail(_ bytes: UnsafeRawBufferPointer, _ message: String) -> Never {
    let shown = bytes.prefix(64).map { byte -> String in
        let hex = String(byte, radix: 16)
        return hex.count == 1 ? "0" + hex : hex
    }.joined(separator: " ")
    fatalError("Jolt fuzz check failed: \(message)\n  input (\(bytes.count) bytes): \(shown)\(bytes.count > 64 ? " ..." : "")")
}
