/// A cursor over the elements of an array whose element type reads itself
/// directly: what `_.decode(_:forKey:)-([T].Type,_)` builds
/// its array with. That function is `@inlinable`, so the array is built where
/// the element type is concrete (the code the macros write): `[T]`'s metadata is
/// known there, where the decoder's generic code would look it up for every
/// array and go through value witnesses for each element.
///
/// While the cursor is open the decoder stands on the array, with its key on the
/// coding path, as ``TapeDecoder/unwrapArray(at:_:_:_:)`` puts it; ``finish()``
/// restores both. Each element is read as a property of that type is
/// (``TapeDecoder/decodeDirectValue(_:at:key:)``), with its index on the path.
///
/// ```swift
/// guard let count = try directElementCount(T.self) else { … }
/// if count == 0 { return [] }
/// var elements = openElements(count: count, forKey: key)
/// defer { elements.finish() }
/// var result: [T] = []
/// result.reserveCapacity(elements.count)
/// while elements.next() { result.append(try elements.decode(T.self)) }
/// ```
@usableFromInline
struct _JoltDirectElements {
    /// The position among the array's elements.
    @usableFromInline var cursor: TapeElements
    /// The number of elements.
    @usableFromInline let count: Int
    let tape: TapeDecoder
    let savedIndex: Int
    /// The type of the array's key, nil when none was pushed, and whether it
    /// is pending (see `TapeDecoder+PendingKeys.swift`).
    let keyType: (any CodingKey.Type)?
    let pending: Bool

    /// Opens the array at `array`, of `count` elements (at least one): the
    /// decoder stands on it with `key` pushed.
    init<K: CodingKey>(_ tape: TapeDecoder, array: Int, count: Int, key: K) {
        self.tape = tape
        cursor = TapeElements(tape.entries, array: array)
        self.count = count
        if K.self != NoKey.self {
            keyType = K.self
            pending = tape.pushKey(key)
        } else {
            keyType = nil
            pending = false
        }
        savedIndex = tape.index
        tape.index = array
    }

    /// Moves to the next element; false past the last one.
    @inlinable
    mutating func next() -> Bool {
        cursor.next()
    }

    /// The current element, read directly (or, when that fails, through its
    /// `init(from:)`, which throws the real error).
    @usableFromInline
    func decode<T: _JoltDirectDecodable>(_ type: T.Type) throws -> T {
        try tape.decodeDirectElement(type, at: cursor.element, position: cursor.position)
    }

    /// Puts the decoder back where it stood before the array was opened.
    @usableFromInline
    func finish() {
        tape.index = savedIndex
        if let keyType { tape.popKey(pending: pending, keyType) }
    }
}
