// JoltProfile: decodes one corpus file into its full-structure model a given
// number of times with one decoder, and nothing else, so that a profiler sees
// only that decode:
//
//   swift build -c release --product JoltProfile
//   valgrind --tool=callgrind .build/release/JoltProfile twitter yajl 20
//   perf record -g .build/release/JoltProfile gsoc-2018 swift 200
//
// Arguments: a corpus file name (exact, as in ../shared/corpus without .json),
// a decoder (`yajl`, `swift` or `foundation`) and a count of decodes (default 10).
// One decode runs before the counted ones, outside the timing printed; a profiler
// sees it too (`make profile` subtracts it with a second run of twice the count).
// Prints the wall time per decode, a rough figure: JoltCompare is the measurement.

import Foundation
@_spi(Benchmarks) import Jolt

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("JoltProfile: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let count = arguments.count > 2 ? Int(arguments[2]) : 10 else {
    fail("usage: JoltProfile FILE yajl|swift|foundation [COUNT]", status: 2)
}
guard let directory = Corpus.directory() else { fail("corpus not found") }
guard let file = try Corpus.load(from: directory, filter: arguments[0]).first(where: { $0.name == arguments[0] }) else {
    fail("no corpus file named \(arguments[0])")
}

let run: () throws -> Void
switch arguments[1] {
case "foundation":
    let decoder = JSONDecoder()
    run = { try file.decodeFoundation(decoder) }
case "yajl", "swift":
    let decoder = JoltDecoder()
    decoder.backend = arguments[1] == "yajl" ? .yajl : .swift
    run = { try file.decodeJolt(decoder) }
default:
    fail("unknown decoder \(arguments[1])", status: 2)
}

try run()
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<count { try run() }
let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
print("\(file.name) \(arguments[1]): \(count) decodes, \(String(format: "%.3f", elapsed / Double(count) * 1000)) ms each, \(String(format: "%.1f", Double(file.byteCount * count) / elapsed / 1e6)) MB/s")
