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
