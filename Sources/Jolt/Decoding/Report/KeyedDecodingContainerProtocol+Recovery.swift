extension KeyedDecodingContainerProtocol {
    /// Records a recovery at `key` of this container (through `superDecoder(forKey:)`,
    /// the only way to reach the decoder from a container; only called on
    /// recovery paths).
    func recordRecovery(_ kind: JoltDecodeReport.Issue.Kind, forKey key: Key, reason: @autoclosure () -> String) {
        guard let decoder = try? superDecoder(forKey: key), decoder.isRecordingRecoveries else { return }
        // The super decoder's path already ends in `key`.
        decoder.recordRecovery(kind, reason: reason())
    }
}
