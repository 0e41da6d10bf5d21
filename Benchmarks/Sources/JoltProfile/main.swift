// JoltProfile: runs one operation of Jolt a given number of times, and nothing
// else, so that a profiler sees only that operation:
//
//   swift build -c release --product JoltProfile
//   valgrind --tool=callgrind .build/release/JoltProfile twitter yajl 20
//   perf record -g .build/release/JoltProfile gsoc-2018 swift 200
//
//   JoltProfile FILE yajl|swift|simdjson|foundation [COUNT]
//                                                    decode FILE into its full-structure model
//   JoltProfile FILE encode [COUNT]                  encode that model with JoltEncoder (default options)
//   JoltProfile FILE trial-yajl|trial-swift|trial-simdjson|trial-foundation [COUNT]
//                                                    decode FILE into TrialValue (a value decoded
//                                                    by trial: try? Bool, Int, Double, String, ...)
//   JoltProfile stream yajl|swift|simdjson [COUNT]   stream COUNT passes over the 100 statuses of
//                                                    twitter.json, as one top-level array
//   JoltProfile FILE tape-yajl|tape-swift|tape-simdjson [COUNT]
//                                                    build FILE's tape only (the scanner, no decoding)
//   JoltProfile order yajl|swift|simdjson|foundation [COUNT]
//                                                    decode a 267-byte order (SmallOrder) COUNT times
//                                                    with one decoder: the cost of a decode that does
//                                                    not grow with the input
//   JoltProfile order encode|encode-foundation|encode-new [COUNT]
//                                                    encode that order COUNT times with one
//                                                    JoltEncoder (or JSONEncoder; or a new
//                                                    JoltEncoder each time): what a small
//                                                    response costs
//
// FILE is a corpus file name (exact, as in ../shared/corpus without .json); COUNT
// defaults to 10. A decode goes into the file's full-structure model with one
// decoder. An encode writes the model (decoded once by Foundation beforehand, see
// CorpusFile) with a JoltEncoder. The stream is one JoltElementDecoder fed a JSON
// array of TwitterStatus objects in 64 KiB slices from memory: COUNT repetitions of
// the statuses of twitter.json, so 100 x COUNT elements (decoded with the chosen
// backend).
//
// One operation (one pass for the stream) runs before the counted ones, outside
// the timing printed; a profiler sees it too (Scripts/profile.sh and
// Scripts/instruction-gate.sh subtract it, and the process start-up, with a second
// run of twice the count). Prints the wall time per operation, a rough figure:
// JoltCompare is the measurement.

import Foundation
@_spi(Benchmarks) import Jolt

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("JoltProfile: \(message)\n".utf8))
    exit(status)
}

let usage = "usage: JoltProfile FILE yajl|swift|simdjson|foundation|encode|trial-yajl|trial-swift|trial-simdjson|trial-foundation|tape-yajl|tape-swift|tape-simdjson [COUNT], or JoltProfile stream yajl|swift|simdjson [COUNT], or JoltProfile order yajl|swift|simdjson|foundation|encode|encode-new|encode-foundation [COUNT]"
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let count = arguments.count > 2 ? Int(arguments[2]) : 10, count >= 0 else {
    fail(usage, status: 2)
}
guard let directory = Corpus.directory() else { fail("corpus not found") }

func corpusFile(_ name: String) throws -> CorpusFile {
    guard let file = try Corpus.load(from: directory, filter: name).first(where: { $0.name == name }) else {
        fail("no corpus file named \(name)")
    }
    return file
}

/// The backend `name`; a backend this build lacks stops here with status 4, naming its
/// trait (simdjson's is on only where simdjson.h was installed when Benchmarks/Package.swift
/// was read), never another backend.
func backend(_ name: String) -> JoltBackend {
    do {
        return try JoltBackend(named: name)
    } catch where error.trait != nil {
        fail("\(error)", status: 4)
    } catch {
        fail("unknown decoder \(name)\n\(usage)", status: 2)
    }
}

/// The operation, what one of it is called, and the bytes of input (decode,
/// stream) or output (encode) one of it handles.
let run: () throws -> Void
let unit: String
let bytesPerRun: Int
switch (arguments[0], arguments[1]) {
case ("stream", let name):
    // One pass: a top-level array of the statuses of twitter.json, fed in 64 KiB
    // slices to a new JoltElementDecoder. The bytes are made once, outside the runs.
    let twitter = try Data(contentsOf: directory.appendingPathComponent("twitter.json"))
    let statuses = try JoltDecoder().decode(JSONValue.self, from: twitter)["statuses"]?.arrayValue ?? []
    guard !statuses.isEmpty else { fail("no statuses in twitter.json") }
    let body = Array(statuses.map(\.description).joined(separator: ",").utf8)
    let open: [UInt8] = Array("[".utf8), comma: [UInt8] = Array(",".utf8), close: [UInt8] = Array("]".utf8)
    let slice = 64 << 10
    let decoder = JoltDecoder()
    decoder.backend = backend(name)
    // The warm-up is one pass; the counted runs are one stream of `count` passes.
    var passes = 1
    run = {
        let stream = JoltElementDecoder(TwitterStatus.self, decoder: decoder, format: .array)
        var decoded = try stream.feed(open).count
        for pass in 0..<passes {
            if pass > 0 { decoded += try stream.feed(comma).count }
            var start = 0
            while start < body.count {
                let end = min(start + slice, body.count)
                decoded += try stream.feed(body[start..<end]).count
                start = end
            }
        }
        decoded += try stream.feed(close).count
        decoded += try stream.finish().count
        guard decoded == passes * statuses.count else { fail("streamed \(decoded) elements, expected \(passes * statuses.count)") }
    }
    try run()
    passes = count
    let start = DispatchTime.now().uptimeNanoseconds
    if count > 0 { try run() }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let total = count * statuses.count
    print("stream \(name): \(total) elements (\(count) passes of \(statuses.count)), "
        + "\(String(format: "%.3f", elapsed / Double(max(1, total)) * 1e6)) µs each, "
        + "\(String(format: "%.1f", Double(body.count * count) / elapsed / 1e6)) MB/s")
    exit(0)
case ("order", let name) where name.hasPrefix("encode"):
    let order = try JSONDecoder().decode(SmallOrder.self, from: Data(SmallOrder.json))
    let jolt = JoltEncoder(), foundation = JSONEncoder()
    let encode: () throws -> Data = switch name {
    case "encode": { try jolt.encode(order) }
    case "encode-new": { try JoltEncoder().encode(order) }
    case "encode-foundation": { try foundation.encode(order) }
    default: fail("unknown encoder \(name)\n\(usage)", status: 2)
    }
    run = { keep(try encode()) }
    unit = "encodes"
    bytesPerRun = try encode().count
case ("order", let name):
    let bytes = SmallOrder.json
    if name == "foundation" {
        let decoder = JSONDecoder()
        let data = Data(bytes)
        run = { keep(try decoder.decode(SmallOrder.self, from: data)) }
    } else {
        let decoder = JoltDecoder()
        decoder.backend = backend(name)
        run = { keep(try decoder.decode(SmallOrder.self, from: bytes)) }
    }
    unit = "decodes"
    bytesPerRun = bytes.count
case (_, "direct"):
    // The direct path needs the models JoltMacros generates: JoltMacroBench
    // measures it (`--profile direct:FILE BACKEND COUNT`; Scripts/instruction-gate.sh).
    fail("the direct path is measured by JoltMacroBench --profile direct:FILE BACKEND COUNT", status: 3)
case (let name, "encode"):
    let file = try corpusFile(name)
    let encoder = JoltEncoder()
    run = { keep(try file.encodeJolt(encoder)) }
    unit = "encodes"
    bytesPerRun = try file.encodeJolt(encoder).count
case (let name, let decoderName) where decoderName.hasPrefix("tape-"):
    // The scanner alone: the tape of FILE, built and freed.
    let bytes = try corpusFile(name).data
    let chosen = backend(String(decoderName.dropFirst("tape-".count)))
    run = {
        try bytes.withUnsafeBytes { raw in
            keep(try JoltBenchmarkSupport.buildTape(raw, backend: chosen))
        }
    }
    unit = "tapes"
    bytesPerRun = bytes.count
case (let name, "trial-foundation"):
    let data = try corpusFile(name).data
    let decoder = JSONDecoder()
    run = { keep(try decoder.decode(TrialValue.self, from: data)) }
    unit = "decodes"
    bytesPerRun = data.count
case (let name, let decoderName) where decoderName.hasPrefix("trial-"):
    let data = try corpusFile(name).data
    let decoder = JoltDecoder()
    decoder.backend = backend(String(decoderName.dropFirst("trial-".count)))
    run = { keep(try decoder.decode(TrialValue.self, from: data)) }
    unit = "decodes"
    bytesPerRun = data.count
case (let name, "foundation"):
    let file = try corpusFile(name)
    let decoder = JSONDecoder()
    run = { try file.decodeFoundation(decoder) }
    unit = "decodes"
    bytesPerRun = file.byteCount
case (let name, let decoderName):
    let decoder = JoltDecoder()
    decoder.backend = backend(decoderName)
    let file = try corpusFile(name)
    run = { try file.decodeJolt(decoder) }
    unit = "decodes"
    bytesPerRun = file.byteCount
}

try run()
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<count { try run() }
let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
print("\(arguments[0]) \(arguments[1]): \(count) \(unit), \(String(format: "%.3f", elapsed / Double(max(1, count)) * 1000)) ms each, \(String(format: "%.1f", Double(bytesPerRun * count) / elapsed / 1e6)) MB/s")
