import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@AutoDecodable` / `@AutoEncodable` / `@AutoCodable` (AutoCodable's form): on
/// an extension, possibly in another file than the type, write `init(from:)`
/// and `encode(to:)` from the `CodingKeys` enum written in that extension. The
/// property types are inferred from the assignments, so the macro needs only
/// the keys. For an enum, `CodingKeys` names the cases and a
/// `<Case>CodingKeys` enum per case names its associated values (`_0` for an
/// unlabelled one), as in Swift's own synthesis (SE-0295).
public struct AutoCodableMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let name = node.simpleName
        let decodes = name != "AutoEncodable", encodes = name != "AutoDecodable"
        var keyEnums: [String: [(name: String, raw: String)]] = [:]
        for member in declaration.memberBlock.members {
            guard let keys = member.decl.as(EnumDeclSyntax.self), keys.name.text.hasSuffix("CodingKeys") else { continue }
            keyEnums[keys.name.text] = keys.memberBlock.members.flatMap { item -> [(name: String, raw: String)] in
                guard let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) else { return [] }
                return caseDecl.elements.map { ($0.name.text.replacingOccurrences("`", ""), $0.rawValue?.value.stringLiteralValue ?? $0.name.text) }
            }
        }
        guard let keys = keyEnums["CodingKeys"] else {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic.autoNeedsCodingKeys))
            return []
        }
        let access = declaration.modifiers.accessLevel.map { $0 + " " } ?? ""
        // A member of the extension can't say whether the type is an enum: a `<Case>CodingKeys` enum says so.
        let isEnum = declaration.is(EnumDeclSyntax.self)
            || keys.contains { keyEnums[capitalized($0.name) + "CodingKeys"] != nil }
        var members: [DeclSyntax] = []
        if isEnum {
            if decodes {
                var lines = ["let container = try decoder.container(keyedBy: CodingKeys.self)",
                             "guard let key = container.allKeys.first, container.allKeys.count == 1 else {",
                             "throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container.codingPath, "
                                 + "debugDescription: \"Expected one key naming a case.\"))", "}", "switch key {"]
                for key in keys {
                    let caseKeys = keyEnums[capitalized(key.name) + "CodingKeys"] ?? []
                    if caseKeys.isEmpty {
                        lines.append("case .`\(key.name)`:\nself = .`\(key.name)`")
                        continue
                    }
                    let arguments = caseKeys.map { value in
                        (value.name.hasPrefix("_") && Int(value.name.dropFirst()) != nil ? "" : "\(value.name): ")
                            + "try values.joltDecodeInferred(forKey: .`\(value.name)`)"
                    }
                    lines.append("case .`\(key.name)`:\nlet values = try container.nestedContainer(keyedBy: \(capitalized(key.name))CodingKeys.self, forKey: .`\(key.name)`)\n"
                                 + "self = .`\(key.name)`(\(arguments.joined(separator: ", ")))")
                }
                lines.append("}")
                members.append("\(raw: access)init(from decoder: any Decoder) throws {\n\(raw: lines.joined(separator: "\n"))\n}")
            }
            if encodes {
                var lines = ["var container = encoder.container(keyedBy: CodingKeys.self)", "switch self {"]
                for key in keys {
                    let caseKeys = keyEnums[capitalized(key.name) + "CodingKeys"] ?? []
                    if caseKeys.isEmpty {
                        lines.append("case .`\(key.name)`:\n_ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .`\(key.name)`)")
                        continue
                    }
                    let bindings = caseKeys.indices.map { "let v\($0)" }.joined(separator: ", ")
                    var body = ["var values = container.nestedContainer(keyedBy: \(capitalized(key.name))CodingKeys.self, forKey: .`\(key.name)`)"]
                    for (index, value) in caseKeys.enumerated() {
                        body.append("try values.joltEncodeInferred(v\(index), forKey: .`\(value.name)`)")
                    }
                    lines.append("case .`\(key.name)`(\(bindings)):\n\(body.joined(separator: "\n"))")
                }
                lines.append("}")
                members.append("\(raw: access)func encode(to encoder: any Encoder) throws {\n\(raw: lines.joined(separator: "\n"))\n}")
            }
            return members
        }
        if decodes {
            let lines = ["let container = try decoder.container(keyedBy: CodingKeys.self)"]
                + keys.map { "self.\($0.name) = try container.joltDecodeInferred(forKey: .`\($0.name)`)" }
            members.append("\(raw: access)init(from decoder: any Decoder) throws {\n\(raw: lines.joined(separator: "\n"))\n}")
        }
        if encodes {
            let lines = ["var container = encoder.container(keyedBy: CodingKeys.self)"]
                + keys.map { "try container.joltEncodeInferred(self.\($0.name), forKey: .`\($0.name)`)" }
            members.append("\(raw: access)func encode(to encoder: any Encoder) throws {\n\(raw: lines.joined(separator: "\n"))\n}")
        }
        return members
    }

    static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
