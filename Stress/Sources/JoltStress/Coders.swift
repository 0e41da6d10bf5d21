import Foundation
import Jolt

/// The decoders and encoders every task shares: one of each per option set, each
/// used by all the tasks at once. What they share between decodes is what the
/// stress test is for: a decoder's pool of scratches (`DecoderCaches`: keyed
/// containers, tape memory, conformance answers), an encoder's (`EncoderCaches`:
/// containers, output buffer, stacks, and the first encode's refusal), the
/// conformance memo its streams share, and the registries' matchers.
///
/// The single-threaded run that gives the expected results has its own `Coders`,
/// so that the shared ones start cold: their pools are filled while the tasks race.
struct Coders: Sendable {
    /// The defaults: the default backend, Foundation's options.
    let plain = JoltDecoder()
    /// `.convertFromSnakeCase` (each decode converts keys through its context's cache).
    let snake = JoltDecoder()
    /// The twitter models' `KeyMappings`, with unknown keys rejected (each key is
    /// asked for through its alternative, and tracked).
    let mapped = JoltDecoder()
    /// The GitHub payloads' `PolymorphicRegistry`, registered with the decoder.
    let polymorphic = JoltDecoder()

    /// The defaults (an encoder's first encode takes no scratch; later ones borrow one).
    let plainEncoder = JoltEncoder()
    /// `.convertToSnakeCase`.
    let snakeEncoder = JoltEncoder()
    /// `[.sortedKeys, .prettyPrinted]`.
    let sortedEncoder = JoltEncoder()
    /// The GitHub payloads' registry in `userInfo`, for `@PolymorphicArray`.
    let polymorphicEncoder = JoltEncoder()

    init() {
        snake.keyDecodingStrategy = .convertFromSnakeCase
        mapped.keyMappings = snakeTwitterKeyMappings
        mapped.unknownKeyPolicy = .reject
        polymorphic.register(eventPayloads)
        snakeEncoder.keyEncodingStrategy = .convertToSnakeCase
        sortedEncoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        polymorphicEncoder.userInfo[PolymorphicRegistries.userInfoKey] = PolymorphicRegistries(eventPayloads)
    }
}
