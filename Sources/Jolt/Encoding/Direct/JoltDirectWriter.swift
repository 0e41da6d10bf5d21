/// The slot of one value a `_JoltDirectEncodable` type writes itself into:
/// what its generated `encode(to:)` gets from a ``JoltEncoder``'s `Encoder`.
///
/// ```swift
/// func encode(to encoder: any Encoder) throws {
///     if let writer = _JoltDirectWriter(encoder) { return try joltDirectEncode(to: writer) }
///     // the container code, for any other encoder
/// }
///
/// func joltDirectEncode(to writer: _JoltDirectWriter) throws {
///     let object = writer.object()
///     try object.encode(id, forKey: CodingKeys.id, "\"id\"")
/// }
/// ```
public struct _JoltDirectWriter {
    let slot: JoltByteEncoder

    /// The writer of `encoder`'s slot, or nil when `encoder` is not a
    /// ``JoltEncoder``'s or its encode does not take the direct path (see
    /// `_JoltDirectEncodable`).
    @inline(__always)
    public init?(_ encoder: any Encoder) {
        // A type test, then the reference taken as it is: no cast.
        guard ObjectIdentifier(type(of: encoder)) == ObjectIdentifier(JoltByteEncoder.self) else { return nil }
        let slot = Self.slot(encoder)
        // (A slot with `rawKeys` set is never asked: that takes a key strategy,
        // under which `writesDirectly` is false.)
        guard slot.core.writesDirectly else { return nil }
        self.slot = slot
    }

    /// `encoder`, a `JoltByteEncoder` (the caller checked its type), opened
    /// from its existential and taken as that class (``identityCast(_:to:)``).
    /// `encoder as AnyObject` would box it through the runtime's bridging, on
    /// every call (a noticeable share of an encode).
    @inline(__always)
    private static func slot<E: Encoder>(_ encoder: E) -> JoltByteEncoder {
        identityCast(encoder, to: JoltByteEncoder.self)
    }

    init(slot: JoltByteEncoder) {
        self.slot = slot
    }

    /// The slot as an `Encoder`, for the hooks and flattened properties (the
    /// same slot `encode(to:)` gets).
    public var encoder: any Encoder { slot }

    /// The object the value's members go into, as
    /// `encoder.container(keyedBy:)` would give it (the same object when asked again).
    ///
    /// With `distinctKeys` (the macros' code: they refuse two properties with
    /// one key), the keys written through it are all different: while the
    /// object holds only them, none is compared with those before it. Keys
    /// written into it otherwise (a flattened value, a hook) still are, and so
    /// are all keys of an object that was open already.
    public func object(distinctKeys: Bool = false) -> _JoltDirectObject {
        let (index, id, opened) = slot.openObject()
        return _JoltDirectObject(slot: slot, index: index, id: id, checksKeys: !(distinctKeys && opened))
    }
}
