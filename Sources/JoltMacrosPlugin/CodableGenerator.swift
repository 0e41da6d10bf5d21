import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// What to generate.
public struct CodableOptions: Sendable {
    var decodes = true
    var encodes = true
    var inherited = false
    /// `@Codable(options: .skipSuperCoding)` on a subclass: `super.init()`, no `super.encode(to:)`.
    var skipsSuper = false
}

/// Writes `CodingKeys`, `init(from:)` and `encode(to:)` for a struct or a class.
struct CodableGenerator {
    let typeName: String
    let properties: [Property]
    let containerPath: [String]
    let access: String
    /// The access of members a subclass overrides: `open` in an open class.
    let overridableAccess: String
    let isClass: Bool
    let isFinal: Bool
    /// For a subclass (`@InheritedCodable`): whether its superclass's code was written by
    /// these macros (it conforms to `JoltCodableClass`, so it has `joltHooksClass`).
    let superAnnotated: Bool
    let options: CodableOptions
    /// The calls of the type's `@CodableHook` methods, by stage (see ``HookCall``).
    var annotatedHooks: [HookCall.Stage: [String]] = [:]

    // MARK: Hooks

    /// Whether a class can have subclasses whose generated code runs the hooks instead
    /// (then the calls are guarded by `runsHooks`).
    var guardsHooks: Bool { isClass && !isFinal }

    /// `joltHooksClass` for a class (see `JoltCodableClass`), nil when nothing reads it.
    var hooksClassDecl: String? {
        guard isClass else { return nil }
        let overrides = options.inherited && superAnnotated
        guard overrides || !isFinal else { return nil }
        return "\(overridableAccess)\(overrides ? "override " : "")class var joltHooksClass: AnyClass {\n\(typeName).self\n}"
    }

    /// The statement calling a hook (see ``HookCall``), guarded by `runsHooks` where a
    /// subclass's generated code runs the hooks instead.
    func hookCall(_ call: String) -> String {
        let line = HookCall.statement(call)
        return guardsHooks ? "if runsHooks {\n\(line)\n}" : line
    }

    /// The statements of a stage: the conventional hook (guarded in a class that can have
    /// subclasses), then the `@CodableHook` methods, which each annotated class's code runs.
    func hookStatements(_ stage: HookCall.Stage) -> [String] {
        [hookCall(stage.conventionalCall)] + (annotatedHooks[stage] ?? []).map(HookCall.statement)
    }

    var runsHooksDecl: [String] {
        guardsHooks ? ["let runsHooks = Self.joltHooksClass == \(typeName).self"] : []
    }

    // MARK: Keys

    /// Every key text used, in order of first use.
    var keyTexts: [String] {
        var seen = Set<String>(), ordered: [String] = []
        func add(_ key: String) { if seen.insert(key).inserted { ordered.append(key) } }
        containerPath.forEach(add)
        for property in properties where !property.ignored && !property.flattened {
            if options.decodes && property.decodes { property.decodePaths.joined().forEach(add) }
            if options.encodes { property.encodePath.forEach(add) }
        }
        return ordered
    }

    /// Case names for the key texts: the text itself when it is an identifier.
    var caseNames: [String: String] {
        var names: [String: String] = [:], used = Set<String>()
        for key in keyTexts {
            var name = String(key.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
            if name.first?.isNumber == true { name = "_" + name }
            var candidate = name, n = 1
            while used.contains(candidate) { n += 1; candidate = "\(name)\(n)" }
            used.insert(candidate)
            names[key] = candidate
        }
        return names
    }

    func keyRef(_ key: String) -> String { ".`\(caseNames[key]!)`" }

    func pathsLiteral(_ paths: [[String]]) -> String {
        "[" + paths.map { "[" + $0.map(keyRef).joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
    }

    var codingKeysDecl: String {
        let names = caseNames
        let cases = keyTexts.map { "case `\(names[$0]!)` = \(stringLiteral($0))" }.joined(separator: "\n")
        // Without keys (every property flattened or ignored) a raw type is not allowed.
        if cases.isEmpty { return "\(access)enum CodingKeys: CodingKey {\n}" }
        return "\(access)enum CodingKeys: String, CodingKey {\n\(cases)\n}"
    }

    // MARK: Decoding

    var initDecl: String {
        var lines: [String] = []
        lines += runsHooksDecl
        lines += hookStatements(.willDecode)
        let decoded = properties.filter { $0.decodes }
        if decoded.contains(where: { !$0.flattened }) {
            lines.append("let container = try decoder.container(keyedBy: CodingKeys.self)"
                         + (containerPath.isEmpty ? "" : "._joltNestedContainer(\(pathsLiteral([containerPath]).dropFirst().dropLast()))"))
        }
        for property in decoded { lines.append("self.\(property.name) = \(decodeExpression(property))") }
        for property in properties where property.ignored {
            if let value = property.ignoredValue { lines.append("self.\(property.name) = \(value)") }
        }
        lines += superInitStatements
        lines += hookStatements(.didDecode)
        var modifiers = access
        if isClass { modifiers += "required " }
        return "\(modifiers)init(from decoder: any Decoder) throws {\n\(lines.joined(separator: "\n"))\n}"
    }

    /// A class's superclass initialized, as decoding does it: through its own
    /// `init(from:)` (`@InheritedCodable`), or `init()` under `.skipSuperCoding`.
    var superInitStatements: [String] {
        (options.inherited ? ["try super.init(from: decoder)"] : []) + (options.skipsSuper ? ["super.init()"] : [])
    }

    /// The expression decoding a property. One key is read with the container's
    /// own `decode`/`decodeIfPresent` or a `forKey:` helper, several paths with a
    /// `paths:` helper; a property of known type passes a closure calling
    /// `decodeIfPresent` with its type written out, so the container's concrete
    /// overloads (`Int`, `String`…) are called as in hand-written code.
    func decodeExpression(_ p: Property) -> String {
        if p.flattened { return flattenedDecodeExpression(p) }
        let paths = pathsLiteral(p.decodePaths)
        let single = p.decodePaths.count == 1 && p.decodePaths[0].count == 1 ? keyRef(p.decodePaths[0][0]) : nil
        let location = single.map { "forKey: \($0)" } ?? "paths: \(paths)"
        // One path through nested objects, for a property that must be there.
        let nestedPath = p.decodePaths.count == 1 && p.decodePaths[0].count > 1 && !p.isOptional && !p.hasDefault
            ? "[" + p.decodePaths[0].map(keyRef).joined(separator: ", ") + "]" : nil
        switch p.coding {
        case .closures(let decode, _):
            if let missing = p.missingDefault, let invalid = p.invalidDefault {
                let call = p.isOptional ? "_joltDecodeIfPresent" : "_joltDecode"
                return "container.\(call)(paths: \(paths), missing: \(missing), invalid: \(invalid), decoder: decoder, using: \(decode))"
            }
            return p.isOptional
                ? "try container._joltDecodeIfPresent(paths: \(paths), using: \(decode))"
                : "try container._joltDecode(paths: \(paths), using: \(decode))"
        case .wrapper(let chain):
            let wrapper = chain[0]
            let unwrap = String(repeating: ".wrappedValue", count: chain.count)
            if let missing = p.missingDefault, let invalid = p.invalidDefault {
                if p.isOptional {
                    let base = p.type!.base
                    return "container._joltDecodeIfPresent(\(wrapper).self, \(location), "
                        + "missing: (\(missing) as \(base)?).map { \(wrap("$0", in: chain)) }, "
                        + "invalid: (\(invalid) as \(base)?).map { \(wrap("$0", in: chain)) }, decoder: decoder)?\(unwrap)"
                }
                return "container._joltDecode(\(wrapper).self, \(location), missing: \(wrap(missing, in: chain)), "
                    + "invalid: \(wrap(invalid, in: chain)), decoder: decoder)\(unwrap)"
            }
            if p.isOptional {
                return single.map { "try container.decodeIfPresent(\(wrapper).self, forKey: \($0))?\(unwrap)" }
                    ?? "try container._joltDecodeIfPresent(\(wrapper).self, paths: \(paths))?\(unwrap)"
            }
            if let nestedPath { return "try container._joltDecode(\(wrapper).self, path: \(nestedPath))\(unwrap)" }
            return "try container._joltDecode(\(wrapper).self, \(location))\(unwrap)"
        case .plain:
            let type = p.type.map { p.isOptional ? $0.base : $0.node.trimmedDescription } ?? p.literalType
            let read = type.map { "{ try $0.decodeIfPresent(\($0).self, forKey: $1) }" }
            let call = p.isOptional ? "_joltDecodeIfPresent" : "_joltDecode"
            if let missing = p.missingDefault, let invalid = p.invalidDefault {
                let arguments = "\(location), missing: \(missing), invalid: \(invalid), decoder: decoder"
                return read.map { "container.\(call)(\(arguments)) \($0)" } ?? "container.\(call)(\(arguments))"
            }
            if let single, let type = p.type {
                return p.isOptional
                    ? "try container.decodeIfPresent(\(type.base).self, forKey: \(single))"
                    : "try container.decode(\(type.node.trimmedDescription).self, forKey: \(single))"
            }
            if let nestedPath, let read { return "try container._joltDecode(path: \(nestedPath)) \(read)" }
            return read.map { "try container.\(call)(paths: \(paths)) \($0)" } ?? "try container.\(call)(paths: \(paths))"
        }
    }

    /// `value` inside the wrappers of `chain` (outermost first).
    func wrap(_ value: String, in chain: [String]) -> String {
        chain.reversed().reduce(value) { inner, wrapper in "\(wrapper)(wrappedValue: \(inner))" }
    }

    // MARK: Encoding

    /// A node of the tree of encoding paths.
    final class Node {
        var children: [(key: String, node: Node)] = []
        var leaves: [(key: String, property: Property)] = []

        func child(_ key: String) -> Node {
            if let existing = children.first(where: { $0.key == key }) { return existing.node }
            let node = Node()
            children.append((key, node))
            return node
        }
    }

    var encodeDecl: String { encodeDecl(dispatchingDirect: false) }

    /// `encode(to:)`; with `dispatchingDirect`, it first hands a JoltEncoder's
    /// slot to `joltDirectEncode(to:)` (see ``directEncodeDecl``).
    func encodeDecl(dispatchingDirect: Bool) -> String {
        let root = Node()
        for property in properties where !property.ignored && !property.flattened {
            var node = root
            for key in property.encodePath.dropLast() { node = node.child(key) }
            node.leaves.append((property.encodePath.last!, property))
        }
        var lines: [String] = []
        if dispatchingDirect { lines.append("if let writer = _JoltDirectWriter(encoder) {\nreturn try joltDirectEncode(to: writer)\n}") }
        lines += runsHooksDecl
        lines += hookStatements(.willEncode)
        if options.inherited { lines.append("try super.encode(to: encoder)") }
        if properties.contains(where: { !$0.ignored && !$0.flattened }) || !containerPath.isEmpty {
            lines.append("var container = encoder.container(keyedBy: CodingKeys.self)")
            var name = "container"
            for (index, key) in containerPath.enumerated() {
                let next = "container\(index)"
                lines.append("var \(next) = \(name).nestedContainer(keyedBy: CodingKeys.self, forKey: \(keyRef(key)))")
                name = next
            }
            var counter = containerPath.count
            emit(root, container: name, into: &lines, counter: &counter)
        }
        // Flattened values write their own keys into the same object (the encoder merges
        // the keyed containers asked for on it), after the type's own keys.
        for property in properties where property.flattened {
            lines.append("try self.\(property.name)\(property.isOptional ? "?" : "").encode(to: encoder)")
        }
        lines += hookStatements(.didEncode)
        let modifiers = isClass ? (options.inherited ? "override " : "") + access : access
        return "\(modifiers)func encode(to encoder: any Encoder) throws {\n\(lines.joined(separator: "\n"))\n}"
    }

    func emit(_ node: Node, container: String, into lines: inout [String], counter: inout Int) {
        for (key, property) in node.leaves { lines.append(encodeStatement(property, container: container, key: keyRef(key))) }
        for (key, child) in node.children {
            let name = "container\(counter)"
            counter += 1
            var inner: [String] = ["var \(name) = \(container).nestedContainer(keyedBy: CodingKeys.self, forKey: \(keyRef(key)))"]
            emit(child, container: name, into: &inner, counter: &counter)
            lines.append("do {\n\(inner.joined(separator: "\n"))\n}")
        }
    }

    func encodeStatement(_ p: Property, container: String, key: String) -> String {
        let value = p.isOptional ? "value" : "self.\(p.name)"
        let write: String
        switch p.coding {
        case .plain: write = "try \(container).encode(\(value), forKey: \(key))"
        case .wrapper(let chain): write = "try \(container).encode(\(wrap(value, in: chain)), forKey: \(key))"
        case .closures(_, let encode): write = "try (\(encode))(\(value), \(container).superEncoder(forKey: \(key)))"
        }
        guard p.isOptional else { return write }
        if case .plain = p.coding, !p.encodeNil {
            return "try \(container).encodeIfPresent(self.\(p.name), forKey: \(key))"
        }
        let orNil = p.encodeNil ? " else {\ntry \(container).encodeNil(forKey: \(key))\n}" : ""
        return "if let value = self.\(p.name) {\n\(write)\n}\(orNil)"
    }
}

/// A Swift string literal for `text`.
func stringLiteral(_ text: String) -> String {
    var out = "\""
    for c in text.unicodeScalars {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.unicodeScalars.append(c)
        }
    }
    return out + "\""
}
