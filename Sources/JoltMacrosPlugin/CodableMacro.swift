import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Codable`, `@Decodable` and `@Encodable`: for a struct or an enum, an
/// extension with the conformance, `CodingKeys`, `init(from:)` and
/// `encode(to:)`; for a class, the members in the class body (so `init(from:)`
/// can be `required`) and the conformance in an extension.
public protocol CodableMacroKind: ExtensionMacro, MemberMacro {
    static var options: CodableOptions { get }
    static var macroName: String { get }
}

extension CodableMacroKind {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        if let other = conflictingMacro(node, on: declaration, in: context) {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic.conflictingMacros(node.simpleName, other),
                                        fixIts: [removeMacroFixIt(node, from: declaration)]))
            return []
        }
        guard let options = codableOptions(node, on: declaration, in: context) else { return [] }
        var protocols = protocols
        let typeName = type.trimmedDescription
        var members: [String] = []
        // _JoltDirectDecodable: for a struct whose properties the direct path reads, an
        // enum with cases read from a scalar, a class (by the member macro).
        var direct: String?
        var keepsDirect = false
        if declaration.is(StructDeclSyntax.self) {
            guard let generator = makeGenerator(declaration, typeName: typeName, options: options, context: context) else { return [] }
            let directEncode = declaresDirectEncode(protocols) ? generator.directEncodeDecl : nil
            members = generatorMembers(generator, options: options, directEncode: directEncode)
            if directEncode == nil { protocols.removeAll { $0.trimmedDescription == directEncodeProtocolName } }
            if declaresDirect(protocols) { direct = generator.directInitDecl }
        } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            guard let generator = EnumGenerator(enumDecl, typeName: typeName, context: context) else { return [] }
            let directEncode = options.encodes && declaresDirectEncode(protocols) ? generator.directEncodeDecl : nil
            if directEncode == nil { protocols.removeAll { $0.trimmedDescription == directEncodeProtocolName } }
            if options.decodes { members.append(generator.initDecl) }
            if options.encodes { members.append(generator.encodeDecl(dispatchingDirect: directEncode != nil)) }
            if let directEncode { members.append(directEncode) }
            if options.decodes, declaresDirect(protocols) { direct = generator.directDecls?.joined(separator: "\n\n") }
        } else if declaration.is(ClassDeclSyntax.self) {
            // Members come from the member macro, the direct path's members too (a
            // designated initializer cannot be in an extension).
            let level = declaration.modifiers.accessLevel.map { $0 == "open" ? "public" : $0 }
            keepsDirect = takesDirectMembers(declaration, options: options, conformingTo: protocols)
            // A class's encoding forwards to encode(to:), which a subclass overrides
            // (the compiler fails on a subclass of a class that did not take a
            // conformance its macro declares).
            if declaresDirectEncode(protocols) {
                members.append(CodableGenerator.forwardingDirectEncodeDecl(access: level.map { $0 + " " } ?? ""))
            }
        } else {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic.unsupportedDeclaration(macroName)))
            return []
        }
        if let direct { members.append(direct) } else if !keepsDirect { protocols.removeAll { $0.trimmedDescription == directProtocolName } }
        let conformance = conformanceClause(protocols, of: declaration)
        if conformance.isEmpty && members.isEmpty { return [] }
        let body = members.isEmpty ? "{}" : "{\n\(members.joined(separator: "\n\n"))\n}"
        let decl: DeclSyntax = "extension \(raw: typeName)\(raw: conformance) \(raw: body)"
        return [decl.cast(ExtensionDeclSyntax.self)]
    }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else { return [] }
        // Reported by the extension role.
        if conflictingMacro(node, on: declaration, in: context) != nil { return [] }
        // Reported by the extension role.
        guard let options = codableOptions(node, on: declaration, in: nil) else { return [] }
        guard let generator = makeGenerator(
            declaration, typeName: classDecl.name.text, options: options, context: context) else { return [] }
        var members = generatorMembers(generator, options: options)
        // A class reads itself directly when its properties allow (one that can
        // have subclasses, only as itself); otherwise its conformance forwards to
        // init(from:).
        if takesDirectMembers(declaration, options: options, conformingTo: protocols) {
            members += generator.directDecls ?? CodableGenerator.forwardingDirectDecls(access: generator.access)
        }
        return members.map { DeclSyntax(stringLiteral: $0) }
    }

    /// The macro's options with those of `options:` (`.skipSuperCoding`, `.default`, or a
    /// list of them); nil when they are misused, reported through `context` when given.
    static func codableOptions(_ node: AttributeSyntax, on declaration: some DeclGroupSyntax,
                               in context: (any MacroExpansionContext)?) -> CodableOptions? {
        var result = options
        guard let argument = node.argument("options") else { return result }
        func fail(_ site: some SyntaxProtocol, _ message: String, _ id: String) -> CodableOptions? {
            context?.diagnose(Diagnostic(node: site, message: JoltDiagnostic(message: message, id: id)))
            return nil
        }
        let elements = argument.expression.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) } ?? [argument.expression]
        for element in elements {
            guard let access = element.as(MemberAccessExprSyntax.self),
                  access.base == nil || ["JoltCodableOptions", "JoltMacros.JoltCodableOptions"].contains(access.base!.trimmedDescription),
                  ["skipSuperCoding", "default"].contains(access.declName.baseName.text) else {
                return fail(element, "options are written out: .skipSuperCoding, .default or a list of them", "codableOptionsNotLiteral")
            }
            if access.declName.baseName.text == "skipSuperCoding" { result.skipsSuper = true }
        }
        if result.skipsSuper {
            guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
                return fail(argument.expression, ".skipSuperCoding applies to a class with a superclass", "skipSuperNotSubclass")
            }
            guard classDecl.inheritanceClause != nil else {
                return fail(argument.expression, ".skipSuperCoding applies to a subclass, and '\(classDecl.name.text)' has no superclass",
                            "skipSuperNotSubclass")
            }
        }
        return result
    }
}

/// The protocol of types JoltDecoder reads straight from its tape (see ``CodableGenerator/directInitDecl``).
let directProtocolName = "_JoltDirectDecodable"

/// The protocol of types JoltEncoder writes directly (see ``CodableGenerator/directEncodeDecl``).
let directEncodeProtocolName = "_JoltDirectEncodable"

/// Whether the macro is to add the _JoltDirectEncodable conformance.
func declaresDirectEncode(_ protocols: [TypeSyntax]) -> Bool {
    protocols.contains { $0.trimmedDescription == directEncodeProtocolName }
}

/// Whether the macro is to add the _JoltDirectDecodable conformance (the type
/// does not have it yet: a subclass inherits its superclass's).
func declaresDirect(_ protocols: [TypeSyntax]) -> Bool {
    protocols.contains { $0.trimmedDescription == directProtocolName }
}

/// Whether the direct path's declarations go among the members the member macro
/// writes: for a class that decodes and takes the conformance (its
/// `init(joltDirect:)` is a designated initializer, which an extension cannot add;
/// a subclass inherits its superclass's conformance and takes none).
/// Both roles of the macro ask, so that they agree.
func takesDirectMembers(_ declaration: some DeclGroupSyntax, options: CodableOptions, conformingTo protocols: [TypeSyntax]) -> Bool {
    declaration.is(ClassDeclSyntax.self) && options.decodes && declaresDirect(protocols)
}

/// `: P, Q` for the protocols the type does not conform to yet, without
/// `JoltCodableClass` unless the type is a class that can have subclasses.
func conformanceClause(_ protocols: [TypeSyntax], of declaration: some DeclGroupSyntax) -> String {
    let subclassable = declaration.is(ClassDeclSyntax.self) && !declaration.modifiers.has(.final)
    let names = protocols.map(\.trimmedDescription).filter { subclassable || $0 != "JoltCodableClass" }
    return names.isEmpty ? "" : ": " + names.joined(separator: ", ")
}

/// `CodingKeys`, `init(from:)` and `encode(to:)` as the options ask; with
/// `directEncode` (a struct's `joltDirectEncode(to:)`), that too, and
/// `encode(to:)` handing JoltEncoder's slots to it.
func generatorMembers(_ generator: CodableGenerator, options: CodableOptions, directEncode: String? = nil) -> [String] {
    var members = [generator.codingKeysDecl]
    if let hooksClass = generator.hooksClassDecl { members.append(hooksClass) }
    if options.decodes { members.append(generator.initDecl) }
    if options.encodes { members.append(generator.encodeDecl(dispatchingDirect: directEncode != nil)) }
    if let directEncode { members.append(directEncode) }
    return members
}

/// Reads a struct's or class's annotations; nil (after diagnosing) when they are wrong.
func makeGenerator(
    _ declaration: some DeclGroupSyntax, typeName: String, options: CodableOptions, superAnnotated: Bool = false,
    context: some MacroExpansionContext
) -> CodableGenerator? {
    let attributes = declaration.attributes
    var reader = PropertyReader(context: context, typeStyle: nil, typeEncodeNil: attributes.has("EncodeNil"))
    reader.decodes = options.decodes
    reader.typeFlexible = attributes.has("FlexibleType")
    reader.typeStyle = reader.style(in: attributes, of: "type")
    let properties = reader.properties(of: declaration.memberBlock.members)
    if options.encodes { reader.checkEncodingKeys(properties) }
    var containerPath: [String] = []
    if let attribute = attributes.first("CodingContainer"), let argument = attribute.argumentList.first,
       let key = argument.expression.stringLiteralValue {
        containerPath = reader.path(key, node: argument.expression) ?? []
    }
    if reader.failed { return nil }
    let isClass = declaration.is(ClassDeclSyntax.self)
    var access = declaration.modifiers.accessLevel.map { $0 + " " } ?? ""
    var overridableAccess = access
    if isClass && declaration.modifiers.has(.open) {
        access = "public "
        overridableAccess = "open "
    }
    return CodableGenerator(
        typeName: typeName, properties: properties, containerPath: containerPath, access: access,
        overridableAccess: overridableAccess, isClass: isClass, isFinal: declaration.modifiers.has(.final),
        superAnnotated: superAnnotated, options: options,
        annotatedHooks: HookCall.annotated(in: declaration.memberBlock.members))
}

public struct CodableMacro: CodableMacroKind {
    public static let options = CodableOptions()
    public static let macroName = "Codable"
}

public struct DecodableMacro: CodableMacroKind {
    public static let options = CodableOptions(decodes: true, encodes: false)
    public static let macroName = "Decodable"
}

public struct EncodableMacro: CodableMacroKind {
    public static let options = CodableOptions(decodes: false, encodes: true)
    public static let macroName = "Encodable"
}

/// `@InheritedCodable`: a subclass's members, calling its superclass's
/// `init(from:)` and `encode(to:)` on the same decoder and encoder. The
/// compiler lists `JoltCodableClass` among the protocols to conform to only
/// when the superclass does not conform already, that is when its code was not
/// written by these macros: then `joltHooksClass` is declared, not overridden,
/// and the extension adds the conformances.
public struct InheritedCodableMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ClassDeclSyntax.self) else { return [] }
        if let other = conflictingMacro(node, on: declaration, in: context) {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic.conflictingMacros(node.simpleName, other),
                                        fixIts: [removeMacroFixIt(node, from: declaration)]))
            return []
        }
        let conformance = conformanceClause(protocols, of: declaration)
        if conformance.isEmpty { return [] }
        let decl: DeclSyntax = "extension \(raw: type.trimmedDescription)\(raw: conformance) {}"
        return [decl.cast(ExtensionDeclSyntax.self)]
    }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic(
                message: "@InheritedCodable applies to a subclass of a Codable class", id: "inheritedNotClass")))
            return []
        }
        if conflictingMacro(node, on: declaration, in: context) != nil { return [] }
        guard classDecl.inheritanceClause != nil else {
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic(
                message: "@InheritedCodable applies to a subclass, and '\(classDecl.name.text)' has no superclass; use @Codable",
                id: "inheritedWithoutSuperclass"), fixIts: [FixIt(message: JoltFixIt(message: "use @Codable"), changes: [
                    .replace(oldNode: Syntax(node.attributeName), newNode: Syntax(
                        IdentifierTypeSyntax(name: .identifier("Codable")).with(\.trailingTrivia, node.attributeName.trailingTrivia))),
                ])]))
            return []
        }
        let options = CodableOptions(decodes: true, encodes: true, inherited: true)
        let superAnnotated = !protocols.contains { $0.trimmedDescription == "JoltCodableClass" }
        guard let generator = makeGenerator(
            declaration, typeName: classDecl.name.text, options: options, superAnnotated: superAnnotated, context: context)
        else { return [] }
        return generatorMembers(generator, options: options).map { DeclSyntax(stringLiteral: $0) }
    }
}

/// The macros that write a type's `init(from:)` and `encode(to:)`: two on one
/// declaration would write them twice.
let typeMacroNames: Set<String> = Marker.codable.union(Marker.auto).union(["PolymorphicCodable"])

/// Another of ``typeMacroNames`` written before `node` on `declaration` (the later
/// one reports the conflict and writes nothing).
func conflictingMacro(_ node: AttributeSyntax, on declaration: some SyntaxProtocol,
                      in context: some MacroExpansionContext) -> String? {
    guard let attributes = declaration.asProtocol(WithAttributesSyntax.self)?.attributes else { return nil }
    let macros = attributes.compactMap { element -> AttributeSyntax? in
        guard case .attribute(let attribute) = element, typeMacroNames.contains(attribute.simpleName) else { return nil }
        return attribute
    }
    guard macros.count > 1 else { return nil }
    let position = macros.firstIndex { sameLocation($0, node, context) } ?? 0
    /// What each writes: `@AutoDecodable @AutoEncodable` share nothing; `@Decodable
    /// @Encodable` would both write `CodingKeys`.
    func writes(_ name: String) -> Set<String> {
        switch name {
        case "Decodable": ["keys", "init"]
        case "Encodable": ["keys", "encode"]
        case "AutoDecodable": ["init"]
        case "AutoEncodable": ["encode"]
        case "AutoCodable", "PolymorphicCodable": ["init", "encode"]
        default: ["keys", "init", "encode"]
        }
    }
    let mine = writes(node.simpleName)
    return macros[..<position].first { !writes($0.simpleName).isDisjoint(with: mine) }?.simpleName
}

/// Whether `a` and `b` (perhaps from separate trees) start at the same place in the source.
func sameLocation(_ a: some SyntaxProtocol, _ b: some SyntaxProtocol, _ context: some MacroExpansionContext) -> Bool {
    if let x = context.location(of: a), let y = context.location(of: b) {
        return x.line.description == y.line.description && x.column.description == y.column.description
    }
    return a.trimmedDescription == b.trimmedDescription
}

/// A fix-it removing the macro attribute `node` from `declaration`.
func removeMacroFixIt(_ node: AttributeSyntax, from declaration: some SyntaxProtocol) -> FixIt {
    let attributes = declaration.asProtocol(WithAttributesSyntax.self)?.attributes ?? AttributeListSyntax([])
    var elements = Array(attributes)
    let index = elements.firstIndex { $0.as(AttributeSyntax.self)?.trimmedDescription == node.trimmedDescription
        && $0.as(AttributeSyntax.self)?.simpleName == node.simpleName } ?? 0
    let removed = elements.remove(at: index)
    if index == 0, !elements.isEmpty { elements[0] = elements[0].with(\.leadingTrivia, removed.leadingTrivia) }
    return FixIt(message: JoltFixIt(message: "remove @\(node.simpleName)"), changes: [
        .replace(oldNode: Syntax(attributes), newNode: Syntax(AttributeListSyntax(elements))),
    ])
}
