#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The last `KeyedDecodingContainer` made for each key type, handed out again
/// once the `init(from:)` that asked for it has let go of it.
///
/// A new `KeyedDecodingContainer<Key>` costs two generic metadata lookups in the
/// runtime's caches (`TapeKeyedContainer<Key>` and the standard library's box
/// around it), a witness table lookup and a heap allocation, once per JSON
/// object decoded through a keyed container. Most containers live
/// only while one `init(from:)` runs, and the next object of the same type (the
/// next element of an array) asks for one with the same key type. When this
/// cache holds the only reference to the container it made last for the key
/// type, the container's fields (``KeyedContainerFields``) are written over in
/// place and the same container is returned, through
/// ``keyedContainer(fromBox:)``: returning it from Swift code would cost one
/// more metadata lookup (`KeyedDecodingContainer<Key>`, in the runtime's cache),
/// which unspecialized code needs to learn the layout of a standard library type.
///
/// - Only the cache's own reference lets a container be reused: one that an
///   `init(from:)` still holds (a parent of the same type, a second container
///   asked for while the first is in use, one stored in a property) is never
///   written over.
/// - The box stores the container right after the object header. That is
///   checked for every box before it enters the cache (its bytes there must be
///   the fields just given); a box laid out otherwise is never reused.
/// - A cache belongs to a ``DecodeScratch``: a decoder lends its scratches to
///   one decode at a time (``DecoderCaches``), a stream keeps one for its
///   elements. When a decode ends, ``detach()`` points the cached containers at
///   a placeholder (they held decoders, which hold the decode's context), and
///   the decode's context lets go of the cache, so that a decoder kept past the
///   decode caches nothing.
/// - Used by one decode, or one stream, at a time: never by two threads at once.
///
/// ```swift
/// let cache = KeyedContainerCache()
/// let container: KeyedDecodingContainer<Key> = cache.container(Key.self, fields)
/// cache.detach()   // at the end of the decode
/// ```
final class KeyedContainerCache {
    /// The mutable state, behind a pointer (a class's stored `var`s would cost
    /// a dynamic exclusivity check on every access).
    private struct State {
        /// What containers kept between decodes point at (see ``detach()``),
        /// with the one byte of input its context borrows.
        var placeholder: TapeDecoder?
        var placeholderInput: UnsafeMutableRawPointer?
    }

    private let state: UnsafeMutablePointer<State>
    /// The key types met and their containers' boxes.
    private let table = ContainerBoxTable()

    /// An empty cache.
    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        table.deallocate()
        state.pointee.placeholder = nil
        state.pointee.placeholderInput?.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// A container for `Key` holding `fields`: the cached one, refilled, when
    /// nothing else holds it; otherwise a new one.
    @inline(__always)
    func container<Key: CodingKey>(_ key: Key.Type, _ fields: KeyedContainerFields) -> KeyedDecodingContainer<Key> {
        // (The box is returned as an `AnyObject`: an optional container would need
        // the metadata of `Optional<KeyedDecodingContainer<Key>>`, looked up at run
        // time in this unspecialized code.)
        if let box = table.unsharedBox(ObjectIdentifier(Key.self)) {
            ContainerBoxTable.fields(of: box, as: KeyedContainerFields.self).pointee = fields
            // The box came out of a container of this key type (makeContainer).
            return keyedContainer(fromBox: box)
        }
        return makeContainer(key, fields)
    }

    /// A new container. The first time a type is met, the table only records
    /// it, and the container is returned as made: taking its box out (and
    /// returning it after) costs two more metadata lookups, worth paying only
    /// for a type met again. From the second time on, the box is cached.
    @inline(never)
    private func makeContainer<Key: CodingKey>(_ key: Key.Type, _ fields: KeyedContainerFields) -> KeyedDecodingContainer<Key> {
        guard let slot = table.slotMetBefore(ObjectIdentifier(Key.self)) else {
            return KeyedDecodingContainer(TapeKeyedContainer<Key>(fields: fields))
        }
        let container = KeyedDecodingContainer(TapeKeyedContainer<Key>(fields: fields))
        let box = unsafeBitCast(container, to: AnyObject.self)
        if Self.holds(box, fields) { ContainerBoxTable.keep(box, in: slot) }
        return container
    }

    /// Whether `box` stores `fields` where ``container(_:_:)`` writes them.
    private static func holds(_ box: AnyObject, _ fields: KeyedContainerFields) -> Bool {
        guard MemoryLayout<KeyedContainerFields>.size == 13 else { return false }
        let storage = UnsafeRawPointer(ContainerBoxTable.fields(of: box, as: KeyedContainerFields.self))
        return storage.load(as: UInt.self) == UInt(bitPattern: Unmanaged.passUnretained(fields.decoder).toOpaque())
            && storage.load(fromByteOffset: 8, as: UInt32.self) == fields.object32
            && storage.load(fromByteOffset: 12, as: Bool.self) == fields.hasAux
    }

    /// Ends one decode of several that share this cache (the elements of a
    /// stream): each cached container nothing else holds is pointed at a
    /// placeholder decoder, so that it no longer holds the decode's state and
    /// the next decode finds it ready; one something still holds is dropped.
    func detach() {
        let placeholder = state.pointee.placeholder ?? makePlaceholder()
        table.keepUnsharedBoxes {
            ContainerBoxTable.fields(of: $0, as: KeyedContainerFields.self).pointee = KeyedContainerFields(placeholder: placeholder)
        }
    }

    /// A decoder over an empty tape, with its own context.
    private func makePlaceholder() -> TapeDecoder {
        let input = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        input.storeBytes(of: UInt8(ascii: " "), as: UInt8.self)
        let entries = malloc(MemoryLayout<TapeEntry>.stride)!.bindMemory(to: TapeEntry.self, capacity: 1)
        entries.initialize(to: TapeEntry(kind: .null, offset: 0, payload: 0))
        let context = DecodingContext(tape: Tape(entries: entries, count: 0, capacity: 1),
                                      input: UnsafeRawBufferPointer(start: input, count: 1), options: DecoderOptions())
        let decoder = TapeDecoder(context: context, index: 0, path: [])
        state.pointee.placeholderInput = input
        state.pointee.placeholder = decoder
        return decoder
    }
}

/// The container whose box is `box` (implemented in JoltRuntimeShim, for a
/// concrete key type: the result is the same one reference whatever the key
/// type). Returning a `KeyedDecodingContainer<Key>` from Swift code that is not
/// specialized for `Key` looks up its metadata at run time, because its layout is
/// the standard library's to change (a look-up in the runtime's cache, once
/// per container); this returns the box without that lookup.
///
/// `box` must have been taken out of a `KeyedDecodingContainer<Key>` by
/// `unsafeBitCast` (which traps unless the container is exactly one reference).
///
/// ```swift
/// let box = unsafeBitCast(container, to: AnyObject.self)
/// let again: KeyedDecodingContainer<Key> = keyedContainer(fromBox: box)
/// ```
@_silgen_name("jolt_keyed_decoding_container_from_box")
func keyedContainer<Key: CodingKey>(fromBox box: AnyObject) -> KeyedDecodingContainer<Key>
