import SwiftSyntax

extension AttributeListSyntax {
    /// The attributes named `name` (last component, so `JoltMacros.CodingKey` matches too).
    func named(_ name: String) -> [AttributeSyntax] {
        compactMap { element in
            guard case .attribute(let attribute) = element else { return nil }
            return attribute.simpleName == name ? attribute : nil
        }
    }

    func first(_ name: String) -> AttributeSyntax? { named(name).first }
    func has(_ name: String) -> Bool { first(name) != nil }
}

extension AttributeSyntax {
    var simpleName: String {
        let text = attributeName.trimmedDescription
        let base = text.split(separator: "<").first.map(String.init) ?? text
        return base.split(separator: ".").last.map(String.init) ?? base
    }

    var argumentList: [LabeledExprSyntax] {
        guard let list = arguments?.as(LabeledExprListSyntax.self) else { return [] }
        return Array(list)
    }

    func argument(_ label: String?) -> LabeledExprSyntax? {
        argumentList.first { $0.label?.text == label }
    }
}

extension ExprSyntax {
    /// The value of a string literal without interpolation.
    var stringLiteralValue: String? {
        guard let literal = self.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let part = segment.as(StringSegmentSyntax.self) else { return nil }
            text += part.content.text
        }
        return text
    }

    /// Whether this is a floating-point literal (`1.5`, `-2.0`).
    var isFloatLiteral: Bool {
        if let prefix = self.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" { return prefix.expression.isFloatLiteral }
        return self.is(FloatLiteralExprSyntax.self)
    }

    /// The value of an integer literal (`7`, `-1`, `0x1F`, `1_000`), nil for anything else.
    var integerLiteralValue: Int? {
        if let prefix = self.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return prefix.expression.integerLiteralValue.map { -$0 }
        }
        guard let literal = self.as(IntegerLiteralExprSyntax.self) else { return nil }
        let text = literal.literal.text.replacingOccurrences("_", "")
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) {
            return Int(text.dropFirst(2), radix: radix)
        }
        return Int(text)
    }

    /// The value of a number literal, integer or floating-point (`50`, `-2.5`), nil for anything else.
    var numberLiteralValue: Double? {
        if let prefix = self.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return prefix.expression.numberLiteralValue.map { -$0 }
        }
        if let integer = integerLiteralValue { return Double(integer) }
        guard let literal = self.as(FloatLiteralExprSyntax.self) else { return nil }
        return Double(literal.literal.text.replacingOccurrences("_", ""))
    }

    /// The bounds of a closed range `a...b` (folded or not), nil for anything else.
    var closedRangeBounds: (lower: ExprSyntax, upper: ExprSyntax)? {
        if let infix = self.as(InfixOperatorExprSyntax.self),
           infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "..." {
            return (infix.leftOperand, infix.rightOperand)
        }
        guard let sequence = self.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "..." else { return nil }
        return (elements[0], elements[2])
    }

    /// `T` of `T.self`, as text.
    var metatypeBase: String? {
        guard let member = self.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
              let base = member.base else { return nil }
        return base.trimmedDescription
    }
}

extension DeclModifierListSyntax {
    var accessLevel: String? {
        for modifier in self {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public"
            case .keyword(.package): return "package"
            default: continue
            }
        }
        return nil
    }

    func has(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) }
    }
}

/// A type's shape, for the parts the generated code needs.
struct TypeShape {
    /// The type without its outer optional.
    let base: String
    let isOptional: Bool
    let node: TypeSyntax

    init(_ type: TypeSyntax) {
        node = type
        if let optional = type.as(OptionalTypeSyntax.self) {
            base = optional.wrappedType.trimmedDescription
            isOptional = true
        } else if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            base = iuo.wrappedType.trimmedDescription
            isOptional = true
        } else if let ident = type.as(IdentifierTypeSyntax.self), ident.name.text == "Optional",
                  let argument = ident.genericArgumentClause?.arguments.first {
            base = argument.argument.trimmedDescription
            isOptional = true
        } else {
            base = type.trimmedDescription
            isOptional = false
        }
    }

    /// The base as syntax (without the optional).
    var baseNode: TypeSyntax {
        if let optional = node.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let iuo = node.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return iuo.wrappedType }
        return node
    }

    enum Collection { case array(String), dictionary(String, String), set(String) }

    var collection: Collection? {
        let node = baseNode
        if let array = node.as(ArrayTypeSyntax.self) { return .array(array.element.trimmedDescription) }
        if let dict = node.as(DictionaryTypeSyntax.self) {
            return .dictionary(dict.key.trimmedDescription, dict.value.trimmedDescription)
        }
        if let ident = node.as(IdentifierTypeSyntax.self), let args = ident.genericArgumentClause?.arguments {
            let texts = args.map { $0.argument.trimmedDescription }
            switch (ident.name.text, texts.count) {
            case ("Array", 1): return .array(texts[0])
            case ("Set", 1): return .set(texts[0])
            case ("Dictionary", 2): return .dictionary(texts[0], texts[1])
            default: return nil
            }
        }
        return nil
    }
}

/// The type a literal initializer has (for `var age = 33` without a type).
func literalType(of expr: ExprSyntax?) -> String? {
    guard let expr else { return nil }
    if expr.is(IntegerLiteralExprSyntax.self) { return "Int" }
    if expr.is(FloatLiteralExprSyntax.self) { return "Double" }
    if expr.is(StringLiteralExprSyntax.self) { return "String" }
    if expr.is(BooleanLiteralExprSyntax.self) { return "Bool" }
    if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
        return literalType(of: prefix.expression)
    }
    return nil
}
