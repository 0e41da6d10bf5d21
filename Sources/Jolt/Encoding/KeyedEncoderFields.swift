/// What a keyed encoding container holds (``JoltKeyedContainer``), whatever its
/// key type: one non-generic value, so that ``KeyedEncodingContainerCache`` can
/// write a new container's state over a cached one's without the key type's
/// metadata.
///
/// ```swift
/// let fields = KeyedEncoderFields(core: core, index: index, id: id, pathCount: 0, extraPath: [],
///                                 encoderExtraCount: 0, rawKeys: false, mappings: nil)
/// let container: KeyedEncodingContainer<Key> = core.keyedContainer(Key.self, fields)
/// ```
struct KeyedEncoderFields {
    let core: EncodingCore
    /// The object's place on the stack of open containers, and its id.
    let index: Int
    let id: Int
    let pathCount: Int
    /// The container's path after the first `pathCount` keys of `core.path`:
    /// the encoder's own extra keys (a super encoder's), then the keys of the
    /// nested containers leading to this one.
    let extraPath: [any CodingKey]
    /// How many keys of `extraPath` are the encoder's (see
    /// ``JoltKeyedContainer/valueExtraPath``).
    let encoderExtraCount: Int
    let rawKeys: Bool
    let mappings: [String: [String]]?

    /// The fields of a container for a misuse already recorded: every write fails.
    static func dead(_ core: EncodingCore) -> Self {
        Self(core: core, index: -1, id: -1, pathCount: 0, extraPath: [], encoderExtraCount: 0, rawKeys: false, mappings: nil)
    }
}
