import Foundation
import Jolt

/// libFuzzer entry point for JoltEncoder: any JSON the decoder accepts, as a
/// `JSONValue`, must encode to exactly Foundation's bytes with `.sortedKeys`
/// (plain and pretty-printed, with and without escaped slashes), and read back
/// to the same value. The same bytes, read as a script (Script.swift), must
/// encode through key paths and merged repeats to Foundation's bytes for the
/// script spelt with nested containers; read as a late program
/// (LateProgram.swift), which writes into containers after their parents went
/// on, to Foundation's bytes.
///
/// Each layout has one JoltEncoder for the whole run, as a server keeps one:
/// every input is encoded with what the encodes of the inputs before it left
/// (Jolt's `EncodeScratch`: containers, buffer, stacks), and must still give
/// Foundation's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    checkScript(bytes)
    checkLateProgram(bytes)
    let decoder = JoltDecoder()
    decoder.backend = .swift
    guard let value = try? decoder.decode(JSONValue.self, from: bytes) else { return 0 }
    for (jolt, foundationFormatting) in zip(layoutEncoders, layouts.map(\.1)) {
        let foundation = JSONEncoder()
        foundation.outputFormatting = foundationFormatting
        let joltResult = Result { try jolt.encode(value) }
        let foundationResult = Result { try foundation.encode(value) }
        switch (joltResult, foundationResult) {
        case (.success(let a), .success(let b)):
            guard a == b else {
                fatalError("JoltEncoder \(String(decoding: a, as: UTF8.self)) != JSONEncoder \(String(decoding: b, as: UTF8.self))")
            }
            guard let again = try? decoder.decode(JSONValue.self, from: a) else { fatalError("JoltEncoder output does not decode") }
            // Numbers went through Int64/UInt64/Double on the way, so compare the re-encoded forms.
            guard (try? jolt.encode(again)) == a else { fatalError("JoltEncoder output does not round-trip") }
        case (.failure, .failure):
            break
        default:
            fatalError("one encoder failed: Jolt \(joltResult), Foundation \(foundationResult)")
        }
    }
    return 0
}

let layouts: [(JoltEncoder.OutputFormatting, JSONEncoder.OutputFormatting)] = [
    ([.sortedKeys], [.sortedKeys]),
    ([.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted]),
    ([.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes]),
]

/// One encoder per layout, kept from input to input.
let layoutEncoders: [JoltEncoder] = layouts.map { layout in
    let jolt = JoltEncoder()
    jolt.outputFormatting = layout.0
    return jolt
}

/// The script's encoders (compact, pretty), kept from input to input.
let scriptEncoders: [JoltEncoder] = [false, true].map { pretty in
    let jolt = JoltEncoder()
    jolt.keyPathSeparator = "."
    jolt.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : .sortedKeys
    return jolt
}

/// The input as a script: JoltEncoder with key paths (repeats merged) against
/// JSONEncoder with nested containers, `.sortedKeys`, compact and pretty.
func checkScript(_ bytes: UnsafeRawBufferPointer) {
    var reader = ScriptReader(bytes: Array(bytes))
    let ops = reader.ops(depth: 0, limit: 64)
    for (formatting, jolt) in zip([JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted]], scriptEncoders) {
        let foundation = JSONEncoder()
        foundation.outputFormatting = formatting
        guard let expected = try? foundation.encode(ScriptValue(ops: ops, pathsAsNestedContainers: true)) else { fatalError("JSONEncoder failed on a script") }
        guard let actual = try? jolt.encode(ScriptValue(ops: ops, pathsAsNestedContainers: false)) else { fatalError("JoltEncoder failed on a script") }
        guard actual == expected else {
            fatalError("script: JoltEncoder \(String(decoding: actual, as: UTF8.self)) != JSONEncoder \(String(decoding: expected, as: UTF8.self))")
        }
    }
}

/// One JoltEncoder per layout for the late programs: Foundation's options only,
/// and with key paths and `.writeNull` (which change nothing in them).
let lateEncoders: [JoltEncoder] = [false, true].flatMap { pretty in
    [false, true].map { joltOptions in
        let jolt = JoltEncoder()
        jolt.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : .sortedKeys
        if joltOptions {
            jolt.keyPathSeparator = "."
            jolt.nilEncodingStrategy = .writeNull
        }
        return jolt
    }
}

/// The input as a late program (LateProgram.swift): JoltEncoder against
/// JSONEncoder, `.sortedKeys`, compact and pretty; JoltEncoder runs its
/// `encode(to:)` once.
func checkLateProgram(_ bytes: UnsafeRawBufferPointer) {
    let program = LateProgram(bytes: Array(bytes))
    for jolt in lateEncoders {
        let foundation = JSONEncoder()
        foundation.outputFormatting = JSONEncoder.OutputFormatting(rawValue: jolt.outputFormatting.rawValue)
        guard let expected = try? foundation.encode(program) else { fatalError("JSONEncoder failed on a late program") }
        let runs = LateRuns()
        jolt.userInfo = [LateRuns.key: runs]
        guard let actual = try? jolt.encode(program) else { fatalError("JoltEncoder failed on a late program") }
        guard runs.count == 1 else { fatalError("late program: encode(to:) ran \(runs.count) times") }
        guard actual == expected else {
            fatalError("late program: JoltEncoder \(String(decoding: actual, as: UTF8.self)) != JSONEncoder \(String(decoding: expected, as: UTF8.self))")
        }
    }
}
