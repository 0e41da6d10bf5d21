@testable import Jolt

/// Parses bytes into a tape (entries copied out) or a scan error.
func parseTape(_ bytes: [UInt8], _ backend: JoltBackend, limits: JoltLimits = .default) -> Result<[TapeEntry], ScanError> {
    bytes.withUnsafeBytes { raw in
        do throws(ScanError) {
            return .success(try TapeParser.parse(raw, backend: backend, limits: limits).allEntries)
        } catch {
            return .failure(error)
        }
    }
}

func parseTape(_ text: String, _ backend: JoltBackend, limits: JoltLimits = .default) -> Result<[TapeEntry], ScanError> {
    parseTape(Array(text.utf8), backend, limits: limits)
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
