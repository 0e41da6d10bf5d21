import Foundation
import Jolt

/// One event, as the clients (and the load benchmark, `Scripts/bench_server.py`) send it:
///
/// ```json
/// {"id": "evt-000000001", "type": "purchase", "occurredAt": "2026-11-24T10:15:30Z",
///  "source": {"app": "web", "version": "4.12.0", "ip": "10.1.2.3", "userAgent": "Mozilla/5.0 ..."},
///  "user": {"id": 123456, "email": "user123456@example.com", "country": "DE", "tags": ["beta"]},
///  "payload": {"kind": "purchase", "orderId": "ord-77", "currency": "EUR", "total": 129.9,
///              "items": [{"sku": "SKU-1", "quantity": 2, "price": 19.95}]},
///  "context": {"sessionId": "...", "referrer": "https://example.com/...", "attributes": {"k1": "v1"}}}
/// ```
///
/// `payload` is polymorphic: its `kind` picks the Swift type through
/// ``EventPayloads/registry`` (an unknown kind does not decode, so the element
/// is rejected). `occurredAt` is decoded with the `.iso8601` date strategy, on
/// every decoder.
public struct Event: Codable, Sendable {
    public var id: String
    public var type: String
    public var occurredAt: Date
    public var source: Source
    public var user: User
    @Polymorphic public var payload: any EventPayload
    public var context: Context

    public struct Source: Codable, Sendable {
        public var app: String
        public var version: String
        public var ip: String
        public var userAgent: String
    }

    public struct User: Codable, Sendable {
        public var id: Int64
        public var email: String
        public var country: String
        public var tags: [String]
    }

    public struct Context: Codable, Sendable {
        public var sessionId: String
        public var referrer: String?
        public var attributes: [String: String]
    }
}

/// The payload of an ``Event``: one of the types registered in
/// ``EventPayloads/registry`` under its `kind`.
public protocol EventPayload: Codable, Sendable {
    /// Writes the payload's typed columns into `row`.
    func fill(_ row: inout EventRow)
}

/// `{"kind": "purchase", "orderId": "ord-77", "currency": "EUR", "total": 129.9, "items": [...]}`
public struct PurchasePayload: EventPayload {
    public var orderId: String
    public var currency: String
    public var total: Double
    public var items: [Item]

    public struct Item: Codable, Sendable {
        public var sku: String
        public var quantity: Int
        public var price: Double
    }

    public func fill(_ row: inout EventRow) {
        row.payloadKind = "purchase"
        row.amount = total
        row.currency = currency
        row.itemCount = items.count
        row.detail = orderId
    }
}

/// `{"kind": "pageView", "url": "https://...", "durationMs": 1234, "scrollDepth": 0.75}`
public struct PageViewPayload: EventPayload {
    public var url: String
    public var durationMs: Int
    public var scrollDepth: Double

    public func fill(_ row: inout EventRow) {
        row.payloadKind = "pageView"
        row.durationMs = durationMs
        row.detail = url
    }
}

/// `{"kind": "signup", "plan": "pro", "referralCode": "..." | null}`
public struct SignupPayload: EventPayload {
    public var plan: String
    public var referralCode: String?

    public func fill(_ row: inout EventRow) {
        row.payloadKind = "signup"
        row.detail = plan
    }
}

/// The registry of payload kinds.
public enum EventPayloads {
    /// `purchase`, `pageView` and `signup`, by the payload's `kind` member. No
    /// fallback: another kind is an error (a rejected element).
    public static let registry = PolymorphicRegistry<any EventPayload>(discriminator: "kind") {
        $0.register(PurchasePayload.self, as: "purchase") { $0 }
        $0.register(PageViewPayload.self, as: "pageView") { $0 }
        $0.register(SignupPayload.self, as: "signup") { $0 }
    }
}

/// One row of the `events` table: an ``Event`` flattened to the columns that
/// are stored (the rest of the event is validated by decoding, then dropped).
public struct EventRow: Sendable, Equatable {
    public var id: String
    public var type: String
    /// Seconds since 1970 (UTC).
    public var occurredAt: Double
    public var userId: Int64
    public var country: String
    public var payloadKind: String = ""
    /// A purchase's total.
    public var amount: Double?
    /// A purchase's currency.
    public var currency: String?
    /// A purchase's number of items.
    public var itemCount: Int?
    /// A page view's duration.
    public var durationMs: Int?
    /// A purchase's order id, a page view's URL, a signup's plan.
    public var detail: String?

    public init(_ event: Event) {
        id = event.id
        type = event.type
        occurredAt = event.occurredAt.timeIntervalSince1970
        userId = event.user.id
        country = event.user.country
        event.payload.fill(&self)
    }
}
