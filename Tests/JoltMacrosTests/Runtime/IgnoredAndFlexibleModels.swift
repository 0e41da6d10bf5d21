import Foundation
import JoltMacros

/// A type an ignored property without an initial value takes the default of.
struct IgnoredTheme: Equatable, JoltDefaultInstance {
    var name: String
    static var `default`: IgnoredTheme { IgnoredTheme(name: "light") }
}

/// ReerCodable's `@CodingIgnored` without initial values: each takes its type's default when decoded.
@Codable
struct IgnoredDefaults: Equatable {
    var title: String
    @CodingIgnored var count: Int
    @CodingIgnored let name: String
    @CodingIgnored var ratio: Double
    @CodingIgnored var flag: Bool
    @CodingIgnored let note: String?
    @CodingIgnored var tags: Set<String>
    @CodingIgnored var list: [Int]
    @CodingIgnored var map: [String: Int]
    @CodingIgnored var theme: IgnoredTheme
}

/// The same in a class decoded by `@Codable`.
@Codable
final class IgnoredDefaultsClass {
    var title: String
    @CodingIgnored var count: Int
    @CodingIgnored var theme: IgnoredTheme

    init(title: String, count: Int, theme: IgnoredTheme) {
        self.title = title
        self.count = count
        self.theme = theme
    }
}

/// ReerCodable's `@FlexibleType` on a type: every scalar property reads leniently.
@Codable @FlexibleType @SnakeCase
struct FlexibleProduct: Equatable {
    var id: Int
    var sku: String?
    var isActive = false
    var price: Double
    var small: UInt8
    var tags: [String]
    @DateCoding(ISO8601Strategy.self) var created: Date
}
