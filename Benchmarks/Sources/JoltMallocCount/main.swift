// JoltMallocCount: allocations (malloc, calloc, realloc, posix_memalign…) made by
// one encode of each corpus file's full-structure model, with Foundation's
// JSONEncoder and with JoltEncoder. A separate executable because it links
// ordo-one's malloc interposer, which would also tax JoltCompare's timings.
// JoltCompare runs it (from the same build folder) to fill its malloc columns.
//
//   swift build -c release --product JoltMallocCount
//   .build/release/JoltMallocCount [--filter NAME] [--corpus DIR]
//
// Output: one line per file, `encode <name> <foundation mallocs> <jolt mallocs>`.

import Foundation
import Jolt
import MallocInterposerSwift

var filter: String?
var corpusPath: String?
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    guard !arguments.isEmpty else { break }
    switch flag {
    case "--filter": filter = arguments.removeFirst()
    case "--corpus": corpusPath = arguments.removeFirst()
    default: break
    }
}

guard let directory = corpusPath.map({ URL(fileURLWithPath: $0) }) ?? Corpus.directory() else {
    FileHandle.standardError.write(Data("JoltMallocCount: corpus not found\n".utf8))
    exit(1)
}
let files = try Corpus.load(from: directory, filter: filter)

/// Allocations made by one call of `body`, after two uncounted calls: an
/// encoder's first encode borrows no scratch and its second makes one (see
/// `EncoderCaches`), so the third is the one a server's encoder repeats.
func mallocs(_ body: () throws -> Data) rethrows -> Int {
    keep(try body())
    keep(try body())
    MallocInterposerSwift.initialize()
    MallocInterposerSwift.hook()
    let result = try body()
    MallocInterposerSwift.unhook()
    keep(result)
    let stats = MallocInterposerSwift.getStatistics()
    return stats.mallocCount
}

for file in files {
    let foundation = JSONEncoder()
    let jolt = JoltEncoder()
    let f = try mallocs { try file.encodeFoundation(foundation) }
    let j = try mallocs { try file.encodeJolt(jolt) }
    print("encode \(file.name) \(f) \(j)")
}
