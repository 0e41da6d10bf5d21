import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// AutoCodable's single value containers: `container: .singleValue("value")` codes a
/// struct or class as the value of one property (through `self.init(value:)`),
/// `container: .singleValueForEnum` an enum as its case's `CodingKeys` string.
extension AutoCodableMacro {
    static func singleValueMembers(
        _ options: AutoOptions, node: AttributeSyntax, declaration: some DeclGroupSyntax, keyEnums: [String: KeyEnum],
        access: String, decodes: Bool, encodes: Bool, context: some MacroExpansionContext
    ) -> [DeclSyntax] {
        let site = options.containerNode ?? Syntax(node)
        func report(_ message: String, _ id: String, at node: Syntax? = nil) {
            context.diagnose(Diagnostic(node: node ?? site, message: JoltDiagnostic(message: message, id: id)))
        }
        var members: [DeclSyntax] = []
        switch options.container {
        case .keyed:
            return []
        case .singleValue(let property):
            if let keys = declaration.memberBlock.members.compactMap({ $0.decl.as(EnumDeclSyntax.self) })
                .first(where: { $0.name.text.hasSuffix("CodingKeys") }) {
                report("a single value container has no keys: \(keys.name.text) would be ignored; remove it, or use the "
                       + "keyed container", "autoSingleValueWithKeys", at: Syntax(keys.name))
                return []
            }
            if decodes {
                members.append(initDecl(["let container = try decoder.singleValueContainer()",
                                         "try self.init(\(property): container._joltDecodeInferred())"],
                                        declaration: declaration, access: access))
            }
            if encodes {
                members.append(encodeDecl(["var container = encoder.singleValueContainer()",
                                           "try container.encode(self.\(property))"], declaration: declaration, access: access))
            }
        case .singleValueForEnum:
            guard let codingKeys = keyEnums["CodingKeys"] else {
                report(".singleValueForEnum needs a 'CodingKeys' enum in the extension naming the cases (their raw values "
                       + "are the strings)", "autoNeedsCodingKeys")
                return []
            }
            var failed = false
            for (name, keyEnum) in keyEnums where name != "CodingKeys" && !keyEnum.keys.isEmpty {
                report(".singleValueForEnum writes a case as a string: a case with associated values (\(name)) cannot be one",
                       "autoSingleValueForEnumValues")
                failed = true
            }
            if !codingKeys.nested.isEmpty {
                report(".singleValueForEnum applies to an enum; nested key enums make a struct's nested objects",
                       "autoSingleValueForEnumOnType")
                failed = true
            }
            for member in declaration.memberBlock.members {
                guard let keys = member.decl.as(EnumDeclSyntax.self), keys.name.text == "CodingKeys" else { continue }
                for item in keys.memberBlock.members {
                    guard let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) else { continue }
                    for attribute in ["DecodedValue", "EncodedValue", "CustomCoding"].compactMap({ caseDecl.attributes.first($0) }) {
                        report("@\(attribute.simpleName) has no effect with .singleValueForEnum: a case is written as its key's "
                               + "string", "autoSingleValueForEnumValues", at: Syntax(attribute))
                        failed = true
                    }
                }
            }
            if failed { return [] }
            let keys = codingKeys.keys.map(\.name)
            if decodes {
                var lines = ["let container = try decoder.singleValueContainer()",
                             "let stringValue = try container.decode(String.self)", "switch stringValue {"]
                for key in keys { lines.append("case CodingKeys.`\(key)`.stringValue:\nself = .`\(key)`") }
                lines.append("default:\nthrow DecodingError.dataCorruptedError(in: container, debugDescription: \"Invalid value: \\(stringValue)\")")
                lines.append("}")
                members.append(initDecl(lines, declaration: declaration, access: access))
            }
            if encodes {
                var lines = ["var container = encoder.singleValueContainer()", "switch self {"]
                for key in keys { lines.append("case .`\(key)`:\ntry container.encode(CodingKeys.`\(key)`.stringValue)") }
                lines.append("}")
                members.append(encodeDecl(lines, declaration: declaration, access: access))
            }
        }
        return members
    }
}
