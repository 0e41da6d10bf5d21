import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The annotations read by `@Codable` (`@CodingKey`, `@SnakeCase`, …): they add
/// nothing themselves, but each checks where it stands, so that one on the wrong
/// declaration, or one that the code generated would not use, is an error at the
/// annotation rather than ignored.
///
/// The first Jolt annotation of a declaration checks them all (one report per
/// mistake however many annotations there are): the kind of declaration, the
/// macro on the enclosing type (`context.lexicalContext`), the property's shape
/// (stored, instance, `var` when decoded), the arguments the generated code needs
/// as literals, and the combinations that contradict each other or do nothing.
/// What needs the whole type (key paths, collection types, cases' values, keys
/// two properties share) is checked by the type's macro.
public struct MarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let checker = AnnotationChecker(declaration: DeclSyntax(declaration), context: context)
        if checker.isFirstMarker(node) { checker.check() }
        return []
    }
}

/// Names of the annotations declared in JoltMacros.swift that `MarkerMacro` implements.
enum Marker {
    static let property: Set<String> = [
        "CodingKey", "EncodingKey", "DecodingDefault", "CodingIgnored", "LossyCoding", "CompactCoding",
        "DateCoding", "Base64Coding", "FlexibleType", "CustomCoding", "EncodeNil", "Flatten",
    ]
    /// The annotations that choose how a property's value is read and written: one per property.
    static let valueCodings = ["DateCoding", "Base64Coding", "FlexibleType", "LossyCoding", "CompactCoding", "CustomCoding"]
    static let enumCase: Set<String> = ["CodingCase", "FallbackCase", "PolymorphicCase"]
    static let autoKey: Set<String> = ["DecodedValue", "EncodedValue", "CustomCoding"]
    static let all: Set<String> = property.union(styleNames).union(enumCase).union(autoKey).union(["CodingContainer", "CodableHook"])
    /// The macros that write a type's code from its properties' annotations.
    static let codable: Set<String> = ["Codable", "Decodable", "Encodable", "InheritedCodable"]
    static let auto: Set<String> = ["AutoCodable", "AutoDecodable", "AutoEncodable"]
}

/// What the macros on a type (or extension) write: decoding, encoding, both.
struct CodableRole {
    var decodes = false
    var encodes = false
    var macro = ""

    /// The role of the `@Codable`-family macros among `attributes`, nil without one.
    init?(codable attributes: AttributeListSyntax) {
        self.init(attributes, names: Marker.codable) { $0 != "Encodable" } encodes: { $0 != "Decodable" }
    }

    /// The role of the `@AutoCodable`-family macros among `attributes`, nil without one.
    init?(auto attributes: AttributeListSyntax) {
        self.init(attributes, names: Marker.auto) { $0 != "AutoEncodable" } encodes: { $0 != "AutoDecodable" }
    }

    private init?(_ attributes: AttributeListSyntax, names: Set<String>,
                  decodes: (String) -> Bool, encodes: (String) -> Bool) {
        let found = attributes.compactMap { element -> String? in
            guard case .attribute(let attribute) = element, names.contains(attribute.simpleName) else { return nil }
            return attribute.simpleName
        }
        guard let first = found.first else { return nil }
        macro = first
        self.decodes = found.contains(where: decodes)
        self.encodes = found.contains(where: encodes)
    }
}

struct AnnotationChecker {
    let declaration: DeclSyntax
    let context: any MacroExpansionContext
    let attributes: AttributeListSyntax
    /// The Jolt annotations on the declaration, in order.
    let markers: [AttributeSyntax]

    init(declaration: DeclSyntax, context: any MacroExpansionContext) {
        self.declaration = declaration
        self.context = context
        attributes = declaration.asProtocol(WithAttributesSyntax.self)?.attributes ?? AttributeListSyntax([])
        markers = attributes.compactMap { element in
            guard case .attribute(let attribute) = element, Marker.all.contains(attribute.simpleName) else { return nil }
            return attribute
        }
    }

    /// Whether `node` is the declaration's first Jolt annotation (the macro gets the
    /// attribute and the declaration as separate trees: compared by source location).
    func isFirstMarker(_ node: AttributeSyntax) -> Bool {
        guard let first = markers.first else { return false }
        return sameLocation(node, first, context)
    }

    // MARK: Reporting

    func report(_ node: some SyntaxProtocol, _ message: String, _ id: String, fixIts: [FixIt] = []) {
        context.diagnose(Diagnostic(node: node, message: JoltDiagnostic(message: message, id: id), fixIts: fixIts))
    }

    /// A fix-it removing `attribute` from the declaration (its leading trivia kept).
    func removal(_ attribute: AttributeSyntax, _ message: String? = nil) -> FixIt {
        var elements = Array(attributes)
        let index = elements.firstIndex { $0.as(AttributeSyntax.self)?.id == attribute.id } ?? 0
        let removed = elements.remove(at: index)
        var changes: [FixIt.Change] = []
        if index == 0, !elements.isEmpty {
            elements[0] = elements[0].with(\.leadingTrivia, removed.leadingTrivia)
        }
        changes.append(.replace(oldNode: Syntax(attributes), newNode: Syntax(AttributeListSyntax(elements))))
        if elements.isEmpty, let next = attributes.lastToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate) {
            changes.append(.replaceLeadingTrivia(token: next, newTrivia: removed.leadingTrivia))
        }
        return FixIt(message: JoltFixIt(message: message ?? "remove @\(attribute.simpleName)"), changes: changes)
    }

    // MARK: Where

    /// The declaration the annotated one is a member of (a type or an extension), if any.
    var enclosingGroup: (any DeclGroupSyntax)? {
        context.lexicalContext.first?.asProtocol(DeclGroupSyntax.self)
    }

    static func name(of group: some DeclGroupSyntax) -> String {
        if let named = group.asProtocol(NamedDeclSyntax.self) { return named.name.text }
        if let ext = group.as(ExtensionDeclSyntax.self) { return ext.extendedType.trimmedDescription }
        return "the type"
    }

    func check() {
        if let variable = declaration.as(VariableDeclSyntax.self) {
            checkProperty(variable)
        } else if let caseDecl = declaration.as(EnumCaseDeclSyntax.self) {
            checkCase(caseDecl)
        } else if let function = declaration.as(FunctionDeclSyntax.self) {
            checkHook(function)
        } else if let group = declaration.asProtocol(DeclGroupSyntax.self),
                  declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) {
            checkType(group)
        } else {
            for marker in markers { report(marker, "\(placement(of: marker)); not on this declaration", "misplaced", fixIts: [removal(marker)]) }
        }
    }

    /// Where an annotation belongs, as a sentence.
    func placement(of attribute: AttributeSyntax) -> String {
        let name = attribute.simpleName
        switch name {
        case "CodableHook": return "@CodableHook applies to a method of a @Codable, @Decodable, @Encodable or @InheritedCodable type"
        case "CodingContainer": return "@CodingContainer applies to a @Codable, @Decodable or @Encodable struct or class"
        case "EncodeNil": return "@EncodeNil applies to an optional stored property, or to a struct or class, of a @Codable or @Encodable type"
        case "FlexibleType": return "@FlexibleType applies to a stored property, or to a struct or class, of a @Codable or @Decodable type"
        case "CodingCase": return "@CodingCase applies to a case of a @Codable, @Decodable or @Encodable enum"
        case "FallbackCase": return "@FallbackCase applies to a case of a @Codable, @Decodable, @Encodable or @PolymorphicCodable enum"
        case "PolymorphicCase": return "@PolymorphicCase applies to a case of a @PolymorphicCodable enum"
        case "DecodedValue", "EncodedValue":
            return "@\(name) applies to a key of a CodingKeys enum in an @AutoCodable, @AutoDecodable or @AutoEncodable extension"
        case _ where styleNames.contains(name):
            return "@\(name) applies to a @Codable, @Decodable or @Encodable type, to one of its stored properties, or to a case of such an enum"
        default:
            return "@\(name) applies to a stored property of a @Codable, @Decodable or @Encodable struct or class"
        }
    }

    // MARK: Hooks

    /// `@CodableHook(.stage)` on a method: a stage the type's macro writes code for,
    /// a method in the type's body, and a signature the generated code can call.
    func checkHook(_ function: FunctionDeclSyntax) {
        for marker in markers where marker.simpleName != "CodableHook" {
            report(marker, "\(placement(of: marker)); not on a method", "misplaced", fixIts: [removal(marker)])
        }
        let hooks = markers.filter { $0.simpleName == "CodableHook" }
        let group = enclosingGroup
        let role = group.flatMap { CodableRole(codable: $0.attributes) }
        let ownerIsType = group.map { $0.is(StructDeclSyntax.self) || $0.is(ClassDeclSyntax.self) || $0.is(EnumDeclSyntax.self) } ?? false
        var seen = Set<HookCall.Stage>()
        for hook in hooks {
            guard let stage = HookCall.stage(of: hook) else {
                report(hook, "@CodableHook takes one stage: .willDecode, .didDecode, .willEncode or .didEncode", "unknownHookStage")
                continue
            }
            guard group != nil, let role, ownerIsType else {
                let owner = group.map { group in
                    group.is(ExtensionDeclSyntax.self)
                        ? "the type's macro reads only its body; move the method into '\(Self.name(of: group))'"
                        : "'\(Self.name(of: group))' is not annotated with @Codable, @Decodable or @Encodable"
                } ?? "the method is not a member of a type"
                report(hook, "@CodableHook has no effect: \(owner)", "noCodableType", fixIts: [removal(hook)])
                continue
            }
            if stage.decodes ? !role.decodes : !role.encodes {
                report(hook, "@CodableHook(.\(stage.rawValue)) has no effect: @\(role.macro) writes no "
                       + (stage.decodes ? "init(from:)" : "encode(to:)"), stage.decodes ? "decodeOnlyAnnotation" : "encodeOnlyAnnotation",
                       fixIts: [removal(hook)])
                continue
            }
            guard seen.insert(stage).inserted else {
                report(hook, "@CodableHook(.\(stage.rawValue)) is given twice", "duplicateAnnotation", fixIts: [removal(hook)])
                continue
            }
            if let problem = HookCall.problem(function, stage: stage) { report(hook, problem, "badHookSignature") }
        }
    }

    // MARK: Properties

    func checkProperty(_ variable: VariableDeclSyntax) {
        let group = enclosingGroup
        let role = group.flatMap { CodableRole(codable: $0.attributes) }
        let ownerIsType = group.map { $0.is(StructDeclSyntax.self) || $0.is(ClassDeclSyntax.self) } ?? false
        for marker in markers where !Marker.property.contains(marker.simpleName) && !styleNames.contains(marker.simpleName) {
            report(marker, "\(placement(of: marker)); not on a property", "misplaced", fixIts: [removal(marker)])
        }
        let propertyMarkers = markers.filter { Marker.property.contains($0.simpleName) || styleNames.contains($0.simpleName) }
        guard let first = propertyMarkers.first else { return }
        // The property's shape: one stored instance property, and a `var` when decoded.
        if variable.modifiers.has(.static) || variable.modifiers.has(.class) {
            return reportAll(propertyMarkers, "static properties are not coded", "staticProperty")
        }
        if variable.modifiers.has(.lazy) {
            return reportAll(propertyMarkers, "lazy properties are not coded", "lazyProperty")
        }
        if variable.bindings.contains(where: { $0.isComputed }) {
            return reportAll(propertyMarkers, "computed properties are not coded", "computedProperty")
        }
        guard let group, let role, ownerIsType else {
            let owner = group.map { group in
                role == nil ? "'\(Self.name(of: group))' is not annotated with @Codable, @Decodable or @Encodable"
                    : "'\(Self.name(of: group))' is not a struct or a class"
            } ?? "the property is not a member of a type"
            for marker in propertyMarkers {
                report(marker, "@\(marker.simpleName) has no effect: \(owner)", "noCodableType", fixIts: [removal(marker)])
            }
            return
        }
        if variable.bindings.count > 1 || !(variable.bindings.first?.pattern.is(IdentifierPatternSyntax.self) ?? false) {
            let names = variable.bindings.map { "'\($0.pattern.trimmedDescription)'" }.joined(separator: " and ")
            return report(first, "the annotations would apply to each of \(names); declare them apart", "severalBindings")
        }
        let binding = variable.bindings.first!
        let ignored = markers.first { $0.simpleName == "CodingIgnored" }
        if let ignored {
            for marker in propertyMarkers where marker.id != ignored.id {
                report(marker, "@\(marker.simpleName) has no effect on an @CodingIgnored property", "ignoredWithOthers",
                       fixIts: [removal(marker)])
            }
            return checkDuplicates(propertyMarkers)
        }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        if isLet, binding.initializer != nil, role.decodes {
            if let defaultValue = markers.first(where: { $0.simpleName == "DecodingDefault" }) {
                let removeValue = FixIt(message: JoltFixIt(message: "remove the initial value"), changes: [
                    .replace(oldNode: Syntax(binding), newNode: Syntax(binding.with(\.initializer, nil).with(\.trailingTrivia, []))),
                ])
                report(defaultValue, "a 'let' with an initial value is never decoded; remove the value: @DecodingDefault gives "
                       + "the default", "letWithInitializer", fixIts: [removeValue])
                return
            }
            let makeVar = FixIt(message: JoltFixIt(message: "make it 'var'"), changes: [
                .replace(oldNode: Syntax(variable.bindingSpecifier), newNode: Syntax(TokenSyntax.keyword(
                    .var, leadingTrivia: variable.bindingSpecifier.leadingTrivia, trailingTrivia: variable.bindingSpecifier.trailingTrivia))),
            ])
            report(first, "a 'let' with an initial value is never decoded; make it 'var' so the value is the default, "
                   + "or remove the value", "letWithInitializer", fixIts: [makeVar])
            return
        }
        checkDuplicates(propertyMarkers)
        checkArguments(propertyMarkers)
        checkCombinations(propertyMarkers, binding: binding, role: role, typeAttributes: group.attributes)
    }

    func reportAll(_ markers: [AttributeSyntax], _ reason: String, _ id: String) {
        for marker in markers { report(marker, "@\(marker.simpleName) has no effect: \(reason)", id, fixIts: [removal(marker)]) }
    }

    /// The same annotation twice: the second is reported.
    func checkDuplicates(_ markers: [AttributeSyntax]) {
        var seen = Set<String>()
        for marker in markers where !seen.insert(marker.simpleName).inserted {
            let hint = marker.simpleName == "CodingKey" ? "; list every key in one @CodingKey(\"a\", \"b\")" : ""
            report(marker, "@\(marker.simpleName) is given twice\(hint)", "duplicateAnnotation", fixIts: [removal(marker)])
        }
    }

    /// Arguments the generated code reads at compile time must be literals it can read.
    func checkArguments(_ markers: [AttributeSyntax]) {
        for marker in markers {
            let arguments = marker.argumentList
            switch marker.simpleName {
            case "CodingKey":
                if arguments.isEmpty {
                    report(marker, "@CodingKey needs at least one key (\"name\", or a path \"a.b\")", "codingKeyEmpty")
                }
                for argument in arguments where argument.expression.stringLiteralValue == nil {
                    report(argument.expression, "a key is a string literal (without interpolation)", "keyNotLiteral")
                }
            case "EncodingKey", "CodingContainer":
                if let argument = arguments.first, argument.expression.stringLiteralValue == nil {
                    report(argument.expression, "a key is a string literal (without interpolation)", "keyNotLiteral")
                }
            case "DateCoding":
                if let argument = arguments.first, argument.expression.metatypeBase == nil {
                    report(argument.expression, "@DateCoding takes the strategy type itself, as in ISO8601Strategy.self", "notMetatype")
                }
            case "CustomCoding":
                if arguments.allSatisfy({ $0.label == nil }) {
                    for argument in arguments where argument.expression.metatypeBase == nil {
                        report(argument.expression, "@CustomCoding takes the transformer type itself, as in CommaList.self", "notMetatype")
                    }
                }
            case "Base64Coding":
                if let format = marker.argument("format"),
                   !["base64", "base64URL", "hex"].contains(format.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? "") {
                    report(format.expression, "the format is written out: .base64, .base64URL or .hex", "formatNotLiteral")
                }
            default:
                break
            }
        }
    }

    /// Annotations that contradict each other, or do nothing where they are.
    func checkCombinations(_ markers: [AttributeSyntax], binding: PatternBindingSyntax, role: CodableRole,
                           typeAttributes: AttributeListSyntax) {
        func marker(_ name: String) -> AttributeSyntax? { markers.first { $0.simpleName == name } }
        // One way of reading the value.
        let codings = markers.filter { Marker.valueCodings.contains($0.simpleName) }
        for extra in codings.dropFirst() where extra.simpleName != codings[0].simpleName {
            report(extra, "a property takes one of @DateCoding, @Base64Coding, @FlexibleType, @LossyCoding, @CompactCoding "
                   + "and @CustomCoding; @\(codings[0].simpleName) is already given", "twoValueCodings", fixIts: [removal(extra)])
        }
        if let custom = marker("CustomCoding"), custom.argument("decode") != nil, attributes.has("JSONString") {
            report(custom, "@CustomCoding's closures read and write the value themselves; they do not combine with @JSONString",
                   "customCodingWithJSONString")
        }
        // A flattened value has no key and is read by its own type's code.
        if let flatten = marker("Flatten") {
            for other in markers where !["Flatten", "DecodingDefault"].contains(other.simpleName) {
                let reason = other.simpleName == "CodingKey" || other.simpleName == "EncodingKey" || styleNames.contains(other.simpleName)
                    ? "a @Flatten property has no key of its own: its type's keys are read from the enclosing object"
                    : other.simpleName == "EncodeNil" ? "a nil @Flatten property writes no keys"
                    : "a @Flatten property is read and written by its type's own init(from:) and encode(to:)"
                report(other, "@\(other.simpleName) has no effect: \(reason)", "flattenWithOthers", fixIts: [removal(other)])
            }
            let wrappers = attributes.compactMap { $0.as(AttributeSyntax.self) }
                .filter { joltWrapperNames.contains($0.simpleName) || $0.simpleName == "JSONString" }
            for wrapper in wrappers {
                report(wrapper, "the @\(wrapper.simpleName) property wrapper reads the value at a key; a @Flatten property has none",
                       "flattenWithOthers")
            }
            if typeAttributes.has("CodingContainer") {
                report(flatten, "@Flatten is not supported in a type with @CodingContainer: the flattened type would read the "
                       + "whole object, not the container", "flattenInContainer")
            }
            return
        }
        // A style only changes keys that are not written out.
        let styles = markers.filter { styleNames.contains($0.simpleName) }
        if let codingKey = marker("CodingKey"), !codingKey.argumentList.isEmpty {
            for style in styles.prefix(1) {
                report(style, "@\(style.simpleName) has no effect: @CodingKey gives the keys as written", "styleWithCodingKey",
                       fixIts: [removal(style)])
            }
        }
        // Two defaults.
        if let defaultValue = marker("DecodingDefault"), let initializer = binding.initializer {
            report(defaultValue, "the property has two defaults: its initial value '\(initializer.value.trimmedDescription)' "
                   + "and @DecodingDefault; keep one", "twoDefaults")
        }
        // What only one direction uses.
        if !role.encodes {
            for name in ["EncodingKey", "EncodeNil"] {
                if let only = marker(name) {
                    report(only, "@\(name) has no effect: @\(role.macro) writes no encode(to:)", "encodeOnlyAnnotation",
                           fixIts: [removal(only)])
                }
            }
        }
        if !role.decodes {
            if let only = marker("DecodingDefault") {
                report(only, "@DecodingDefault has no effect: @\(role.macro) writes no init(from:)", "decodeOnlyAnnotation",
                       fixIts: [removal(only)])
            }
            if let codingKey = marker("CodingKey"), codingKey.argumentList.count > 1 {
                report(codingKey.argumentList[1].expression, "@\(role.macro) writes only the first key; the others are read "
                       + "when decoding, which @\(role.macro) does not do", "alternativeKeysNotDecoded")
            }
        }
        // @FlexibleType on the type already reads the scalars leniently.
        if let flexible = marker("FlexibleType"), typeAttributes.has("FlexibleType") {
            report(flexible, "@FlexibleType is already on the type: it applies to every scalar property",
                   "flexibleTwice", fixIts: [removal(flexible)])
        }
        // @EncodeNil writes null for nil: an optional.
        if let encodeNil = marker("EncodeNil"), role.encodes {
            if typeAttributes.has("EncodeNil") {
                report(encodeNil, "@EncodeNil is already on the type: it applies to every optional property",
                       "encodeNilTwice", fixIts: [removal(encodeNil)])
            } else if let type = binding.typeAnnotation.map({ TypeShape($0.type) }), !type.isOptional {
                report(encodeNil, "@EncodeNil applies to an optional property; '\(type.base)' is never nil", "encodeNilNotOptional",
                       fixIts: [removal(encodeNil)])
            } else if binding.typeAnnotation == nil, literalType(of: binding.initializer?.value) != nil {
                report(encodeNil, "@EncodeNil applies to an optional property; this one is never nil", "encodeNilNotOptional",
                       fixIts: [removal(encodeNil)])
            }
        }
    }

    // MARK: Types

    func checkType(_ group: some DeclGroupSyntax) {
        let role = CodableRole(codable: group.attributes)
        let isEnum = group.is(EnumDeclSyntax.self)
        let isPolymorphic = group.attributes.has("PolymorphicCodable")
        for marker in markers {
            let name = marker.simpleName
            let typeLevel = name == "CodingContainer" || name == "EncodeNil" || name == "FlexibleType" || styleNames.contains(name)
            guard typeLevel else {
                report(marker, "\(placement(of: marker)); not on a type", "misplaced", fixIts: [removal(marker)])
                continue
            }
            guard let role else {
                let reason = isPolymorphic
                    ? "@PolymorphicCodable enums take their discriminator values from @PolymorphicCase"
                    : "'\(Self.name(of: group))' is not annotated with @Codable, @Decodable or @Encodable"
                report(marker, "@\(name) has no effect: \(reason)", "noCodableType", fixIts: [removal(marker)])
                continue
            }
            if isEnum && name != "EncodeNil" && name != "CodingContainer" && name != "FlexibleType" { continue }
            if isEnum {
                let reason = name == "EncodeNil" ? "cases have no optional properties"
                    : name == "FlexibleType" ? "it applies to the scalar properties of a struct or class"
                    : "an enum is read from the value itself"
                report(marker, "@\(name) has no effect on an enum: \(reason)", "enumTypeAnnotation", fixIts: [removal(marker)])
                continue
            }
            if name == "FlexibleType" {
                if !role.decodes {
                    report(marker, "@FlexibleType has no effect: @\(role.macro) writes no init(from:)", "decodeOnlyAnnotation",
                           fixIts: [removal(marker)])
                } else if !Self.hasFlexibleScalar(group) {
                    report(marker, "@FlexibleType has no effect: no stored property of '\(Self.name(of: group))' is a number, "
                           + "a String or a Bool read without another annotation", "flexibleWithoutScalars", fixIts: [removal(marker)])
                }
            }
            if name == "EncodeNil", !role.encodes {
                report(marker, "@EncodeNil has no effect: @\(role.macro) writes no encode(to:)", "encodeOnlyAnnotation",
                       fixIts: [removal(marker)])
            }
            if name == "CodingContainer" {
                if marker.argumentList.isEmpty {
                    report(marker, "@CodingContainer needs a key path (\"data.info\")", "codingContainerEmpty")
                } else if let argument = marker.argumentList.first, argument.expression.stringLiteralValue == nil {
                    report(argument.expression, "a key is a string literal (without interpolation)", "keyNotLiteral")
                }
            }
        }
        checkDuplicates(markers)
    }

    /// Whether a stored property of `group` is one that `@FlexibleType` on the type reads leniently.
    static func hasFlexibleScalar(_ group: some DeclGroupSyntax) -> Bool {
        group.memberBlock.members.contains { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.has(.static),
                  !variable.modifiers.has(.class), !variable.modifiers.has(.lazy),
                  !variable.attributes.has("CodingIgnored"), !variable.attributes.has("JSONString") else { return false }
            let coded = variable.attributes.contains { element in
                guard case .attribute(let attribute) = element else { return false }
                let name = attribute.simpleName
                return name != "FlexibleType" && (Marker.valueCodings.contains(name) || joltWrapperNames.contains(name))
            }
            return !coded && variable.bindings.contains { binding in
                guard !binding.isComputed else { return false }
                let base = binding.typeAnnotation.map { TypeShape($0.type).base } ?? literalType(of: binding.initializer?.value)
                return base.map(flexibleScalarTypes.contains) ?? false
            }
        }
    }

    // MARK: Enum cases

    func checkCase(_ caseDecl: EnumCaseDeclSyntax) {
        // A key of a CodingKeys enum in an @AutoCodable extension?
        if let autoRole = autoKeyRole() {
            for marker in markers {
                let name = marker.simpleName
                guard Marker.autoKey.contains(name) else {
                    let hint = name == "CodingKey" ? "; the key's text is the case's raw value ('case name = \"user_name\"')" : ""
                    report(marker, "@\(name) has no effect on a key of an @\(autoRole.macro) CodingKeys enum\(hint)",
                           "autoKeyAnnotation", fixIts: [removal(marker)])
                    continue
                }
                if name == "DecodedValue", !autoRole.decodes {
                    report(marker, "@DecodedValue has no effect: @\(autoRole.macro) writes no init(from:)", "decodeOnlyAnnotation",
                           fixIts: [removal(marker)])
                } else if name == "EncodedValue", !autoRole.encodes {
                    report(marker, "@EncodedValue has no effect: @\(autoRole.macro) writes no encode(to:)", "encodeOnlyAnnotation",
                           fixIts: [removal(marker)])
                } else if name != "CustomCoding", let argument = marker.argumentList.first, argument.expression.metatypeBase == nil {
                    report(argument.expression, "@\(name) takes the value type itself, as in FilePath.self", "notMetatype")
                } else if name == "CustomCoding", marker.argumentList.allSatisfy({ $0.label == nil }) {
                    for argument in marker.argumentList where argument.expression.metatypeBase == nil {
                        report(argument.expression, "@CustomCoding takes the transformer type itself, as in CommaList.self", "notMetatype")
                    }
                }
            }
            return checkDuplicates(markers)
        }
        let group = enclosingGroup?.as(EnumDeclSyntax.self)
        let role = group.flatMap { CodableRole(codable: $0.attributes) }
        let polymorphic = group?.attributes.has("PolymorphicCodable") ?? false
        for marker in markers {
            let name = marker.simpleName
            switch styleNames.contains(name) ? "CodingCase" : name {
            case "CodingKey" where role != nil:
                continue    // reported by @Codable, with a fix-it to @CodingCase
            case "CodingCase":
                if role == nil {
                    let reason = polymorphic ? "in a @PolymorphicCodable enum a case is chosen by its @PolymorphicCase values"
                        : group.map { "'\($0.name.text)' is not annotated with @Codable, @Decodable or @Encodable" }
                        ?? "it is not a case of an enum"
                    report(marker, "@\(name) has no effect: \(reason)", "noCodableType", fixIts: [removal(marker)])
                } else if name == "CodingCase" {
                    checkCodingCase(marker, caseDecl)
                } else if Self.textsGiven(caseDecl) {
                    report(marker, "@\(name) has no effect: the case's JSON text is given (a raw value or a .string match) "
                           + "and it has no associated values", "styleWithTexts", fixIts: [removal(marker)])
                }
            case "FallbackCase":
                if role == nil && !polymorphic {
                    report(marker, "\(placement(of: marker))", "misplaced", fixIts: [removal(marker)])
                } else if caseDecl.elements.count > 1 {
                    report(marker, "@FallbackCase applies to one case; declare '\(caseDecl.elements.first!.name.text)' on its own",
                           "severalCases")
                }
            case "PolymorphicCase":
                if !polymorphic {
                    report(marker, "\(placement(of: marker))", "misplaced", fixIts: [removal(marker)])
                    continue
                }
                let arguments = marker.argumentList
                if arguments.isEmpty {
                    report(marker, "@PolymorphicCase needs at least one discriminator value", "polymorphicCaseEmpty")
                }
                for argument in arguments where argument.expression.stringLiteralValue == nil {
                    report(argument.expression, "a discriminator value is a string literal", "polymorphicIdentifierLiteral")
                }
                if caseDecl.elements.count > 1 {
                    report(marker, "@PolymorphicCase applies to one case: each discriminator value selects one", "severalCases")
                }
                if caseDecl.attributes.has("FallbackCase"), arguments.count > 1 {
                    report(arguments[1].expression, "a fallback case has one discriminator value of its own (written when encoding); "
                           + "other unknown values reach it anyway", "fallbackIdentifiers")
                }
            default:
                report(marker, "\(placement(of: marker)); not on an enum case", "misplaced", fixIts: [removal(marker)])
            }
        }
        checkDuplicates(markers)
    }

    /// Whether every case of the declaration has its JSON text written out (a
    /// string raw value or a `.string` match) and no associated values, leaving
    /// nothing for a naming style.
    static func textsGiven(_ caseDecl: EnumCaseDeclSyntax) -> Bool {
        let stringMatch = caseDecl.attributes.first("CodingCase")?.argumentList.contains { argument in
            argument.expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)?
                .declName.baseName.text == "string"
        } ?? false
        return caseDecl.elements.allSatisfy { element in
            element.parameterClause == nil && (stringMatch || element.rawValue?.value.is(StringLiteralExprSyntax.self) == true)
        }
    }

    /// The role of the @Auto… extension whose `…CodingKeys` enum (or one nested in
    /// it) the annotated case is in, nil otherwise.
    func autoKeyRole() -> CodableRole? {
        for entry in context.lexicalContext {
            if let keys = entry.as(EnumDeclSyntax.self), keys.name.text.hasSuffix("CodingKeys") { continue }
            guard let group = entry.asProtocol(DeclGroupSyntax.self) else { return nil }
            return CodableRole(auto: group.attributes)
        }
        return nil
    }

    func checkCodingCase(_ marker: AttributeSyntax, _ caseDecl: EnumCaseDeclSyntax) {
        let arguments = marker.argumentList
        if caseDecl.elements.count > 1 {
            report(marker, "@CodingCase applies to one case; declare '\(caseDecl.elements.first!.name.text)' on its own",
                   "severalCases")
        }
        var matches = 0, pathValues = 0
        var inMatches = false
        var numberRanges: [ExprSyntax] = []
        for argument in arguments {
            if argument.label?.text == "match" { inMatches = true }
            if argument.label?.text == "values" {
                inMatches = false
                guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                    report(argument.expression, "'values:' is an array literal of .label(_:keys:) and .index(_:keys:)", "valuesNotLiteral")
                    continue
                }
                for spec in array.elements {
                    let call = spec.expression.as(FunctionCallExprSyntax.self)
                    let kind = call?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    guard let call, kind == "label" || kind == "index" else {
                        report(spec.expression, "an associated value is given as .label(\"name\", keys: …) or .index(0, keys: …)",
                               "valueSpecNotLiteral")
                        continue
                    }
                    for key in call.arguments.dropFirst() where key.expression.stringLiteralValue == nil {
                        report(key.expression, "a key is a string literal (without interpolation)", "keyNotLiteral")
                    }
                }
                continue
            }
            guard inMatches else { continue }
            matches += 1
            let call = argument.expression.as(FunctionCallExprSyntax.self)
            let kind = call?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            if let kind, ["intRange", "doubleRange", "stringRange"].contains(kind) {
                checkRange(call!, kind: kind)
                if kind != "stringRange" { numberRanges.append(argument.expression) }
            }
            if kind == "pathValue" {
                pathValues += 1
                if call?.arguments.first?.expression.stringLiteralValue == nil {
                    report(argument.expression, "the path of .pathValue is a string literal (\"type.kind\")", "keyNotLiteral")
                } else if pathValues > 1 {
                    report(argument.expression, "a case has one .pathValue (the discriminator's path)", "twoPathValues")
                }
            }
        }
        // A case with associated values is read from an object: a number never selects it
        // (a string range does, as a key; with .pathValue the value at the path is matched).
        if pathValues == 0, let element = caseDecl.elements.first, element.parameterClause != nil {
            for range in numberRanges {
                report(range, "case '\(element.name.text)' has associated values, so it is read from an object and a number never "
                       + "selects it; match its key with .string or .stringRange, or a value inside the object with .pathValue",
                       "numberRangeOnCaseWithValues")
            }
        }
        let values = marker.argument("values")?.expression
        if matches == 0 && (values == nil || values?.as(ArrayExprSyntax.self)?.elements.isEmpty == true) {
            report(marker, "@CodingCase needs a value to match (match: .string(\"…\"), …) or keys for the associated values (values: […])",
                   "codingCaseEmpty", fixIts: [removal(marker)])
        }
    }
}

extension AnnotationChecker {
    /// A range match whose bounds are literals: an inverted one (which would trap at
    /// run time) is an error; a `.stringRange` needs string bounds.
    func checkRange(_ call: FunctionCallExprSyntax, kind: String) {
        guard let argument = call.arguments.first?.expression, let (lower, upper) = argument.closedRangeBounds else {
            let halfOpen = call.arguments.first?.expression.as(SequenceExprSyntax.self)?.elements.contains {
                $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "..<"
            } ?? false
            if halfOpen, let argument = call.arguments.first?.expression {
                report(argument, ".\(kind) takes a closed range, as in .\(kind)(\(Self.rangeExample(kind)))", "rangeNotClosed")
            }
            return
        }
        let inverted: Bool
        if kind == "stringRange" {
            guard let low = lower.stringLiteralValue, let high = upper.stringLiteralValue else { return }
            inverted = low > high
        } else {
            guard let low = lower.numberLiteralValue, let high = upper.numberLiteralValue else { return }
            inverted = low > high
        }
        if inverted {
            report(argument, "\(argument.trimmedDescription) is not a range: its lower bound is above its upper bound (it would "
                   + "stop the program when decoding); write \(upper.trimmedDescription)...\(lower.trimmedDescription)",
                   "invertedRange", fixIts: [FixIt(message: JoltFixIt(message: "swap the bounds"), changes: [
                       .replace(oldNode: Syntax(argument), newNode: Syntax(ExprSyntax(
                           "\(upper.trimmed)...\(lower.trimmed)").with(\.leadingTrivia, argument.leadingTrivia)
                           .with(\.trailingTrivia, argument.trailingTrivia))),
                   ])])
        }
    }

    static func rangeExample(_ kind: String) -> String {
        switch kind {
        case "stringRange": "\"a\"...\"f\""
        case "doubleRange": "50...60"
        default: "22...30"
        }
    }
}

extension PatternBindingSyntax {
    /// Whether the binding has a getter (observers alone keep it stored).
    var isComputed: Bool {
        guard let accessors = accessorBlock else { return false }
        switch accessors.accessors {
        case .getter: return true
        case .accessors(let list):
            return list.contains { [.keyword(.get), .keyword(.set), .keyword(._read), .keyword(._modify)].contains($0.accessorSpecifier.tokenKind) }
        }
    }
}
