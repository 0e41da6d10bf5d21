/// Everything a decode recovered from instead of failing: unknown keys, duplicate
/// keys, dropped elements, defaults applied, values converted.
///
/// Returned by `JoltDecoder.decodeWithReport(_:from:)`; a plain
/// `decode` records nothing and pays nothing. Issues are listed in the order
/// they were recorded, each with the coding path of the value concerned.
///
/// ```swift
/// decoder.unknownKeyPolicy = .report
/// let (user, report) = try decoder.decodeWithReport(User.self, from: data)
/// for issue in report.issues {
///     logger.warning("\(issue)")   // unknownKey at user.nickname: ...
/// }
/// ```
public struct JoltDecodeReport: Sendable, Hashable, CustomStringConvertible {
    /// One recovery.
    public struct Issue: Sendable, Hashable, CustomStringConvertible {
        /// What kind of recovery.
        public enum Kind: Sendable, Hashable {
            /// A key no decoded type asked for (``JoltDecoder/UnknownKeyPolicy/report``).
            case unknownKey
            /// A key present more than once; the reason says which occurrence was used.
            case duplicateKey
            /// An invalid or null element left out of a collection.
            case droppedElement
            /// A default used for a missing, null or invalid value.
            case defaultApplied
            /// A value converted to the requested type (say `"1"` to `1`).
            case valueConverted
            /// A raw value an enum does not know, decoded as its fallback case.
            case unknownEnumCase
            /// A discriminator value no type is registered for, decoded as the
            /// ``PolymorphicRegistry``'s fallback type.
            case unknownDiscriminator
        }

        /// What kind of recovery.
        public let kind: Kind
        /// The coding path of the value concerned (for an unknown or duplicate key,
        /// the object's path plus the key).
        public let codingPath: [JoltPathComponent]
        /// What happened, for people.
        public let reason: String
        /// Byte offset of the value or key in the input, when known.
        public let offset: Int?

        public init(kind: Kind, codingPath: [JoltPathComponent], reason: String, offset: Int? = nil) {
            self.kind = kind
            self.codingPath = codingPath
            self.reason = reason
            self.offset = offset
        }

        public var description: String {
            let path = codingPath.isEmpty ? "(root)" : codingPath.map(\.description).joined(separator: ".")
            return "\(kind) at \(path)\(offset.map { " (byte \($0))" } ?? ""): \(reason)"
        }
    }

    /// The recoveries, in the order they were made.
    public var issues: [Issue]

    public init(issues: [Issue] = []) {
        self.issues = issues
    }

    /// Whether the decode recovered from nothing.
    public var isEmpty: Bool { issues.isEmpty }

    public var description: String {
        issues.isEmpty ? "No issues" : issues.map(\.description).joined(separator: "\n")
    }
}

/// One step of a coding path in a ``JoltDecodeReport``: an object key or an
/// array index. (`CodingKey` itself is not `Sendable`.)
///
/// ```swift
/// let path: [JoltPathComponent] = [.key("users"), .index(2), .key("name")]
/// ```
public enum JoltPathComponent: Sendable, Hashable, CustomStringConvertible {
    case key(String)
    case index(Int)

    /// The component for a coding key: its `intValue` for array positions
    /// (`Index n` keys), else its `stringValue`.
    public init(_ key: any CodingKey) {
        if let index = key.intValue, key.stringValue == "Index \(index)" {
            self = .index(index)
        } else {
            self = .key(key.stringValue)
        }
    }

    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
    }
}
