#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CocoaError {
    /// The error Foundation's file APIs throw when `open(2)`, `read(2)` or
    /// `write(2)` on `path` fails with `code` (an `errno` value), with the
    /// path and the POSIX error in its user info.
    ///
    /// ```swift
    /// throw CocoaError.file(errno, path: path, writing: false)   // ENOENT: .fileReadNoSuchFile
    /// ```
    static func file(_ code: Int32, path: String, writing: Bool) -> CocoaError {
        let kind: CocoaError.Code
        switch code {
        case ENOENT, ENOTDIR: kind = writing ? .fileNoSuchFile : .fileReadNoSuchFile
        case EACCES, EPERM, EROFS: kind = writing ? .fileWriteNoPermission : .fileReadNoPermission
        case ENOSPC, EDQUOT: kind = writing ? .fileWriteOutOfSpace : .fileReadUnknown
        default: kind = writing ? .fileWriteUnknown : .fileReadUnknown
        }
        // NSFilePathErrorKey and NSUnderlyingErrorKey, which FoundationEssentials does not declare.
        var userInfo: [String: any Sendable] = ["NSFilePath": path]
        if let posix = POSIXErrorCode(rawValue: code) { userInfo["NSUnderlyingError"] = POSIXError(posix) }
        return CocoaError(kind, userInfo: userInfo)
    }
}
