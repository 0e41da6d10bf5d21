extension TapeDecoder {
    /// Calls `body` with the UTF-8 bytes of the string this decoder stands on
    /// (in place in the input, or unescaped into a temporary); nil, without
    /// calling it, if the value is not a string.
    func withCurrentStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        let e = entries[index]
        guard e.rawKind == TapeKind.string.rawValue else { return nil }
        if !e.isEscaped { return try body(UnsafeBufferPointer(start: input + e.offset, count: e.length)) }
        var string = StringDecoding.string(input + e.offset, count: e.length, escaped: true)
        return try string.withUTF8(body)
    }
}

extension TapeDecoder {
    /// `decoder` as the ``TapeDecoder`` it is, or nil: a comparison of type
    /// metadata instead of a dynamic cast (`as?` costs a `swift_dynamicCast` on
    /// every property wrapper decode).
    @inline(__always)
    static func of(_ decoder: any Decoder) -> TapeDecoder? {
        guard type(of: decoder) == TapeDecoder.self else { return nil }
        func reinterpret<D: Decoder>(_ decoder: D) -> TapeDecoder { unsafeBitCast(decoder, to: TapeDecoder.self) }
        return _openExistential(decoder, do: reinterpret)
    }
}
