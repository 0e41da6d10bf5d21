// IngestServer: POST /events (a JSON array or JSON Lines of events) into SQLite.
// See README.md and `IngestServer --help`.

import Foundation
import IngestServerCore

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(IngestConfiguration.usage)
    exit(0)
}

let configuration: IngestConfiguration
do {
    configuration = try IngestConfiguration.parse(arguments)
} catch {
    FileHandle.standardError.write(Data("IngestServer: \(error)\n\(IngestConfiguration.usage)\n".utf8))
    exit(2)
}

let service: IngestService
do {
    service = try IngestService(configuration: configuration)
} catch {
    FileHandle.standardError.write(Data("IngestServer: cannot open \(configuration.databasePath): \(error)\n".utf8))
    exit(1)
}

let host = configuration.host
let app = IngestApp.makeApplication(service) { port in
    // One line, written straight to the file descriptor (unbuffered), once
    // connections are accepted: what scripts wait for.
    FileHandle.standardOutput.write(Data("listening on \(host):\(port)\n".utf8))
}
// SIGTERM and SIGINT shut down gracefully: requests in progress finish first.
try await app.runService()
