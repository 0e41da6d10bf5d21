#if SIMDJSON
import JoltSIMDJSONShim

/// The simdjson backend's framing of a stream's array and object elements:
/// `jolt_simdjson_frame` (the shim's SIMD kernel, 64 bytes at a time) and where
/// it stopped, so that the next call for the same element goes on from there.
///
/// ```swift
/// var framer = SIMDJSONFramer()
/// switch framer.frame(p + start, available: n, maxDepth: 512, elementOffset: offset) {
/// case .end(let length): decode(p + start, length)
/// case .more: break          // ask again, with the same offset, when more bytes come
/// case .frame: frameByteByByte()
/// }
/// ```
struct SIMDJSONFramer {
    enum Outcome: Equatable {
        /// The element ends within the bytes at hand: its length.
        case end(Int)
        /// It goes on past them.
        case more
        /// ``ElementFramer`` is to frame it (over the depth limit, or a backslash
        /// outside a string).
        case frame
    }

    private var state = jolt_simdjson_frame_state()
    /// The stream offset of the element being framed, -1 if none.
    private var elementOffset = -1
    /// Whether the AVX2 kernel runs where the CPU has it (the baseline one otherwise).
    let usesAVX2: Bool

    init(usesAVX2: Bool = true) {
        self.usesAVX2 = usesAVX2
    }

    /// Whether this CPU runs the shim's AVX2 kernels.
    static var hasAVX2: Bool { jolt_simdjson_has_avx2() != 0 }

    /// Frames the element whose first byte (`{` or `[`) is `element[0]`, at
    /// `elementOffset` in the stream, over the `available` bytes there; a call for
    /// the element of the last call (the same offset) goes on where that one stopped.
    mutating func frame(_ element: UnsafePointer<UInt8>, available: Int, maxDepth: Int, elementOffset: Int) -> Outcome {
        if self.elementOffset != elementOffset {
            self.elementOffset = elementOffset
            state = jolt_simdjson_frame_state()
        }
        let length = usesAVX2 ? jolt_simdjson_frame(element, available, UInt64(maxDepth), &state)
            : jolt_simdjson_frame_with(element, available, UInt64(maxDepth), &state, 0)
        guard length == 0 else {
            self.elementOffset = -1
            return length > 0 ? .end(Int(length)) : .frame
        }
        return .more
    }

    /// Forgets the element being framed (it went to ``ElementFramer``).
    mutating func reset() {
        elementOffset = -1
    }
}
#endif
