import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Writes `init(from:)` and `encode(to:)` for an enum annotated with `@CodingCase`.
struct EnumGenerator {
    struct Value {
        let label: String?
        let type: TypeShape
        let defaultValue: String?
        var keys: [[String]]
    }

    struct Case {
        let name: String
        var matches: [String] = []          // match expressions except .pathValue
        var stringMatches: [String] = []    // texts of .string matches
        var pathValue: [String]?
        var values: [Value] = []
        var isFallback = false

        var hasValues: Bool { !values.isEmpty }
        /// Keys of the object form.
        var objectKeys: [String] { stringMatches.isEmpty ? [name] : stringMatches }
    }

    let typeName: String
    let access: String
    var cases: [Case] = []

    init?(_ decl: EnumDeclSyntax, typeName: String, context: some MacroExpansionContext) {
        self.typeName = typeName
        access = decl.modifiers.accessLevel.map { $0 + " " } ?? ""
        let rawType = decl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
        var failed = false
        var reader = PropertyReader(context: context, typeStyle: nil, typeEncodeNil: false)
        for member in decl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            let attribute = caseDecl.attributes.first("CodingCase")
            for element in caseDecl.elements {
                var item = Case(name: element.name.text.replacingOccurrences("`", ""))
                item.isFallback = caseDecl.attributes.has("FallbackCase")
                if let raw = element.rawValue?.value {
                    item.matches.append(raw.is(StringLiteralExprSyntax.self) ? ".string(\(raw.trimmedDescription))" : ".int(\(raw.trimmedDescription))")
                    if let text = raw.stringLiteralValue { item.stringMatches.append(text) }
                }
                var valuesArgument: ArrayExprSyntax?
                if let attribute {
                    var inMatches = false
                    var explicit: [String] = [], explicitStrings: [String] = []
                    for argument in attribute.argumentList {
                        if argument.label?.text == "match" { inMatches = true }
                        if argument.label?.text == "values" {
                            inMatches = false
                            valuesArgument = argument.expression.as(ArrayExprSyntax.self)
                        }
                        guard inMatches else { continue }
                        let call = argument.expression.as(FunctionCallExprSyntax.self)
                        let member = call?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                        let text = call?.arguments.first?.expression.stringLiteralValue
                        if member == "pathValue", let text {
                            guard let path = reader.path(text, node: call!.arguments.first!.expression) else { failed = true; continue }
                            item.pathValue = path
                            continue
                        }
                        explicit.append(argument.expression.trimmedDescription)
                        if member == "string", let text { explicitStrings.append(text) }
                    }
                    if !explicit.isEmpty {
                        item.matches = explicit
                        item.stringMatches = explicitStrings
                    }
                }
                if item.matches.isEmpty {
                    item.matches = [".string(\(stringLiteral(item.name)))"]
                    item.stringMatches = [item.name]
                }
                _ = rawType
                if let parameters = element.parameterClause?.parameters {
                    for (index, parameter) in parameters.enumerated() {
                        let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
                        item.values.append(Value(
                            label: label, type: TypeShape(parameter.type),
                            defaultValue: parameter.defaultValue?.value.trimmedDescription,
                            keys: [[label ?? "_\(index)"]]))
                    }
                }
                if item.isFallback && item.hasValues {
                    context.diagnose(Diagnostic(node: caseDecl, message: JoltDiagnostic.fallbackWithValues))
                    failed = true
                }
                for spec in valuesArgument?.elements ?? [] {
                    guard let call = spec.expression.as(FunctionCallExprSyntax.self),
                          let kind = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                          let first = call.arguments.first else { continue }
                    var keys: [[String]] = []
                    for argument in call.arguments.dropFirst() {
                        guard let key = argument.expression.stringLiteralValue else { continue }
                        if let path = reader.path(key, node: argument.expression) { keys.append(path) } else { failed = true }
                    }
                    let index: Int? = kind == "index"
                        ? Int(first.expression.trimmedDescription)
                        : item.values.firstIndex { $0.label == first.expression.stringLiteralValue }
                    if let index, item.values.indices.contains(index), !keys.isEmpty { item.values[index].keys = keys }
                }
                cases.append(item)
            }
        }
        if failed { return nil }
    }

    func pathLiteral(_ path: [String]) -> String { "[" + path.map(stringLiteral).joined(separator: ", ") + "]" }

    func construct(_ item: Case, from container: String) -> String {
        guard item.hasValues else { return ".`\(item.name)`" }
        let arguments = item.values.map { value -> String in
            let paths = "[" + value.keys.map(pathLiteral).joined(separator: ", ") + "]"
            let expression: String
            if value.type.isOptional {
                expression = "try \(container).joltDecodeIfPresent(\(value.type.base).self, paths: \(paths))"
            } else if let defaultValue = value.defaultValue {
                expression = "\(container).joltDecode(\(value.type.node.trimmedDescription).self, paths: \(paths), "
                    + "missing: \(defaultValue), invalid: \(defaultValue), decoder: decoder)"
            } else {
                expression = "try \(container).joltDecode(\(value.type.node.trimmedDescription).self, paths: \(paths))"
            }
            return (value.label.map { "\($0): " } ?? "") + expression
        }
        return ".`\(item.name)`(\(arguments.joined(separator: ", ")))"
    }

    /// The case matching is a local function, so that the hooks run around it
    /// whichever case returns.
    var initDecl: String {
        var lines = ["let scalar = JoltCaseScalar(from: decoder)"]
        for item in cases where !item.hasValues && item.pathValue == nil {
            lines.append("if scalar.matches([\(item.matches.joined(separator: ", "))]) {\nreturn .`\(item.name)`\n}")
        }
        var objectLines: [String] = []
        for item in cases where item.pathValue != nil {
            objectLines.append("if JoltCaseScalar(container, path: \(pathLiteral(item.pathValue!))).matches([\(item.matches.joined(separator: ", "))]) {\n"
                               + "return \(construct(item, from: "container"))\n}")
        }
        for item in cases where item.pathValue == nil {
            let keys = "[" + item.objectKeys.map(stringLiteral).joined(separator: ", ") + "]"
            if item.hasValues {
                objectLines.append("for key: JoltAnyCodingKey in \(keys) where container.contains(key) {\n"
                                   + "let values = try container.nestedContainer(keyedBy: JoltAnyCodingKey.self, forKey: key)\n"
                                   + "return \(construct(item, from: "values"))\n}")
            } else {
                objectLines.append("for key: JoltAnyCodingKey in \(keys) where container.contains(key) {\nreturn .`\(item.name)`\n}")
            }
        }
        if !objectLines.isEmpty {
            lines.append("if let container = try? decoder.container(keyedBy: JoltAnyCodingKey.self) {\n"
                         + objectLines.joined(separator: "\n") + "\n}")
        }
        if let fallback = cases.first(where: \.isFallback) {
            lines.append("decoder.recordRecovery(.unknownEnumCase, reason: \"no case of \(typeName) matches \\(scalar); \(fallback.name) used\")")
            lines.append("return .`\(fallback.name)`")
        } else {
            lines.append("throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, "
                         + "debugDescription: \"No case of \(typeName) matches \\(scalar).\"))")
        }
        let body = [
            "func decodeCase() throws -> Self {\n\(lines.joined(separator: "\n"))\n}",
            "try joltHook(Self.willDecode(from: decoder))",
            "self = try decodeCase()",
            "try joltHook(self.didDecode(from: decoder))",
        ]
        return "\(access)init(from decoder: any Decoder) throws {\n\(body.joined(separator: "\n"))\n}"
    }

    var encodeDecl: String {
        var lines = ["try joltHook(self.willEncode(to: encoder))", "switch self {"]
        for item in cases {
            guard item.hasValues || item.pathValue != nil else {
                lines.append("case .`\(item.name)`:\ntry JoltCaseScalar.encode([\(item.matches.joined(separator: ", "))], "
                             + "fallback: \(stringLiteral(item.name)), to: encoder)")
                continue
            }
            let bindings = item.values.indices.map { "let v\($0)" }.joined(separator: ", ")
            lines.append("case .`\(item.name)`\(item.hasValues ? "(\(bindings))" : ""):")
            lines.append("var container = encoder.container(keyedBy: JoltAnyCodingKey.self)")
            var target = "container"
            if let path = item.pathValue {
                lines.append("try container.joltEncode(\(stringLiteral(item.objectKeys[0])), at: \(pathLiteral(path)))")
            } else {
                lines.append("var values = container.nestedContainer(keyedBy: JoltAnyCodingKey.self, forKey: \(stringLiteral(item.objectKeys[0])))")
                target = "values"
            }
            for (index, value) in item.values.enumerated() {
                let call = value.type.isOptional ? "joltEncodeIfPresent" : "joltEncode"
                lines.append("try \(target).\(call)(v\(index), at: \(pathLiteral(value.keys[0])))")
            }
        }
        lines.append("}")
        lines.append("try joltHook(self.didEncode(to: encoder))")
        return "\(access)func encode(to encoder: any Encoder) throws {\n\(lines.joined(separator: "\n"))\n}"
    }
}
