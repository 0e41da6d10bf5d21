#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The object a ``JoltDirectDecodable`` type reads itself from: what the code
/// the macros write for `init(joltDirect:)` is given. Public for that code; not
/// meant to be used by hand.
///
/// ```swift
/// init(joltDirect reader: JoltDirectReader) throws {
///     var id: Int?
///     var members = try reader.members()
///     while members.next() {
///         if members.keySignature == 0x6469_0000_0002 { id = try members.decode(Int.self) }  // "id"
///     }
///     guard let id else { throw JoltDirectReader.failure }
///     self.id = id
/// }
/// ```
public struct JoltDirectReader {
    /// The decoder, standing on the object with the object's coding path.
    let tape: TapeDecoder

    init(_ tape: TapeDecoder) {
        self.tape = tape
    }

    /// The decoder standing on the object, for what needs one: the type's hooks,
    /// a `superDecoder`-style read.
    public var decoder: any Decoder { tape }

    /// The error the direct path throws for any failure; the decoder then reads
    /// the value through `init(from:)` for the real error.
    public static var failure: any Error { JoltDirectFailure() }

    /// The members of the object, in document order.
    /// - Throws: ``failure`` when the value is not an object.
    public func members() throws -> JoltDirectMembers {
        let i = tape.index
        let e = tape.entries[i]
        guard e.rawKind == TapeKind.object.rawValue else { throw JoltDirectFailure() }
        return JoltDirectMembers(tape, object: i, end: e.end)
    }
}

/// What the direct path throws: a failure without a message or a path, which
/// the decoder replaces by decoding the value again through `init(from:)`.
struct JoltDirectFailure: Error {}
