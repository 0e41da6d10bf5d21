import Jolt
import JoltNIO

/// The error text of an element left out, with the path inside the element
/// (`payload.kind: …`), as `JoltDecodeReport.rejectedElements` writes it for the
/// Jolt decoders; used for Foundation's.
enum RejectedElements {
    /// `reason`, after the path where it happened when there is one.
    static func describe(_ reason: String, at path: [JoltPathComponent]) -> String {
        guard !path.isEmpty else { return reason }
        var text = ""
        for component in path {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key): text += text.isEmpty ? key : "." + key
            }
        }
        return "\(text): \(reason)"
    }
}
