/// The last `KeyedEncodingContainer` made for each key type during one encode,
/// handed out again once the `encode(to:)` that asked for it has let go of it:
/// the encoding side of ``KeyedContainerCache``.
///
/// A new `KeyedEncodingContainer<Key>` costs generic metadata and witness table
/// lookups in the runtime's caches (`JoltKeyedContainer<Key>`, the standard
/// library's box around it and its conformance, `KeyedEncodingContainer<Key>`)
/// and a heap allocation, once per object encoded through a keyed container.
/// When this cache holds the only reference to the container it made last for
/// the key type, the container's state (``KeyedEncoderFields``) is written over
/// in place, and the same container is returned through
/// `keyedEncodingContainer(fromBox:)` (without looking up its metadata).
///
/// - Only the cache's own reference lets a container be reused: one that an
///   `encode(to:)` still holds (a parent of the same type, a container kept in
///   a property) is never written over.
/// - The box stores the container right after the object header. That is
///   checked for every box before it enters the cache (its words there must be
///   the fields just given); a box laid out otherwise is never reused.
/// - Cached containers hold the encode's core, which holds the cache: the
///   encode ends with ``close()``, which lets go of them, or hands the table to
///   an ``EncodeScratch`` for the next encode (``surrender()``, ``detach(_:to:)``).
/// - Used by one encode at a time, as its core is, which stores it (a value,
///   not one more object to allocate for every encode); it frees its table
///   when the core is freed.
///
/// ```swift
/// var cache = KeyedEncodingContainerCache()
/// let container: KeyedEncodingContainer<Key> = cache.container(Key.self, fields)
/// cache.close()   // at the end of the encode
/// ```
struct KeyedEncodingContainerCache: ~Copyable {
    /// The key types met and their containers' boxes, made when the first
    /// container is asked for (an encode of no keyed value needs none).
    private var table: ContainerBoxTable?

    init() {}

    deinit {
        table?.deallocate()
    }

    /// A container for `Key` holding `fields`: the cached one, refilled, when
    /// nothing else holds it; otherwise a new one.
    @inline(__always)
    mutating func container<Key: CodingKey>(_ key: Key.Type, _ fields: KeyedEncoderFields) -> KeyedEncodingContainer<Key> {
        if let table, let box = table.unsharedBox(ObjectIdentifier(Key.self)) {
            ContainerBoxTable.fields(of: box, as: KeyedEncoderFields.self).pointee = fields
            // The box came out of a container of this key type (makeContainer).
            return keyedEncodingContainer(fromBox: box)
        }
        return makeContainer(key, fields)
    }

    /// A new container. The first time a type is met, the table only records
    /// it; from the second time on, the box is cached (see ``KeyedContainerCache``).
    @inline(never)
    private mutating func makeContainer<Key: CodingKey>(_ key: Key.Type, _ fields: KeyedEncoderFields) -> KeyedEncodingContainer<Key> {
        let table = self.table ?? makeTable()
        guard let slot = table.slotMetBefore(ObjectIdentifier(Key.self)) else {
            return KeyedEncodingContainer(JoltKeyedContainer<Key>(fields: fields))
        }
        let container = KeyedEncodingContainer(JoltKeyedContainer<Key>(fields: fields))
        let box = unsafeBitCast(container, to: AnyObject.self)
        if Self.holds(box, fields) { ContainerBoxTable.keep(box, in: slot) }
        return container
    }

    private mutating func makeTable() -> ContainerBoxTable {
        let table = ContainerBoxTable()
        self.table = table
        return table
    }

    /// Whether `box` stores `fields` where ``container(_:_:)`` writes them (the
    /// core, and the object's place and id, which no other open object shares).
    private static func holds(_ box: AnyObject, _ fields: KeyedEncoderFields) -> Bool {
        typealias Layout = MemoryLayout<KeyedEncoderFields>
        guard let core = Layout.offset(of: \.core), let index = Layout.offset(of: \.index),
              let id = Layout.offset(of: \.id) else { return false }
        let storage = UnsafeRawPointer(ContainerBoxTable.fields(of: box, as: KeyedEncoderFields.self))
        return storage.load(fromByteOffset: core, as: UInt.self) == UInt(bitPattern: Unmanaged.passUnretained(fields.core).toOpaque())
            && storage.load(fromByteOffset: index, as: Int.self) == fields.index
            && storage.load(fromByteOffset: id, as: Int.self) == fields.id
    }

    /// Lets go of every cached container (and the core they hold).
    func close() {
        table?.removeBoxes()
    }

    /// Starts with `table`, kept from an earlier encode (see ``EncodeScratch``),
    /// which the cache now owns. Only for a cache that has made no table yet.
    mutating func adopt(_ table: ContainerBoxTable?) {
        precondition(self.table == nil)
        self.table = table
    }

    /// The table, which the caller now owns (the cache has none after this).
    mutating func surrender() -> ContainerBoxTable? {
        defer { table = nil }
        return table
    }

    /// Points the containers of `table` that nothing else holds at `core` (as
    /// containers for no object, whose every write fails), and lets go of the
    /// others: what a table kept between encodes holds instead of the encode
    /// that made it.
    static func detach(_ table: ContainerBoxTable, to core: EncodingCore) {
        table.keepUnsharedBoxes { ContainerBoxTable.fields(of: $0, as: KeyedEncoderFields.self).pointee = .dead(core) }
    }
}

/// The container whose box is `box` (implemented in JoltRuntimeShim, for a
/// concrete key type: the result is the same one reference whatever the key
/// type), without looking up `KeyedEncodingContainer<Key>`'s metadata; see
/// `keyedContainer(fromBox:)` for the decoding side.
///
/// `box` must have been taken out of a `KeyedEncodingContainer<Key>` by
/// `unsafeBitCast` (which traps unless the container is exactly one reference).
///
/// ```swift
/// let box = unsafeBitCast(container, to: AnyObject.self)
/// let again: KeyedEncodingContainer<Key> = keyedEncodingContainer(fromBox: box)
/// ```
@_silgen_name("jolt_keyed_encoding_container_from_box")
func keyedEncodingContainer<Key: CodingKey>(fromBox box: AnyObject) -> KeyedEncodingContainer<Key>
