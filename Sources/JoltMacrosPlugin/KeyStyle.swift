/// The naming styles of `@SnakeCase` and its siblings: the same conversions as
/// Jolt's runtime key strategies, done at compile time (a plugin cannot import Jolt).
enum KeyStyle: String, CaseIterable {
    case snakeCase = "SnakeCase"
    case kebabCase = "KebabCase"
    case camelCase = "CamelCase"
    case pascalCase = "PascalCase"
    case screamingSnakeCase = "ScreamingSnakeCase"
    case screamingKebabCase = "ScreamingKebabCase"
    case flatCase = "FlatCase"
    case upperCase = "UpperCase"
    case camelSnakeCase = "CamelSnakeCase"
    case pascalSnakeCase = "PascalSnakeCase"
    case camelKebabCase = "CamelKebabCase"
    case pascalKebabCase = "PascalKebabCase"

    /// `name` (a Swift identifier, usually camelCase) in this style.
    func apply(to name: String) -> String {
        let words = KeyStyle.words(of: name)
        guard !words.isEmpty else { return name }
        switch self {
        case .snakeCase: return words.map { $0.lowercased() }.joined(separator: "_")
        case .kebabCase: return words.map { $0.lowercased() }.joined(separator: "-")
        case .camelCase:
            return words[0].lowercased() + words.dropFirst().map(KeyStyle.capitalized).joined()
        case .pascalCase: return words.map(KeyStyle.capitalized).joined()
        case .screamingSnakeCase: return words.map { $0.uppercased() }.joined(separator: "_")
        case .screamingKebabCase: return words.map { $0.uppercased() }.joined(separator: "-")
        case .flatCase: return words.map { $0.lowercased() }.joined()
        case .upperCase: return words.map { $0.uppercased() }.joined()
        // The mixed styles: camelCase or PascalCase words, joined by `_` or `-`
        // (`userName` -> `user_Name`, `User_Name`, `user-Name`, `User-Name`).
        case .camelSnakeCase: return KeyStyle.camelWords(words).joined(separator: "_")
        case .pascalSnakeCase: return words.map(KeyStyle.capitalized).joined(separator: "_")
        case .camelKebabCase: return KeyStyle.camelWords(words).joined(separator: "-")
        case .pascalKebabCase: return words.map(KeyStyle.capitalized).joined(separator: "-")
        }
    }

    /// The first word in lowercase, the others capitalized.
    static func camelWords(_ words: [String]) -> [String] {
        [words[0].lowercased()] + words.dropFirst().map(KeyStyle.capitalized)
    }

    static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst().lowercased()
    }

    /// Words of an identifier: split at `_`, `-`, lower-to-upper changes and
    /// the end of an acronym (`"userURLString"` -> user, URL, String).
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let chars = Array(name)
        for (i, c) in chars.enumerated() {
            if c == "_" || c == "-" || c == " " {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            if c.isUppercase, !current.isEmpty {
                let previous = chars[i - 1]
                let nextIsLower = i + 1 < chars.count && chars[i + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
