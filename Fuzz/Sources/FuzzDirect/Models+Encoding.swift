import Foundation
import Jolt

// The encoding half of FuzzDirect's models, as JoltMacros writes it for
// `@Codable struct FuzzEvent { … }` (DirectEncodingExpansionTests shows the
// expansion): `encode(to:)` hands a JoltEncoder's slot to
// `joltDirectEncode(to:)`, and otherwise runs the container code.

extension FuzzEvent: Encodable, _JoltDirectEncodable {
    func encode(to encoder: any Encoder) throws {
        if let writer = _JoltDirectWriter(encoder) {
            return try joltDirectEncode(to: writer)
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.id, forKey: .id)
        try container.encode(self.name, forKey: .name)
        try container.encode(self.age, forKey: .age)
        try container.encodeIfPresent(self.nickname, forKey: .nickname)
        try container.encodeIfPresent(self.note, forKey: .note)
        try container.encode(LossyArray<Int>(wrappedValue: self.scores), forKey: .scores)
        try container.encodeIfPresent(self.seen, forKey: .seen)
        try container.encode(self.mail, forKey: .mail)
        try container.encodeIfPresent(self.inner, forKey: .inner)
        try container.encode(self.inners, forKey: .inners)
        try container.encodeIfPresent(self.byName, forKey: .byName)
    }

    func joltDirectEncode(to writer: _JoltDirectWriter) throws {
        let object = writer.object(distinctKeys: true)
        try object.encode(self.id, forKey: CodingKeys.id, "\"id\"")
        try object.encode(self.name, forKey: CodingKeys.name, "\"user_name\"")
        try object.encode(self.age, forKey: CodingKeys.age, "\"age\"")
        try object.encodeIfPresent(self.nickname, forKey: CodingKeys.nickname, "\"nickname\"")
        try object.encodeIfPresent(self.note, forKey: CodingKeys.note, "\"note\"")
        try object.encode(LossyArray<Int>(wrappedValue: self.scores), forKey: CodingKeys.scores, "\"scores\"")
        try object.encodeIfPresent(self.seen, forKey: CodingKeys.seen, "\"seen\"")
        try object.encode(self.mail, forKey: CodingKeys.mail, "\"user_mail\"")
        try object.encodeIfPresent(self.inner, forKey: CodingKeys.inner, "\"inner\"")
        try object.encode(self.inners, forKey: CodingKeys.inners, "\"inners\"")
        try object.encodeIfPresent(self.byName, forKey: CodingKeys.byName, "\"byName\"")
    }
}

extension FuzzInner: Encodable, _JoltDirectEncodable {
    func encode(to encoder: any Encoder) throws {
        if let writer = _JoltDirectWriter(encoder) {
            return try joltDirectEncode(to: writer)
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.x, forKey: .x)
        try container.encode(self.y, forKey: .y)
    }

    func joltDirectEncode(to writer: _JoltDirectWriter) throws {
        let object = writer.object(distinctKeys: true)
        try object.encode(self.x, forKey: CodingKeys.x, "\"x\"")
        try object.encode(self.y, forKey: CodingKeys.y, "\"y\"")
    }
}
