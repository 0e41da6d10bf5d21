// JoltRuntimeShim: functions that Jolt declares with `@_silgen_name` and a
// signature other than their own, for what Swift code cannot say in its own
// module. Nothing here is imported: Jolt links this target and calls these
// functions under their symbol names. Never used outside Jolt.

/// A key type for the concrete keyed containers below; no value of it is
/// ever made.
///
/// ```swift
/// let layout = MemoryLayout<KeyedDecodingContainer<RuntimeShimKey>>.size   // 8: one reference
/// ```
public enum RuntimeShimKey: CodingKey {
    public var stringValue: String { "" }
    public var intValue: Int? { nil }
    public init?(stringValue: String) { nil }
    public init?(intValue: Int) { nil }
}

/// The keyed decoding container whose box is `box`, for any key type.
///
/// Jolt declares this function as
///
/// ```swift
/// @_silgen_name("jolt_keyed_decoding_container_from_box")
/// func keyedContainer<Key: CodingKey>(fromBox box: AnyObject) -> KeyedDecodingContainer<Key>
/// ```
///
/// A `KeyedDecodingContainer<Key>` is one reference to its box whatever its key
/// type, but its layout is the standard library's to change, so Swift code that
/// returns one without being specialized for `Key` looks its metadata up at run
/// time, in the runtime's cache, once per container.
/// This function's container type is concrete (its metadata is looked up once,
/// then cached where it is used), and it is returned the same way as the
/// generic one (into memory the caller passes); the generic declaration's extra
/// arguments (`Key`'s metadata and its `CodingKey` conformance) are not read.
/// The cast traps unless the container is exactly one reference.
@_silgen_name("jolt_keyed_decoding_container_from_box")
public func keyedDecodingContainer(fromBox box: AnyObject) -> KeyedDecodingContainer<RuntimeShimKey> {
    unsafeBitCast(box, to: KeyedDecodingContainer<RuntimeShimKey>.self)
}

/// The keyed encoding container whose box is `box`, for any key type: the
/// encoding side of ``keyedDecodingContainer(fromBox:)``. Jolt declares it as
///
/// ```swift
/// @_silgen_name("jolt_keyed_encoding_container_from_box")
/// func keyedEncodingContainer<Key: CodingKey>(fromBox box: AnyObject) -> KeyedEncodingContainer<Key>
/// ```
@_silgen_name("jolt_keyed_encoding_container_from_box")
public func keyedEncodingContainer(fromBox box: AnyObject) -> KeyedEncodingContainer<RuntimeShimKey> {
    unsafeBitCast(box, to: KeyedEncodingContainer<RuntimeShimKey>.self)
}
