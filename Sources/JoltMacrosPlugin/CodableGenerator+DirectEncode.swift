/// `joltDirectEncode(to:)`: the `_JoltDirectEncodable` conformance, which
/// writes a struct's members through a `_JoltDirectObject` instead of a keyed
/// container: each key passed as the bytes written (quoted; only keys that
/// need no escape under any option), each value with the overload for its
/// type, chosen when the code compiles. `encode(to:)` hands a JoltEncoder's
/// slot to it, and runs the container code for any other encoder.
///
/// It writes what `encode(to:)` writes, in the same order: the hooks, each
/// property (`encodeIfPresent` and `@EncodeNil` alike), then the flattened
/// properties into the same object.
///
/// Written for structs whose encoded properties each have one key (no key
/// path, no `@CodingContainer`) and no `@CustomCoding` closure.
extension CodableGenerator {
    /// Whether `key` is written as it is under every option: no control
    /// character, `"`, `\` or `/` (which `.withoutEscapingSlashes` decides); the
    /// encoder writes any other character as its UTF-8 bytes.
    static func isPlainKey(_ key: String) -> Bool {
        key.unicodeScalars.allSatisfy { $0.value >= 0x20 && !["\"", "\\", "/"].contains($0) }
    }

    /// `joltDirectEncode(to:)`, or nil for a type the direct path does not write.
    var directEncodeDecl: String? {
        guard options.encodes, !isClass, containerPath.isEmpty else { return nil }
        let own = properties.filter { !$0.ignored && !$0.flattened }
        guard !own.isEmpty else { return nil }
        var lines = ["let encoder = writer.encoder"]
        lines += hookStatements(.willEncode)
        lines.append("let object = writer.object(distinctKeys: true)")
        for property in own {
            guard let statement = directEncodeStatement(property) else { return nil }
            lines.append(statement)
        }
        for property in properties where property.flattened {
            lines.append("try self.\(property.name)\(property.isOptional ? "?" : "").encode(to: encoder)")
        }
        lines += hookStatements(.didEncode)
        return "\(access)func joltDirectEncode(to writer: _JoltDirectWriter) throws {\n\(lines.joined(separator: "\n"))\n}"
    }

    /// The statement writing `p` as ``encodeStatement(_:container:key:)`` does,
    /// nil when the direct path cannot.
    func directEncodeStatement(_ p: Property) -> String? {
        guard p.encodePath.count == 1, Self.isPlainKey(p.encodePath[0]) else { return nil }
        let key = p.encodePath[0]
        let arguments = "forKey: CodingKeys\(keyRef(key)), \(stringLiteral("\"\(key)\""))"
        let value = p.isOptional ? "value" : "self.\(p.name)"
        let write: String
        switch p.coding {
        case .plain: write = "try object.encode(\(value), \(arguments))"
        case .wrapper(let chain): write = "try object.encode(\(wrap(value, in: chain)), \(arguments))"
        case .closures: return nil
        }
        guard p.isOptional else { return write }
        if case .plain = p.coding, !p.encodeNil {
            return "try object.encodeIfPresent(self.\(p.name), \(arguments))"
        }
        let orNil = p.encodeNil ? " else {\ntry object.encodeNil(\(arguments))\n}" : ""
        return "if let value = self.\(p.name) {\n\(write)\n}\(orNil)"
    }

    /// For a class: a conformance that hands the slot to `encode(to:)` (which
    /// a subclass overrides), as the container code writes it.
    static func forwardingDirectEncodeDecl(access: String) -> String {
        "\(access)func joltDirectEncode(to writer: _JoltDirectWriter) throws {\ntry encode(to: writer.encoder)\n}"
    }
}
