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
///
/// A key may name a custom value type, decoded or encoded in place of the
/// property's or associated value's own type: `@DecodedValue(T.self)` (a
/// `DecodableValue`, converted with `value()`), `@EncodedValue(T.self)` (an
/// `EncodableValue`, made with `init(from:)`), or `@CustomCoding(T.self)` (a
/// `JoltCodingTransformer`, both ways). In an enum they go on the keys of the
/// `<Case>CodingKeys` enums: each case's associated values have their own.
///
/// For a struct, a `<Key>CodingKeys` enum nested inside `CodingKeys` (or inside
/// another nested one) makes its key a nested object whose keys are properties
/// (AutoCodable's nested containers).
///
/// Lifecycle hooks: when the extension conforms the type to `JoltCodingHooks`
/// (`@AutoCodable extension User: Codable, JoltCodingHooks { … }`), the code
/// calls `willDecode(from:)`, `didDecode(from:)`, `willEncode(to:)` and
/// `didEncode(to:)`, declared anywhere in the module, as `@Codable` does. (A
/// macro on an extension cannot add that conformance itself.)
public struct AutoCodableMacro: MemberMacro {
    /// A case of a `…CodingKeys` enum.
    struct Key {
        var name: String
        var decodedValue: String?
        var encodedValue: String?
        var transformer: String?

        func decodeExpression(_ container: String) -> String {
            if let transformer { return "try \(container)._joltDecodeInferred(transformer: \(transformer).self, forKey: .`\(name)`)" }
            if let decodedValue { return "try \(container)._joltDecodeInferred(\(decodedValue).self, forKey: .`\(name)`)" }
            return "try \(container)._joltDecodeInferred(forKey: .`\(name)`)"
        }

        func encodeStatement(_ value: String, _ container: String) -> String {
            if let transformer { return "try \(container)._joltEncodeInferred(\(value), transformer: \(transformer).self, forKey: .`\(name)`)" }
            if let encodedValue { return "try \(container)._joltEncodeInferred(\(value), as: \(encodedValue).self, forKey: .`\(name)`)" }
            return "try \(container)._joltEncodeInferred(\(value), forKey: .`\(name)`)"
        }
    }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let name = node.simpleName
        let decodes = name != "AutoEncodable", encodes = name != "AutoDecodable"
        if let other = conflictingMacro(node, on: declaration, in: context) {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic.conflictingMacros(name, other),
                                        fixIts: [removeMacroFixIt(node, from: declaration)]))
            return []
        }
        if declaration.is(ProtocolDeclSyntax.self) {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic(
                message: "@\(name) applies to an extension of a struct, class or enum (or to the type)", id: "autoOnProtocol")))
            return []
        }
        guard let options = AutoOptions(node, declaration: declaration, context: context) else { return [] }
        var keyEnums: [String: KeyEnum] = [:]
        var failed = false
        for member in declaration.memberBlock.members {
            guard let keys = member.decl.as(EnumDeclSyntax.self), keys.name.text.hasSuffix("CodingKeys") else { continue }
            keyEnums[keys.name.text] = readKeyEnum(keys, context: context, failed: &failed)
        }
        let access = options.access ?? declaration.modifiers.accessLevel.map { $0 + " " } ?? ""
        if options.container != .keyed {
            if failed { return [] }
            return singleValueMembers(options, node: node, declaration: declaration, keyEnums: keyEnums, access: access,
                                      decodes: decodes, encodes: encodes, context: context)
        }
        guard let codingKeys = keyEnums["CodingKeys"] else {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic.autoNeedsCodingKeys))
            return []
        }
        let keys = codingKeys.keys
        // A member of the extension can't say whether the type is an enum: a `<Case>CodingKeys` enum says so.
        let isEnum = declaration.is(EnumDeclSyntax.self)
            || keys.contains { keyEnums[capitalized($0.name) + "CodingKeys"] != nil }
        if isEnum {
            failed = diagnoseCaseValueTypes(in: declaration, context: context) || failed
        }
        failed = diagnoseUnusedKeyEnums(in: declaration, keys: codingKeys, isEnum: isEnum, context: context) || failed
        if failed { return [] }
        func initDecl(_ lines: [String]) -> DeclSyntax { Self.initDecl(lines, declaration: declaration, access: access) }
        func encodeDecl(_ lines: [String]) -> DeclSyntax { Self.encodeDecl(lines, declaration: declaration, access: access) }
        var members: [DeclSyntax] = []
        if isEnum {
            if decodes {
                var lines = ["let container = try decoder.container(keyedBy: CodingKeys.self)",
                             "guard let key = container.allKeys.first, container.allKeys.count == 1 else {",
                             "throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: container.codingPath, "
                                 + "debugDescription: \"Expected one key naming a case.\"))", "}", "switch key {"]
                for key in keys {
                    let caseKeys = keyEnums[capitalized(key.name) + "CodingKeys"]?.keys ?? []
                    if caseKeys.isEmpty {
                        lines.append("case .`\(key.name)`:\nself = .`\(key.name)`")
                        continue
                    }
                    let arguments = caseKeys.map { value in
                        (value.name.hasPrefix("_") && Int(value.name.dropFirst()) != nil ? "" : "\(value.name): ")
                            + value.decodeExpression("values")
                    }
                    lines.append("case .`\(key.name)`:\nlet values = try container.nestedContainer(keyedBy: \(capitalized(key.name))CodingKeys.self, forKey: .`\(key.name)`)\n"
                                 + "self = .`\(key.name)`(\(arguments.joined(separator: ", ")))")
                }
                lines.append("}")
                members.append(initDecl(lines))
            }
            if encodes {
                var lines = ["var container = encoder.container(keyedBy: CodingKeys.self)", "switch self {"]
                for key in keys {
                    let caseKeys = keyEnums[capitalized(key.name) + "CodingKeys"]?.keys ?? []
                    if caseKeys.isEmpty {
                        lines.append("case .`\(key.name)`:\n_ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .`\(key.name)`)")
                        continue
                    }
                    let bindings = caseKeys.indices.map { "let v\($0)" }.joined(separator: ", ")
                    var body = ["var values = container.nestedContainer(keyedBy: \(capitalized(key.name))CodingKeys.self, forKey: .`\(key.name)`)"]
                    for (index, value) in caseKeys.enumerated() {
                        body.append(value.encodeStatement("v\(index)", "values"))
                    }
                    lines.append("case .`\(key.name)`(\(bindings)):\n\(body.joined(separator: "\n"))")
                }
                lines.append("}")
                members.append(encodeDecl(lines))
            }
            return members
        }
        if decodes {
            var lines = ["let container = try decoder.container(keyedBy: CodingKeys.self)"]
            structLines(codingKeys, type: "CodingKeys", container: "container", decodes: true, into: &lines)
            members.append(initDecl(lines))
        }
        if encodes {
            var lines = ["var container = encoder.container(keyedBy: CodingKeys.self)"]
            structLines(codingKeys, type: "CodingKeys", container: "container", decodes: false, into: &lines)
            members.append(encodeDecl(lines))
        }
        return members
    }

    /// Whether the extension names `JoltCodingHooks` (then the code calls the hooks).
    static func hasHooks(_ declaration: some DeclGroupSyntax) -> Bool {
        declaration.inheritanceClause?.inheritedTypes.contains {
            $0.type.trimmedDescription.split(separator: ".").last == "JoltCodingHooks"
        } ?? false
    }

    /// `init(from:)` with `lines`, between the decoding hooks when the extension asks for them.
    static func initDecl(_ lines: [String], declaration: some DeclGroupSyntax, access: String) -> DeclSyntax {
        let body = hasHooks(declaration)
            ? [HookCall.statement(HookCall.willDecode)] + lines + [HookCall.statement(HookCall.didDecode)] : lines
        return "\(raw: access)init(from decoder: any Decoder) throws {\n\(raw: body.joined(separator: "\n"))\n}"
    }

    /// `encode(to:)` with `lines`, between the encoding hooks when the extension asks for them.
    static func encodeDecl(_ lines: [String], declaration: some DeclGroupSyntax, access: String) -> DeclSyntax {
        let body = hasHooks(declaration)
            ? [HookCall.statement(HookCall.willEncode)] + lines + [HookCall.statement(HookCall.didEncode)] : lines
        return "\(raw: access)func encode(to encoder: any Encoder) throws {\n\(raw: body.joined(separator: "\n"))\n}"
    }

    /// A `…CodingKeys` enum: its keys, and the `<Key>CodingKeys` enums nested in it.
    struct KeyEnum {
        var keys: [Key] = []
        var nested: [String: KeyEnum] = [:]
    }

    static func readKeyEnum(_ decl: EnumDeclSyntax, context: some MacroExpansionContext, failed: inout Bool) -> KeyEnum {
        var result = KeyEnum()
        for item in decl.memberBlock.members {
            if let inner = item.decl.as(EnumDeclSyntax.self), inner.name.text.hasSuffix("CodingKeys") {
                result.nested[inner.name.text] = readKeyEnum(inner, context: context, failed: &failed)
                continue
            }
            guard let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) else { continue }
            guard let values = readValueTypes(caseDecl, context: context) else {
                failed = true
                continue
            }
            for element in caseDecl.elements {
                var key = values
                key.name = element.name.text.replacingOccurrences("`", "")
                result.keys.append(key)
            }
        }
        return result
    }

    /// A struct's statements for the keys of `keyEnum`: a key with a `<Key>CodingKeys`
    /// enum nested in `keyEnum` opens a nested container (AutoCodable's form: the
    /// nested enum's keys are properties read from and written to that object).
    static func structLines(_ keyEnum: KeyEnum, type: String, container: String, decodes: Bool, into lines: inout [String]) {
        for key in keyEnum.keys {
            let nestedName = capitalized(key.name) + "CodingKeys"
            guard let nested = keyEnum.nested[nestedName] else {
                lines.append(decodes ? "self.\(key.name) = \(key.decodeExpression(container))" : key.encodeStatement("self.\(key.name)", container))
                continue
            }
            let inner = (container == "container" ? "" : container.dropLast("Container".count) + "_") + key.name + "Container"
            lines.append(decodes
                ? "let \(inner) = try \(container).nestedContainer(keyedBy: \(type).\(nestedName).self, forKey: .`\(key.name)`)"
                : "var \(inner) = \(container).nestedContainer(keyedBy: \(type).\(nestedName).self, forKey: .`\(key.name)`)")
            structLines(nested, type: "\(type).\(nestedName)", container: inner, decodes: decodes, into: &lines)
        }
    }

    /// The custom value types on a key case (its name left empty); nil after
    /// reporting `@CustomCoding` with closures, or a key given two kinds.
    static func readValueTypes(_ caseDecl: EnumCaseDeclSyntax, context: some MacroExpansionContext) -> Key? {
        var key = Key(name: "")
        let attributes = caseDecl.attributes
        key.decodedValue = attributes.first("DecodedValue")?.argumentList.first?.expression.metatypeBase
        key.encodedValue = attributes.first("EncodedValue")?.argumentList.first?.expression.metatypeBase
        if let custom = attributes.first("CustomCoding") {
            guard let transformer = transformerChain(custom) else {
                context.diagnose(Diagnostic(node: custom, message: JoltDiagnostic(
                    message: "on a coding key, @CustomCoding takes a JoltCodingTransformer type (@CustomCoding(T.self)), not closures",
                    id: "autoCustomCodingClosures")))
                return nil
            }
            if key.decodedValue != nil || key.encodedValue != nil {
                context.diagnose(Diagnostic(node: custom, message: JoltDiagnostic(
                    message: "a key takes @CustomCoding or @DecodedValue/@EncodedValue, not both", id: "autoTwoValueTypes")))
                return nil
            }
            key.transformer = transformer
        }
        return key
    }

    /// In an enum's `CodingKeys` (the cases' names) a custom value type has no
    /// value to apply to: it belongs on a key of the case's `<Case>CodingKeys`.
    /// Reports each; true when there was one.
    static func diagnoseCaseValueTypes(in declaration: some DeclGroupSyntax, context: some MacroExpansionContext) -> Bool {
        var found = false
        for member in declaration.memberBlock.members {
            guard let keys = member.decl.as(EnumDeclSyntax.self), keys.name.text == "CodingKeys" else { continue }
            for item in keys.memberBlock.members {
                guard let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for attribute in ["DecodedValue", "EncodedValue", "CustomCoding"].compactMap({ caseDecl.attributes.first($0) }) {
                    let caseName = caseDecl.elements.first.map { capitalized($0.name.text) } ?? "Case"
                    context.diagnose(Diagnostic(node: attribute, message: JoltDiagnostic(
                        message: "in an enum's CodingKeys a key names a case; put @\(attribute.simpleName) on a key of "
                            + "\(caseName)CodingKeys, for one associated value", id: "autoValueTypeOnCase")))
                    found = true
                }
            }
        }
        return found
    }

    /// A `<Name>CodingKeys` enum that no key of the enum it is read with names
    /// (a case's, or for a struct a nested object's, beside or inside `CodingKeys`):
    /// it would be ignored. Reports each; true when there was one.
    static func diagnoseUnusedKeyEnums(
        in declaration: some DeclGroupSyntax, keys: KeyEnum, isEnum: Bool, context: some MacroExpansionContext
    ) -> Bool {
        var found = false
        func check(_ members: MemberBlockItemListSyntax, against keys: [Key], owner: String) {
            let names = Set(keys.map { capitalized($0.name) + "CodingKeys" })
            for member in members {
                guard let keyEnum = member.decl.as(EnumDeclSyntax.self), keyEnum.name.text.hasSuffix("CodingKeys"),
                      keyEnum.name.text != "CodingKeys" else { continue }
                if !names.contains(keyEnum.name.text) {
                    let keyName = String(keyEnum.name.text.dropLast("CodingKeys".count))
                    context.diagnose(Diagnostic(node: keyEnum.name, message: JoltDiagnostic(
                        message: "\(owner) has no key '\(keyName.prefix(1).lowercased() + keyName.dropFirst())' for "
                            + "\(keyEnum.name.text) to apply to", id: "autoUnusedKeyEnum")))
                    found = true
                }
            }
        }
        // Beside CodingKeys: an enum case's values' keys, named after the case.
        check(declaration.memberBlock.members, against: keys.keys, owner: "CodingKeys")
        for member in declaration.memberBlock.members {
            guard let keyEnum = member.decl.as(EnumDeclSyntax.self), keyEnum.name.text == "CodingKeys" else { continue }
            if isEnum {
                // Inside an enum's CodingKeys (whose keys are cases) a nested enum is never read.
                for inner in keyEnum.memberBlock.members {
                    guard let innerDecl = inner.decl.as(EnumDeclSyntax.self), innerDecl.name.text.hasSuffix("CodingKeys") else { continue }
                    context.diagnose(Diagnostic(node: innerDecl.name, message: JoltDiagnostic(
                        message: "in an enum's CodingKeys a key names a case; the keys of a case's values go in "
                            + "\(innerDecl.name.text) beside CodingKeys", id: "autoUnusedKeyEnum")))
                    found = true
                }
                continue
            }
            // Inside a struct's CodingKeys (and inside those): a nested object's keys.
            func nested(_ decl: EnumDeclSyntax, _ keyEnum: KeyEnum) {
                check(decl.memberBlock.members, against: keyEnum.keys, owner: decl.name.text)
                for inner in decl.memberBlock.members {
                    guard let innerDecl = inner.decl.as(EnumDeclSyntax.self), let innerKeys = keyEnum.nested[innerDecl.name.text]
                    else { continue }
                    nested(innerDecl, innerKeys)
                }
            }
            nested(keyEnum, keys)
        }
        return found
    }

    static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
