/// What an encode may keep from the encodes before it: the boxes of its keyed
/// containers (``KeyedEncodingContainerCache``'s table), the memory of its
/// output buffer and of its stacks. The encoding side of ``DecodeScratch``.
///
/// An encoder lends one from its ``EncoderCaches`` to each encode. A small
/// response then pays neither for its output buffer and stacks nor for a new
/// container per object type (generic metadata look-ups in the runtime and an
/// allocation each), nor for the table that keeps them: most of an encode's
/// allocations, and for a small response a large share of its work. An
/// encoder's first encode gets none (see ``EncoderCaches``).
///
/// Each encode still has its own ``EncodingCore``, and its own encoder slots
/// (``JoltByteEncoder``, whose core is a `let`: a `var` would cost a retain and
/// a release at each use, a noticeable share of a direct encode). The containers kept
/// here are pointed at a placeholder core when the encode ends
/// (``keep(from:)``), and at the next encode's core as each is handed out.
/// What something else still holds when the encode ends (a container kept past
/// its `encode(to:)`) is never kept.
///
/// Used by one encode at a time: the pool hands it to one encode, and takes it
/// back when that encode has ended (hence `@unchecked Sendable`).
///
/// ```swift
/// let scratch = caches.borrow()
/// defer { caches.giveBack(scratch) }
/// let core = EncodingCore(options: options, scratch: scratch)
/// // … encode, read the output …
/// core.finish(into: scratch)
/// ```
final class EncodeScratch: @unchecked Sendable {
    /// The containers' table, its boxes pointed at ``placeholder``.
    private var containers: ContainerBoxTable?
    private var writer: ByteWriter?
    private var frames: [EncodingCore.Frame] = []
    private var members: [EncodingCore.Member] = []
    private var path: [any CodingKey] = []
    /// What kept containers hold between encodes, instead of the core of the
    /// encode that made them (made by the first ``keep(from:)`` that is given containers).
    private var placeholder: EncodingCore?

    /// The largest output buffer kept: 256 KiB. A larger one is freed, so that
    /// an idle scratch never holds more.
    static var maxWriterCapacity: Int { 256 << 10 }
    /// The most entries a kept stack may have room for (members of open
    /// objects, open containers, coding path keys): a deeper or wider encode's
    /// stacks are freed.
    static var maxStackCapacity: Int { 1024 }

    init() {}

    deinit {
        containers?.deallocate()
        writer?.deallocate()
    }

    // MARK: Taken by a new core

    /// The kept output buffer, emptied, which the caller now owns.
    func takeWriter() -> ByteWriter? {
        defer { writer = nil }
        return writer
    }

    /// The kept containers' table, which the caller now owns.
    func takeContainers() -> ContainerBoxTable? {
        defer { containers = nil }
        return containers
    }

    /// The kept stacks (empty, with their capacity).
    func takeStacks() -> (frames: [EncodingCore.Frame], members: [EncodingCore.Member], path: [any CodingKey]) {
        defer { frames = []; members = []; path = [] }
        return (frames, members, path)
    }

    // MARK: Given back by a finished core

    /// Keeps what `core`, whose encode has ended (its output read), leaves:
    /// whatever is not too large and that nothing else holds. What this scratch
    /// holds already stays, and `core`'s is freed. `core` lets go of it all.
    func keep(from core: EncodingCore) {
        if let table = core.state.pointee.keyedContainers.surrender() {
            if containers == nil {
                KeyedEncodingContainerCache.detach(table, to: placeholder ?? makePlaceholder())
                containers = table
            } else {
                table.deallocate()
            }
        }
        // The free slots refer to the core.
        core.freeEncoders.removeAll()
        if writer == nil, core.writer.capacity <= Self.maxWriterCapacity {
            writer = core.surrenderWriter()
        }
        let stacks = core.surrenderStacks()
        if frames.capacity == 0, stacks.frames.capacity <= Self.maxStackCapacity { frames = stacks.frames }
        if members.capacity == 0, stacks.members.capacity <= Self.maxStackCapacity { members = stacks.members }
        if path.capacity == 0, stacks.path.capacity <= Self.maxStackCapacity { path = stacks.path }
    }

    private func makePlaceholder() -> EncodingCore {
        let core = EncodingCore(options: EncoderOptions(), capacity: 64)
        placeholder = core
        return core
    }

    // MARK: For tests

    /// Whether an output buffer is kept, and its capacity.
    var keptWriterCapacity: Int? { writer?.capacity }
    /// How many key types the kept table holds (nil: no table).
    var keptContainerTypes: Int? { containers?.count }
    /// The boxes of the kept containers.
    var keptBoxes: [AnyObject] {
        var boxes: [AnyObject] = []
        containers?.forEachBox { boxes.append($0.unsafelyUnwrapped) }
        return boxes
    }
    /// The capacity of the kept members' stack.
    var keptMembersCapacity: Int { members.capacity }
}
