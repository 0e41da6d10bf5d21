extension TapeDecoder {
    /// Calls `body` with the UTF-8 bytes of the string at tape index `i` (in
    /// place in the input, or unescaped into a temporary); nil, without calling
    /// it, if the value is not a string.
    @inline(__always)
    func withStringBytes<R>(at i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        let e = entries[i]
        guard e.rawKind == TapeKind.string.rawValue else { return nil }
        if !e.isEscaped { return try body(UnsafeBufferPointer(start: input + e.offset, count: e.length)) }
        var string = context.string(input + e.offset, count: e.length, escaped: true)
        return try string.withUTF8(body)
    }

    /// ``withStringBytes(at:_:)`` for the value this decoder stands on.
    @inline(__always)
    func withCurrentStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try withStringBytes(at: index, body)
    }
}

extension TapeDecoder {
    /// The string value at `decoder` read by `parse` (nil when `parse` gives
    /// nil): straight from the input bytes under ``JoltDecoder``, through the
    /// decoded `String` under any other decoder. For the property wrappers that
    /// parse text (dates, Base64, hex).
    /// - Throws: the decoder's own error (`typeMismatch`, `valueNotFound`) when
    ///   the value is not a string.
    @inline(__always)
    static func parseString<R>(at decoder: any Decoder, _ parse: (UnsafeBufferPointer<UInt8>) -> R?) throws -> R? {
        if let tape = of(decoder), let parsed = tape.withCurrentStringBytes(parse) { return parsed }
        var string = try decoder.singleValueContainer().decode(String.self)
        return string.withUTF8(parse)
    }
}

extension TapeDecoder {
    /// `decoder` as the ``TapeDecoder`` it is, or nil: a comparison of type
    /// metadata instead of a dynamic cast (`as?` costs a `swift_dynamicCast` on
    /// every property wrapper decode).
    @inline(__always)
    static func of(_ decoder: any Decoder) -> TapeDecoder? {
        let dynamicType = type(of: decoder)
        guard dynamicType == TapeDecoder.self || dynamicType == ContainerAux.self else { return nil }
        // D is TapeDecoder or its subclass ContainerAux (checked above): a class
        // reference, bit-cast to a reference to its own class or its superclass,
        // which is the same reference. (`unsafeDowncast` would need an `AnyObject`,
        // and `as AnyObject` on a generic value is a dynamic cast.)
        func reinterpret<D: Decoder>(_ decoder: D) -> TapeDecoder { reinterpretBits(decoder, as: TapeDecoder.self) }
        return reinterpret(decoder)
    }

    /// `unsafeBitCast` between two types of the same size, known to the caller.
    @inline(__always)
    private static func reinterpretBits<From, To>(_ value: From, as type: To.Type) -> To {
        unsafeBitCast(value, to: To.self)
    }
}
