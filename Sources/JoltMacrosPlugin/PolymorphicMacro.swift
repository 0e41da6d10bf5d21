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
        let typeName = type.trimmedDescription
        let access = enumDecl.modifiers.accessLevel.map { $0 + " " } ?? ""
        let discriminator = node.argument("discriminator")?.expression.trimmedDescription ?? "\"type\""
        let payloadKey = node.argument("payloadKey")?.expression.trimmedDescription ?? "nil"
        var registrations: [String] = [], payloadCases: [String] = []
        var failed = false
        for member in enumDecl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                let name = element.name.text
                guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
                      let parameter = parameters.first else {
                    context.diagnose(Diagnostic(node: element, message: JoltDiagnostic(
                        message: "a @PolymorphicCodable case carries exactly one value", id: "polymorphicCaseShape")))
                    failed = true
                    continue
                }
                let valueType = parameter.type.trimmedDescription
                payloadCases.append("case .`\(name)`(let value): value")
                if caseDecl.attributes.has("FallbackCase") {
                    registrations.append("registry.fallback(\(valueType).self, \(typeName).`\(name)`)")
                    continue
                }
                var identifiers = caseDecl.attributes.first("PolymorphicCase")?.argumentList.map { $0.expression.trimmedDescription } ?? []
                if identifiers.isEmpty { identifiers = [stringLiteral(name)] }
                for identifier in identifiers {
                    registrations.append("registry.register(\(valueType).self, as: \(identifier), \(typeName).`\(name)`)")
                }
            }
        }
        if failed { return [] }
        let conformance = protocols.isEmpty ? "" : ": " + protocols.map(\.trimmedDescription).joined(separator: ", ")
        let decl: DeclSyntax = """
            extension \(raw: typeName)\(raw: conformance) {
            \(raw: access)static let polymorphicRegistry = PolymorphicRegistry<\(raw: typeName)>(discriminator: \(raw: discriminator), payloadKey: \(raw: payloadKey)) { registry in
            \(raw: registrations.joined(separator: "\n"))
            }

            \(raw: access)var polymorphicPayload: Any {
            switch self {
            \(raw: payloadCases.joined(separator: "\n"))
            }
            }
            }
            """
        return [decl.cast(ExtensionDeclSyntax.self)]
    }
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
        for identifier in identifiers where !identifier.is(StringLiteralExprSyntax.self) {
            context.diagnose(Diagnostic(node: identifier, message: JoltDiagnostic(
                message: "a discriminator value is a string literal", id: "polymorphicIdentifierLiteral")))
            return []
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
        for argument in arguments.dropFirst() {
            switch argument.label?.text {
            case "discriminator": discriminator = argument.expression.trimmedDescription; inTypes = false
            case "payloadKey": payloadKey = argument.expression.trimmedDescription; inTypes = false
            case "fallback": fallback = typeName(of: argument.expression); inTypes = false
            case "types": inTypes = true; fallthrough
            case nil where inTypes:
                guard let name = typeName(of: argument.expression) else {
                    context.diagnose(Diagnostic(node: argument.expression, message: JoltDiagnostic(
                        message: "a registered type is written as a metatype, as in ImageItem.self", id: "polymorphicRegistryType")))
                    return "fatalError()"
                }
                types.append(name)
            default:
                context.diagnose(Diagnostic(node: argument, message: JoltDiagnostic(
                    message: "unexpected argument to #polymorphicRegistry", id: "polymorphicRegistryArgument")))
                return "fatalError()"
            }
        }
        var lines = types.map { type in
            "for identifier in \(type).polymorphicIdentifiers { registry.register(\(type).self, as: identifier) { $0 } }"
        }
        if let fallback { lines.append("registry.fallback(\(fallback).self) { $0 }") }
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
