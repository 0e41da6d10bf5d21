/// Decodes anything and keeps nothing: moves an unkeyed container past an
/// element that failed to decode (a failed `decode` does not advance it, in
/// Foundation as in Jolt).
struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// The lossy loops behind ``LossyArray``, ``LossySet`` and ``LossyDictionary``.
enum LossyDecoding {
    /// The elements of the array `decoder` stands on that decode as `Element`;
    /// each one that does not (null included) is dropped and recorded as
    /// `.droppedElement` with its index and the error.
    static func elements<Element: Decodable>(_ type: Element.Type, from decoder: any Decoder) throws -> [Element] {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                elements.append(try container.decode(Element.self))
            } catch {
                if decoder.isRecordingRecoveries {
                    // The element's tape entry, for the report's offset (a failed decode
                    // leaves the cursor on it).
                    let entry = (container as? TapeUnkeyedContainer)?.cursor
                    _ = try container.decode(SkippedValue.self)
                    decoder.recordDroppedElement(index, entry: entry, error: error)
                } else {
                    _ = try container.decode(SkippedValue.self)
                }
            }
        }
        return elements
    }

    /// A short description of a decoding error, for reports.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(let type, let context): return "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "expected \(type), found null: \(context.debugDescription)"
        case .keyNotFound(let key, _): return "missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}
