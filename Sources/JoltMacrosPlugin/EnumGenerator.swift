import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Writes `init(from:)` and `encode(to:)` for an enum annotated with `@CodingCase`.
///
/// A naming style (`@SnakeCase`…) on the enum, or on a case (the case's wins),
/// turns the case's name into its JSON text (`userCreated` <-> `"user_created"`)
/// and its associated values' labels into their keys. Explicit texts win: a raw
/// value, a `.string` match, the keys of `values: [.label(…), .index(…)]`.
struct EnumGenerator {
    struct Value {
        let label: String?
        let type: TypeShape
        let defaultValue: String?
        var keys: [[String]]
    }

    struct Case {
        let name: String
        /// The name in the case's naming style: its text when nothing explicit is given.
        let jsonName: String
        var matches: [String] = []          // match expressions except .pathValue
        var stringMatches: [String] = []    // texts of .string matches (and lower bounds of literal .stringRange ones)
        var keyRanges: [String] = []        // .stringRange matches, which also select object keys
        var pathValue: [String]?
        var values: [Value] = []
        var isFallback = false
        /// Where to report a match another case has too: the case's @CodingCase, else the case.
        var site: Syntax?
        var fallbackSite: Syntax?

        var hasValues: Bool { !values.isEmpty }
        /// Keys of the object form.
        var objectKeys: [String] { stringMatches.isEmpty ? [jsonName] : stringMatches }
    }

    let typeName: String
    let access: String
    var cases: [Case] = []
    /// The calls of the enum's `@CodableHook` methods, by stage (see ``HookCall``).
    var annotatedHooks: [HookCall.Stage: [String]] = [:]

    /// The conventional hook of `stage`, then the `@CodableHook` methods.
    func hookStatements(_ stage: HookCall.Stage) -> [String] {
        ([stage.conventionalCall] + (annotatedHooks[stage] ?? [])).map(HookCall.statement)
    }

    init?(_ decl: EnumDeclSyntax, typeName: String, context: some MacroExpansionContext) {
        self.typeName = typeName
        access = decl.modifiers.accessLevel.map { $0 + " " } ?? ""
        annotatedHooks = HookCall.annotated(in: decl.memberBlock.members)
        var reader = PropertyReader(context: context, typeStyle: nil, typeEncodeNil: false)
        let enumStyle = reader.style(in: decl.attributes, of: "type")
        let rawKind = RawKind(of: decl)
        /// The integer raw value of the previous case, for implicit ones (Swift's: 0, then one more than the previous).
        var previousInteger: Int? = -1
        for member in decl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            let style = reader.style(in: caseDecl.attributes, of: "case") ?? enumStyle
            let attribute = caseDecl.attributes.first("CodingCase")
            if attribute == nil, let misplaced = caseDecl.attributes.first("CodingKey") {
                Self.diagnoseCodingKey(misplaced, context: context)
                reader.failed = true
            }
            for element in caseDecl.elements {
                let name = element.name.text.replacingOccurrences("`", "")
                var item = Case(name: name, jsonName: style?.apply(to: name) ?? name)
                item.isFallback = caseDecl.attributes.has("FallbackCase")
                item.site = Syntax(attribute) ?? Syntax(element)
                item.fallbackSite = caseDecl.attributes.first("FallbackCase").map(Syntax.init)
                if let raw = element.rawValue?.value {
                    if raw.is(StringLiteralExprSyntax.self) {
                        item.matches.append(".string(\(raw.trimmedDescription))")
                        if let text = raw.stringLiteralValue { item.stringMatches.append(text) }
                    } else {
                        item.matches.append(rawKind == .floating || raw.isFloatLiteral
                            ? ".double(\(raw.trimmedDescription))" : ".int(\(raw.trimmedDescription))")
                    }
                    previousInteger = raw.integerLiteralValue
                } else if rawKind == .integer || rawKind == .floating {
                    // An implicit raw value: one more than the previous case's (0 for the first).
                    let match = rawKind == .integer ? "int" : "double"
                    if let previous = previousInteger {
                        item.matches.append(".\(match)(\(previous + 1))")
                        previousInteger = previous + 1
                    } else {
                        item.matches.append(rawKind == .integer ? ".int(Int(Self.`\(name)`.rawValue))" : ".double(Double(Self.`\(name)`.rawValue))")
                    }
                }
                var valuesArgument: LabeledExprSyntax?
                if let attribute {
                    var inMatches = false
                    var explicit: [String] = [], explicitStrings: [String] = []
                    for argument in attribute.argumentList {
                        if argument.label?.text == "match" { inMatches = true }
                        if argument.label?.text == "values" {
                            inMatches = false
                            valuesArgument = argument
                        }
                        guard inMatches else { continue }
                        let call = argument.expression.as(FunctionCallExprSyntax.self)
                        let member = call?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                        let text = call?.arguments.first?.expression.stringLiteralValue
                        if member == "pathValue", let text {
                            guard let path = reader.path(text, node: call!.arguments.first!.expression) else { continue }
                            item.pathValue = path
                            continue
                        }
                        explicit.append(argument.expression.trimmedDescription)
                        if member == "string", let text { explicitStrings.append(text) }
                        if member == "stringRange" {
                            item.keyRanges.append(argument.expression.trimmedDescription)
                            if let lower = call?.arguments.first?.expression.closedRangeBounds?.lower.stringLiteralValue {
                                explicitStrings.append(lower)
                            }
                        }
                    }
                    if !explicit.isEmpty {
                        item.matches = explicit
                        item.stringMatches = explicitStrings
                    }
                }
                if item.matches.isEmpty {
                    item.matches = [".string(\(stringLiteral(item.jsonName)))"]
                    item.stringMatches = [item.jsonName]
                }
                if let parameters = element.parameterClause?.parameters {
                    for (index, parameter) in parameters.enumerated() {
                        let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
                        item.values.append(Value(
                            label: label, type: TypeShape(parameter.type),
                            defaultValue: parameter.defaultValue?.value.trimmedDescription,
                            keys: [[label.map { style?.apply(to: $0) ?? $0 } ?? "_\(index)"]]))
                    }
                }
                if item.isFallback && item.hasValues {
                    context.diagnose(Diagnostic(node: caseDecl, message: JoltDiagnostic.fallbackWithValues))
                    reader.failed = true
                }
                if let valuesArgument {
                    readValueKeys(valuesArgument, into: &item, reader: &reader)
                }
                cases.append(item)
            }
        }
        checkOverlaps(reader: &reader)
        if reader.failed { return nil }
    }

    /// One fallback case; no JSON value or key selecting two cases (the later
    /// one could never be decoded).
    private func checkOverlaps(reader: inout PropertyReader) {
        let context = reader.context
        var failed = false
        let fallbacks = cases.filter(\.isFallback)
        // (`@FallbackCase case a, b` and `@CodingCase(…) case a, b` are the annotation's to report.)
        for extra in fallbacks.dropFirst() where extra.fallbackSite?.id != fallbacks[0].fallbackSite?.id {
            context.diagnose(Diagnostic(node: extra.fallbackSite ?? extra.site!, message: JoltDiagnostic(
                message: "an enum has one @FallbackCase, and '\(fallbacks[0].name)' is already it", id: "twoFallbacks")))
            failed = true
        }
        // Scalars select cases without values; object keys (or a value at a path) any case.
        var owners: [String: Case] = [:]
        for item in cases {
            var texts: [(key: String, shown: String)] = []
            if let path = item.pathValue {
                let at = path.joined(separator: ".")
                texts += item.stringMatches.map { ("path \(at)=\($0)", "\(stringLiteral($0)) at \(stringLiteral(at))") }
            } else {
                texts += item.objectKeys.map { ("key \($0)", "the key \(stringLiteral($0))") }
                if !item.hasValues { texts += item.matches.map { ("value \($0)", $0) } }
            }
            for (key, shown) in texts {
                guard let owner = owners[key] else {
                    owners[key] = item
                    continue
                }
                guard owner.name != item.name, owner.site?.id != item.site?.id else { continue }
                context.diagnose(Diagnostic(node: item.site!, message: JoltDiagnostic(
                    message: "\(shown) already selects case '\(owner.name)'; case '\(item.name)' would never be decoded from it",
                    id: "sameMatch")))
                failed = true
                break
            }
        }
        if failed { reader.failed = true }
    }

    /// Applies `values: [.label("id", keys: "ID"), .index(1, keys: "n")]` to the
    /// case's associated values, reporting a label or an index the case does not
    /// have, a value given keys twice, and a spec without keys.
    private func readValueKeys(_ argument: LabeledExprSyntax, into item: inout Case, reader: inout PropertyReader) {
        let context = reader.context
        func report(_ node: some SyntaxProtocol, _ message: String, _ id: String) {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic(message: message, id: id)))
            reader.failed = true
        }
        guard let array = argument.expression.as(ArrayExprSyntax.self) else { return }
        if !item.hasValues && !array.elements.isEmpty {
            return report(argument, "case '\(item.name)' has no associated values: remove 'values:'", "valuesWithoutAssociatedValues")
        }
        var given: Set<Int> = []
        for spec in array.elements {
            guard let call = spec.expression.as(FunctionCallExprSyntax.self),
                  let kind = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                  let first = call.arguments.first else { continue }
            var keys: [[String]] = []
            for argument in call.arguments.dropFirst() {
                guard let key = argument.expression.stringLiteralValue else { continue }
                if let path = reader.path(key, node: argument.expression) { keys.append(path) }
            }
            let index: Int
            switch kind {
            case "index":
                guard let position = Int(first.expression.trimmedDescription) else {
                    report(first, "an associated value's index is an integer literal", "caseValueIndex")
                    continue
                }
                guard item.values.indices.contains(position) else {
                    report(first, "case '\(item.name)' has \(item.values.count) associated value\(item.values.count == 1 ? "" : "s"): "
                           + "index \(position) is out of range", "caseValueIndex")
                    continue
                }
                index = position
            case "label":
                let label = first.expression.stringLiteralValue
                guard let position = item.values.firstIndex(where: { $0.label != nil && $0.label == label }) else {
                    let labels = item.values.compactMap(\.label).map { "'\($0)'" }
                    report(first, "case '\(item.name)' has no associated value labelled \(first.expression.trimmedDescription)"
                           + (labels.isEmpty ? " (use .index(_:keys:))" : " (labels: \(labels.joined(separator: ", ")))"),
                           "caseValueLabel")
                    continue
                }
                index = position
            default:
                continue
            }
            if call.arguments.count == 1 {
                report(call, "\(call.trimmedDescription) needs at least one key", "caseValueWithoutKeys")
                continue
            }
            guard given.insert(index).inserted else {
                report(call, "the associated value \(item.values[index].label.map { "'\($0)'" } ?? "at index \(index)") of case "
                       + "'\(item.name)' is given keys twice", "caseValueTwice")
                continue
            }
            if !keys.isEmpty { item.values[index].keys = keys }
        }
    }

    /// `@CodingKey` on an enum case: an error, with a fix-it to `@CodingCase(match: .string(…))`.
    private static func diagnoseCodingKey(_ attribute: AttributeSyntax, context: some MacroExpansionContext) {
        let strings = attribute.argumentList.compactMap { argument -> String? in
            argument.expression.is(StringLiteralExprSyntax.self) ? ".string(\(argument.expression.trimmedDescription))" : nil
        }
        var fixIts: [FixIt] = []
        if !strings.isEmpty {
            let replacement: AttributeSyntax = "@CodingCase(match: \(raw: strings.joined(separator: ", ")))"
            fixIts.append(FixIt(message: JoltFixIt(message: "use @CodingCase(match:)"), changes: [
                .replace(oldNode: Syntax(attribute), newNode: Syntax(replacement
                    .with(\.leadingTrivia, attribute.leadingTrivia).with(\.trailingTrivia, attribute.trailingTrivia))),
            ]))
        }
        context.diagnose(Diagnostic(node: attribute, message: JoltDiagnostic(
            message: "@CodingKey names a property's keys; an enum case's JSON values are given with @CodingCase(match: .string(…))",
            id: "codingKeyOnCase"), fixIts: fixIts))
    }

    /// The kind of an enum's raw values: from its raw type when it is a standard
    /// one, else from its explicit raw values; nil without raw values.
    enum RawKind {
        case integer, floating, string

        init?(of decl: EnumDeclSyntax) {
            let integers: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
            let floats: Set<String> = ["Double", "Float", "Float16", "Float32", "Float64", "Float80", "CGFloat"]
            let strings: Set<String> = ["String", "Character", "Substring"]
            if let first = decl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription {
                let name = first.split(separator: ".").last.map(String.init) ?? first
                if integers.contains(name) { self = .integer; return }
                if floats.contains(name) { self = .floating; return }
                if strings.contains(name) { self = .string; return }
            }
            var found: RawKind?
            for member in decl.memberBlock.members {
                for element in member.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] {
                    guard let raw = element.rawValue?.value else { continue }
                    if raw.is(StringLiteralExprSyntax.self) { found = .string }
                    else if raw.isFloatLiteral { found = .floating }
                    else if found == nil { found = .integer }
                }
            }
            guard let found else { return nil }
            self = found
        }
    }

    func pathLiteral(_ path: [String]) -> String { "[" + path.map(stringLiteral).joined(separator: ", ") + "]" }

    func construct(_ item: Case, from container: String) -> String {
        guard item.hasValues else { return ".`\(item.name)`" }
        let arguments = item.values.map { value -> String in
            let paths = "[" + value.keys.map(pathLiteral).joined(separator: ", ") + "]"
            let expression: String
            if value.type.isOptional {
                expression = "try \(container)._joltDecodeIfPresent(\(value.type.base).self, paths: \(paths))"
            } else if let defaultValue = value.defaultValue {
                expression = "\(container)._joltDecode(\(value.type.node.trimmedDescription).self, paths: \(paths), "
                    + "missing: \(defaultValue), invalid: \(defaultValue), decoder: decoder)"
            } else {
                expression = "try \(container)._joltDecode(\(value.type.node.trimmedDescription).self, paths: \(paths))"
            }
            return (value.label.map { "\($0): " } ?? "") + expression
        }
        return ".`\(item.name)`(\(arguments.joined(separator: ", ")))"
    }

    /// The case matching is a local function, so that the hooks run around it
    /// whichever case returns.
    var initDecl: String {
        var lines = ["let scalar = _JoltCaseScalar(from: decoder)"]
        for item in cases where !item.hasValues && item.pathValue == nil {
            lines.append("if scalar.matches([\(item.matches.joined(separator: ", "))]) {\nreturn .`\(item.name)`\n}")
        }
        var objectLines: [String] = []
        for item in cases where item.pathValue != nil {
            objectLines.append("if _JoltCaseScalar(container, path: \(pathLiteral(item.pathValue!))).matches([\(item.matches.joined(separator: ", "))]) {\n"
                               + "return \(construct(item, from: "container"))\n}")
        }
        for item in cases where item.pathValue == nil {
            let keys = "[" + item.objectKeys.map(stringLiteral).joined(separator: ", ") + "]"
            let body = item.hasValues
                ? "let values = try container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: key)\n"
                    + "return \(construct(item, from: "values"))"
                : "return .`\(item.name)`"
            objectLines.append("for key: _JoltAnyCodingKey in \(keys) where container.contains(key) {\n\(body)\n}")
            // A string range selects any key in it (the lowest first).
            if !item.keyRanges.isEmpty {
                let keys = "_JoltCaseScalar.keys(in: container, matching: [\(item.keyRanges.joined(separator: ", "))])"
                objectLines.append(item.hasValues ? "for key in \(keys) {\n\(body)\n}" : "if !\(keys).isEmpty {\n\(body)\n}")
            }
        }
        if !objectLines.isEmpty {
            lines.append("if let container = try? decoder.container(keyedBy: _JoltAnyCodingKey.self) {\n"
                         + objectLines.joined(separator: "\n") + "\n}")
        }
        if let fallback = cases.first(where: \.isFallback) {
            lines.append("decoder.recordRecovery(.unknownEnumCase, reason: \"no case of \(typeName) matches \\(scalar); \(fallback.name) used\")")
            lines.append("return .`\(fallback.name)`")
        } else {
            lines.append("throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, "
                         + "debugDescription: \"No case of \(typeName) matches \\(scalar).\"))")
        }
        let body = ["func decodeCase() throws -> Self {\n\(lines.joined(separator: "\n"))\n}"]
            + hookStatements(.willDecode) + ["self = try decodeCase()"] + hookStatements(.didDecode)
        return "\(access)init(from decoder: any Decoder) throws {\n\(body.joined(separator: "\n"))\n}"
    }

    /// `init(joltDirect:)` and `joltDirectDecode(_:)`, the `_JoltDirectDecodable`
    /// conformance, or nil when no case can be read directly. In
    /// `init(from:)`'s order:
    /// - a scalar (`_JoltCaseScalar(reader)`, read from the tape) is matched
    ///   against the cases a scalar selects;
    /// - an object, against each case's keys (`_.member(_:)`):
    ///   the first case with a key present is made, its associated values read
    ///   from that key's object (``directConstruct(_:)``).
    ///
    /// Every other value (no match, the fallback case, any object when a case
    /// is selected by a value at a path, which `init(from:)` tries first, and an
    /// object past a case whose keys are a string range) is decoded by
    /// `init(from:)` instead, before anything of it is read: one decode, with
    /// `init(from:)`'s fallback and errors. The hooks run once a case is matched
    /// (before its values are read, as in `init(from:)`), so that they run once
    /// on either path. An associated value that fails throws its own error,
    /// the one `init(from:)` throws.
    var directDecls: [String]? {
        let scalarCases = cases.filter { !$0.hasValues && $0.pathValue == nil }
        // Objects: each case's keys in order, up to a case with a key range. A
        // case without values is assigned to `value`, then the hooks run; a case
        // with values runs them in its branch and returns.
        var assignsValue = !scalarCases.isEmpty
        var objectTests: [(test: String, body: String)] = []
        if !cases.contains(where: { $0.pathValue != nil }) {
            for item in cases {
                for key in item.objectKeys {
                    let literal = stringLiteral(key)
                    guard item.hasValues else {
                        objectTests.append(("reader.member(\(literal)) != nil", "value = .`\(item.name)`"))
                        assignsValue = true
                        continue
                    }
                    // The hooks run before the values are read, as in `init(from:)`.
                    let body = hookStatements(.willDecode).map(HookCall.readingDecoderFromReader)
                        + ["self = try reader._joltCase(at: __joltAt, key: \(literal)) { values in\n\(directConstruct(item))\n}"]
                        + hookStatements(.didDecode).map(HookCall.readingDecoderFromReader) + ["return"]
                    objectTests.append(("let __joltAt = reader.member(\(literal))", body.joined(separator: "\n")))
                }
                if !item.keyRanges.isEmpty { break }
            }
        }
        guard !scalarCases.isEmpty || !objectTests.isEmpty else { return nil }
        // A case matched by strings only compares the text (no array of matches
        // built for the test); the others ask `matches`, as `init(from:)` does.
        func stringsOnly(_ item: Case) -> Bool {
            item.keyRanges.isEmpty && item.stringMatches.count == item.matches.count && item.matches.allSatisfy { $0.hasPrefix(".string(") }
        }
        var lines: [String] = []
        if assignsValue { lines.append("let value: Self") }
        var tests: [String] = []
        if !scalarCases.isEmpty {
            lines.insert("let scalar = _JoltCaseScalar(reader)", at: 0)
            if scalarCases.contains(where: stringsOnly) {
                lines.append("let text: String?\nif case .string(let string) = scalar {\ntext = string\n} else {\ntext = nil\n}")
            }
            tests = scalarCases.map { item in
                let test = stringsOnly(item)
                    ? item.stringMatches.map { "text == \(stringLiteral($0))" }.joined(separator: " || ")
                    : "scalar.matches([\(item.matches.joined(separator: ", "))])"
                return "if \(test) {\nvalue = .`\(item.name)`\n}"
            }
        }
        tests += objectTests.map { "if \($0.test) {\n\($0.body)\n}" }
        // What no test selects (no case matches, or an object of an enum whose
        // cases are selected by a value at a path or by a key range): decoded by
        // `init(from:)`, which has all the rules, the fallback and the error.
        // Nothing of the value has been read, and no hook has run.
        lines.append(tests.joined(separator: " else ") + " else {\nself = try Self(from: reader.decoder)\nreturn\n}")
        if assignsValue {
            lines += (hookStatements(.willDecode) + ["self = value"] + hookStatements(.didDecode)).map(HookCall.readingDecoderFromReader)
        }
        // `borrowing`: an initializer takes its arguments owned, so each call
        // copied the reader (a retain and a release of the decoder per value).
        return ["\(access)init(joltDirect reader: borrowing _JoltDirectReader) throws {\n\(lines.joined(separator: "\n"))\n}",
                "\(access)static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> Self {\ntry Self(joltDirect: reader)\n}"]
    }

    /// The case made from its object `values` on the direct path: ``construct(_:from:)``
    /// with each value read by `_JoltDirectReader`'s `_joltCaseValue` helpers,
    /// which apply the same rules (a key alone, or paths tried in order).
    func directConstruct(_ item: Case) -> String {
        let arguments = item.values.map { value -> String in
            let keys = value.keys.count == 1 && value.keys[0].count == 1
                ? "key: \(stringLiteral(value.keys[0][0]))"
                : "paths: [" + value.keys.map(pathLiteral).joined(separator: ", ") + "]"
            let expression: String
            if value.type.isOptional {
                expression = "try values._joltCaseValueIfPresent(\(value.type.base).self, \(keys))"
            } else if let defaultValue = value.defaultValue {
                expression = "values._joltCaseValue(\(value.type.node.trimmedDescription).self, \(keys), default: \(defaultValue))"
            } else {
                expression = "try values._joltCaseValue(\(value.type.node.trimmedDescription).self, \(keys))"
            }
            return (value.label.map { "\($0): " } ?? "") + expression
        }
        return "Self.`\(item.name)`(\(arguments.joined(separator: ", ")))"
    }

    /// `joltDirectEncode(to:)` (`_JoltDirectEncodable`): each case writes what
    /// `encode(to:)` writes, between the same hooks. A scalar case writes its
    /// first match, or its name, straight into the slot; a case with associated
    /// values writes an object with its key, and below it an object of its values
    /// (`_.encodeObject(_:distinctKeys:_:)`), each at its
    /// first key, a nil optional left out. Nil for an enum with a case written
    /// at a path (`.pathValue`), a value written at a key path, or a key the
    /// encoder may escape (see ``CodableGenerator/isPlainKey(_:)``).
    var directEncodeDecl: String? {
        guard !cases.isEmpty, cases.allSatisfy({ item in
            item.pathValue == nil && (!item.hasValues || (CodableGenerator.isPlainKey(item.objectKeys[0])
                && item.values.allSatisfy { $0.keys[0].count == 1 && CodableGenerator.isPlainKey($0.keys[0][0]) }))
        }) else { return nil }
        func json(_ key: String) -> String { stringLiteral("\"\(key)\"") }
        var lines = ["let encoder = writer.encoder"] + hookStatements(.willEncode) + ["switch self {"]
        for item in cases {
            guard item.hasValues else {
                let write = item.matches.first.map {
                    "try JoltCaseMatch\($0).joltDirectEncode(fallback: \(stringLiteral(item.jsonName)), to: writer)"
                } ?? "try writer.encode(\(stringLiteral(item.jsonName)))"
                lines.append("case .`\(item.name)`:\n\(write)")
                continue
            }
            let bindings = item.values.indices.map { "let v\($0)" }.joined(separator: ", ")
            let keys = item.values.map { $0.keys[0][0] }
            var writes: [String] = []
            for (index, value) in item.values.enumerated() {
                let write = "try values.encode(v\(index), forKey: _JoltAnyCodingKey(stringValue: \(stringLiteral(keys[index]))), \(json(keys[index])))"
                writes.append(value.type.isOptional ? "if let v\(index) {\n\(write)\n}" : write)
            }
            let key = item.objectKeys[0]
            lines.append("case .`\(item.name)`(\(bindings)):\n"
                + "try writer.object(distinctKeys: true).encodeObject(\(json(key)), "
                + "distinctKeys: \(Set(keys).count == keys.count)) { values in\n\(writes.joined(separator: "\n"))\n}")
        }
        lines.append("}")
        lines += hookStatements(.didEncode)
        return "\(access)func joltDirectEncode(to writer: _JoltDirectWriter) throws {\n\(lines.joined(separator: "\n"))\n}"
    }

    var encodeDecl: String { encodeDecl(dispatchingDirect: false) }

    /// `encode(to:)`; with `dispatchingDirect`, it first hands a JoltEncoder's
    /// slot to `joltDirectEncode(to:)` (see ``directEncodeDecl``).
    func encodeDecl(dispatchingDirect: Bool) -> String {
        var lines = dispatchingDirect ? ["if let writer = _JoltDirectWriter(encoder) {\nreturn try joltDirectEncode(to: writer)\n}"] : []
        lines += hookStatements(.willEncode) + ["switch self {"]
        for item in cases {
            guard item.hasValues || item.pathValue != nil else {
                lines.append("case .`\(item.name)`:\ntry _JoltCaseScalar.encode([\(item.matches.joined(separator: ", "))], "
                             + "fallback: \(stringLiteral(item.jsonName)), to: encoder)")
                continue
            }
            let bindings = item.values.indices.map { "let v\($0)" }.joined(separator: ", ")
            lines.append("case .`\(item.name)`\(item.hasValues ? "(\(bindings))" : ""):")
            lines.append("var container = encoder.container(keyedBy: _JoltAnyCodingKey.self)")
            var target = "container"
            if let path = item.pathValue, item.stringMatches.isEmpty {
                // No string to write: the first encodable match (a number, a range's lower bound…).
                lines.append("try container._joltEncodeMatch([\(item.matches.joined(separator: ", "))], "
                             + "fallback: \(stringLiteral(item.jsonName)), at: \(pathLiteral(path)))")
            } else if let path = item.pathValue {
                lines.append("try container._joltEncode(\(stringLiteral(item.objectKeys[0])), at: \(pathLiteral(path)))")
            } else {
                lines.append("var values = container.nestedContainer(keyedBy: _JoltAnyCodingKey.self, forKey: \(stringLiteral(item.objectKeys[0])))")
                target = "values"
            }
            for (index, value) in item.values.enumerated() {
                let call = value.type.isOptional ? "_joltEncodeIfPresent" : "_joltEncode"
                lines.append("try \(target).\(call)(v\(index), at: \(pathLiteral(value.keys[0])))")
            }
        }
        lines.append("}")
        lines += hookStatements(.didEncode)
        return "\(access)func encode(to encoder: any Encoder) throws {\n\(lines.joined(separator: "\n"))\n}"
    }
}
