// The cost of the String values a decode of gsoc-2018.json must make, against
// Foundation's whole decode of the same file into the same model, in one process: every
// string the model keeps (and each project's dictionary key) made from its UTF-8 bytes
// and freed, 25 times each, medians. A floor for any decoder that gives native Swift
// Strings, whatever its scanner (see Benchmarks/README.md, "Runs and notes", 2026-12-01).
//
//   swiftc -O Benchmarks/Scripts/string-floor.swift -o /tmp/string-floor && /tmp/string-floor ../shared/corpus/gsoc-2018.json
import Foundation

struct Project: Decodable { let context: String; let type: String; let name: String; let description: String; let sponsor: Sponsor; let author: Author
    enum CodingKeys: String, CodingKey { case context = "@context", type = "@type", name, description, sponsor, author } }
struct Sponsor: Decodable { let type: String; let name: String; let disambiguatingDescription: String; let description: String; let url: String; let logo: String
    enum CodingKeys: String, CodingKey { case type = "@type", name, disambiguatingDescription, description, url, logo } }
struct Author: Decodable { let type: String; let name: String
    enum CodingKeys: String, CodingKey { case type = "@type", name } }
let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
let model = try JSONDecoder().decode([String: Project].self, from: data)
var pieces: [[UInt8]] = []
for (key, p) in model {
    pieces.append(Array(key.utf8))
    for s in [p.context, p.type, p.name, p.description, p.sponsor.type, p.sponsor.name, p.sponsor.disambiguatingDescription,
              p.sponsor.description, p.sponsor.url, p.sponsor.logo, p.author.type, p.author.name] { pieces.append(Array(s.utf8)) }
}
let flat = pieces.flatMap { $0 }
var ranges: [(Int, Int)] = []
var at = 0
for p in pieces { ranges.append((at, p.count)); at += p.count }
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
var foundation: [UInt64] = [], strings: [UInt64] = []
var sink = 0
for _ in 0..<25 {
    var t = now()
    let m = try JSONDecoder().decode([String: Project].self, from: data)
    sink &+= m.count
    foundation.append(now() - t)
    t = now()
    flat.withUnsafeBufferPointer { b in
        var made: [String] = []
        made.reserveCapacity(ranges.count)
        for (o, n) in ranges { made.append(String(decoding: UnsafeBufferPointer(rebasing: b[o..<(o + n)]), as: UTF8.self)) }
        sink &+= made.count
    }
    strings.append(now() - t)
}
func median(_ x: [UInt64]) -> Double { Double(x.sorted()[x.count / 2]) / 1e6 }
print("strings kept: \(ranges.count), bytes \(flat.count)")
print(String(format: "Foundation decode %.2f ms; make and free the strings %.2f ms; Foundation / strings = %.2f×", median(foundation), median(strings), median(foundation) / median(strings)), sink)
