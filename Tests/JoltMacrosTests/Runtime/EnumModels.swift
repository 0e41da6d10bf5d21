import Foundation
import JoltMacros

@Codable
enum Phone: Equatable {
    @CodingCase(match: .string("iphone"), .int(10), .intRange(22...30), .bool(true))
    case apple
    @CodingCase(match: .string("android"), .string("pixel"), .double(2.5))
    case google
    case nokia
    @FallbackCase
    case unknown
}

@Codable
enum Level: String, Equatable {
    case low = "L"
    case high
}

@Codable
enum Video: Equatable {
    @CodingCase(match: .string("youtube"), .string("YOUTUBE"))
    case youTube
    @CodingCase(match: .string("vimeo"), values: [.label("id", keys: "ID", "Id"), .index(2, keys: "minutes")])
    case vimeo(id: String, duration: Double = 33, Int)
    @CodingCase(match: .string("tiktok"))
    case tiktok(url: URL, tag: String?)
    @CodingCase(match: .string("short"), .pathValue("type.middle"))
    case short(id: Int, title: String = "none")
}

/// Naming styles on the enum and on cases; explicit texts and keys win.
@Codable @SnakeCase
enum Activity: Equatable {
    case userCreated                                            // "user_created"
    case userDeleted(userId: Int, reason: String?)              // {"user_deleted": {"user_id": 1}}
    @CodingCase(match: .string("renamed"))
    case userRenamed(oldName: String, newName: String)          // {"renamed": {"old_name": …, "new_name": …}}
    @KebabCase
    case passwordReset(requestedAt: Int, String)                // {"password-reset": {"requested-at": 1, "_1": …}}
    @CodingCase(match: .string("login"), values: [.label("ipAddress", keys: "ip"), .index(1, keys: "agent", "ua")])
    case loggedIn(ipAddress: String, String)                    // {"login": {"ip": …, "agent": …}}
    @ScreamingSnakeCase @CodingCase(match: .pathValue("kind"))
    case sessionExpired(afterSeconds: Int)                      // {"kind": "SESSION_EXPIRED", "AFTER_SECONDS": 3}
    @FallbackCase
    case unknownActivity
}

/// A style on a String enum: implicit raw values take the style, explicit ones win.
@Codable @ScreamingSnakeCase
enum Priority: String, Equatable {
    case lowPriority
    case highPriority = "HIGH"
}
