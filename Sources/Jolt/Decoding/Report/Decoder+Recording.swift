extension Decoder {
    /// Records a recovery in the ``JoltDecodeReport`` of the decode this decoder
    /// belongs to, if it is a ``JoltDecoder`` decode that asked for a report
    /// (`decodeWithReport`); otherwise does nothing. For `init(from:)`
    /// implementations and property wrappers that recover from bad values.
    ///
    /// ```swift
    /// init(from decoder: any Decoder) throws {
    ///     let container = try decoder.singleValueContainer()
    ///     if let value = try? container.decode(Int.self) { self.value = value } else {
    ///         self.value = 0
    ///         decoder.recordRecovery(.defaultApplied, reason: "not an integer; 0 used")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - kind: what kind of recovery.
    ///   - reason: what happened.
    ///   - extraPath: keys below this decoder's coding path (say the index of a
    ///     dropped element).
    /// - Complexity: O(1) when no report is recorded (one type check).
    public func recordRecovery(_ kind: JoltDecodeReport.Issue.Kind, reason: String, at extraPath: [any CodingKey] = []) {
        recordRecovery(kind, reason: reason, at: extraPath, entry: nil)
    }

    /// ``recordRecovery(_:reason:at:)`` at the byte offset of the tape entry
    /// `entry` when it is known (a value below this decoder's), otherwise at this
    /// decoder's own value.
    func recordRecovery(_ kind: JoltDecodeReport.Issue.Kind, reason: String, at extraPath: [any CodingKey], entry: Int?) {
        guard let tape = TapeDecoder.of(self), tape.context.isReporting else { return }
        tape.context.record(JoltDecodeReport.Issue(
            kind: kind, codingPath: (tape.path + extraPath).map(JoltPathComponent.init), reason: reason,
            offset: tape.context.offset(of: entry ?? tape.index)))
    }

    /// Records a dropped element of the array this decoder stands on, at
    /// `[index]` below its path and at the element's own byte offset: the tape
    /// entry `entry` when it is known (a Jolt container's cursor), otherwise the array's.
    func recordDroppedElement(_ index: Int, entry: Int?, error: any Error) {
        recordRecovery(.droppedElement, reason: "element \(index) dropped: \(LossyDecoding.describe(error))",
                       at: [JoltCodingKey.index(index)], entry: entry)
    }

    /// Whether recoveries recorded through this decoder are kept (a ``JoltDecoder``
    /// decode that asked for a report): lets a caller skip building a reason.
    public var isRecordingRecoveries: Bool {
        TapeDecoder.of(self)?.context.isReporting ?? false
    }
}
