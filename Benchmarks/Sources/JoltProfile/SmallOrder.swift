// A small request body, as a server decodes millions of: the cost of one decode
// that is not proportional to the input (the parse's set-up, the tape's
// allocation, the decode's caches) shows here, where the corpus files hide it.

/// A 267-byte order: five objects (the order, its customer, three lines) and
/// one array, with strings, integers, a double and a Boolean.
///
/// ```swift
/// let order = try JoltDecoder().decode(SmallOrder.self, from: SmallOrder.json)
/// ```
struct SmallOrder: Codable, Equatable {
    struct Customer: Codable, Equatable {
        let id: Int
        let name: String
        let email: String
    }

    struct Line: Codable, Equatable {
        let sku: String
        let quantity: Int
        let price: Double
    }

    let id: String
    let customer: Customer
    let lines: [Line]
    let paid: Bool
    let note: String?

    /// The document, as one compact line.
    static let json = Array("""
        {"id":"ord-20261127-0042","customer":{"id":1187,"name":"Ada Lovelace","email":"ada@example.com"},\
        "lines":[{"sku":"JOLT-001","quantity":2,"price":19.5},{"sku":"JOLT-017","quantity":1,"price":4.25},\
        {"sku":"JOLT-230","quantity":12,"price":0.99}],"paid":true,"note":null}
        """.utf8)
}
