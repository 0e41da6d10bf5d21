#if NIO
import Jolt

/// An element of a stream that was left out under
/// ``Jolt/JoltStreamErrorPolicy/skip``: where it was and why, in the shape a
/// response body can carry (`{"index": 3, "offset": 812, "error": "…"}`).
///
/// ```swift
/// let report = try await decoder.forEachElement(Event.self, from: body, errorPolicy: .skip, maxBodyBytes: limit) { … }
/// let rejected = report.rejectedElements   // [JoltRejectedElement]
/// ```
public struct JoltRejectedElement: Codable, Sendable, Hashable {
    /// The element's zero-based index in the stream.
    public var index: Int
    /// The byte offset of the element's first byte in the stream.
    public var offset: Int
    /// Why it was left out: the decoding error, after the path inside the
    /// element where it happened (`payload.kind: Unknown value "refund"`).
    public var error: String

    /// A rejected element.
    public init(index: Int, offset: Int, error: String) {
        self.index = index
        self.offset = offset
        self.error = error
    }
}

extension JoltDecodeReport {
    /// The elements a stream left out under ``Jolt/JoltStreamErrorPolicy/skip``
    /// (its `.droppedElement` issues, whose path starts with the element's
    /// index), in order.
    public var rejectedElements: [JoltRejectedElement] {
        issues.compactMap { issue in
            // The path is the element's index, then where inside the element it failed.
            guard issue.kind == .droppedElement, case .index(let index)? = issue.codingPath.first else { return nil }
            let inside = Array(issue.codingPath.dropFirst())
            let error = inside.isEmpty ? issue.reason : "\(JoltProblemDetails.render(inside)): \(issue.reason)"
            return JoltRejectedElement(index: index, offset: issue.offset ?? 0, error: error)
        }
    }
}
#endif
