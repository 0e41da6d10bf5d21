#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A drop-in replacement for Foundation's `JSONDecoder`, several times faster.
///
/// Code written for `JSONDecoder` compiles and behaves the same with
/// `JoltDecoder` in its place: the same properties and strategies, the same
/// values, and the same `DecodingError` cases with the same coding paths.
///
/// ```swift
/// struct User: Codable { var id: Int; var fullName: String; var createdAt: Date }
///
/// let decoder = JoltDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// decoder.dateDecodingStrategy = .iso8601
/// let user = try decoder.decode(User.self, from: data)
/// ```
///
/// The document is scanned once into a compact tape (by Jolt's own Swift scanner,
/// or simdjson or yajl with their traits; see ``backend``), and values are converted only when
/// a type asks for them, with keys matched as bytes.
///
/// Where Jolt differs from Foundation on purpose (strict UTF-8, syntax errors with
/// positions, ``limits``, the whole document validated, integers read from a
/// number's exact value), the README's "Differences from Foundation" says so.
///
/// A `JoltDecoder` is safe to share between threads: each decode copies the
/// options when it starts.
public final class JoltDecoder: Sendable {
    let state: Mutex<DecoderOptions>

    /// The scanner choice; see ``JoltBackend``.
    public typealias Backend = JoltBackend

    /// A decoder with Foundation's defaults, the default ``JoltBackend`` and
    /// default ``JoltLimits``.
    public init() {
        state = Mutex(DecoderOptions())
    }

    /// A new decoder with every option of this one (strategies, `userInfo`,
    /// policies, registries, backend, limits), to change apart from it: for a
    /// request that needs one more `userInfo` entry than a decoder shared by all.
    ///
    /// ```swift
    /// let decoder = shared.copy()
    /// decoder.userInfo[.tenant] = tenantID
    /// ```
    public func copy() -> JoltDecoder {
        let copy = JoltDecoder()
        let options = self.options
        copy.state.withLock { $0 = options }
        return copy
    }

    /// How object keys are matched to coding keys. Default `.useDefaultKeys`.
    public var keyDecodingStrategy: KeyDecodingStrategy {
        get { state.withLock { $0.keyDecodingStrategy } }
        set { state.withLock { $0.keyDecodingStrategy = newValue } }
    }

    /// How `Date` values are decoded. Default `.deferredToDate`.
    public var dateDecodingStrategy: DateDecodingStrategy {
        get { state.withLock { $0.dateDecodingStrategy } }
        set { state.withLock { $0.dateDecodingStrategy = newValue } }
    }

    /// How `Data` values are decoded. Default `.base64`.
    public var dataDecodingStrategy: DataDecodingStrategy {
        get { state.withLock { $0.dataDecodingStrategy } }
        set { state.withLock { $0.dataDecodingStrategy = newValue } }
    }

    /// How infinity and NaN are read. Default `.throw`.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
        get { state.withLock { $0.nonConformingFloatDecodingStrategy } }
        set { state.withLock { $0.nonConformingFloatDecodingStrategy = newValue } }
    }

    /// Contextual information for `init(from:)` implementations, as `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { state.withLock { $0.userInfo } }
        set { state.withLock { $0.userInfo = newValue } }
    }

    /// The scanner that turns bytes into the tape. Default ``JoltBackend/default``.
    public var backend: JoltBackend {
        get { state.withLock { $0.backend } }
        set { state.withLock { $0.backend = newValue } }
    }

    /// Bounds for untrusted input. Default ``JoltLimits/default``.
    public var limits: JoltLimits {
        get { state.withLock { $0.limits } }
        set { state.withLock { $0.limits = newValue } }
    }

    /// The options as they are now; a decode works on such a copy.
    var options: DecoderOptions {
        state.withLock { $0 }
    }

    // MARK: Decoding

    /// Decodes a value of the given type from JSON data.
    ///
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - data: UTF-8 JSON, with or without a byte order mark.
    /// - Returns: the decoded value.
    /// - Throws: `DecodingError.dataCorrupted` with an empty coding path and a
    ///   ``JoltSyntaxError`` as its underlying error when the data is not valid
    ///   JSON; otherwise the `DecodingError` Foundation would throw, or any error
    ///   thrown by an `init(from:)`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, fromInput: data, options: options)
    }

    /// Decodes a value of the given type from any ``JoltInput``, read in place:
    /// `[UInt8]`, `String`, `Substring`, an `ArraySlice<UInt8>`, an
    /// `UnsafeRawBufferPointer` (valid only during the call), a NIO `ByteBuffer`
    /// (with the NIO trait), or a type of yours.
    ///
    /// ```swift
    /// let user = try decoder.decode(User.self, from: #"{"id": 1, "name": "Ann"}"#)
    /// let order = try decoder.decode(Order.self, from: bytes)   // bytes: [UInt8]
    /// ```
    /// - Throws: what ``decode(_:from:)-(_,Data)`` throws.
    public func decode<T: Decodable>(_ type: T.Type, from input: some JoltInput) throws -> T {
        try decode(type, fromInput: input, options: options)
    }

    func decode<T: Decodable>(_ type: T.Type, fromInput input: some JoltInput, options: DecoderOptions) throws -> T {
        try Self.decodeCore(type, fromInput: input, at: nil, options: options, reporting: false).0
    }

    /// Every decode: parse, walk to `path` if any, decode, then check unknown keys.
    /// `scratch` is what several decodes share (a stream's elements); without
    /// one, the decode borrows one of the decoder's (``DecoderCaches``). `tape`, if given, is the
    /// input's tape, already built (a stream element that yajl framed).
    static func decodeCore<T: Decodable>(_ type: T.Type, fromInput input: some JoltInput, at path: String?,
                                  options: DecoderOptions, reporting: Bool,
                                  scratch: DecodeScratch? = nil, tape prebuilt: Tape? = nil) throws -> (T, JoltDecodeReport) {
        try decodeRoot(fromInput: input, at: path, options: options, reporting: reporting,
                       scratch: scratch, tape: prebuilt) { decoder, index in
            try decoder.unwrap(type, at: index, extra: [], key: NoKey())
        }
    }

    /// ``decodeCore(_:fromInput:at:options:reporting:scratch:tape:)`` with
    /// the root value's decoding left to `decodeValue`, which gets the decoder
    /// standing on the value and the value's tape index (for
    /// `decode(_:from:configuration:)`). Inlined, so that the common decode is
    /// the same code as with the `unwrap` call written in place.
    @inline(__always)
    static func decodeRoot<T>(fromInput input: some JoltInput, at path: String?, options: DecoderOptions, reporting: Bool,
                              scratch shared: DecodeScratch? = nil, tape prebuilt: Tape? = nil,
                              _ decodeValue: (TapeDecoder, Int) throws -> T) throws -> (T, JoltDecodeReport) {
        try input.withJoltBytes { bytes in
            // A scratch of the decoder's, unless the caller shares one: given
            // back once `finish()` has detached its containers from this decode.
            let borrowed = shared == nil ? options.caches.borrow() : nil
            let scratch = shared ?? borrowed
            let tape: Tape
            do {
                tape = try prebuilt ?? Self.parse(bytes, options: options, reusing: scratch?.takeSpareTape())
            } catch {
                if let borrowed { options.caches.giveBack(borrowed) }
                throw error
            }
            var context = DecodingContext(tape: tape, input: bytes, options: options, reporting: reporting,
                                          scratch: scratch)
            var decoder: TapeDecoder? = TapeDecoder(context: context, index: 0, path: [])
            defer {
                #if DEBUG
                DirectPathProbe.current?.add(directReads: context.containerState.pointee.directReads)
                #endif
                context.finish()
                decoder = nil
                if !isKnownUniquelyReferenced(&context) {
                    // An init(from:) kept the decoder or a container (or an error
                    // holds one): the input must outlive this call, so the context
                    // gets a copy, and the tape stays the context's.
                    context.copyInput()
                } else if let scratch {
                    // Only this context, and `tape` here, hold the tape (no other
                    // type stores one; a prebuilt one is a stream's element's, made
                    // for this decode): its memory serves the scratch's next decode.
                    scratch.keepSpareTape(tape.surrender())
                }
                if let borrowed { options.caches.giveBack(borrowed) }
            }
            var index = 0
            if let path {
                let (target, codingPath) = try decoder.unsafelyUnwrapped.walk(path)
                index = target
                decoder = TapeDecoder(context: context, index: target, path: codingPath)
            }
            let value = try decodeValue(decoder.unsafelyUnwrapped, index)
            if context.tracksKeys { try decoder.unsafelyUnwrapped.checkUnknownKeys() }
            return (value, JoltDecodeReport(issues: context.issues ?? []))
        }
    }

    /// Scans `bytes` into a tape, turning a syntax error into Foundation's
    /// `DecodingError.dataCorrupted` with the ``JoltSyntaxError`` underneath.
    static func parse(_ bytes: UnsafeRawBufferPointer, options: DecoderOptions, reusing storage: TapeStorage? = nil) throws -> Tape {
        do throws(ScanError) {
            return try TapeParser.parse(bytes, backend: options.backend, limits: options.limits, reusing: storage)
        } catch {
            let syntaxError = JoltSyntaxError(error, in: bytes)
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [],
                debugDescription: "The given data was not valid JSON. \(syntaxError)",
                underlyingError: syntaxError
            ))
        }
    }
}
