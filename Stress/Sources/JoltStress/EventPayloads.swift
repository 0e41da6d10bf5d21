import Jolt

// The payloads of github_events.json (GitHubEventsModels.swift), decoded by their
// discriminator (the event's `type`, the payload under `payload`) through a
// PolymorphicRegistry: as a protocol existential and as a PolymorphicEnum.

/// A GitHub event's payload, the base of ``eventPayloads``.
protocol EventPayloadValue: Sendable {
    /// Whether `other` is the same value (of the same type).
    func isSame(as other: any EventPayloadValue) -> Bool
}

extension EventPayloadValue where Self: Equatable {
    func isSame(as other: any EventPayloadValue) -> Bool { (other as? Self) == self }
}

extension GitHubPushPayload: EventPayloadValue {}
extension GitHubWatchPayload: EventPayloadValue {}
extension GitHubCreatePayload: EventPayloadValue {}
extension GitHubForkPayload: EventPayloadValue {}
extension GitHubIssueCommentPayload: EventPayloadValue {}
extension GitHubIssuesPayload: EventPayloadValue {}
extension GitHubGollumPayload: EventPayloadValue {}
extension CorpusJSONValue: EventPayloadValue {}

/// The payloads by event type; an event of another type decodes whole as a
/// `CorpusJSONValue` (the corpus has none).
let eventPayloads = PolymorphicRegistry<any EventPayloadValue>(discriminator: "type", payloadKey: "payload") {
    $0.register(GitHubPushPayload.self, as: "PushEvent") { $0 }
    $0.register(GitHubWatchPayload.self, as: "WatchEvent") { $0 }
    $0.register(GitHubCreatePayload.self, as: "CreateEvent") { $0 }
    $0.register(GitHubForkPayload.self, as: "ForkEvent") { $0 }
    $0.register(GitHubIssueCommentPayload.self, as: "IssueCommentEvent") { $0 }
    $0.register(GitHubIssuesPayload.self, as: "IssuesEvent") { $0 }
    $0.register(GitHubGollumPayload.self, as: "GollumEvent") { $0 }
    $0.fallback(CorpusJSONValue.self) { $0 }
}

/// The same payloads as an enum that brings its own registry.
enum EventPayloadCase: PolymorphicEnum, Codable, Equatable, Sendable {
    case push(GitHubPushPayload)
    case watch(GitHubWatchPayload)
    case create(GitHubCreatePayload)
    case fork(GitHubForkPayload)
    case issueComment(GitHubIssueCommentPayload)
    case issues(GitHubIssuesPayload)
    case gollum(GitHubGollumPayload)
    case other(CorpusJSONValue)

    static let polymorphicRegistry = PolymorphicRegistry<EventPayloadCase>(discriminator: "type", payloadKey: "payload") {
        $0.register(GitHubPushPayload.self, as: "PushEvent", EventPayloadCase.push)
        $0.register(GitHubWatchPayload.self, as: "WatchEvent", EventPayloadCase.watch)
        $0.register(GitHubCreatePayload.self, as: "CreateEvent", EventPayloadCase.create)
        $0.register(GitHubForkPayload.self, as: "ForkEvent", EventPayloadCase.fork)
        $0.register(GitHubIssueCommentPayload.self, as: "IssueCommentEvent", EventPayloadCase.issueComment)
        $0.register(GitHubIssuesPayload.self, as: "IssuesEvent", EventPayloadCase.issues)
        $0.register(GitHubGollumPayload.self, as: "GollumEvent", EventPayloadCase.gollum)
        $0.fallback(CorpusJSONValue.self, EventPayloadCase.other)
    }

    /// The case for the payload the corpus model decoded (by its own `init(from:)`).
    init(_ payload: GitHubEventPayload) {
        switch payload {
        case .push(let p): self = .push(p)
        case .watch(let p): self = .watch(p)
        case .create(let p): self = .create(p)
        case .fork(let p): self = .fork(p)
        case .issueComment(let p): self = .issueComment(p)
        case .issues(let p): self = .issues(p)
        case .gollum(let p): self = .gollum(p)
        case .other(let p): self = .other(p)
        }
    }
}

/// `{"items": [event, ...]}`, the payloads through `@PolymorphicArray`.
struct EventPayloadList: Codable {
    @PolymorphicArray var items: [any EventPayloadValue]
}
