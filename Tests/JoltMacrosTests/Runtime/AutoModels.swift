import Foundation

// The types, without any annotation; their Codable extensions are in AutoModels+Codable.swift.
struct Account: Equatable {
    let name: String
    var age: Int?
    var tags: [String]
}

enum Shape: Equatable {
    case circle(radius: Double)
    case rect(width: Double, height: Double, String?)
    case empty
}

struct Member: Equatable {
    let name: String
    var avatar: URL?
    var tags: [String]
}

enum Attachment: Equatable {
    case image(url: URL, width: Int)
    case clip(URL, length: Double?)
    case note(String)
}

struct Person: Equatable {
    let firstName: String
    let lastName: String
    var age: Int?
    var city: String
}

/// Lifecycle hooks with AutoCodable: its Codable extension (AutoModels+Codable.swift)
/// names JoltCodingHooks; the hooks are in AutoModels+Hooks.swift.
struct Window: Equatable {
    var low: Int
    var high: Int
    var normalized = false
}

enum Signal: Equatable {
    case level(Int)
    case off
}
