// The enums workload of `--profile enums|enums-initfrom|enums-plain|enums-plain-initfrom`:
// 10,000 objects with three enum values each (a string raw value, an integer raw
// value, a case matched by @CodingCase), decoded into a @Codable struct or a plain
// Codable one (synthesized init(from:)), on the direct path (each enum read from
// the tape) and with the direct path off (each enum through its init(from:)).
// And that of `--profile enum-values|enum-values-initfrom`: 10,000 payments whose
// method is an enum with associated values, mostly an object (a case's key, its
// values in the object below it).

import Foundation
import JoltMacros

@Codable
enum EventKind: String, Equatable {
    case push = "PushEvent", pullRequest = "PullRequestEvent", issues = "IssuesEvent", watch = "WatchEvent", fork = "ForkEvent"
}

@Codable
enum Priority: Int, Equatable {
    case low = 1, normal, high, urgent
}

@Codable
enum Visibility: Equatable {
    @CodingCase(match: .bool(true), .string("public")) case open
    @CodingCase(match: .bool(false), .string("private")) case closed
}

@Codable
struct MacroEvent: Equatable {
    var id: Int
    var kind: EventKind
    var priority: Priority
    var visibility: Visibility
}

/// The same event in a plain Codable struct: its enums are still read directly.
struct PlainEvent: Codable, Equatable {
    var id: Int
    var kind: EventKind
    var priority: Priority
    var visibility: Visibility
}

/// `count` events, cycling through the cases.
func eventsJSON(count: Int) -> Data {
    let kinds = ["PushEvent", "PullRequestEvent", "IssuesEvent", "WatchEvent", "ForkEvent"]
    let visibilities = ["true", "false", "\"public\"", "\"private\""]
    var text = "["
    for n in 0..<count {
        if n > 0 { text += "," }
        text += #"{"id":\#(n),"kind":"\#(kinds[n % 5])","priority":\#(n % 4 + 1),"visibility":\#(visibilities[n % 4])}"#
    }
    return Data((text + "]").utf8)
}

/// A payment method: a name, or an object whose key is the case and whose
/// object holds its values (`{"card": {"last4": "4242", "expiry": 2029}}`).
@Codable
enum PaymentMethod: Equatable {
    case cash
    case card(last4: String, expiry: Int, holder: String?)
    @CodingCase(match: .string("bank_transfer"))
    case transfer(iban: String, reference: String = "")
}

@Codable
struct MacroPayment: Equatable {
    var id: Int
    var amount: Double
    var method: PaymentMethod
}

/// `count` payments, cycling through a card with and without a holder, a transfer and cash.
func paymentsJSON(count: Int) -> Data {
    let methods = [#"{"card":{"last4":"4242","expiry":2029,"holder":"Ada Lovelace"}}"#,
                   #"{"bank_transfer":{"iban":"DE89370400440532013000","reference":"invoice 7"}}"#,
                   #""cash""#, #"{"card":{"last4":"0005","expiry":2031,"holder":null}}"#]
    var text = "["
    for n in 0..<count {
        if n > 0 { text += "," }
        text += #"{"id":\#(n),"amount":\#(Double(n % 1000) + 0.25),"method":\#(methods[n % 4])}"#
    }
    return Data((text + "]").utf8)
}
