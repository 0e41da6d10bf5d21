import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// How a property's value is read and written.
enum ValueCoding {
    case plain
    /// Through `Codable` wrapper types with `init(wrappedValue:)` and `wrappedValue`
    /// (`_JoltCodingWrapper`s, `JSONString`), outermost first: `["JSONString<LossyArray<Int>>",
    /// "LossyArray<Int>"]` is a string holding a lossy array.
    case wrapper([String])
    /// Through closures `(any Decoder) throws -> T` and `(T, any Encoder) throws -> Void`.
    case closures(decode: String, encode: String)
}

/// A stored property as the generated code sees it.
struct Property {
    let name: String
    let type: TypeShape?
    let initializer: ExprSyntax?
    let isLet: Bool
    var ignored = false
    var decodePaths: [[String]] = []
    var encodePath: [String] = []
    var missingDefault: String?
    var invalidDefault: String?
    var coding: ValueCoding = .plain
    var encodeNil = false
    /// Where to report a problem with the property's encoding key: its
    /// `@EncodingKey`, else its `@CodingKey`, else the declaration.
    var keySite: Syntax?
    /// For an `@CodingIgnored` property without an initial value: the value `init(from:)` gives it.
    var ignoredValue: String?
    /// The type of a property without a type annotation, when its initial value is
    /// a literal (`var age = 33`: `Int`).
    var literalType: String?
    /// `@Flatten`: the value's own keys are read from, and written to, the enclosing object.
    var flattened = false

    var isOptional: Bool { type?.isOptional ?? false }
    var hasDefault: Bool { missingDefault != nil }
    var decodes: Bool { !ignored && !(isLet && initializer != nil) }
}

/// Attributes that name a key style.
let styleNames = Set(KeyStyle.allCases.map(\.rawValue))

/// Reads the stored properties of a type, reporting misuse.
struct PropertyReader {
    let context: any MacroExpansionContext
    var typeStyle: KeyStyle?
    let typeEncodeNil: Bool
    /// `@FlexibleType` on the type: every scalar property is read leniently.
    var typeFlexible = false
    /// Whether the type's code decodes (a `let` with an initial value is then an error).
    var decodes = true
    var failed = false

    /// The naming style among `attributes`; reports a second one (with a fix-it
    /// that removes the others) on a `kind` ("property", "type", "case").
    mutating func style(in attributes: AttributeListSyntax, of kind: String) -> KeyStyle? {
        let styles = attributes.compactMap { element -> AttributeSyntax? in
            guard case .attribute(let attribute) = element, styleNames.contains(attribute.simpleName) else { return nil }
            return attribute
        }
        if styles.count > 1 {
            var edited = attributes
            for extra in styles.dropFirst() {
                edited = edited.filter { element in
                    guard case .attribute(let a) = element else { return true }
                    return a.id != extra.id
                }
            }
            context.diagnose(Diagnostic(
                node: styles[1], message: JoltDiagnostic.twoStyles(kind),
                fixIts: [FixIt(message: JoltFixIt(message: "keep @\(styles[0].simpleName) only"), changes: [
                    .replace(oldNode: Syntax(attributes), newNode: Syntax(edited)),
                ])]))
            failed = true
        }
        return styles.first.flatMap { KeyStyle(rawValue: $0.simpleName) }
    }

    /// Splits a key into a path; reports a malformed one (with a fix-it) and returns nil.
    mutating func path(_ key: String, node: some SyntaxProtocol) -> [String]? {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if key.isEmpty || parts.contains(where: { $0.isEmpty || $0.contains(" ") }) {
            let cleaned = key.split(separator: ".").map { $0.replacingOccurrences(" ", "") }.filter { !$0.isEmpty }
                .joined(separator: ".")
            var fixIts: [FixIt] = []
            if !cleaned.isEmpty, let literal = node.as(StringLiteralExprSyntax.self) {
                fixIts.append(FixIt(message: JoltFixIt(message: "use '\(cleaned)'"), changes: [
                    .replace(oldNode: Syntax(literal), newNode: Syntax(StringLiteralExprSyntax(content: cleaned))),
                ]))
            }
            context.diagnose(Diagnostic(node: node, message: JoltDiagnostic.badKeyPath(key), fixIts: fixIts))
            failed = true
            return nil
        }
        return parts
    }

    /// Two properties written at the same key, or one inside the other's value:
    /// the later one is reported.
    mutating func checkEncodingKeys(_ properties: [Property]) {
        var written: [(path: [String], name: String)] = []
        for property in properties where !property.ignored && !property.flattened {
            let path = property.encodePath
            if let other = written.first(where: { $0.path.starts(with: path) || path.starts(with: $0.path) }) {
                let text = path.joined(separator: "."), otherText = other.path.joined(separator: ".")
                let message = text == otherText
                    ? "'\(property.name)' and '\(other.name)' are both encoded at '\(text)'; give one of them another key (@EncodingKey)"
                    : "'\(property.name)' is encoded at '\(text)' and '\(other.name)' at '\(otherText)': one would be written "
                        + "inside the other's value; give one of them another key (@EncodingKey)"
                context.diagnose(Diagnostic(node: property.keySite!, message: JoltDiagnostic(message: message, id: "sameEncodingKey")))
                failed = true
            }
            written.append((path, property.name))
        }
    }

    mutating func properties(of members: MemberBlockItemListSyntax) -> [Property] {
        var result: [Property] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.has(.static) || variable.modifiers.has(.class) || variable.modifiers.has(.lazy) { continue }
            for binding in variable.bindings {
                guard let property = read(binding, of: variable) else { continue }
                result.append(property)
            }
        }
        return result
    }

    private mutating func read(_ binding: PatternBindingSyntax, of variable: VariableDeclSyntax) -> Property? {
        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
        // Computed properties are not coded (observers are fine).
        if let accessors = binding.accessorBlock {
            switch accessors.accessors {
            case .getter: return nil
            case .accessors(let list):
                if list.contains(where: { [.keyword(.get), .keyword(.set)].contains($0.accessorSpecifier.tokenKind) }) {
                    return nil
                }
            }
        }
        let attributes = variable.attributes
        let name = identifier.identifier.trimmedDescription.replacingOccurrences("`", "")
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        var property = Property(
            name: name, type: binding.typeAnnotation.map { TypeShape($0.type) },
            initializer: binding.initializer?.value, isLet: isLet)
        property.encodeNil = typeEncodeNil || attributes.has("EncodeNil")
        if binding.typeAnnotation == nil { property.literalType = literalType(of: binding.initializer?.value) }

        if attributes.has("CodingIgnored") {
            property.ignored = true
            if binding.initializer == nil && !(property.isOptional && !isLet) {
                if let type = binding.typeAnnotation?.type, let value = ignoredDefault(of: type) {
                    property.ignoredValue = value
                } else {
                    context.diagnose(Diagnostic(node: Syntax(attributes.first("CodingIgnored")) ?? Syntax(variable),
                                                message: JoltDiagnostic.ignoredWithoutValue))
                    failed = true
                }
            }
            return property
        }

        // Defaults.
        if let attribute = attributes.first("DecodingDefault") {
            if let value = attribute.argument(nil) {
                property.missingDefault = value.expression.trimmedDescription
                property.invalidDefault = property.missingDefault
            } else if let missing = attribute.argument("missing"), let invalid = attribute.argument("invalid") {
                property.missingDefault = missing.expression.trimmedDescription
                property.invalidDefault = invalid.expression.trimmedDescription
            } else {
                context.diagnose(Diagnostic(
                    node: attribute, message: JoltDiagnostic.defaultWithoutValue,
                    fixIts: [FixIt(message: JoltFixIt(message: "add a default value"), changes: [
                        .replace(oldNode: Syntax(attribute), newNode: Syntax(
                            attribute.with(\.attributeName, attribute.attributeName.trimmed)
                                .with(\.leftParen, .leftParenToken())
                                .with(\.rightParen, .rightParenToken(trailingTrivia: attribute.trailingTrivia))
                                .with(\.arguments, .argumentList(LabeledExprListSyntax([
                                    LabeledExprSyntax(expression: EditorPlaceholderExprSyntax(placeholder: .identifier("<#value#>"))),
                                ]))))),
                    ])]))
                failed = true
            }
        } else if let initializer = binding.initializer {
            if isLet && decodes {
                // With a Jolt annotation on it, the annotation reports this (MarkerMacro).
                let annotated = variable.attributes.contains { element in
                    guard case .attribute(let attribute) = element else { return false }
                    return Marker.all.contains(attribute.simpleName)
                }
                failed = true
                if annotated { return nil }
                context.diagnose(Diagnostic(
                    node: variable.bindingSpecifier, message: JoltDiagnostic.letWithInitializer,
                    fixIts: [FixIt(message: JoltFixIt(message: "make it 'var'"), changes: [
                        .replace(oldNode: Syntax(variable.bindingSpecifier),
                                 newNode: Syntax(TokenSyntax.keyword(
                                     .var, leadingTrivia: variable.bindingSpecifier.leadingTrivia,
                                     trailingTrivia: variable.bindingSpecifier.trailingTrivia))),
                    ])]))
                return nil
            }
            property.missingDefault = initializer.value.trimmedDescription
            property.invalidDefault = property.missingDefault
        }

        // A flattened value has no key: its type reads the enclosing object.
        if attributes.has("Flatten") {
            guard binding.typeAnnotation != nil else {
                context.diagnose(Diagnostic(node: variable, message: JoltDiagnostic.needsType("Flatten")))
                failed = true
                return nil
            }
            property.flattened = true
            property.keySite = Syntax(variable)
            return property
        }

        // Keys.
        let keyStyle = style(in: attributes, of: "property") ?? typeStyle
        let defaultKey = keyStyle?.apply(to: name) ?? name

        if let attribute = attributes.first("CodingKey") {
            for argument in attribute.argumentList {
                guard let key = argument.expression.stringLiteralValue else { continue }
                if let path = path(key, node: argument.expression) { property.decodePaths.append(path) }
            }
        }
        property.keySite = Syntax(attributes.first("EncodingKey") ?? attributes.first("CodingKey")) ?? Syntax(variable)
        if property.decodePaths.isEmpty { property.decodePaths = [[defaultKey]] }
        property.encodePath = property.decodePaths[0]
        if let attribute = attributes.first("EncodingKey"), let argument = attribute.argumentList.first,
           let key = argument.expression.stringLiteralValue, let path = path(key, node: argument.expression) {
            property.encodePath = path
        }

        // Value coding.
        let base = property.type?.base ?? literalType(of: binding.initializer?.value)
        func requireType(_ attribute: String) -> String? {
            if let base { return base }
            context.diagnose(Diagnostic(node: variable, message: JoltDiagnostic.needsType(attribute)))
            failed = true
            return nil
        }
        if let attribute = attributes.first("DateCoding"), let strategy = attribute.argumentList.first?.expression.metatypeBase {
            property.coding = .wrapper(["DateValue<\(strategy)>"])
        } else if let attribute = attributes.first("Base64Coding"), let base = requireType("Base64Coding") {
            let format = attribute.argument("format")?.expression.trimmedDescription ?? ".base64"
            let wrapper = format.hasSuffix("base64URL") ? "Base64URLData" : format.hasSuffix("hex") ? "HexData" : "Base64Data"
            property.coding = .wrapper(["\(wrapper)<\(base)>"])
        } else if attributes.has("FlexibleType"), let base = requireType("FlexibleType") {
            property.coding = .wrapper(["LosslessValue<\(base)>"])
        } else if attributes.has("LossyCoding") || attributes.has("CompactCoding") {
            let lossy = attributes.has("LossyCoding")
            let name = lossy ? "LossyCoding" : "CompactCoding"
            switch property.type?.collection {
            case .array(let element): property.coding = .wrapper([lossy ? "LossyArray<\(element)>" : "_JoltCompactArray<\(element)>"])
            case .dictionary(let key, let value):
                property.coding = .wrapper([lossy ? "LossyDictionary<\(key), \(value)>" : "_JoltCompactDictionary<\(key), \(value)>"])
            case .set(let element): property.coding = .wrapper([lossy ? "LossySet<\(element)>" : "_JoltCompactSet<\(element)>"])
            default:
                context.diagnose(Diagnostic(node: variable, message: JoltDiagnostic.needsCollection(name)))
                failed = true
            }
        } else if let attribute = attributes.first("CustomCoding") {
            if let transformer = transformerChain(attribute) {
                property.coding = .wrapper(["_JoltCustomCoded<\(transformer)>"])
            } else if let decode = attribute.argument("decode"), let encode = attribute.argument("encode") {
                property.coding = .closures(decode: decode.expression.trimmedDescription, encode: encode.expression.trimmedDescription)
            }
        }
        // Jolt's other property wrappers: the generated code reads and writes through
        // them, as synthesized `Codable` would (rather than the plain value).
        if let wrapper = attributes.compactMap({ $0.as(AttributeSyntax.self) }).first(where: { joltWrapperNames.contains($0.simpleName) }) {
            readJoltWrapper(wrapper, into: &property, variable: variable, type: base)
        }
        // `@FlexibleType` on the type: scalars not otherwise coded are read leniently.
        if typeFlexible, case .plain = property.coding, !attributes.has("JSONString"), let base,
           flexibleScalarTypes.contains(base) {
            property.coding = .wrapper(["LosslessValue<\(base)>"])
        }
        // Jolt's `@JSONString` property wrapper: the value (or what the annotation
        // above makes of it) is JSON text inside a string (CodableKit's raw-string transcoding).
        if attributes.has("JSONString") {
            switch property.coding {
            case .plain:
                if let base = requireType("JSONString") { property.coding = .wrapper(["JSONString<\(base)>"]) }
            case .wrapper(let chain):
                property.coding = .wrapper(["JSONString<\(chain[0])>"] + chain)
            case .closures:
                break   // reported by @CustomCoding
            }
        }
        return property
    }
}

/// The transformer of `@CustomCoding(T.self)`, or for several,
/// `@CustomCoding(A.self, B.self, C.self)`, their chain
/// `_JoltTransformChain<A, _JoltTransformChain<B, C>>`; nil unless every argument is
/// an unlabelled metatype.
func transformerChain(_ attribute: AttributeSyntax) -> String? {
    let arguments = attribute.argumentList
    guard !arguments.isEmpty, arguments.allSatisfy({ $0.label == nil }) else { return nil }
    let types = arguments.compactMap(\.expression.metatypeBase)
    guard types.count == arguments.count, let last = types.last else { return nil }
    return types.dropLast().reversed().reduce(last) { inner, type in "_JoltTransformChain<\(type), \(inner)>" }
}

/// The types `@FlexibleType` on a type reads leniently (Jolt's `LosslessValue` converts them).
let flexibleScalarTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "String", "Bool",
]

/// The value an `@CodingIgnored` property of `type` without an initial value takes
/// (ReerCodable's): `nil`, `0`, `""`, `false`, an empty collection, or the
/// `JoltDefaultInstance` default of a named type; nil for a type that can have none
/// (a function, a tuple, an existential…).
func ignoredDefault(of type: TypeSyntax) -> String? {
    let shape = TypeShape(type)
    if shape.isOptional { return "nil" }
    switch shape.collection {
    case .array?, .set?: return "[]"
    case .dictionary?: return "[:]"
    case nil: break
    }
    switch shape.base {
    case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
         "Double", "Float", "Float16", "CGFloat", "Decimal":
        return "0"
    case "String": return "\"\""
    case "Bool": return "false"
    default: break
    }
    let node = shape.baseNode
    guard node.is(IdentifierTypeSyntax.self) || node.is(MemberTypeSyntax.self) else { return nil }
    return "_joltIgnoredDefault(\(shape.base).self)"
}

/// Jolt's property wrappers that `@Codable` reads and writes through (`@JSONString` apart).
let joltWrapperNames: Set<String> = [
    "LossyArray", "LossySet", "LossyDictionary", "LosslessValue", "DateValue", "OptionalDateValue", "Base64Data",
    "Base64URLData", "HexData", "Default", "Polymorphic", "OptionalPolymorphic", "PolymorphicArray",
    "LossyPolymorphicArray", "PolymorphicDictionary",
]

extension PropertyReader {
    /// The coding of a property that one of Jolt's property wrappers (`@LossyArray`,
    /// `@DateValue<S>`, `@Default<P>`, `@PolymorphicArray`, …) wraps.
    mutating func readJoltWrapper(_ attribute: AttributeSyntax, into property: inout Property, variable: VariableDeclSyntax,
                                  type base: String?) {
        let name = attribute.simpleName
        func report(_ message: String, _ id: String) {
            context.diagnose(Diagnostic(node: attribute, message: JoltDiagnostic(message: message, id: id)))
            failed = true
        }
        guard case .plain = property.coding else {
            return report("the @\(name) property wrapper and an annotation both choose how '\(property.name)' is read; keep one",
                          "wrapperWithCoding")
        }
        let generic = attribute.attributeName.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments.first?
            .argument.trimmedDescription
        switch name {
        case "Default":
            guard let generic else { return report("write the provider: @Default<Provider>", "wrapperGeneric") }
            if property.missingDefault != nil {
                return report("'\(property.name)' has two defaults: @Default<\(generic)> and its initial value or "
                              + "@DecodingDefault; keep one", "twoDefaults")
            }
            property.coding = .wrapper([attribute.attributeName.trimmedDescription])
            property.missingDefault = "\(generic).defaultValue"
            property.invalidDefault = property.missingDefault
        case "DateValue", "OptionalDateValue":
            guard let generic else { return report("write the strategy: @\(name)<ISO8601Strategy>", "wrapperGeneric") }
            property.coding = .wrapper(["DateValue<\(generic)>"])
        default:
            guard let base else {
                context.diagnose(Diagnostic(node: variable, message: JoltDiagnostic.needsType(name)))
                failed = true
                return
            }
            let collection = property.type?.collection
            var wrapper: String?
            switch (name, collection) {
            case ("LossyArray", .array(let element)?), ("PolymorphicArray", .array(let element)?),
                 ("LossyPolymorphicArray", .array(let element)?), ("LossySet", .set(let element)?):
                wrapper = "\(name)<\(element)>"
            case ("LossyDictionary", .dictionary(let key, let value)?): wrapper = "LossyDictionary<\(key), \(value)>"
            case ("PolymorphicDictionary", .dictionary(_, let value)?): wrapper = "PolymorphicDictionary<\(value)>"
            case ("LosslessValue", _), ("Base64Data", _), ("Base64URLData", _), ("HexData", _), ("Polymorphic", _):
                wrapper = "\(name)<\(base)>"
            case ("OptionalPolymorphic", _): wrapper = "Polymorphic<\(base)>"
            default: wrapper = nil
            }
            guard let wrapper else {
                return report("@\(name) does not wrap '\(property.type?.node.trimmedDescription ?? base)'", "wrapperType")
            }
            property.coding = .wrapper([wrapper])
        }
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension Substring {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        String(self).replacingOccurrences(target, replacement)
    }
}
