#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything an encode reads from ``JoltEncoder``, copied in once at its start so
/// that changing the encoder during an encode on another thread has no effect on it.
struct EncoderOptions: Sendable {
    var outputFormatting: JoltEncoder.OutputFormatting = []
    var keyEncodingStrategy: JoltEncoder.KeyEncodingStrategy = .useDefaultKeys
    var dateEncodingStrategy: JoltEncoder.DateEncodingStrategy = .deferredToDate
    var dataEncodingStrategy: JoltEncoder.DataEncodingStrategy = .base64
    var nonConformingFloatEncodingStrategy: JoltEncoder.NonConformingFloatEncodingStrategy = .throw
    var nilEncodingStrategy: JoltEncoder.NilEncodingStrategy = .omit
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var keyPathSeparator: String?
    var keyMappings = KeyMappings()
    /// See `JoltEncoder.usesDirectPath` (a test hook).
    var usesDirectPath = true
}
