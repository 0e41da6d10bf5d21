extension PolymorphicRegistry {
    /// Decodes the array `decoder` stands on, each element by its
    /// discriminator. With `lossy`, an element that does not decode is dropped
    /// and recorded as `.droppedElement` with its index; otherwise its error is
    /// thrown. Works with any `Decoder`.
    ///
    /// ```swift
    /// init(from decoder: any Decoder) throws {
    ///     items = try Self.registry.decodeArray(from: decoder, lossy: true)
    /// }
    /// ```
    public func decodeArray(from decoder: any Decoder, lossy: Bool = false) throws -> [Base] {
        if let tape = TapeDecoder.of(decoder) { return try decodeArray(tape, lossy: lossy) }
        var container = try decoder.unkeyedContainer()
        var result: [Base] = []
        if let count = container.count { result.reserveCapacity(count) }
        while !container.isAtEnd {
            let index = container.currentIndex
            // `superDecoder()` moves past the element whether it decodes or not.
            let element = try container.superDecoder()
            do {
                result.append(try decode(from: element))
            } catch where lossy {
                if decoder.isRecordingRecoveries { decoder.recordDroppedElement(index, entry: nil, error: error) }
            }
        }
        return result
    }

    /// ``decodeArray(from:lossy:)`` on the tape: the decoder steps onto each
    /// element in turn (no decoder or container per element).
    func decodeArray(_ decoder: TapeDecoder, lossy: Bool) throws -> [Base] {
        let array = decoder.index
        // The errors for null or a non-array value.
        _ = try decoder.unkeyedContainer(at: array, extra: [])
        var result: [Base] = []
        result.reserveCapacity(decoder.entries[array].count)
        var elements = TapeElements(decoder.entries, array: array)
        while elements.next() {
            do {
                result.append(try decoder.with(index: elements.element, extra: [], key: JoltCodingKey.index(elements.position)) {
                    try decode(decoder)
                })
            } catch where lossy {
                if decoder.context.isReporting { decoder.recordDroppedElement(elements.position, entry: elements.element, error: error) }
            }
        }
        return result
    }

    /// Encodes `values` as an array, each with its discriminator (see ``encode(_:to:)``).
    public func encodeArray(_ values: [Base], to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for value in values {
            try encode(value, to: container.superEncoder())
        }
    }
}
