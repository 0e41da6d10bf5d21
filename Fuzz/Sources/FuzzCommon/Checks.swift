@_spi(Benchmarks) import Jolt
import Foundation

/// What one backend makes of an input.
public struct Outcome: Equatable {
    /// `buildTape`: the number of tape entries, or the syntax error.
    public var tape: Result<Int, JoltSyntaxError>
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

/// Runs every entry point of one backend on `bytes` and checks they agree with
/// each other: `buildTape`, `JoltValidator` and `JoltDecoder` must all accept or
/// all reject, with the same error. Any crash inside Jolt is caught by libFuzzer
/// (and ASan) on the way.
@discardableResult
public func checkSingleBackend(_ bytes: UnsafeRawBufferPointer, _ backend: JoltBackend) -> Outcome {
    let tape: Result<Int, JoltSyntaxError>
    do {
        tape = .success(try JoltBenchmarkSupport.buildTape(bytes, backend: backend))
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
    case .success(let count):
        if let validated = validated {
            fail(bytes, "\(backend): buildTape accepted (\(count) entries), JoltValidator rejected: \(validated)")
        }
        if count <= 0 {
            fail(bytes, "\(backend): buildTape accepted with \(count) entries")
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
    _ backend: JoltBackend, _ tape: Result<Int, JoltSyntaxError>
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

/// Both backends on the same input: verdict, error (kind and offset, hence line,
/// column and excerpt), number of tape entries and both decoded values must be
/// identical.
public func checkDifferential(_ bytes: UnsafeRawBufferPointer) {
    let yajl = checkSingleBackend(bytes, .yajl)
    let swift = checkSingleBackend(bytes, .swift)
    if yajl == swift { return }

    var differences: [String] = []
    switch (yajl.tape, swift.tape) {
    case (.success(let y), .success(let s)):
        if y != s { differences.append("tape entries: yajl \(y), swift \(s)") }
    case (.success(let y), .failure(let s)):
        differences.append("verdict: yajl accepted (\(y) entries), swift rejected: \(s.kind) at \(s.offset)")
    case (.failure(let y), .success(let s)):
        differences.append("verdict: yajl rejected: \(y.kind) at \(y.offset), swift accepted (\(s) entries)")
    case (.failure(let y), .failure(let s)):
        if y.kind != s.kind { differences.append("error kind: yajl \(y.kind), swift \(s.kind)") }
        if y.offset != s.offset { differences.append("error offset: yajl \(y.offset), swift \(s.offset)") }
        if y != s { differences.append("error: yajl \(y), swift \(s)") }
    }
    if yajl.value != swift.value {
        differences.append("FuzzValue: yajl \(clip(yajl.value)), swift \(clip(swift.value))")
    }
    if yajl.dictValue != swift.dictValue {
        differences.append("FuzzDictValue: yajl \(clip(yajl.dictValue)), swift \(clip(swift.dictValue))")
    }
    fail(bytes, "backends disagree:\n  " + differences.joined(separator: "\n  "))
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
