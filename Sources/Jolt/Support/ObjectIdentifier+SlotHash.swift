extension ObjectIdentifier {
    /// The address of a type's metadata mixed by MurmurHash3's 64-bit finalizer,
    /// for the per-type tables of a decode and an encode (``ContainerBoxTable``,
    /// ``MarkerConformances``). Metadata records lie at regular strides, which
    /// multiplicative hashing alone maps to few slots (so that most look-ups
    /// miss); every bit of this hash depends on every bit of the address.
    ///
    /// ```swift
    /// let index = Int(truncatingIfNeeded: ObjectIdentifier(T.self).slotHash) & (slotCount - 1)
    /// ```
    @inline(__always)
    var slotHash: UInt64 {
        var x = UInt64(UInt(bitPattern: self))
        x ^= x &>> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x &>> 33
        return x
    }
}
