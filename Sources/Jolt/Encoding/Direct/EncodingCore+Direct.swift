extension EncodingCore {
    /// A `_JoltDirectEncodable` value at a member or element just started, as
    /// ``encodeNested(_:key:pathCount:extraPath:)`` encodes any value (in
    /// ``inNestedSlot(key:pathCount:extraPath:_:)``), without its tests for the
    /// types written in place or by strategies: the value writes itself directly.
    func encodeNestedDirect<T: _JoltDirectEncodable>(_ value: T, key: some CodingKey, pathCount: Int, extraPath: [any CodingKey]) throws {
        try inNestedSlot(key: key, pathCount: pathCount, extraPath: extraPath) { slot in
            try value.joltDirectEncode(to: _JoltDirectWriter(slot: slot))
        }
    }

    /// An array of `_JoltDirectEncodable` values at a member just started, laid
    /// out as `Array.encode(to:)` lays it out through an unkeyed container (the
    /// array's key on the coding path, each element's index below it), each
    /// element written directly.
    func encodeDirectArray<T: _JoltDirectEncodable>(_ array: [T], key: some CodingKey, pathCount: Int, extraPath: [any CodingKey]) throws {
        pushPath(pathCount: pathCount, extraPath: extraPath, key: key)
        let depth = frames.count
        let elementPathCount = path.count
        let id = openFrame(isObject: false)
        // Indexed: `enumerated()` in this unspecialized code asks the runtime for
        // the metadata of its sequence, iterator and tuple, per array and element.
        var offset = 0
        while offset < array.count {
            // The element before closed what it opened: the array is on top.
            guard beginArrayElement(depth, id, idBits: 64) else { throw failure! }
            try encodeNestedDirect(array[offset], key: JoltCodingKey.index(offset), pathCount: elementPathCount, extraPath: [])
            offset += 1
        }
        closeFrames(downTo: depth)
        path.removeSubrange(min(pathCount, path.count)...)
    }
}
