#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JoltDecoder {
    /// Decodes a value of the given type from the part of the document at `path`,
    /// without wrapper types for the levels above it.
    ///
    /// The path is a list of object keys (as written in the JSON, before any key
    /// decoding strategy) and array indexes, separated by dots; the empty path is
    /// the whole document. A component made of digits indexes an array, and is an
    /// ordinary key in an object. The levels above are only walked on the tape,
    /// never decoded; errors below carry the full coding path.
    ///
    /// ```swift
    /// // {"data": {"users": [{"id": 1}, {"id": 2}]}}
    /// let second = try decoder.decode(User.self, from: data, at: "data.users.1")
    /// ```
    ///
    /// - Throws: `DecodingError.keyNotFound` when a key or index on the path does
    ///   not exist (for an index, the key is `Index n`), `valueNotFound` when the
    ///   path runs into `null`, `typeMismatch` when it runs into another scalar,
    ///   each with the coding path walked so far; otherwise what `decode(_:from:)`
    ///   throws.
    public func decode<T: Decodable>(_ type: T.Type, from input: some JoltInput, at path: String) throws -> T {
        try decode(type, fromInput: input, at: path, options: options)
    }

    func decode<T: Decodable>(_ type: T.Type, fromInput input: some JoltInput, at path: String, options: DecoderOptions) throws -> T {
        try Self.decodeCore(type, fromInput: input, at: path, options: options, reporting: false).0
    }
}

extension TapeDecoder {
    /// The tape index and coding path of the value at a dotted path from the root.
    func walk(_ path: String) throws -> (index: Int, path: [any CodingKey]) {
        var i = 0
        var codingPath: [any CodingKey] = []
        guard !path.isEmpty else { return (0, []) }
        for component in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            let e = entries[i]
            switch e.kind {
            case .object:
                var found: Int?
                var members = TapeMembers(entries, object: i)
                while members.next() {
                    if keyString(at: members.key) == component {
                        found = members.value
                        break
                    }
                }
                guard let value = found else {
                    throw DecodingError.keyNotFound(JoltCodingKey.string(component), DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "No value associated with key \"\(component)\" on the path \"\(path)\"."))
                }
                codingPath.append(JoltCodingKey.string(component))
                i = value
            case .array:
                guard let n = Int(component), n >= 0, component.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "The path \"\(path)\" has key \"\(component)\" where the document has an array."))
                }
                guard n < e.count else {
                    throw DecodingError.keyNotFound(JoltCodingKey.index(n), DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "Index \(n) is out of range on the path \"\(path)\": the array has \(e.count) elements."))
                }
                var elements = TapeElements(entries, array: i)
                while elements.next() && elements.position < n {}
                codingPath.append(JoltCodingKey.index(n))
                i = elements.element
            case .null:
                throw DecodingError.valueNotFound([String: Any].self, DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "The path \"\(path)\" continues with \"\(component)\" but the document has null here."))
            default:
                throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "The path \"\(path)\" continues with \"\(component)\" but the document has \(describe(e)) here."))
            }
        }
        return (i, codingPath)
    }
}
