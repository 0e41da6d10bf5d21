import Foundation
import Jolt

/// How many decodes and encodes a job made (a stream's elements count one each).
struct Count: Sendable {
    var decodes = 0
    var encodes = 0

    static func += (lhs: inout Count, rhs: Count) {
        lhs.decodes += rhs.decodes
        lhs.encodes += rhs.encodes
    }
}

/// A concurrent result that is not the single-threaded one.
struct Mismatch: Error, CustomStringConvertible {
    let what: String
    var description: String { what }
}

/// One unit of work every task runs with the shared coders. Its expected
/// results were computed when it was made, single-threaded, with other coders.
struct Job: Sendable {
    let name: String
    let run: @Sendable (Coders) async throws -> Count
}

/// Picks one of the coders: the same option set in the reference run and in the tasks.
typealias DecoderPick = @Sendable (Coders) -> JoltDecoder
typealias EncoderPick = @Sendable (Coders) -> JoltEncoder

func check(_ condition: Bool, _ what: @autoclosure () -> String) throws {
    if !condition { throw Mismatch(what: what()) }
}

enum Jobs {
    /// Decodes `input` as `M` and encodes the value again: the same value and the
    /// same bytes as the reference run. With `foundation`, the reference value is
    /// first checked against Foundation's decoder.
    static func roundTrip<M: Codable & Equatable & Sendable>(
        _ name: String, _ type: M.Type, _ input: [UInt8], decoder: @escaping DecoderPick, encoder: @escaping EncoderPick,
        reference: Coders, foundation: JSONDecoder? = nil
    ) throws -> Job {
        let expected = try decoder(reference).decode(M.self, from: input)
        if let foundation {
            try check(try foundation.decode(M.self, from: Data(input)) == expected, "\(name): the reference differs from Foundation's")
        }
        let expectedBytes = try encoder(reference).encodeToBytes(expected)
        return Job(name: name) { coders in
            let value = try decoder(coders).decode(M.self, from: input)
            try check(value == expected, "\(name): decoded value differs")
            try check(try encoder(coders).encodeToBytes(value) == expectedBytes, "\(name): encoded bytes differ")
            return Count(decodes: 1, encodes: 1)
        }
    }

    /// JSON Lines of `elements` (as the reference encoder streams them) decoded
    /// by `decodeElements` in chunks of `chunkSize` bytes, then streamed out
    /// again by the encoder as JSON Lines: the same elements, the same bytes.
    static func jsonLines<M: Codable & Equatable & Sendable>(
        _ name: String, _ elements: [M], chunkSize: Int, decoder: @escaping DecoderPick, encoder: @escaping EncoderPick,
        reference: Coders
    ) throws -> Job {
        var lines: [UInt8] = []
        try encoder(reference).encode(elements, as: .jsonLines) { lines.append(contentsOf: $0) }
        let input = lines
        let expected = try decoder(reference).elements(M.self, of: input, format: .jsonLines)
        try check(expected == elements, "\(name): the reference stream differs from the elements")
        return Job(name: name) { coders in
            var decoded: [M] = []
            for try await element in decoder(coders).decodeElements(M.self, from: ByteChunks(input, size: chunkSize), format: .jsonLines) {
                decoded.append(element)
            }
            try check(decoded == expected, "\(name): streamed elements differ")
            var output: [UInt8] = []
            try encoder(coders).encode(decoded, as: .jsonLines, flushThreshold: 4096) { output.append(contentsOf: $0) }
            try check(output == input, "\(name): stream-encoded bytes differ")
            return Count(decodes: decoded.count, encodes: decoded.count)
        }
    }

    /// The elements of the array `input` fed to a `JoltElementDecoder` made from
    /// the shared decoder, `chunkSize` bytes at a time, and through
    /// `forEachElement` from an async sequence of chunks: the reference elements.
    static func arrayStream<M: Decodable & Equatable & Sendable>(
        _ name: String, _ type: M.Type, _ input: [UInt8], chunkSize: Int, decoder: @escaping DecoderPick, reference: Coders
    ) throws -> Job {
        let expected = try decoder(reference).decode([M].self, from: input)
        return Job(name: name) { coders in
            let stream = JoltElementDecoder(M.self, decoder: decoder(coders), format: .array)
            var decoded: [M] = []
            var offset = 0
            while offset < input.count {
                let end = min(input.count, offset + chunkSize)
                decoded += try stream.feed(input[offset..<end])
                offset = end
            }
            decoded += try stream.finish()
            try check(decoded == expected, "\(name): JoltElementDecoder's elements differ")
            var awaited: [M] = []
            try await decoder(coders).forEachElement(M.self, from: ByteChunks(input, size: chunkSize + 1)) { awaited.append($0) }
            try check(awaited == expected, "\(name): forEachElement's elements differ")
            return Count(decodes: decoded.count + awaited.count)
        }
    }

    /// github_events.json's payloads through the registries: the enum's own (by
    /// the plain decoder), the decoder's registry as `[any EventPayloadValue]`,
    /// `@PolymorphicArray` in a wrapper (decoded, then encoded with the registry
    /// in the encoder's `userInfo`), and each event alone.
    static func polymorphic(_ events: [GitHubEvent], eventDocuments: [[UInt8]], file: [UInt8], reference: Coders) throws -> [Job] {
        let cases = try reference.plain.decode([EventPayloadCase].self, from: file)
        try check(cases == events.map { EventPayloadCase($0.payload) }, "polymorphic enum: the reference differs from the model's payloads")
        let caseBytes = try reference.plainEncoder.encodeToBytes(cases)

        let values = try reference.polymorphic.decodeArray(polymorphic: (any EventPayloadValue).self, from: file)
        try check(sameValues(values, cases.map(\.polymorphicValue)), "polymorphic array: the reference differs from the enum's")

        let wrapped = Array(#"{"items": "#.utf8) + file + Array("}".utf8)
        let list = try reference.polymorphic.decode(EventPayloadList.self, from: wrapped)
        try check(sameValues(list.items, values), "@PolymorphicArray: the reference differs")
        let listBytes = try reference.polymorphicEncoder.encodeToBytes(list)

        var jobs = [
            Job(name: "polymorphic enum [EventPayloadCase]") { coders in
                let decoded = try coders.plain.decode([EventPayloadCase].self, from: file)
                try check(decoded == cases, "polymorphic enum: decoded values differ")
                try check(try coders.plainEncoder.encodeToBytes(decoded) == caseBytes, "polymorphic enum: encoded bytes differ")
                return Count(decodes: 1, encodes: 1)
            },
            Job(name: "polymorphic decodeArray(polymorphic:)") { coders in
                let decoded = try coders.polymorphic.decodeArray(polymorphic: (any EventPayloadValue).self, from: file)
                try check(sameValues(decoded, values), "decodeArray(polymorphic:): decoded values differ")
                return Count(decodes: 1)
            },
            Job(name: "polymorphic @PolymorphicArray") { coders in
                let decoded = try coders.polymorphic.decode(EventPayloadList.self, from: wrapped)
                try check(sameValues(decoded.items, values), "@PolymorphicArray: decoded values differ")
                try check(try coders.polymorphicEncoder.encodeToBytes(decoded) == listBytes, "@PolymorphicArray: encoded bytes differ")
                return Count(decodes: 1, encodes: 1)
            },
        ]
        for (index, document) in eventDocuments.enumerated() {
            let expected = values[index]
            jobs.append(Job(name: "polymorphic event \(index)") { coders in
                let decoded = try coders.polymorphic.decode(polymorphic: (any EventPayloadValue).self, from: document)
                try check(decoded.isSame(as: expected), "polymorphic event \(index): decoded value differs")
                return Count(decodes: 1)
            })
        }
        return jobs
    }

    static func sameValues(_ a: [any EventPayloadValue], _ b: [any EventPayloadValue]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.isSame(as: $1) }
    }
}

extension EventPayloadCase {
    /// The case's value, as the existential registry decodes it.
    var polymorphicValue: any EventPayloadValue {
        switch self {
        case .push(let p): p
        case .watch(let p): p
        case .create(let p): p
        case .fork(let p): p
        case .issueComment(let p): p
        case .issues(let p): p
        case .gollum(let p): p
        case .other(let p): p
        }
    }
}

extension JoltDecoder {
    /// The reference run's stream decode: `input` in one piece, synchronously.
    func elements<M: Decodable>(_ type: M.Type, of input: [UInt8], format: JoltStreamFormat) throws -> [M] {
        let stream = JoltElementDecoder(M.self, decoder: self, format: format)
        return try stream.feed(input) + stream.finish()
    }
}

/// `bytes` as an async sequence of slices of `size` bytes (a request body).
struct ByteChunks: AsyncSequence, Sendable {
    let bytes: [UInt8]
    let size: Int

    init(_ bytes: [UInt8], size: Int) {
        self.bytes = bytes
        self.size = Swift.max(1, size)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let size: Int
        var offset = 0

        mutating func next() async -> ArraySlice<UInt8>? {
            guard offset < bytes.count else { return nil }
            let end = Swift.min(bytes.count, offset + size)
            defer { offset = end }
            return bytes[offset..<end]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, size: size) }
}
