// The values table: 10,000 records with two ISO 8601 dates each, decoded by
// Foundation's JSONDecoder with `.iso8601` and by Jolt through `@DateValue`
// (and through its own `.iso8601`, which uses the same hand-written parser).

import Foundation
import Jolt

struct FoundationDatedRecord: Decodable {
    var id: Int
    var name: String
    var createdAt: Date
    var updatedAt: Date
}

struct WrappedDatedRecord: Decodable {
    var id: Int
    var name: String
    @DateValue<ISO8601Strategy> var createdAt: Date
    @DateValue<ISO8601Strategy> var updatedAt: Date
}

/// `count` records whose dates spread over 2000-2030, a third with milliseconds
/// and a third with a zone offset.
func datedRecordsJSON(count: Int) -> Data {
    var text = "["
    text.reserveCapacity(count * 110)
    let style = Date.ISO8601FormatStyle()
    for n in 0..<count {
        if n > 0 { text += "," }
        let seconds = 946_684_800 + Double((n &* 2_654_435_761) % 946_080_000)
        var created = style.format(Date(timeIntervalSince1970: seconds))
        switch n % 3 {
        case 1: created.removeLast(); created += ".\(100 + n % 900)Z"
        case 2: created.removeLast(); created += "+02:00"
        default: break
        }
        let updated = style.format(Date(timeIntervalSince1970: seconds + 3600))
        text += #"{"id":\#(n),"name":"record \#(n)","createdAt":"\#(created)","updatedAt":"\#(updated)"}"#
    }
    return Data((text + "]").utf8)
}

/// Measures the date row and returns its table (ratios against Foundation's `.iso8601`).
func measureDateTable(options: Options, backends: [JoltBackend]) -> Table {
    var table = Table(
        title: "Dates: 10,000 records with two ISO 8601 dates each (MB/s; ×F = relative to Foundation's JSONDecoder with .iso8601)",
        header: ["Decoder", "Dates through", "MB/s", "×F"],
        numeric: [false, false, true, true]
    )
    let data = datedRecordsJSON(count: 10_000)
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .iso8601
    var contenders = [Contender(label: "Foundation", run: { keep(try foundation.decode([FoundationDatedRecord].self, from: data)) })]
    var labels = [("Foundation JSONDecoder", ".iso8601")]
    let expected = (try? foundation.decode([FoundationDatedRecord].self, from: data))?.map { [$0.createdAt, $0.updatedAt] }
    for backend in backends {
        let decoder = JoltDecoder()
        decoder.backend = backend
        let name = "Jolt .\(backendName(backend))"
        if (try? decoder.decode([WrappedDatedRecord].self, from: data))?.map({ [$0.createdAt, $0.updatedAt] }) != expected {
            table.notes.append("(!) \(name) @DateValue: the dates differ from Foundation's")
        }
        contenders.append(Contender(label: name, run: { keep(try decoder.decode([WrappedDatedRecord].self, from: data)) }))
        labels.append((name, "@DateValue<ISO8601Strategy>"))
    }
    for backend in backends {
        let decoder = JoltDecoder()
        decoder.backend = backend
        decoder.dateDecodingStrategy = .iso8601
        let name = "Jolt .\(backendName(backend))"
        if (try? decoder.decode([FoundationDatedRecord].self, from: data))?.map({ [$0.createdAt, $0.updatedAt] }) != expected {
            table.notes.append("(!) \(name) .iso8601: the dates differ from Foundation's")
        }
        contenders.append(Contender(label: name, run: { keep(try decoder.decode([FoundationDatedRecord].self, from: data)) }))
        labels.append((name, ".iso8601"))
    }
    let speeds = measure(contenders, options: options).map { $0.median.map { megabytesPerSecond(data.count, $0) } }
    for (index, (name, through)) in labels.enumerated() {
        let ratio = index == 0 ? "1.00×" : (speeds[index].flatMap { s in speeds[0].map { formatRatio(s / $0) } } ?? "–")
        table.rows.append([name, through, speeds[index].map { format($0) } ?? "error", ratio])
    }
    return table
}
