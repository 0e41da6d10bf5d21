/// Containers used after their decoder moved on.
///
/// A container does not store its coding path: it asks the decoder's (plus its
/// own `extra` keys), which is right while the decoder stands on the value the
/// container was made on, its *anchor*: always so inside the `init(from:)` that
/// made it. A container kept past that (in a property, from one element of an
/// array, until after the decode) would otherwise report, and give the values
/// it decodes, the path of wherever the decoder is by then. Foundation's
/// containers each keep their own path.
///
/// So every container operation that hands the decoder's path on (decoding a
/// value, making a nested container) first checks that the decoder stands on
/// the anchor; when it is elsewhere, ``restanding(on:_:)`` puts it back there for
/// the operation, with the anchor's path worked out from the tape, and moves it
/// back after. ``codingPath`` and the errors built from it ask ``path(to:)``.
/// The `decode` methods write the check out: wrapping their body in
/// ``standing(on:_:)`` costs more, on every value decoded.
///
/// ```swift
/// try decoder.standing(on: anchor) {
///     try decoder.unwrap(type, at: value, extra: extra, key: key)
/// }
/// ```
extension TapeDecoder {
    /// Runs `body` with this decoder standing on `anchor` (a tape index): at
    /// once when it already does (the common case), else through ``restanding(on:_:)``.
    @inline(__always)
    func standing<R>(on anchor: Int, _ body: () throws -> R) rethrows -> R {
        if _fastPath(index == anchor) { return try body() }
        return try restanding(on: anchor, body)
    }

    /// ``standing(on:_:)`` for a container used after the decoder moved on.
    @inline(never)
    func restanding<R>(on anchor: Int, _ body: () throws -> R) rethrows -> R {
        let savedIndex = index
        let savedPath = path
        path = path(to: anchor)
        index = anchor
        defer {
            index = savedIndex
            path = savedPath
        }
        return try body()
    }

    /// The coding path of the value at tape index `target`: the decoder's own
    /// path when it stands there, else worked out from the tape below where this
    /// decoder was made to stand (``base``), or from the root when `target` is
    /// not inside that value.
    ///
    /// Object members are named by their keys (converted under the key
    /// strategy, as the keys a model asks for are), array elements by
    /// `"Index n"`. A path made inside an `init(from:)` can differ in the key
    /// types it holds (a model's own `CodingKeys`) but not in their
    /// `stringValue`s and `intValue`s.
    func path(to target: Int) -> [any CodingKey] {
        if index == target { return path }
        var (i, path) = base
        if !(i == target || i < target && target < next(after: i)) {
            (i, path) = (0, [])
        }
        descent: while i != target {
            switch entries[i].kind {
            case .object:
                var members = TapeMembers(entries, object: i)
                while members.next() {
                    if target < members.following {
                        path.append(memberKey(at: members.key, below: path))
                        i = members.value
                        continue descent
                    }
                }
            case .array:
                var elements = TapeElements(entries, array: i)
                while elements.next() {
                    if target < elements.following {
                        path.append(JoltCodingKey.index(elements.position))
                        i = elements.element
                        continue descent
                    }
                }
            default:
                break
            }
            // Not inside: the tape index stands for no value (a missing one).
            break
        }
        return path
    }

    /// The coding key of the member whose key entry is at `keyIndex`, in an
    /// object whose path is `path`: the key as the key strategy converts it.
    private func memberKey(at keyIndex: Int, below path: [any CodingKey]) -> any CodingKey {
        let raw = keyString(at: keyIndex)
        if context.usesDefaultKeys { return JoltCodingKey.string(raw) }
        let strategy = options.keyDecodingStrategy
        if case .custom(let convert) = strategy {
            return convert(path + [JoltCodingKey.string(raw)])
        }
        return JoltCodingKey.string(strategy.foldsCase ? raw : JoltDecoder.KeyDecodingStrategy.convert(raw, strategy))
    }
}
