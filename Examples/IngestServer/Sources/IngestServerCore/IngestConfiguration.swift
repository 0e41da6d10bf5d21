import Jolt
import Logging

/// Which decoder reads the request bodies: the same server, measured four ways.
public enum DecoderMode: String, Sendable, CaseIterable {
    /// Foundation's `JSONDecoder`: the body is collected, then decoded.
    case foundation
    /// `JoltDecoder` on the simdjson backend (Jolt's default with its `SIMDJSON` trait), streaming.
    case joltSIMDJSON = "jolt-simdjson"
    /// `JoltDecoder` on the yajl backend, streaming.
    case joltYAJL = "jolt-yajl"
    /// `JoltDecoder` on the pure-Swift backend, streaming.
    case joltSwift = "jolt-swift"

    /// The backend of a Jolt mode; nil for ``foundation``.
    public var backend: JoltBackend? {
        switch self {
        case .foundation: nil
        case .joltSIMDJSON: .simdjson
        case .joltYAJL: .yajl
        case .joltSwift: .swift
        }
    }
}

/// The server's settings (see ``IngestConfiguration/parse(_:)`` for the command line).
public struct IngestConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0: an ephemeral port.
    public var port = 8080
    public var databasePath = "events.sqlite"
    public var decoder = DecoderMode.joltSIMDJSON
    /// Rows per transaction.
    public var batchSize = 1000
    public var maxBodyBytes = 2 << 30
    /// The default of `?errors=`.
    public var errorPolicy = JoltStreamErrorPolicy.skip
    public var logLevel = Logger.Level.info

    public init() {}

    public static let usage = """
        usage: IngestServer [options]
          --decoder foundation|jolt-simdjson|jolt-yajl|jolt-swift
                                 decoder of request bodies (default jolt-simdjson)
          --host HOST            address to bind (default 127.0.0.1)
          --port P               port; 0 for an ephemeral one (default 8080)
          --db PATH              SQLite database (default events.sqlite)
          --batch N              rows per transaction (default 1000)
          --max-body-bytes N     largest request body (default 2147483648)
          --errors skip|stop     default error policy (default skip)
          --log-level LEVEL      trace|debug|info|notice|warning|error|critical (default info)
        Prints "listening on HOST:PORT" on stdout once it accepts connections.
        """

    /// A command line that does not parse.
    public struct UsageError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The settings of a command line (without the program name): each flag
    /// once at most, as `--flag value` or `--flag=value`.
    /// - Throws: ``UsageError`` for an unknown flag, a missing or bad value.
    public static func parse(_ arguments: [String]) throws -> IngestConfiguration {
        var configuration = IngestConfiguration()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else { throw UsageError(description: "unexpected argument \(argument)") }
            var flag = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            func next() throws -> String {
                if let value { return value }
                guard let value = remaining.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
                return value
            }
            func integer(_ minimum: Int) throws -> Int {
                let text = try next()
                guard let number = Int(text), number >= minimum else {
                    throw UsageError(description: "\(flag) takes an integer of at least \(minimum), not \(text)")
                }
                return number
            }
            switch flag {
            case "--decoder":
                let text = try next()
                guard let mode = DecoderMode(rawValue: text) else {
                    throw UsageError(description: "--decoder takes foundation, jolt-simdjson, jolt-yajl or jolt-swift, not \(text)")
                }
                configuration.decoder = mode
            case "--host": configuration.host = try next()
            case "--port":
                configuration.port = try integer(0)
                guard configuration.port <= 65535 else { throw UsageError(description: "--port is at most 65535") }
            case "--db": configuration.databasePath = try next()
            case "--batch": configuration.batchSize = try integer(1)
            case "--max-body-bytes": configuration.maxBodyBytes = try integer(0)
            case "--errors":
                let text = try next()
                guard let policy = errorPolicy(text) else {
                    throw UsageError(description: "--errors takes skip or stop, not \(text)")
                }
                configuration.errorPolicy = policy
            case "--log-level":
                let text = try next()
                guard let level = Logger.Level(rawValue: text) else {
                    throw UsageError(description: "--log-level: unknown level \(text)")
                }
                configuration.logLevel = level
            default:
                throw UsageError(description: "unknown option \(flag)")
            }
        }
        return configuration
    }

    /// `skip` or `stop`.
    static func errorPolicy(_ text: String) -> JoltStreamErrorPolicy? {
        switch text {
        case "skip": .skip
        case "stop": .stop
        default: nil
        }
    }
}
