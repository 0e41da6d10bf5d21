/// `init(joltDirect:)`: the `_JoltDirectDecodable` conformance, which reads the
/// object's members straight from JoltDecoder's tape in one pass, matching each
/// key as bytes with code written for the type's keys (a `switch` on the key's
/// length and first four bytes, then the rest of its bytes), and gives each
/// property what `init(from:)` gives it: the first of duplicate keys, the same
/// defaults for a missing or invalid value, and the errors `init(from:)` throws:
/// a property's failure is recorded with its place in the declaration order
/// (`_.fail(_:order:)`), and after the pass the first one in that
/// order is thrown, or the `keyNotFound` of a required property declared before
/// it. A property with paths or a closure that has no value gets its error
/// from its own `init(from:)` decode on a keyed container (that property
/// alone read again; `_.error(order:keyedBy:reading:)`), and a
/// `@CodingContainer` path that is missing from the containers' own calls.
///
/// A property with key paths or alternative keys (`@CodingKey("name", "profile.name")`)
/// has the tape index of each path's first key recorded during the pass; the paths
/// are then followed through their objects (`_.member(_:of:)`) and
/// tried in order, as `init(from:)` tries them: the first present, non-null value
/// that decodes.
///
/// A `@CustomCoding(decode:encode:)` closure is read the same way, on a decoder of
/// its own for the value, as `init(from:)` reads it.
///
/// A `@CodingContainer("data.info")` type reads its members from that object
/// (`_.nested(_:)`). A `@Flatten` property is decoded after the
/// pass as `init(from:)` decodes it, from the decoder of the whole object; the
/// type's own keys are still read in the one pass.
///
/// Written for structs and classes whose decoded properties are plain, read through
/// wrappers or closures, with or without defaults, or flattened. A class that can
/// have subclasses reads itself directly only when it is the type decoded: a
/// subclass (annotated or not) has properties and an `init(from:)` of its own,
/// so `joltDirectDecode(_:)` hands it to that, and `joltDecodesDirectly` is false
/// for it.
extension CodableGenerator {
    /// One decoded property, as the direct reading sees it.
    struct DirectProperty {
        let property: Property
        /// The local holding the value read (an optional of the decoded type).
        let local: String
        /// The key, as text, for a property read from one key; nil for key paths
        /// or alternatives (see ``paths``).
        let key: String?
        /// The property's paths (each a list of keys), when it has more than one key
        /// or is read by a closure.
        let paths: [[String]]
        /// The type read from the value, and what turns it into the property's value.
        let readType: String
        let unwrap: String
        /// The defaults for a missing and an invalid value, when the property has both
        /// (as `init(from:)` uses them).
        let defaults: (missing: String, invalid: String)?
        /// The `@CustomCoding(decode:encode:)` closure that reads the value, if any.
        var closure: String? = nil
        /// The property's place among the decoded properties, in declaration
        /// order (flattened ones included): the order `init(from:)` reads them in.
        var order = 0
    }

    /// The properties of a type the direct path can read, nil when one of them cannot be.
    var directProperties: [DirectProperty]? {
        guard options.decodes else { return nil }
        var result: [DirectProperty] = []
        // Flattened properties are not read in the pass (see `directInitDecl`).
        for (order, property) in properties.filter(\.decodes).enumerated() where !property.flattened {
            guard !property.decodePaths.isEmpty, !property.decodePaths.contains(where: \.isEmpty) else { return nil }
            var single = property.decodePaths.count == 1 && property.decodePaths[0].count == 1
            let readType: String, unwrap: String
            var closure: String?
            switch property.coding {
            case .plain:
                guard let type = property.type.map({ property.isOptional ? $0.base : $0.node.trimmedDescription })
                        ?? property.literalType else { return nil }
                readType = type
                unwrap = ""
            case .wrapper(let chain):
                readType = chain[0]
                unwrap = String(repeating: ".wrappedValue", count: chain.count)
            case .closures(let decode, _):
                // Read like the paths (`init(from:)` reads closures through its `paths:` helpers).
                guard let type = property.type.map({ property.isOptional ? $0.base : $0.node.trimmedDescription }) else { return nil }
                readType = type
                unwrap = ""
                closure = decode
                single = false
            }
            var defaults: (String, String)?
            if let missing = property.missingDefault, let invalid = property.invalidDefault { defaults = (missing, invalid) }
            result.append(DirectProperty(property: property, local: "__jolt\(result.count)",
                                         key: single ? property.decodePaths[0][0] : nil,
                                         paths: single ? [] : property.decodePaths,
                                         readType: readType, unwrap: unwrap, defaults: defaults, closure: closure,
                                         order: order))
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

    /// `value` (a default of the property's type) as the type read: inside the
    /// property's wrappers, if it has any.
    func directWrapped(_ value: String, _ p: DirectProperty) -> String {
        guard case .wrapper(let chain) = p.property.coding else { return value }
        return wrap(value, in: chain)
    }

    /// A default of an optional property (`String?`) as an optional of the type
    /// read: `(value as Base?).map { Wrapper(wrappedValue: $0) }` for a property
    /// read through wrappers, `value` itself otherwise.
    func directOptionalWrapped(_ value: String, _ p: DirectProperty) -> String {
        guard case .wrapper = p.property.coding else { return value }
        return "(\(value) as \(p.property.type!.base)?).map { \(directWrapped("$0", p)) }"
    }

    /// That default back as the property's value (unwrapped again).
    func directOptionalDefault(_ value: String, _ p: DirectProperty) -> String {
        guard case .wrapper = p.property.coding else { return value }
        return "\(directOptionalWrapped(value, p))?\(p.unwrap)"
    }

    /// The statement reading the current member into `p.local`, once the key matched.
    func directRead(_ p: DirectProperty) -> String {
        // A scalar whose error is caught for a default is read without its key:
        // the key goes on an error's path, and that error is never seen.
        let keyed = !Self.isDirectScalar(p.readType) || p.defaults?.invalid == nil
        let read = "try members.decode(\(p.readType).self\(keyed ? ", forKey: CodingKeys\(keyRef(p.key!))" : ""))"
        let property = p.property
        // A failure is recorded, and the pass goes on (see the type's comment).
        let recording = { (statement: String) in "do {\n\(statement)\n} catch {\nmembers.fail(error, order: \(p.order))\n}" }
        let wrapped = { (value: String) in directWrapped(value, p) }
        if let invalid = p.defaults?.invalid {
            if property.isOptional {
                // null: nil; a value that does not decode: the default for an invalid one.
                let fallback = directOptionalWrapped(invalid, p)
                return "if members.isNull {\n\(p.local) = .some(nil)\n} else {\ndo {\n\(p.local) = .some(\(read))\n} catch {\n\(p.local) = .some(\(fallback))\n}\n}"
            }
            return "if !members.isNull {\ndo {\n\(p.local) = \(read)\n} catch {\n\(p.local) = \(wrapped(invalid))\n}\n}"
        }
        if Self.isDirectScalar(p.readType) {
            if property.isOptional { return recording("\(p.local) = .some(members.isNull ? nil : \(read))") }
            return recording("\(p.local) = \(read)")
        }
        // Any other type is read into its local in place (`into:`): a local whose
        // address is taken stays in memory, where a struct's local assigned by value
        // is carried from member to member of the loop, a copy of the whole value at
        // each member (two memcpys of 422 and 728 bytes per member of a tweet).
        let readInto = { (slot: String) in "try members.decode(\(p.readType).self, forKey: CodingKeys\(keyRef(p.key!)), into: &\(slot))" }
        if property.isOptional { return "\(p.local) = .some(nil)\nif !members.isNull {\n\(recording(readInto(p.local + "!")))\n}" }
        if case .wrapper = property.coding { return "if !members.isNull {\n\(recording(readInto(p.local)))\n}" }
        return recording(readInto(p.local))
    }

    /// The types `_JoltDirectMembers` reads with a `decode` of their own.
    static func isDirectScalar(_ type: String) -> Bool {
        ["Bool", "String", "Double", "Float", "Int", "Int8", "Int16", "Int32", "Int64",
         "UInt", "UInt8", "UInt16", "UInt32", "UInt64"].contains(type)
    }

    /// The type of `p.local`: the read type, optional; for an optional property,
    /// doubly so (seen with `null` is `.some(nil)`).
    func directLocalType(_ p: DirectProperty) -> String {
        p.property.isOptional && p.key != nil ? "\(p.readType)??" : "\(p.readType)?"
    }

    /// For a property with paths: the statements trying each path in order, after
    /// the pass (`__joltAt<n>` holds the value index of key `n`, the first of each
    /// path), leaving the value in `p.local`, whether a present value failed to
    /// decode in `<local>Failed`, and whether any path was present (`null` too) in
    /// `<local>Present`.
    func directPathReads(_ p: DirectProperty, keyNumber: [String: Int]) -> [String] {
        let indexes = p.paths.map { path -> String in
            path.dropFirst().reduce("__joltAt\(keyNumber[path[0]]!)") { inner, key in
                "reader.member(\(stringLiteral(key)), of: \(inner))"
            }
        }
        let read: (Int) -> String = { n in
            let path = p.paths[n]
            let extra = path.count > 1
                ? "[" + path.dropLast().map { "CodingKeys\(keyRef($0))" }.joined(separator: ", ") + "]" : "[CodingKeys]()"
            let last = "CodingKeys\(keyRef(path[path.count - 1]))"
            if let closure = p.closure { return "try reader.decode(at: __joltIndex, path: \(extra), forKey: \(last), using: \(closure))" }
            if Self.isDirectScalar(p.readType) { return "try reader.decode(\(p.readType).self, at: __joltIndex)" }
            return "try reader.decode(\(p.readType).self, at: __joltIndex, path: \(extra), forKey: \(last))"
        }
        // What the assignment reads: whether a value failed (for an optional or a
        // default), whether a path was present (for an optional with defaults).
        let tracksFailure = p.property.isOptional || p.defaults != nil
        let tracksPresence = p.property.isOptional && p.defaults != nil
        var lines: [String] = []
        if tracksFailure { lines.append("var \(p.local)Failed = false") }
        if tracksPresence { lines.append("var \(p.local)Present = false") }
        for (n, index) in indexes.enumerated() {
            lines.append("if \(p.local) == nil, let __joltIndex = \(index) {\n" + (tracksPresence ? "\(p.local)Present = true\n" : "")
                + "if !reader.isNull(at: __joltIndex) {\ndo {\n\(p.local) = \(read(n))\n} catch {\n"
                + (tracksFailure ? "\(p.local)Failed = true\n" : "") + "}\n}\n}")
        }
        return lines
    }

    /// The assignment of a property with paths from its local, as
    /// `_joltDecode(paths:)`/`_joltDecodeIfPresent(paths:)` and their defaults give it,
    /// and the check before it that throws when the value is missing or failed.
    func directPathAssignment(_ p: DirectProperty) -> DirectAssignment {
        let property = p.property
        let target = "self.\(property.name)"
        let wrapped = { (value: String) in directWrapped(value, p) }
        let isWrapper = !p.unwrap.isEmpty
        if property.isOptional {
            let value = isWrapper ? "\(p.local).take()?\(p.unwrap)" : "\(p.local).take()"
            guard let (missing, invalid) = p.defaults else {
                return DirectAssignment(check: "if \(p.local) == nil && \(p.local)Failed {\nthrow \(directPathError(p))\n}",
                                        assignment: "\(target) = \(value)")
            }
            let missingValue = directOptionalDefault(missing, p)
            let invalidValue = directOptionalDefault(invalid, p)
            return DirectAssignment("if \(p.local) != nil {\n\(target) = \(value)\n} else if \(p.local)Failed {\n\(target) = \(invalidValue)\n}"
                + " else if \(p.local)Present {\n\(target) = nil\n} else {\n\(target) = \(missingValue)\n}")
        }
        if let (missing, invalid) = p.defaults {
            return DirectAssignment("\(target) = (\(p.local).take() ?? (\(p.local)Failed ? \(wrapped(invalid)) : \(wrapped(missing))))\(p.unwrap)")
        }
        return .required(p, target: target, error: directPathError(p))
    }

    /// What a property with paths or a closure and no value throws: its
    /// `init(from:)` decode on a keyed container gives the error (see
    /// `_JoltDirectMembers.error(order:keyedBy:reading:)`).
    func directPathError(_ p: DirectProperty) -> String {
        "members.error(order: \(p.order), keyedBy: CodingKeys.self) { container in\n_ = \(decodeExpression(p.property))\n}"
    }

    /// What a required property of one key without a value throws (see
    /// ``DirectAssignment/required(_:target:error:)``).
    func directMissingError(_ p: DirectProperty) -> String {
        var plainType = false
        if case .plain = p.property.coding, p.property.type != nil { plainType = true }
        return "members.\(plainType ? "missing" : "missingValue")(CodingKeys\(keyRef(p.key!)), order: \(p.order))"
    }

    /// The assignment of the property from its local after the pass, and the
    /// check before it that throws when the value is missing.
    func directAssignment(_ p: DirectProperty) -> DirectAssignment {
        let property = p.property
        let target = "self.\(property.name)"
        let wrapped = { (value: String) in directWrapped(value, p) }
        if property.isOptional {
            let value = "\(p.local).take()?\(p.unwrap.isEmpty ? "" : "?\(p.unwrap)")"
            if let missing = p.defaults?.missing {
                let missingValue = directOptionalDefault(missing, p)
                return DirectAssignment("if let \(p.local) = \(p.local).take() {\n\(target) = \(p.local)\(p.unwrap.isEmpty ? "" : "?\(p.unwrap)")\n} else {\n\(target) = \(missingValue)\n}")
            }
            return DirectAssignment("\(target) = \(p.unwrap.isEmpty ? "\(p.local).take() ?? nil" : value)")
        }
        if let missing = p.defaults?.missing {
            return DirectAssignment("\(target) = (\(p.local).take() ?? \(wrapped(missing)))\(p.unwrap)")
        }
        return .required(p, target: target, error: directMissingError(p))
    }

    /// `init(joltDirect:)` and `joltDirectDecode(_:)`, or nil for a type the
    /// direct path cannot read.
    var directInitDecl: String? { directDecls?.joined(separator: "\n\n") }

    /// The declarations of ``directInitDecl``, apart (a member macro returns
    /// each member as one declaration): for a class that can have subclasses,
    /// also `joltDecodesDirectly`, true for the class itself only.
    var directDecls: [String]? {
        // A type without decoded properties asks for no container in `init(from:)`
        // (any value will do): nothing to read directly.
        guard let direct = directProperties, !direct.isEmpty else { return nil }
        // A struct reads `reader.decoder` where a hook or a flattened property
        // takes it: with the no-op default hooks inlined, the existential is then
        // never made (a local made first would be retained and released for every
        // object read directly). A class, or a type whose members are in a nested
        // container (which shadows `reader`), keeps the decoder in a local.
        let decoderLocal = isClass || !containerPath.isEmpty
        let viaReader = { (statement: String) in decoderLocal ? statement : HookCall.readingDecoderFromReader(statement) }
        var lines = decoderLocal ? ["let decoder = reader.decoder"] : []
        lines += runsHooksDecl
        lines += hookStatements(.willDecode).map(viaReader)
        if !containerPath.isEmpty {
            // The members are read in the container's object, the hooks get the
            // decoder of the whole object. (@Flatten is refused in such a type.)
            let keys = containerPath.map { "CodingKeys\(keyRef($0))" }.joined(separator: ", ")
            lines.append("let reader = try reader.nested([\(keys)])")
        }
        for p in direct { lines.append("var \(p.local): \(directLocalType(p)) = nil") }
        // Keys in order of first use; each has a flag for "seen" (the first of
        // duplicate keys wins), and may be read by several properties.
        var keys: [String] = []
        for p in direct {
            for key in p.key.map({ [$0] }) ?? p.paths.map({ $0[0] }) where !keys.contains(key) { keys.append(key) }
        }
        var keyNumber: [String: Int] = [:]
        for (n, key) in keys.enumerated() { keyNumber[key] = n }
        // Keys a path starts with: their value's tape index, for after the pass.
        let pathKeys = Set(direct.flatMap { $0.paths.map { $0[0] } })
        for (n, key) in keys.enumerated() {
            lines.append("var __joltSeen\(n) = false")
            if pathKeys.contains(key) { lines.append("var __joltAt\(n): Int? = nil") }
        }
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
                    var reads = direct.filter { $0.key == key }.map(directRead)
                    if pathKeys.contains(key) { reads.append("__joltAt\(n) = members.valueIndex") }
                    let test = key.utf8.count > 4 ? "!__joltSeen\(n) && members.keyIs(\(stringLiteral(key)))" : "!__joltSeen\(n)"
                    branches.append("if \(test) {\n__joltSeen\(n) = true\n\(reads.joined(separator: "\n"))\n}")
                }
                cases.append("case \(Self.hex(signature)): // \(stringLiteral(keys[numbers[0]]))\n\(branches.joined(separator: " else "))")
            }
            lines.append("var members = try reader.members()")
            lines.append("while members.next() {\nswitch members.keySignature {\n\(cases.joined(separator: "\n"))\ndefault:\nbreak\n}\n}")
        }
        for p in direct where p.key == nil { lines += directPathReads(p, keyNumber: keyNumber) }
        // Every check that can throw comes before the first assignment to a
        // property: a throw between two assignments makes the compiler keep the
        // value in memory and copy it out at the end (a retain and a release of
        // each of its references).
        // The flattened values are read into locals before the first assignment too.
        // A flattened value that throws is recorded with its place, as the
        // properties read in the pass are.
        let decoded = properties.filter(\.decodes)
        let flattened = decoded.enumerated().filter { $0.element.flattened }
        for (order, property) in flattened {
            let expression = viaReader(flattenedDecodeExpression(property))
            if property.missingDefault != nil {
                lines.append("let __joltFlattened_\(property.name) = \(expression)")
            } else {
                lines.append("var __joltFlattened_\(property.name): (\(property.type!.node.trimmedDescription))? = nil")
                lines.append("do {\n__joltFlattened_\(property.name) = .some(\(expression))\n} catch {\nmembers.fail(error, order: \(order))\n}")
            }
        }
        let assignments = direct.map { $0.key == nil ? directPathAssignment($0) : directAssignment($0) }
        lines += assignments.compactMap(\.check)
        lines.append("try members.throwFailure()")
        lines += assignments.map(\.assignment)
        for (_, property) in flattened {
            lines.append("self.\(property.name) = __joltFlattened_\(property.name)" + (property.missingDefault != nil ? "" : "!"))
        }
        for property in properties where property.ignored {
            if let value = property.ignoredValue { lines.append("self.\(property.name) = \(value)") }
        }
        // A class's superclass, as init(from:) initializes it.
        lines += superInitStatements
        if isClass { lines += hookStatements(.didDecode) }
        // `borrowing`: an initializer takes its arguments owned, so each call copied
        // the reader (a retain and a release of the decoder per object read directly).
        let initDecl = "\(access)init(joltDirect reader: borrowing _JoltDirectReader) throws {\n\(lines.joined(separator: "\n"))\n}"
        if !isClass {
            // A struct's didDecode hooks run on the value the initializer returns:
            // a `try` after the last assignment, in the initializer, made the
            // compiler copy the value out (as above).
            let call = "try _joltHook(self."
            let hooks = hookStatements(.didDecode).map { $0.hasPrefix(call) ? "try _joltHook($0." + $0.dropFirst(call.count) : $0 }
                .map(HookCall.readingDecoderFromReader)
            return [initDecl,
                    "\(access)static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {\n"
                        + "return try _joltDidDecode(Self(joltDirect: reader)) {\n\(hooks.joined(separator: "\n"))\n}\n}"]
        }
        guard !isFinal else {
            return [initDecl, "\(access)static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {\ntry Self(joltDirect: reader)\n}"]
        }
        // `init(joltDirect:)` makes the class itself, so only the class itself uses it.
        return [initDecl,
                "\(access)static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {\n"
                    + "guard self == \(typeName).self else {\nreturn try self.init(from: reader.decoder)\n}\n"
                    + "return unsafeDowncast(try \(typeName)(joltDirect: reader), to: self)\n}",
                "\(access)static var joltDecodesDirectly: Bool {\nself == \(typeName).self\n}"]
    }

    /// For a class whose properties the direct path cannot read: a conformance
    /// that forwards to `init(from:)` and says so (the compiler fails on a subclass
    /// of a class that did not take a conformance its macro declares).
    static func forwardingDirectDecls(access: String) -> [String] {
        ["\(access)static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {\ntry self.init(from: reader.decoder)\n}",
         "\(access)static var joltDecodesDirectly: Bool {\nfalse\n}"]
    }
}

extension CodableGenerator {
    /// A property's assignment in `init(joltDirect:)`, and the check before it (if
    /// any) that throws when its value is missing or failed: all the checks are
    /// written before the first assignment (see ``directDecls``).
    struct DirectAssignment {
        var check: String?
        var assignment: String

        init(check: String? = nil, assignment: String) {
            self.check = check
            self.assignment = assignment
        }

        init(_ assignment: String) {
            self.init(assignment: assignment)
        }

        /// A required property: its local must hold a value. Without one, a
        /// property of one key throws what `init(from:)` throws (the first
        /// failure declared before it, or `keyNotFound` as the container's
        /// `decode(_:forKey:)`, or for wrappers `_joltDecode(_:forKey:)`, gives
        /// it); one with paths, the error its own decode on a keyed container throws.
        static func required(_ p: DirectProperty, target: String, error: String) -> DirectAssignment {
            DirectAssignment(check: "guard let \(p.local) = \(p.local).take() else {\nthrow \(error)\n}",
                             assignment: "\(target) = \(p.local)\(p.unwrap)")
        }
    }
}
