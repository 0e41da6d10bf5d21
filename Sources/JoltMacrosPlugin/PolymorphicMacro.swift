import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@PolymorphicCodable`: an enum whose cases each carry one value of a
/// `Decodable` type becomes a `PolymorphicEnum` whose registry (identifier ->
/// type -> case) is written out at compile time.
public struct PolymorphicCodableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic(
                message: "@PolymorphicCodable applies to an enum whose cases each carry one value", id: "polymorphicNotEnum")))
            return []
        }
        if let other = conflictingMacro(node, on: declaration, in: context) {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic.conflictingMacros(node.simpleName, other),
                                        fixIts: [removeMacroFixIt(node, from: declaration)]))
            return []
        }
        let typeName = type.trimmedDescription
        let access = enumDecl.modifiers.accessLevel.map { $0 + " " } ?? ""
        let discriminator = node.argument("discriminator")?.expression.trimmedDescription ?? "\"type\""
        let payloadKey = node.argument("payloadKey")?.expression.trimmedDescription ?? "nil"
        var registrations: [String] = [], payloadCases: [String] = [], encodeCases: [String] = []
        var failed = checkKeys(node, context: context)
        func report(_ node: some SyntaxProtocol, _ message: String, _ id: String) {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic(message: message, id: id)))
            failed = true
        }
        // What a registry cannot hold twice: an identifier, a payload type (encoding
        // finds a case's identifier by its value's type), a fallback.
        var identifierOwners: [String: (name: String, declaration: SyntaxIdentifier)] = [:], typeOwners: [String: String] = [:]
        var fallbackCase: String?
        for member in enumDecl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                let name = element.name.text
                guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
                      let parameter = parameters.first else {
                    report(element, "a @PolymorphicCodable case carries exactly one value", "polymorphicCaseShape")
                    continue
                }
                let valueType = parameter.type.trimmedDescription
                if let other = typeOwners[valueType] {
                    report(parameter.type, "cases '\(other)' and '\(name)' both carry \(valueType): encoding finds a case's "
                           + "discriminator value by its value's type; give each case its own type", "polymorphicSameType")
                }
                typeOwners[valueType] = typeOwners[valueType] ?? name
                payloadCases.append("case .`\(name)`(let value): value")
                let caseAttribute = caseDecl.attributes.first("PolymorphicCase")
                var identifiers = caseAttribute?.argumentList.map(\.expression) ?? []
                if identifiers.isEmpty { identifiers = [ExprSyntax(StringLiteralExprSyntax(content: name))] }
                let isFallback = caseDecl.attributes.has("FallbackCase")
                if isFallback {
                    if let fallbackCase {
                        report(caseDecl.attributes.first("FallbackCase")!, "an enum has one @FallbackCase, and "
                               + "'\(fallbackCase)' is already it", "twoFallbacks")
                    }
                    fallbackCase = fallbackCase ?? name
                    // Written back under its @PolymorphicCase identifier, or its name, as
                    // other cases are (a payload keeping the one it was read with writes that).
                    identifiers = Array(identifiers.prefix(1))
                }
                for identifier in identifiers {
                    guard let text = identifier.stringLiteralValue else { continue }
                    // (`@PolymorphicCase("a") case x(X), y(Y)` is the annotation's to report.)
                    if let other = identifierOwners[text], other.declaration != caseDecl.id {
                        report(caseAttribute.map(Syntax.init) == nil ? Syntax(element) : Syntax(identifier),
                               "\(stringLiteral(text)) already selects case '\(other.name)'", "polymorphicSameIdentifier")
                    }
                    identifierOwners[text] = identifierOwners[text] ?? (name, caseDecl.id)
                }
                let write = "case .`\(name)`(let value): try PolymorphicRegistry<\(typeName)>."
                encodeCases.append(isFallback ? write + "encodeFallbackCase(value, of: self, to: encoder)"
                                   : write + "encodeCase(value, as: \(identifiers[0].trimmedDescription), of: self, to: encoder)")
                if isFallback {
                    registrations.append("registry.fallback(\(valueType).self, as: \(identifiers[0].trimmedDescription), "
                                         + "\(typeName).`\(name)`)")
                    continue
                }
                for identifier in identifiers {
                    registrations.append("registry.register(\(valueType).self, as: \(identifier.trimmedDescription), \(typeName).`\(name)`)")
                }
            }
        }
        if payloadCases.isEmpty && !failed {
            report(node, "@PolymorphicCodable needs cases, each carrying one value", "polymorphicNoCases")
        }
        if failed { return [] }
        let conformance = protocols.isEmpty ? "" : ": " + protocols.map(\.trimmedDescription).joined(separator: ", ")
        // Each case written with its identifier, known here, instead of one found by
        // the payload's type at run time. (Not `encode(to:)` itself: an enum may write
        // its own, in any extension, over the protocol's, which calls this.)
        let encodeDecl = """


            \(access)func encodePolymorphicCase(to encoder: any Encoder) throws {
            switch self {
            \(encodeCases.joined(separator: "\n"))
            }
            }
            """
        let decl: DeclSyntax = """
            extension \(raw: typeName)\(raw: conformance) {
            \(raw: access)static let polymorphicRegistry = PolymorphicRegistry<\(raw: typeName)>(discriminator: \(raw: discriminator), payloadKey: \(raw: payloadKey)) { registry in
            \(raw: registrations.joined(separator: "\n"))
            }

            \(raw: access)var polymorphicPayload: Any {
            switch self {
            \(raw: payloadCases.joined(separator: "\n"))
            }
            }\(raw: encodeDecl)
            }
            """
        return [decl.cast(ExtensionDeclSyntax.self)]
    }
}

/// Reports a discriminator or payload key written as a literal that a registry
/// would reject at startup (empty, or a path with an empty key); true when it did.
func checkKeys(_ node: some FreestandingOrAttributeArguments, context: some MacroExpansionContext) -> Bool {
    var failed = false
    for argument in node.labeledArguments {
        guard let label = argument.label?.text, label == "discriminator" || label == "payloadKey",
              let text = argument.expression.stringLiteralValue else { continue }
        let bad = label == "discriminator" ? text.split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty } : text.isEmpty
        if bad {
            context.diagnose(Diagnostic(node: argument.expression, message: JoltDiagnostic(
                message: label == "discriminator" ? "'\(text)' is not a key path: use keys separated by single dots ('a.b'), without empty parts"
                    : "the payload key is empty; leave it out for a payload inline in the object",
                id: "badKeyPath")))
            failed = true
        }
    }
    return failed
}

/// The arguments of an attribute or a freestanding macro.
protocol FreestandingOrAttributeArguments {
    var labeledArguments: [LabeledExprSyntax] { get }
}

extension AttributeSyntax: FreestandingOrAttributeArguments {
    var labeledArguments: [LabeledExprSyntax] { argumentList }
}

extension MacroExpansionExprSyntax: FreestandingOrAttributeArguments {
    var labeledArguments: [LabeledExprSyntax] { Array(arguments) }
}

/// `@PolymorphicIdentifier("image", "picture")`: a type's discriminator values,
/// as a `PolymorphicIdentified` conformance that `#polymorphicRegistry` reads.
public struct PolymorphicIdentifierMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self)
                || declaration.is(EnumDeclSyntax.self) || declaration.is(ActorDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic.unsupportedDeclaration("PolymorphicIdentifier")))
            return []
        }
        let identifiers = node.argumentList.map(\.expression)
        guard !identifiers.isEmpty else {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic(
                message: "@PolymorphicIdentifier needs at least one discriminator value", id: "polymorphicIdentifierEmpty")))
            return []
        }
        var seen = Set<String>()
        for identifier in identifiers {
            guard let text = identifier.stringLiteralValue else {
                context.diagnose(Diagnostic(node: identifier, message: JoltDiagnostic(
                    message: "a discriminator value is a string literal", id: "polymorphicIdentifierLiteral")))
                return []
            }
            if !seen.insert(text).inserted {
                context.diagnose(Diagnostic(node: identifier, message: JoltDiagnostic(
                    message: "\(stringLiteral(text)) is given twice", id: "polymorphicSameIdentifier")))
                return []
            }
        }
        let access = declaration.modifiers.accessLevel.map { $0 + " " } ?? ""
        let conformance = protocols.isEmpty ? "" : ": " + protocols.map(\.trimmedDescription).joined(separator: ", ")
        let list = identifiers.map(\.trimmedDescription).joined(separator: ", ")
        let decl: DeclSyntax = """
            extension \(raw: type.trimmedDescription)\(raw: conformance) {
            \(raw: access)static var polymorphicIdentifiers: [String] { [\(raw: list)] }
            }
            """
        return [decl.cast(ExtensionDeclSyntax.self)]
    }
}

/// `#polymorphicRegistry((any ViewItem).self, types: ImageItem.self, TextItem.self,
/// fallback: UnknownItem.self)`: the registry for a protocol existential, each
/// type registered under its `@PolymorphicIdentifier` values, with the `{ $0 }`
/// conversion that only compiles when the type conforms.
public struct PolymorphicRegistryMacro: ExpressionMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> ExprSyntax {
        let arguments = Array(node.arguments)
        guard let baseArgument = arguments.first, baseArgument.label == nil,
              let base = typeName(of: baseArgument.expression) else {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic(
                message: "#polymorphicRegistry needs the base type first, as in (any ViewItem).self", id: "polymorphicRegistryBase")))
            return "fatalError()"
        }
        var discriminator = "\"type\"", payloadKey = "nil"
        var types: [String] = [], fallback: String?
        var inTypes = false
        if let expression = node.as(MacroExpansionExprSyntax.self), checkKeys(expression, context: context) { return "fatalError()" }
        for argument in arguments.dropFirst() {
            switch argument.label?.text {
            case "discriminator": discriminator = argument.expression.trimmedDescription; inTypes = false
            case "payloadKey": payloadKey = argument.expression.trimmedDescription; inTypes = false
            case "fallback":
                inTypes = false
                if argument.expression.is(NilLiteralExprSyntax.self) { continue }
                guard let name = typeName(of: argument.expression) else {
                    context.diagnose(Diagnostic(node: argument.expression, message: JoltDiagnostic(
                        message: "the fallback type is written as a metatype, as in UnknownItem.self", id: "polymorphicRegistryType")))
                    return "fatalError()"
                }
                if types.contains(name) {
                    context.diagnose(Diagnostic(node: argument.expression, message: JoltDiagnostic(
                        message: "\(name) is both a registered type and the fallback; list it once", id: "polymorphicRegistryTwice")))
                    return "fatalError()"
                }
                fallback = name
            case "types": inTypes = true; fallthrough
            case nil where inTypes:
                guard let name = typeName(of: argument.expression) else {
                    context.diagnose(Diagnostic(node: argument.expression, message: JoltDiagnostic(
                        message: "a registered type is written as a metatype, as in ImageItem.self", id: "polymorphicRegistryType")))
                    return "fatalError()"
                }
                if types.contains(name) {
                    context.diagnose(Diagnostic(node: argument.expression, message: JoltDiagnostic(
                        message: "\(name) is listed twice", id: "polymorphicRegistryTwice")))
                    return "fatalError()"
                }
                types.append(name)
            default:
                context.diagnose(Diagnostic(node: argument, message: JoltDiagnostic(
                    message: "unexpected argument to #polymorphicRegistry", id: "polymorphicRegistryArgument")))
                return "fatalError()"
            }
        }
        if types.isEmpty {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic(
                message: "#polymorphicRegistry needs the registered types (types: ImageItem.self, …)", id: "polymorphicRegistryEmpty")))
            return "fatalError()"
        }
        var lines = types.map { type in
            "for identifier in \(type).polymorphicIdentifiers { registry.register(\(type).self, as: identifier) { $0 } }"
        }
        if let fallback { lines.append("registry.identifiedFallback(\(fallback).self) { $0 }") }
        return """
            PolymorphicRegistry<\(raw: base)>(discriminator: \(raw: discriminator), payloadKey: \(raw: payloadKey)) { registry in
            \(raw: lines.joined(separator: "\n"))
            }
            """
    }

    /// `T` for the expression `T.self`.
    static func typeName(of expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
              let base = member.base else { return nil }
        return base.trimmedDescription
    }
}
