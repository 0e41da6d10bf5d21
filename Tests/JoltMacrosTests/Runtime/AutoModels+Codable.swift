import JoltMacros

@AutoDecodable @AutoEncodable
extension Account: Codable {
    enum CodingKeys: String, CodingKey {
        case name = "user_name"
        case age
        case tags
    }
}

@AutoCodable
extension Shape: Codable {
    enum CodingKeys: String, CodingKey { case circle, rect, empty }
    enum CircleCodingKeys: String, CodingKey { case radius = "r" }
    enum RectCodingKeys: String, CodingKey { case width = "w", height = "h", _2 = "label" }
}
