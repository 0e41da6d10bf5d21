extension UnsafeMutablePointer {
    /// Allocates one `Pointee` and, after it, `count` values of `Trailing`, in one
    /// allocation: one `malloc` where two separate pointers would cost two, for
    /// state allocated on every decode. Both parts are uninitialized; free them
    /// with `UnsafeMutableRawPointer(head).deallocate()`.
    ///
    /// ```swift
    /// let (state, slots) = UnsafeMutablePointer<State>.allocate(followedBy: Slot.self, count: 64)
    /// state.initialize(to: State())
    /// slots.initialize(repeating: Slot(), count: 64)
    /// ```
    static func allocate<Trailing>(followedBy trailing: Trailing.Type, count: Int)
        -> (head: UnsafeMutablePointer<Pointee>, trailing: UnsafeMutablePointer<Trailing>) {
        let alignment = MemoryLayout<Trailing>.alignment
        let offset = (MemoryLayout<Pointee>.stride + alignment - 1) & ~(alignment - 1)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: offset + count * MemoryLayout<Trailing>.stride,
                                                   alignment: Swift.max(MemoryLayout<Pointee>.alignment, alignment))
        return (raw.bindMemory(to: Pointee.self, capacity: 1), (raw + offset).bindMemory(to: Trailing.self, capacity: count))
    }
}
