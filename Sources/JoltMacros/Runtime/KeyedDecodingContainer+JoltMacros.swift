import Jolt

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
    public func _joltLocate(_ path: [Key]) -> (container: KeyedDecodingContainer<Key>, key: Key)? {
        guard let last = path.last else { return nil }
        var container = self
        for key in path.dropLast() {
            guard container.contains(key),
                  let nested = try? container.nestedContainer(keyedBy: Key.self, forKey: key) else { return nil }
            container = nested
        }
        return (container, last)
    }

    /// The container and key of the first path whose key is present and not
    /// `null` (where a report places an invalid value's default).
    func joltFirstPresent(_ paths: [[Key]]) -> (container: KeyedDecodingContainer<Key>, key: Key)? {
        for path in paths {
            if let (container, key) = _joltLocate(path), container.contains(key),
               (try? container.decodeNil(forKey: key)) != true {
                return (container, key)
            }
        }
        return nil
    }

    // The alternative keys: a property decodes from the first present path whose
    // value decodes. Each path is read once with `decodeIfPresent` (one lookup of
    // its key): nil (missing or `null`) goes on to the next path, a value is
    // returned, an error is kept (the first one is thrown when no later path
    // decodes). The generated code passes `read`, a closure calling the
    // container's `decodeIfPresent` with the property's type written out, so that
    // the concrete overloads (`Int`, `String`…) are called, as in hand-written code.

    /// Reads `path` with `read`: nil when a key on the way is missing (or not an
    /// object), or `read` gives nil; the first error is kept in `firstError`.
    @inlinable
    func joltAttempt<T>(
        _ path: [Key], _ firstError: inout (any Error)?, _ read: (KeyedDecodingContainer<Key>, Key) throws -> T?
    ) -> T? {
        do {
            if path.count == 1 { return try read(self, path[0]) }
            guard let (container, key) = _joltLocate(path) else { return nil }
            return try read(container, key)
        } catch {
            if firstError == nil { firstError = error }
            return nil
        }
    }

    /// The value `read` gives at the first path of `paths` where it gives one.
    /// - Throws: `DecodingError.keyNotFound` for the first path when no path
    ///   holds a value (missing or `null`), or the first present value's own
    ///   error when none decodes.
    @inlinable
    public func _joltDecode<T>(paths: [[Key]], reading read: (KeyedDecodingContainer<Key>, Key) throws -> T?) throws -> T {
        var firstError: (any Error)?
        for path in paths {
            if let value = joltAttempt(path, &firstError, read) { return value }
        }
        throw firstError ?? joltMissing(T.self, paths: paths)
    }

    /// The value `read` gives at the key path `path` (objects all the way to its
    /// last key): the nested containers are asked for directly, as hand-written
    /// code does; only when one is missing or not an object is the path located
    /// again (the error is then ``_joltDecode(paths:reading:)``'s).
    /// - Throws: `keyNotFound` for the path when a key is missing or the value
    ///   `null`, or the value's error.
    @inlinable
    public func _joltDecode<T>(path: [Key], reading read: (KeyedDecodingContainer<Key>, Key) throws -> T?) throws -> T {
        var container = self
        for key in path.dropLast() {
            guard let nested = try? container.nestedContainer(keyedBy: Key.self, forKey: key) else {
                return try _joltDecode(paths: [path], reading: read)
            }
            container = nested
        }
        if let value = try read(container, path[path.count - 1]) { return value }
        throw joltMissing(T.self, paths: [path])
    }

    /// ``_joltDecode(path:reading:)`` with `decodeIfPresent(T.self, forKey:)`.
    @inlinable
    public func _joltDecode<T: Decodable>(_ type: T.Type = T.self, path: [Key]) throws -> T {
        try _joltDecode(path: path) { try $0.decodeIfPresent(T.self, forKey: $1) }
    }

    /// The value `read` gives at the first path where it gives one, or nil when
    /// every path is missing or `null`.
    /// - Throws: the first present value's error when none decodes.
    @inlinable
    public func _joltDecodeIfPresent<T>(
        paths: [[Key]], reading read: (KeyedDecodingContainer<Key>, Key) throws -> T?
    ) throws -> T? {
        var firstError: (any Error)?
        for path in paths {
            if let value = joltAttempt(path, &firstError, read) { return value }
        }
        if let firstError { throw firstError }
        return nil
    }

    /// The value `read` gives at the first path where it gives one; `missing`
    /// when no path holds a value (missing or `null`), `invalid` when no present
    /// value decodes. Each default applied is recorded in a ``JoltDecoder``
    /// report (an invalid value with the first present value's error).
    @inlinable
    public func _joltDecode<T>(
        paths: [[Key]], missing: @autoclosure () -> T, invalid: @autoclosure () -> T, decoder: any Decoder,
        reading read: (KeyedDecodingContainer<Key>, Key) throws -> T?
    ) -> T {
        var firstError: (any Error)?
        for path in paths {
            if let value = joltAttempt(path, &firstError, read) { return value }
        }
        if let firstError { return joltInvalid(invalid(), error: firstError, paths: paths, decoder: decoder) }
        let value = missing()
        joltRecord(decoder, paths.first ?? [], "missing or null; default \(value) used")
        return value
    }

    /// Like ``_joltDecode(paths:missing:invalid:decoder:reading:)`` for an
    /// optional property: `null` is nil, a missing key `missing`, an invalid value `invalid`.
    @inlinable
    public func _joltDecodeIfPresent<T>(
        paths: [[Key]], missing: @autoclosure () -> T?, invalid: @autoclosure () -> T?, decoder: any Decoder,
        reading read: (KeyedDecodingContainer<Key>, Key) throws -> T?
    ) -> T? {
        var firstError: (any Error)?
        for path in paths {
            if let value = joltAttempt(path, &firstError, read) { return value }
        }
        if let firstError { return joltInvalid(invalid(), error: firstError, paths: paths, decoder: decoder) }
        return joltMissingOptional(paths, missing: missing(), decoder: decoder)
    }

    // One key: the same rules without the array of paths.

    /// The value `read` gives at `key`; `missing` when it gives nil (the key is
    /// missing or `null`), `invalid` when it throws. Each default applied is
    /// recorded in a ``JoltDecoder`` report.
    @inlinable
    public func _joltDecode<T>(
        forKey key: Key, missing: @autoclosure () -> T, invalid: @autoclosure () -> T, decoder: any Decoder,
        reading read: (KeyedDecodingContainer<Key>, Key) throws -> T?
    ) -> T {
        do {
            if let value = try read(self, key) { return value }
        } catch {
            let value = invalid()
            if decoder.isRecordingRecoveries { joltRecordInvalid(value, error: error, key: key, decoder: decoder) }
            return value
        }
        let value = missing()
        if decoder.isRecordingRecoveries { joltRecord(decoder, [key], "missing or null; default \(value) used") }
        return value
    }

    /// Like ``_joltDecode(forKey:missing:invalid:decoder:reading:)`` for an
    /// optional property: `null` is nil, a missing key `missing`, an invalid value `invalid`.
    @inlinable
    public func _joltDecodeIfPresent<T>(
        forKey key: Key, missing: @autoclosure () -> T?, invalid: @autoclosure () -> T?, decoder: any Decoder,
        reading read: (KeyedDecodingContainer<Key>, Key) throws -> T?
    ) -> T? {
        do {
            if let value = try read(self, key) { return value }
        } catch {
            let value = invalid()
            if decoder.isRecordingRecoveries { joltRecordInvalid(value, error: error, key: key, decoder: decoder) }
            return value
        }
        if contains(key) { return nil }
        let value = missing()
        if let value, decoder.isRecordingRecoveries { joltRecord(decoder, [key], "missing; default \(value) used") }
        return value
    }

    // The same for a type given as an argument (a wrapper, or a property whose
    // type is inferred from its default): `read` is `decodeIfPresent(T.self, forKey:)`.

    /// The value at `key`.
    /// - Throws: `keyNotFound` when the key is missing or `null`, or the value's error.
    @inlinable
    public func _joltDecode<T: Decodable>(_ type: T.Type = T.self, forKey key: Key) throws -> T {
        if let value = try decodeIfPresent(T.self, forKey: key) { return value }
        throw joltMissing(T.self, paths: [[key]])
    }

    /// ``_joltDecode(forKey:missing:invalid:decoder:reading:)`` with `decodeIfPresent(T.self, forKey:)`.
    @inlinable
    public func _joltDecode<T: Decodable>(
        _ type: T.Type = T.self, forKey key: Key, missing: @autoclosure () -> T, invalid: @autoclosure () -> T,
        decoder: any Decoder
    ) -> T {
        _joltDecode(forKey: key, missing: missing(), invalid: invalid(), decoder: decoder) {
            try $0.decodeIfPresent(T.self, forKey: $1)
        }
    }

    /// ``_joltDecodeIfPresent(forKey:missing:invalid:decoder:reading:)`` with `decodeIfPresent(T.self, forKey:)`.
    @inlinable
    public func _joltDecodeIfPresent<T: Decodable>(
        _ type: T.Type = T.self, forKey key: Key, missing: @autoclosure () -> T?, invalid: @autoclosure () -> T?,
        decoder: any Decoder
    ) -> T? {
        _joltDecodeIfPresent(forKey: key, missing: missing(), invalid: invalid(), decoder: decoder) {
            try $0.decodeIfPresent(T.self, forKey: $1)
        }
    }

    /// Decodes the value at the first present path of `paths` whose value decodes.
    /// - Throws: `DecodingError.keyNotFound` for the first path when none is
    ///   present, or the first present value's own error when none decodes.
    @inlinable
    public func _joltDecode<T: Decodable>(_ type: T.Type = T.self, paths: [[Key]]) throws -> T {
        try _joltDecode(paths: paths) { try $0.decodeIfPresent(T.self, forKey: $1) }
    }

    /// Decodes the value at the first present path whose value decodes, or nil
    /// when every path is missing or `null`.
    /// - Throws: the first present value's error when none decodes.
    @inlinable
    public func _joltDecodeIfPresent<T: Decodable>(_ type: T.Type = T.self, paths: [[Key]]) throws -> T? {
        try _joltDecodeIfPresent(paths: paths) { try $0.decodeIfPresent(T.self, forKey: $1) }
    }

    /// Decodes the value at the first present path whose value decodes;
    /// `missing` when no path is present (or all are `null`), `invalid` when no
    /// present value decodes. Each default applied is recorded in a
    /// ``JoltDecoder`` report (an invalid value with the first present value's error).
    @inlinable
    public func _joltDecode<T: Decodable>(
        _ type: T.Type = T.self, paths: [[Key]], missing: @autoclosure () -> T, invalid: @autoclosure () -> T,
        decoder: any Decoder
    ) -> T {
        _joltDecode(paths: paths, missing: missing(), invalid: invalid(), decoder: decoder) {
            try $0.decodeIfPresent(T.self, forKey: $1)
        }
    }

    /// Like ``_joltDecode(_:paths:missing:invalid:decoder:)`` for an optional
    /// property: `null` is nil, a missing key `missing`, an invalid value `invalid`.
    @inlinable
    public func _joltDecodeIfPresent<T: Decodable>(
        _ type: T.Type = T.self, paths: [[Key]], missing: @autoclosure () -> T?, invalid: @autoclosure () -> T?,
        decoder: any Decoder
    ) -> T? {
        _joltDecodeIfPresent(paths: paths, missing: missing(), invalid: invalid(), decoder: decoder) {
            try $0.decodeIfPresent(T.self, forKey: $1)
        }
    }

    // Through closures given a decoder for the value (`@CustomCoding(decode:encode:)`):
    // the same rules, `decode` called on a present, non-null value's decoder.

    /// `decode` on a decoder for the value at `key`; nil when the key is missing or `null`.
    @inlinable
    func joltRead<T>(_ key: Key, using decode: (any Decoder) throws -> T) throws -> T? {
        guard contains(key), (try? decodeNil(forKey: key)) != true else { return nil }
        return try decode(superDecoder(forKey: key))
    }

    /// Decodes with `decode` at the first present path where it succeeds, through
    /// a decoder for that value.
    /// - Throws: `keyNotFound` when no path is present, or `decode`'s error at
    ///   the first present path when it fails at every one.
    @inlinable
    public func _joltDecode<T>(paths: [[Key]], using decode: (any Decoder) throws -> T) throws -> T {
        try _joltDecode(paths: paths) { try $0.joltRead($1, using: decode) }
    }

    /// Decodes with `decode` at the first present path where it succeeds, or nil when none is present.
    @inlinable
    public func _joltDecodeIfPresent<T>(paths: [[Key]], using decode: (any Decoder) throws -> T) throws -> T? {
        try _joltDecodeIfPresent(paths: paths) { try $0.joltRead($1, using: decode) }
    }

    /// Decodes with `decode` at the first present path where it succeeds;
    /// `missing` when no path is present, `invalid` when `decode` fails at every
    /// one. Each default applied is recorded in a ``JoltDecoder`` report.
    @inlinable
    public func _joltDecode<T>(
        paths: [[Key]], missing: @autoclosure () -> T, invalid: @autoclosure () -> T, decoder: any Decoder,
        using decode: (any Decoder) throws -> T
    ) -> T {
        _joltDecode(paths: paths, missing: missing(), invalid: invalid(), decoder: decoder) { try $0.joltRead($1, using: decode) }
    }

    /// Like ``_joltDecode(paths:missing:invalid:decoder:using:)`` for an optional
    /// property: `null` is nil, a missing key `missing`, a failed decode `invalid`.
    @inlinable
    public func _joltDecodeIfPresent<T>(
        paths: [[Key]], missing: @autoclosure () -> T?, invalid: @autoclosure () -> T?, decoder: any Decoder,
        using decode: (any Decoder) throws -> T
    ) -> T? {
        _joltDecodeIfPresent(paths: paths, missing: missing(), invalid: invalid(), decoder: decoder) {
            try $0.joltRead($1, using: decode)
        }
    }

    /// `invalid`, recorded with `error` at the first present path of `paths`
    /// (whose value failed first).
    @usableFromInline
    func joltInvalid<T>(_ invalid: T, error: any Error, paths: [[Key]], decoder: any Decoder) -> T {
        guard decoder.isRecordingRecoveries else { return invalid }
        let present = joltFirstPresent(paths)
        joltRecord(decoder, paths.first ?? [], "\(Self.joltDescribe(error)); default \(String(describing: invalid)) used",
                   container: present?.container, key: present?.key)
        return invalid
    }

    /// Records `invalid` applied at `key` because of `error`.
    @usableFromInline
    func joltRecordInvalid<T>(_ invalid: T, error: any Error, key: Key, decoder: any Decoder) {
        joltRecord(decoder, [key], "\(Self.joltDescribe(error)); default \(String(describing: invalid)) used",
                   container: self, key: key)
    }

    /// An optional property none of whose paths holds a non-null value: nil when
    /// one of them is `null`, `missing` (recorded) when all are missing.
    @usableFromInline
    func joltMissingOptional<T>(_ paths: [[Key]], missing: @autoclosure () -> T?, decoder: any Decoder) -> T? {
        let present = paths.contains { path in _joltLocate(path).map { $0.container.contains($0.key) } ?? false }
        if present { return nil }
        let value = missing()
        if let value { joltRecord(decoder, paths.first ?? [], "missing; default \(value) used") }
        return value
    }

    /// The container at `path` (objects all the way), for a type read from a sub-tree.
    /// - Throws: the standard `keyNotFound` or `typeMismatch` error.
    @inlinable
    public func _joltNestedContainer(_ path: [Key]) throws -> KeyedDecodingContainer<Key> {
        var container = self
        for key in path { container = try container.nestedContainer(keyedBy: Key.self, forKey: key) }
        return container
    }

    @usableFromInline
    func joltMissing<T>(_ type: T.Type, paths: [[Key]]) -> DecodingError {
        let first = paths.first ?? []
        let located = _joltLocate(first)
        let keys = paths.map { $0.map(\.stringValue).joined(separator: ".") }
        return DecodingError.keyNotFound(first.last ?? _JoltAnyCodingKey(stringValue: ""), DecodingError.Context(
            codingPath: (located?.container.codingPath ?? codingPath), debugDescription: joltMissingDescription(keys)))
    }

    @usableFromInline
    func joltRecord(_ decoder: any Decoder, _ path: @autoclosure () -> [Key], _ reason: @autoclosure () -> String,
                            container: KeyedDecodingContainer<Key>? = nil, key: Key? = nil) {
        guard decoder.isRecordingRecoveries else { return }
        let base = (container?.codingPath ?? codingPath).dropFirst(decoder.codingPath.count)
        let extra: [any CodingKey] = container != nil ? Array(base) + [key!] : Array(base) + path()
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

/// The message of the `keyNotFound` the helpers throw when no key path holds a
/// value, each path written with dots: Jolt's, which the direct path's
/// `missingValue` gives too.
@usableFromInline
func joltMissingDescription(_ keys: [String]) -> String {
    ErrorMessages.noValue(forAnyOf: keys)
}
