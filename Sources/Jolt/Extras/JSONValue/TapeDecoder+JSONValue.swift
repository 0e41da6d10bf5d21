extension TapeDecoder {
    /// The ``JSONValue`` at tape index `i`, built from the tape: number text as
    /// written, members in document order, duplicate keys resolved by the
    /// decode's ``JoltDecoder/DuplicateKeyPolicy`` (and reported when a report is
    /// recorded).
    func jsonValue(at i: Int) throws -> JSONValue {
        var below: [any CodingKey] = []
        return try jsonValue(at: i, below: &below)
    }

    /// `below`: the keys from this decoder's value down to `i`, a stack kept
    /// for error paths.
    private func jsonValue(at i: Int, below: inout [any CodingKey]) throws -> JSONValue {
        let e = entries[i]
        switch e.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number:
            return .number(JSONNumber(validatedText: String(
                decoding: UnsafeBufferPointer(start: input + e.offset, count: e.length), as: UTF8.self)))
        case .string, .key:
            return .string(context.string(input + e.offset, count: e.length, escaped: e.isEscaped))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(e.count)
            var cursor = TapeElements(entries, array: i)
            while cursor.next() {
                below.append(JoltCodingKey.index(cursor.position))
                elements.append(try jsonValue(at: cursor.element, below: &below))
                below.removeLast()
            }
            return .array(elements)
        case .object:
            return .object(try jsonObject(at: i, below: &below))
        }
    }

    private func jsonObject(at i: Int, below: inout [any CodingKey]) throws -> JSONObject {
        let e = entries[i]
        var keys: [String] = [], values: [JSONValue] = []
        keys.reserveCapacity(e.count)
        values.reserveCapacity(e.count)
        // Positions by key, only once an object is large enough for a scan to cost.
        var positions: [String: Int]?
        var members = TapeMembers(entries, object: i)
        while members.next() {
            let j = members.key
            let key = keyString(at: j)
            let existing: Int? = positions.map { $0[key] } ?? keys.firstIndex(of: key)
            if let existing {
                switch context.duplicateKeyPolicy {
                case .reject:
                    throw context.duplicateKeyError(key, keyIndex: j, path: path + below)
                case .useLast:
                    below.append(JoltCodingKey.string(key))
                    values[existing] = try jsonValue(at: j &+ 1, below: &below)
                    below.removeLast()
                case .useFirst:
                    break
                }
                if context.isReporting {
                    context.recordDuplicateKey(key, keyIndex: j, objectPath: path + below)
                }
            } else {
                keys.append(key)
                below.append(JoltCodingKey.string(key))
                values.append(try jsonValue(at: j &+ 1, below: &below))
                below.removeLast()
                if positions != nil {
                    positions![key] = keys.count - 1
                } else if keys.count > JSONObject.indexThreshold {
                    positions = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices))
                }
            }
        }
        return JSONObject(uniqueKeys: keys, values: values)
    }
}
