/// `init(joltDirect:)`: the ``JoltDirectDecodable`` conformance, which reads the
/// object's members straight from JoltDecoder's tape in one pass, matching each
/// key as bytes with code written for the type's keys (a `switch` on the key's
/// length and first four bytes, then the rest of its bytes), and gives each
/// property what `init(from:)` gives it: the first of duplicate keys, the same
/// defaults for a missing or invalid value. It builds no error: any failure
/// throws, and the decoder decodes the value again through `init(from:)`.
///
/// Written for structs whose decoded properties each read one key, plainly or
/// through wrappers, with or without defaults (the other annotations, paths,
/// alternative keys, closures, `@Flatten`, `@CodingContainer`, have no direct
/// reading yet: such a type decodes through `init(from:)` alone).
extension CodableGenerator {
    /// One decoded property, as the direct reading sees it.
    struct DirectProperty {
        let property: Property
        /// The local holding the value read (an optional of the decoded type).
        let local: String
        /// The key, as text.
        let key: String
        /// The type read from the value, and what turns it into the property's value.
        let readType: String
        let unwrap: String
        /// The defaults for a missing and an invalid value, when the property has both
        /// (as `init(from:)` uses them).
        let defaults: (missing: String, invalid: String)?
    }

    /// The properties of a type the direct path can read, nil when one of them cannot be.
    var directProperties: [DirectProperty]? {
        guard !isClass, options.decodes, containerPath.isEmpty else { return nil }
        var result: [DirectProperty] = []
        for property in properties where property.decodes {
            guard !property.flattened, property.decodePaths.count == 1, property.decodePaths[0].count == 1 else { return nil }
            let readType: String, unwrap: String
            switch property.coding {
            case .plain:
                guard let type = property.type.map({ property.isOptional ? $0.base : $0.node.trimmedDescription })
                        ?? property.literalType else { return nil }
                readType = type
                unwrap = ""
            case .wrapper(let chain):
                readType = chain[0]
                unwrap = String(repeating: ".wrappedValue", count: chain.count)
            case .closures:
                return nil
            }
            var defaults: (String, String)?
            if let missing = property.missingDefault, let invalid = property.invalidDefault { defaults = (missing, invalid) }
            result.append(DirectProperty(property: property, local: "__jolt\(result.count)", key: property.decodePaths[0][0],
                                         readType: readType, unwrap: unwrap, defaults: defaults))
        }
        return result
    }

    /// The key entry's payload on JoltDecoder's tape for `key`: its length in the
    /// low 32 bits, its first four UTF-8 bytes (little-endian, zero-padded) in the high ones.
    static func keySignature(_ key: String) -> UInt64 {
        let bytes = Array(key.utf8)
        var prefix: UInt64 = 0
        for (i, byte) in bytes.prefix(4).enumerated() { prefix |= UInt64(byte) << (8 * UInt64(i)) }
        return prefix << 32 | UInt64(bytes.count)
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }

    /// The statement reading the current member into `p.local`, once the key matched.
    func directRead(_ p: DirectProperty) -> String {
        let read = "try members.decode(\(p.readType).self\(Self.isDirectScalar(p.readType) ? "" : ", forKey: CodingKeys\(keyRef(p.key))"))"
        let property = p.property
        let wrapped = { (value: String) -> String in
            guard case .wrapper(let chain) = property.coding else { return value }
            return wrap(value, in: chain)
        }
        if let invalid = p.defaults?.invalid {
            if property.isOptional {
                // null: nil; a value that does not decode: the default for an invalid one.
                let invalidValue = "(\(invalid) as \(property.type!.base)?).map { \(wrapped("$0")) }"
                let fallback = { () -> String in
                    if case .wrapper = property.coding { return invalidValue }
                    return invalid
                }()
                return "if members.isNull {\n\(p.local) = .some(nil)\n} else {\ndo {\n\(p.local) = .some(\(read))\n} catch {\n\(p.local) = .some(\(fallback))\n}\n}"
            }
            return "if !members.isNull {\ndo {\n\(p.local) = \(read)\n} catch {\n\(p.local) = \(wrapped(invalid))\n}\n}"
        }
        if property.isOptional { return "\(p.local) = .some(members.isNull ? nil : \(read))" }
        if case .wrapper = property.coding { return "if !members.isNull {\n\(p.local) = \(read)\n}" }
        return "\(p.local) = \(read)"
    }

    /// The types `JoltDirectMembers` reads with a `decode` of their own.
    static func isDirectScalar(_ type: String) -> Bool {
        ["Bool", "String", "Double", "Float", "Int", "Int8", "Int16", "Int32", "Int64",
         "UInt", "UInt8", "UInt16", "UInt32", "UInt64"].contains(type)
    }

    /// The type of `p.local`: the read type, optional; for an optional property,
    /// doubly so (seen with `null` is `.some(nil)`).
    func directLocalType(_ p: DirectProperty) -> String {
        p.property.isOptional ? "\(p.readType)??" : "\(p.readType)?"
    }

    /// The assignment of the property from its local after the pass.
    func directAssignment(_ p: DirectProperty) -> String {
        let property = p.property
        let target = "self.\(property.name)"
        let wrapped = { (value: String) -> String in
            guard case .wrapper(let chain) = property.coding else { return value }
            return wrap(value, in: chain)
        }
        if property.isOptional {
            let value = "\(p.local)?\(p.unwrap.isEmpty ? "" : "?\(p.unwrap)")"
            if let missing = p.defaults?.missing {
                let missingValue: String
                if case .wrapper = property.coding {
                    missingValue = "(\(missing) as \(property.type!.base)?).map { \(wrapped("$0")) }?\(p.unwrap)"
                } else {
                    missingValue = missing
                }
                return "if let \(p.local) {\n\(target) = \(p.local)\(p.unwrap.isEmpty ? "" : "?\(p.unwrap)")\n} else {\n\(target) = \(missingValue)\n}"
            }
            return "\(target) = \(p.unwrap.isEmpty ? "\(p.local) ?? nil" : value)"
        }
        if let missing = p.defaults?.missing {
            return "\(target) = (\(p.local) ?? \(wrapped(missing)))\(p.unwrap)"
        }
        return "guard let \(p.local) else {\nthrow JoltDirectReader.failure\n}\n\(target) = \(p.local)\(p.unwrap)"
    }

    /// `init(joltDirect:)`, or nil for a type the direct path cannot read.
    var directInitDecl: String? {
        // A type without decoded properties asks for no container in `init(from:)`
        // (any value will do): nothing to read directly.
        guard let direct = directProperties, !direct.isEmpty else { return nil }
        var lines = ["let decoder = reader.decoder"]
        lines += hookStatements(.willDecode)
        for p in direct { lines.append("var \(p.local): \(directLocalType(p)) = nil") }
        // Keys in order of first use; each has a flag for "seen" (the first of
        // duplicate keys wins), and may be read by several properties.
        var keys: [String] = []
        for p in direct where !keys.contains(p.key) { keys.append(p.key) }
        for (n, _) in keys.enumerated() { lines.append("var __joltSeen\(n) = false") }
        do {
            var bySignature: [(UInt64, [Int])] = []
            for (n, key) in keys.enumerated() {
                let signature = Self.keySignature(key)
                if let at = bySignature.firstIndex(where: { $0.0 == signature }) { bySignature[at].1.append(n) }
                else { bySignature.append((signature, [n])) }
            }
            var cases: [String] = []
            for (signature, numbers) in bySignature {
                var branches: [String] = []
                for n in numbers {
                    let key = keys[n]
                    let reads = direct.filter { $0.key == key }.map(directRead)
                    let test = key.utf8.count > 4 ? "!__joltSeen\(n) && members.keyIs(\(stringLiteral(key)))" : "!__joltSeen\(n)"
                    branches.append("if \(test) {\n__joltSeen\(n) = true\n\(reads.joined(separator: "\n"))\n}")
                }
                cases.append("case \(Self.hex(signature)): // \(stringLiteral(keys[numbers[0]]))\n\(branches.joined(separator: " else "))")
            }
            lines.append("var members = try reader.members()")
            lines.append("while members.next() {\nswitch members.keySignature {\n\(cases.joined(separator: "\n"))\ndefault:\nbreak\n}\n}")
        }
        for p in direct { lines.append(directAssignment(p)) }
        for property in properties where property.ignored {
            if let value = property.ignoredValue { lines.append("self.\(property.name) = \(value)") }
        }
        lines += hookStatements(.didDecode)
        return "\(access)init(joltDirect reader: JoltDirectReader) throws {\n\(lines.joined(separator: "\n"))\n}\n\n"
            + "\(access)static func joltDirectDecode(_ reader: JoltDirectReader) throws -> Self {\ntry Self(joltDirect: reader)\n}"
    }

    /// For a class: a conformance that forwards to `init(from:)` and says so (the
    /// compiler fails on a subclass of a class that did not take a conformance its
    /// macro declares).
    static func forwardingDirectDecl(access: String) -> String {
        "\(access)static func joltDirectDecode(_ reader: JoltDirectReader) throws -> Self {\ntry self.init(from: reader.decoder)\n}\n\n"
            + "\(access)static var joltDecodesDirectly: Bool {\nfalse\n}"
    }
}
