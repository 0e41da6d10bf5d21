#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JoltDecoder {
    /// Decodes a value and lists everything the decode recovered from: unknown
    /// keys (with ``unknownKeyPolicy`` `.report`), duplicate keys (under
    /// `.useFirst` or `.useLast`), and what `init(from:)` implementations and
    /// property wrappers recorded through `Decoder.recordRecovery`.
    ///
    /// ```swift
    /// decoder.unknownKeyPolicy = .report
    /// let (user, report) = try decoder.decodeWithReport(User.self, from: data)
    /// if !report.isEmpty { logger.notice("user payload: \(report)") }
    /// ```
    ///
    /// - Throws: what `decode(_:from:)` throws.
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from data: Data) throws -> (T, JoltDecodeReport) {
        try Self.decodeCore(type, fromInput: data, at: nil, options: options, reporting: true)
    }

    /// `decodeWithReport(_:from:)` from UTF-8 bytes.
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> (T, JoltDecodeReport) {
        try Self.decodeCore(type, fromInput: bytes, at: nil, options: options, reporting: true)
    }

    /// `decodeWithReport(_:from:)` from a JSON string.
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from string: String) throws -> (T, JoltDecodeReport) {
        try Self.decodeCore(type, fromInput: string, at: nil, options: options, reporting: true)
    }

    /// `decodeWithReport(_:from:)` from bytes the caller owns.
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from buffer: UnsafeRawBufferPointer) throws -> (T, JoltDecodeReport) {
        try Self.decodeCore(type, fromInput: buffer, at: nil, options: options, reporting: true)
    }

    /// `decodeWithReport(_:from:)` of the sub-tree at `path` (see `decode(_:from:at:)`).
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from data: Data, at path: String) throws -> (T, JoltDecodeReport) {
        try Self.decodeCore(type, fromInput: data, at: path, options: options, reporting: true)
    }
}

extension TapeDecoder {
    /// Reports or rejects the members of keyed objects that nothing asked for, in
    /// document order.
    func checkUnknownKeys() throws {
        var unknown: [(keyIndex: Int, objectPath: [any CodingKey])] = []
        for (object, objectPath) in context.keyedObjects {
            let e = entries[object]
            var j = object &+ 1
            while j < e.end {
                if !context.askedValues.contains(j &+ 1) { unknown.append((j, objectPath)) }
                j = next(after: j &+ 1)
            }
        }
        // Document order: tape order is input order.
        unknown.sort { $0.keyIndex < $1.keyIndex }
        let reject = context.options.unknownKeyPolicy == .reject
        for (j, objectPath) in unknown {
            let name = keyString(at: j)
            let path = objectPath + [JoltCodingKey.string(name)]
            if reject {
                let syntax = context.syntaxError(.unknownKey(name), at: j)
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: path, debugDescription: "\(syntax)", underlyingError: syntax))
            }
            context.record(JoltDecodeReport.Issue(
                kind: .unknownKey, codingPath: path.map(JoltPathComponent.init),
                reason: "key \"\(name)\" is not used by the decoded type", offset: context.offset(of: j)))
        }
    }
}
