#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a decode reads from ``JoltDecoder``, copied in once at its start so
/// that changing the decoder during a decode on another thread has no effect on it.
struct DecoderOptions: Sendable {
    var keyDecodingStrategy: JoltDecoder.KeyDecodingStrategy = .useDefaultKeys
    var dateDecodingStrategy: JoltDecoder.DateDecodingStrategy = .deferredToDate
    var dataDecodingStrategy: JoltDecoder.DataDecodingStrategy = .base64
    var nonConformingFloatDecodingStrategy: JoltDecoder.NonConformingFloatDecodingStrategy = .throw
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var backend: JoltBackend = .default
    var limits: JoltLimits = .default
    var duplicateKeyPolicy: JoltDecoder.DuplicateKeyPolicy = .useFirst
    var keyPathSeparator: String?
    var unknownKeyPolicy: JoltDecoder.UnknownKeyPolicy = .ignore
    var keyMappings = KeyMappings()
    var scalarConversion: JoltDecoder.ScalarConversion = .strict
    var polymorphicRegistries = PolymorphicRegistries()
    var usesDirectPath = true
    /// What the decoder's decodes share (not an option: copies of these options
    /// share it, which is right, as nothing in it depends on the options).
    let caches = DecoderCaches()
}
