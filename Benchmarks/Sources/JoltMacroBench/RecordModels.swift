// The records workload of JoltMacroBench: 10,000 objects shaped like the
// example of the article "Annotations" (a name under one of three keys, a default
// for a missing or invalid age, a value at a nested path), decoded into a model whose
// init(from:) is written by hand and into the same model annotated with
// JoltMacros.

import Foundation
import JoltMacros

/// The plain-Codable way: the init(from:) a Foundation user writes for this shape.
struct HandRecord: Decodable, Equatable {
    var id: Int
    var name: String
    var age: Int
    var tags: [String]
    var score: Double?
    var rank: Int

    enum CodingKeys: String, CodingKey { case id, name, username, profile, age, tags, score, meta }
    enum ProfileKeys: String, CodingKey { case name }
    enum MetaKeys: String, CodingKey { case rank }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        if let name = try container.decodeIfPresent(String.self, forKey: .name) {
            self.name = name
        } else if let name = try container.decodeIfPresent(String.self, forKey: .username) {
            self.name = name
        } else {
            name = try container.nestedContainer(keyedBy: ProfileKeys.self, forKey: .profile).decode(String.self, forKey: .name)
        }
        age = (try? container.decodeIfPresent(Int.self, forKey: .age)) ?? 33
        tags = try container.decode([String].self, forKey: .tags)
        score = try container.decodeIfPresent(Double.self, forKey: .score)
        rank = try container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta).decode(Int.self, forKey: .rank)
    }
}

/// The same model, annotated.
@Codable
struct MacroRecord: Equatable {
    var id: Int
    @CodingKey("name", "username", "profile.name") var name: String
    var age = 33
    var tags: [String]
    var score: Double?
    @CodingKey("meta.rank") var rank: Int
}

/// `count` records: the name under "name", "username" or "profile.name" in turn;
/// every fifth age missing and every seventh a string; every fourth score null.
func recordsJSON(count: Int) -> Data {
    var text = "["
    text.reserveCapacity(count * 120)
    for n in 0..<count {
        if n > 0 { text += "," }
        var fields = [#""id":\#(n)"#]
        switch n % 3 {
        case 0: fields.append(#""name":"user \#(n)""#)
        case 1: fields.append(#""username":"user \#(n)""#)
        default: fields.append(#""profile":{"name":"user \#(n)","bio":"…"}"#)
        }
        if n % 7 == 0 { fields.append(#""age":"n/a""#) } else if n % 5 != 0 { fields.append(#""age":\#(18 + n % 60)"#) }
        fields.append(#""tags":[\#((0..<(n % 4)).map { #""t\#($0)""# }.joined(separator: ","))]"#)
        fields.append(n % 4 == 0 ? #""score":null"# : #""score":\#(Double(n % 1000) / 8)"#)
        fields.append(#""meta":{"rank":\#(n % 100),"seen":true}"#)
        text += "{" + fields.joined(separator: ",") + "}"
    }
    return Data((text + "]").utf8)
}

extension HandRecord {
    /// The fields, to compare with a ``MacroRecord``.
    var fields: [String] { ["\(id)", name, "\(age)", "\(tags)", "\(String(describing: score))", "\(rank)"] }
}

extension MacroRecord {
    var fields: [String] { ["\(id)", name, "\(age)", "\(tags)", "\(String(describing: score))", "\(rank)"] }
}
