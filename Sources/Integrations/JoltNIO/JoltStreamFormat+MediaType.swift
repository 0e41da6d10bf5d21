#if NIO
import Foundation
import Jolt

extension JoltStreamFormat {
    /// The stream format for a request's `Content-Type`, or nil for a media
    /// type that is neither JSON nor JSON Lines (answer `415`).
    ///
    /// - `application/json` and any `+json` type: ``JoltStreamFormat/document``
    ///   (the elements of an array, or the one value);
    /// - `application/x-ndjson`, `application/jsonl`, `application/jsonlines`,
    ///   `application/x-jsonlines`: ``JoltStreamFormat/jsonLines``.
    ///
    /// Parameters (`; charset=utf-8`) are ignored; letters may be of any case.
    ///
    /// ```swift
    /// guard let format = JoltStreamFormat(contentType: request.headers[.contentType]) else { throw unsupported }
    /// ```
    public init?(contentType: String?) {
        guard let contentType else { return nil }
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
        switch essence {
        case "application/json": self = .document
        case "application/x-ndjson", "application/jsonl", "application/jsonlines", "application/x-jsonlines",
             "application/json-lines", "application/x-json-lines":
            self = .jsonLines
        default:
            guard essence.hasPrefix("application/"), essence.hasSuffix("+json") else { return nil }
            self = .document
        }
    }

    /// The format of a request body with this `Content-Type`: ``init(contentType:)``,
    /// and ``JoltStreamFormat/document`` when the request has no `Content-Type`.
    ///
    /// ```swift
    /// let format = try JoltStreamFormat.forRequestBody(contentType: request.headers[.contentType])
    /// ```
    /// - Throws: ``JoltProblemDetails/unsupportedMediaType(_:)`` (`415`) for a
    ///   media type that is neither JSON nor JSON Lines.
    public static func forRequestBody(contentType: String?) throws -> JoltStreamFormat {
        guard let contentType else { return .document }
        guard let format = JoltStreamFormat(contentType: contentType) else {
            throw JoltProblemDetails.unsupportedMediaType(contentType)
        }
        return format
    }
}
#endif
