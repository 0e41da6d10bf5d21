import Foundation
@_spi(Testing) import Jolt
import Synchronization

/// The hooks that ran during one decode or encode, passed in `userInfo` so
/// that static hooks (`willDecode`) can record themselves too.
final class HookLog: Sendable {
    private let storage = Mutex<[String]>([])

    var entries: [String] { storage.withLock { $0 } }

    func append(_ entry: String) { storage.withLock { $0.append(entry) } }

    /// A fresh log and the `userInfo` that carries it.
    static func make() -> (log: HookLog, userInfo: [CodingUserInfoKey: any Sendable]) {
        let log = HookLog()
        return (log, [.hookLog: log])
    }

    /// The hooks that ran while a JoltDecoder on `backend` decoded `document` as
    /// `T` (the decode's error, if any, dropped).
    static func entries<T: Decodable>(decoding type: T.Type, _ document: String, backend: JoltBackend) -> [String] {
        let (log, userInfo) = make()
        let decoder = JoltDecoder()
        decoder.backend = backend
        decoder.userInfo = userInfo
        _ = try? decoder.decode(T.self, from: document)
        return log.entries
    }
}

extension CodingUserInfoKey {
    static let hookLog = CodingUserInfoKey(rawValue: "hookLog")!
}

extension Decoder {
    func log(_ entry: String) { (userInfo[.hookLog] as? HookLog)?.append(entry) }
}

extension Encoder {
    func log(_ entry: String) { (userInfo[.hookLog] as? HookLog)?.append(entry) }
}

/// How many values one decode read on the direct path (Jolt's debug-only probe).
func directReads<T: Decodable>(decoding type: T.Type, _ document: String, backend: JoltBackend) -> Int {
    let decoder = JoltDecoder()
    decoder.backend = backend
    let probe = DirectPathProbe()
    DirectPathProbe.$current.withValue(probe) { _ = try? decoder.decode(T.self, from: document) }
    return probe.directReads
}
