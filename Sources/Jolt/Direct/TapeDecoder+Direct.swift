extension TapeDecoder {
    /// Decodes the object at `i` as `T` through its ``JoltDirectDecodable``
    /// conformance `direct` (the same type), with this decoder standing on it
    /// and its path extended by `extra` and `key`, as for `init(from:)`.
    ///
    /// The direct path builds no error. When it throws, the value is decoded
    /// again through `init(from:)` with the direct path off below it: that
    /// decode throws the error, message and coding path Foundation's would (or,
    /// should the two ever disagree, gives the value `init(from:)` gives).
    @inline(never)
    func decodeDirect<T: Decodable, K: CodingKey>(_ direct: any JoltDirectDecodable.Type, _ type: T.Type, at i: Int,
                                                  _ extra: [any CodingKey], _ key: K) throws -> T {
        try with(index: i, extra: extra, key: key) {
            do {
                return try Self.readDirect(direct, JoltDirectReader(self), as: T.self)
            } catch {
                context.containerState.pointee.directSuspended &+= 1
                defer { context.containerState.pointee.directSuspended &-= 1 }
                return try type.init(from: self)
            }
        }
    }

    /// `D.joltDirectDecode(_:)` as a `T`: the caller checked that `D` is `T`.
    private static func readDirect<D: JoltDirectDecodable, T>(_ direct: D.Type, _ reader: JoltDirectReader, as: T.Type) throws -> T {
        identityCast(try D.joltDirectDecode(reader), to: T.self)
    }
}
