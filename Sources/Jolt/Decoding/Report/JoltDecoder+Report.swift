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
    /// The input is any ``JoltInput`` (`Data`, `[UInt8]`, `String`, …).
    ///
    /// - Throws: what `decode(_:from:)` throws.
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from input: some JoltInput) throws -> (T, JoltDecodeReport) {
        try Self.decodeCore(type, fromInput: input, at: nil, options: options, reporting: true)
    }

    /// `decodeWithReport(_:from:)` of the sub-tree at `path` (see `decode(_:from:at:)`).
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from input: some JoltInput, at path: String) throws -> (T, JoltDecodeReport) {
        try Self.decodeCore(type, fromInput: input, at: path, options: options, reporting: true)
    }
}

extension TapeDecoder {
    /// Reports or rejects the members of keyed objects that nothing asked for, in
    /// document order.
    func checkUnknownKeys() throws {
        var unknown: [(keyIndex: Int, objectPath: [any CodingKey])] = []
        for (object, objectPath) in context.keyedObjects {
            var members = TapeMembers(entries, object: object)
            while members.next() {
                if !context.askedValues.contains(members.value) { unknown.append((members.key, objectPath)) }
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
