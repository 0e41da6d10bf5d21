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
        joltPresent(paths, from: 0).map { ($0.container, $0.key) }
    }

    /// The first path from `paths[start]` on whose key is present and not
    /// `null`, with its index in `paths`.
    @inlinable
    public func joltPresent(
        _ paths: [[Key]], from start: Int
    ) -> (container: KeyedDecodingContainer<Key>, key: Key, index: Int)? {
        var index = start
        while index < paths.count {
            if let (container, key) = joltLocate(paths[index]), container.contains(key),
               (try? container.decodeNil(forKey: key)) != true {
                return (container, key, index)
            }
            index += 1
        }
        return nil
    }

    // The alternative keys: a property decodes from the first present path whose
    // value decodes. The value at the first present path is decoded straight away;
    // only when it fails are the later paths tried (out of line: nothing more on
    // the success path). When none decodes, the error thrown is the first present
    // path's, with its coding path.

    /// Decodes the value at the first present path of `paths` whose value decodes.
    /// - Throws: `DecodingError.keyNotFound` for the first path when none is
    ///   present, or the first present value's own error when none decodes.
    @inlinable
    public func joltDecode<T: Decodable>(_ type: T.Type = T.self, paths: [[Key]]) throws -> T {
        guard let (container, key, index) = joltPresent(paths, from: 0) else { throw joltMissing(T.self, paths: paths) }
        do {
            return try container.decode(T.self, forKey: key)
        } catch {
            return try joltDecodeAlternative(T.self, paths: paths, after: index, error: error)
        }
    }

    /// Decodes the value at the first present path whose value decodes, or nil
    /// when every path is missing or `null`.
    /// - Throws: the first present value's error when none decodes.
    @inlinable
    public func joltDecodeIfPresent<T: Decodable>(_ type: T.Type = T.self, paths: [[Key]]) throws -> T? {
        guard let (container, key, index) = joltPresent(paths, from: 0) else { return nil }
        do {
            return try container.decode(T.self, forKey: key)
        } catch {
            return try joltDecodeAlternative(T.self, paths: paths, after: index, error: error)
        }
    }

    /// Decodes the value at the first present path whose value decodes;
    /// `missing` when no path is present (or all are `null`), `invalid` when no
    /// present value decodes. Each default applied is recorded in a
    /// ``JoltDecoder`` report (an invalid value with the first present value's error).
    @inlinable
    public func joltDecode<T: Decodable>(
        _ type: T.Type = T.self, paths: [[Key]], missing: @autoclosure () -> T, invalid: @autoclosure () -> T,
        decoder: any Decoder
    ) -> T {
        guard let (container, key, index) = joltPresent(paths, from: 0) else {
            let value = missing()
            joltRecord(decoder, paths.first ?? [], "missing or null; default \(value) used")
            return value
        }
        do {
            return try container.decode(T.self, forKey: key)
        } catch {
            if let value = try? joltDecodeAlternative(T.self, paths: paths, after: index, error: error) { return value }
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
        guard let (container, key, index) = joltPresent(paths, from: 0) else {
            return joltMissingOptional(paths, missing: missing(), decoder: decoder)
        }
        do {
            return try container.decode(T.self, forKey: key)
        } catch {
            if let value = try? joltDecodeAlternative(T.self, paths: paths, after: index, error: error) { return value }
            let value = invalid()
            joltRecord(decoder, paths.first ?? [], "\(Self.joltDescribe(error)); default \(String(describing: value)) used",
                       container: container, key: key)
            return value
        }
    }

    /// Decodes with `decode` at the first present path where it succeeds, through
    /// a decoder for that value.
    /// - Throws: `keyNotFound` when no path is present, or `decode`'s error at
    ///   the first present path when it fails at every one.
    @inlinable
    public func joltDecode<T>(paths: [[Key]], using decode: (any Decoder) throws -> T) throws -> T {
        guard let (container, key, index) = joltPresent(paths, from: 0) else { throw joltMissing(T.self, paths: paths) }
        do {
            return try decode(container.superDecoder(forKey: key))
        } catch {
            return try joltDecodeAlternative(paths: paths, after: index, error: error, using: decode)
        }
    }

    /// Decodes with `decode` at the first present path where it succeeds, or nil when none is present.
    @inlinable
    public func joltDecodeIfPresent<T>(paths: [[Key]], using decode: (any Decoder) throws -> T) throws -> T? {
        guard let (container, key, index) = joltPresent(paths, from: 0) else { return nil }
        do {
            return try decode(container.superDecoder(forKey: key))
        } catch {
            return try joltDecodeAlternative(paths: paths, after: index, error: error, using: decode)
        }
    }

    /// Decodes with `decode` at the first present path where it succeeds;
    /// `missing` when no path is present, `invalid` when `decode` fails at every
    /// one. Each default applied is recorded in a ``JoltDecoder`` report.
    @inlinable
    public func joltDecode<T>(
        paths: [[Key]], missing: @autoclosure () -> T, invalid: @autoclosure () -> T, decoder: any Decoder,
        using decode: (any Decoder) throws -> T
    ) -> T {
        guard let (container, key, index) = joltPresent(paths, from: 0) else {
            let value = missing()
            joltRecord(decoder, paths.first ?? [], "missing or null; default \(value) used")
            return value
        }
        do {
            return try decode(container.superDecoder(forKey: key))
        } catch {
            if let value = try? joltDecodeAlternative(paths: paths, after: index, error: error, using: decode) { return value }
            let value = invalid()
            joltRecord(decoder, paths.first ?? [], "\(Self.joltDescribe(error)); default \(value) used", container: container, key: key)
            return value
        }
    }

    /// Like ``joltDecode(paths:missing:invalid:decoder:using:)`` for an optional
    /// property: `null` is nil, a missing key `missing`, a failed decode `invalid`.
    @inlinable
    public func joltDecodeIfPresent<T>(
        paths: [[Key]], missing: @autoclosure () -> T?, invalid: @autoclosure () -> T?, decoder: any Decoder,
        using decode: (any Decoder) throws -> T
    ) -> T? {
        guard let (container, key, index) = joltPresent(paths, from: 0) else {
            return joltMissingOptional(paths, missing: missing(), decoder: decoder)
        }
        do {
            return try decode(container.superDecoder(forKey: key))
        } catch {
            if let value = try? joltDecodeAlternative(paths: paths, after: index, error: error, using: decode) { return value }
            let value = invalid()
            joltRecord(decoder, paths.first ?? [], "\(Self.joltDescribe(error)); default \(String(describing: value)) used",
                       container: container, key: key)
            return value
        }
    }

    /// After the value at `paths[index]` failed with `error`: the value at the
    /// first later present path that decodes; `error` when none does.
    @usableFromInline
    func joltDecodeAlternative<T: Decodable>(_ type: T.Type, paths: [[Key]], after index: Int, error: any Error) throws -> T {
        var next = index + 1
        while let (container, key, found) = joltPresent(paths, from: next) {
            if let value = try? container.decode(T.self, forKey: key) { return value }
            next = found + 1
        }
        throw error
    }

    /// ``joltDecodeAlternative(_:paths:after:error:)`` through `decode`.
    @usableFromInline
    func joltDecodeAlternative<T>(
        paths: [[Key]], after index: Int, error: any Error, using decode: (any Decoder) throws -> T
    ) throws -> T {
        var next = index + 1
        while let (container, key, found) = joltPresent(paths, from: next) {
            if let decoder = try? container.superDecoder(forKey: key), let value = try? decode(decoder) { return value }
            next = found + 1
        }
        throw error
    }

    /// An optional property none of whose paths holds a non-null value: nil when
    /// one of them is `null`, `missing` (recorded) when all are missing.
    @usableFromInline
    func joltMissingOptional<T>(_ paths: [[Key]], missing: @autoclosure () -> T?, decoder: any Decoder) -> T? {
        let present = paths.contains { path in joltLocate(path).map { $0.container.contains($0.key) } ?? false }
        if present { return nil }
        let value = missing()
        if let value { joltRecord(decoder, paths.first ?? [], "missing; default \(value) used") }
        return value
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
