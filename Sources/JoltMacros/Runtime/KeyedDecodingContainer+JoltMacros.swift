/// The decoding helpers the code written by ``Codable()`` calls: several key
/// paths tried in order, defaults recorded in Jolt's decode report.
/// Public for the generated code; not meant to be called by hand. They are
/// `@inlinable` so that they are specialized for the model's `CodingKeys`:
/// unspecialized, the generic metadata of the containers and tuples they pass
/// around cost more than the decoding (JoltMacroBench's records, under JoltDecoder).
extension KeyedDecodingContainer {
    /// The container holding the last key of `path` and that key, if every
    /// key before it names an object; nil otherwise.
    @inlinable
    public func joltLocate(_ path: [Key]) -> (container: KeyedDecodingContainer<Key>, key: Key)? {
        guard let last = path.last else { return nil }
        var container = self
        for key in path.dropLast() {
            guard container.contains(key),
                  let nested = try? container.nestedContainer(keyedBy: Key.self, forKey: key) else { return nil }
            container = nested
        }
        return (container, last)
    }

    /// The first path whose key is present and not `null`.
    @inlinable
    public func joltFirstPresent(_ paths: [[Key]]) -> (container: KeyedDecodingContainer<Key>, key: Key)? {
        for path in paths {
            guard let (container, key) = joltLocate(path), container.contains(key) else { continue }
            if (try? container.decodeNil(forKey: key)) == true { continue }
            return (container, key)
        }
        return nil
    }

    /// Decodes the value at the first present path of `paths`.
    /// - Throws: `DecodingError.keyNotFound` for the first path when none is
    ///   present, or the value's own error.
    @inlinable
    public func joltDecode<T: Decodable>(_ type: T.Type = T.self, paths: [[Key]]) throws -> T {
        if let (container, key) = joltFirstPresent(paths) {
            return try container.decode(T.self, forKey: key)
        }
        throw joltMissing(T.self, paths: paths)
    }

    /// Decodes the value at the first present path, or nil when every path is
    /// missing or `null`.
    @inlinable
    public func joltDecodeIfPresent<T: Decodable>(_ type: T.Type = T.self, paths: [[Key]]) throws -> T? {
        guard let (container, key) = joltFirstPresent(paths) else { return nil }
        return try container.decode(T.self, forKey: key)
    }

    /// Decodes the value at the first present path; `missing` when no path is
    /// present (or all are `null`), `invalid` when the value does not decode.
    /// Each default applied is recorded in a ``JoltDecoder`` report.
    @inlinable
    public func joltDecode<T: Decodable>(
        _ type: T.Type = T.self, paths: [[Key]], missing: @autoclosure () -> T, invalid: @autoclosure () -> T,
        decoder: any Decoder
    ) -> T {
        guard let (container, key) = joltFirstPresent(paths) else {
            let value = missing()
            joltRecord(decoder, paths.first ?? [], "missing or null; default \(value) used")
            return value
        }
        do {
            return try container.decode(T.self, forKey: key)
        } catch {
            let value = invalid()
            joltRecord(decoder, paths.first ?? [], "\(Self.joltDescribe(error)); default \(value) used", container: container, key: key)
            return value
        }
    }

    /// Like ``joltDecode(_:paths:missing:invalid:decoder:)`` for an optional
    /// property: `null` is nil, a missing key `missing`, an invalid value `invalid`.
    @inlinable
    public func joltDecodeIfPresent<T: Decodable>(
        _ type: T.Type = T.self, paths: [[Key]], missing: @autoclosure () -> T?, invalid: @autoclosure () -> T?,
        decoder: any Decoder
    ) -> T? {
        let present = paths.contains { path in joltLocate(path).map { $0.container.contains($0.key) } ?? false }
        guard present else {
            let value = missing()
            if value != nil { joltRecord(decoder, paths.first ?? [], "missing; default \(value!) used") }
            return value
        }
        guard let (container, key) = joltFirstPresent(paths) else { return nil }
        do {
            return try container.decode(T.self, forKey: key)
        } catch {
            let value = invalid()
            joltRecord(decoder, paths.first ?? [], "\(Self.joltDescribe(error)); default \(String(describing: value)) used",
                       container: container, key: key)
            return value
        }
    }

    /// Decodes with `decode` at the first present path, through a decoder for that value.
    @inlinable
    public func joltDecode<T>(paths: [[Key]], using decode: (any Decoder) throws -> T) throws -> T {
        guard let (container, key) = joltFirstPresent(paths) else { throw joltMissing(T.self, paths: paths) }
        return try decode(container.superDecoder(forKey: key))
    }

    /// Decodes with `decode` at the first present path, or nil when none is present.
    @inlinable
    public func joltDecodeIfPresent<T>(paths: [[Key]], using decode: (any Decoder) throws -> T) throws -> T? {
        guard let (container, key) = joltFirstPresent(paths) else { return nil }
        return try decode(container.superDecoder(forKey: key))
    }

    /// The container at `path` (objects all the way), for a type read from a sub-tree.
    /// - Throws: the standard `keyNotFound` or `typeMismatch` error.
    @inlinable
    public func joltNestedContainer(_ path: [Key]) throws -> KeyedDecodingContainer<Key> {
        var container = self
        for key in path { container = try container.nestedContainer(keyedBy: Key.self, forKey: key) }
        return container
    }

    @usableFromInline
    func joltMissing<T>(_ type: T.Type, paths: [[Key]]) -> DecodingError {
        let first = paths.first ?? []
        let located = joltLocate(first)
        let keys = paths.map { $0.map(\.stringValue).joined(separator: ".") }
        return DecodingError.keyNotFound(first.last ?? JoltAnyCodingKey(stringValue: ""), DecodingError.Context(
            codingPath: (located?.container.codingPath ?? codingPath),
            debugDescription: paths.count == 1
                ? "No value associated with key \(keys[0])."
                : "No value associated with any of the keys \(keys.joined(separator: ", "))."))
    }

    @usableFromInline
    func joltRecord(_ decoder: any Decoder, _ path: [Key], _ reason: @autoclosure () -> String,
                            container: KeyedDecodingContainer<Key>? = nil, key: Key? = nil) {
        guard decoder.isRecordingRecoveries else { return }
        let base = (container?.codingPath ?? codingPath).dropFirst(decoder.codingPath.count)
        let extra: [any CodingKey] = container != nil ? Array(base) + [key!] : Array(base) + path
        decoder.recordRecovery(.defaultApplied, reason: reason(), at: extra)
    }

    @usableFromInline
    static func joltDescribe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(let type, let context): "expected \(type): \(context.debugDescription)"
        case DecodingError.valueNotFound(let type, _): "null where \(type) expected"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing key \(key.stringValue)"
        default: "\(error)"
        }
    }
}
