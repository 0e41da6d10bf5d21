import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The arguments of `@AutoCodable(container:accessControl:)` (and of `@AutoDecodable`,
/// `@AutoEncodable`): the container the code uses, and the access of the members.
struct AutoOptions {
    enum Container: Equatable {
        /// `encoder.container(keyedBy: CodingKeys.self)`, from the `CodingKeys` enum (the default).
        case keyed
        /// `singleValueContainer()` holding the named property, through `self.init(property:)`.
        case singleValue(String)
        /// `singleValueContainer()` holding the case's `CodingKeys` string.
        case singleValueForEnum
    }

    var container = Container.keyed
    /// `"public "`, … from `accessControl:`; nil without it.
    var access: String?
    /// The `container:` argument, for reports.
    var containerNode: Syntax?

    /// Reads the attribute's arguments; nil after reporting one it cannot use.
    init?(_ node: AttributeSyntax, declaration: some DeclGroupSyntax, context: some MacroExpansionContext) {
        var failed = false
        func report(_ at: some SyntaxProtocol, _ message: String, _ id: String) {
            context.diagnose(Diagnostic(node: at, message: JoltDiagnostic(message: message, id: id)))
            failed = true
        }
        if let argument = node.argument("container") {
            containerNode = Syntax(argument.expression)
            let expression = argument.expression
            let call = expression.as(FunctionCallExprSyntax.self)
            let member = (call?.calledExpression ?? expression).as(MemberAccessExprSyntax.self)?.declName.baseName.text
            switch member {
            case "keyed" where call == nil:
                container = .keyed
            case "singleValueForEnum" where call == nil:
                container = .singleValueForEnum
            case "singleValue" where call != nil:
                let text = call?.arguments.first?.expression.stringLiteralValue
                if let text, !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !text.first!.isNumber {
                    container = .singleValue(text)
                } else if text == nil {
                    report(expression, ".singleValue takes the name of the property holding the value, as a string literal "
                           + "(.singleValue(\"value\"))", "autoSingleValueName")
                } else {
                    report(expression, "'\(text!)' is not a property name: .singleValue names the property holding the value "
                           + "(.singleValue(\"value\"))", "autoSingleValueName")
                }
            default:
                report(expression, "the container is written out: .keyed, .singleValue(\"property\") or .singleValueForEnum",
                       "autoContainerNotLiteral")
            }
        }
        if let argument = node.argument("accessControl") {
            let level = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            switch level {
            case "public", "package", "internal":
                access = level! + " "
                if let written = declaration.modifiers.accessLevel, written != level {
                    report(argument.expression, "the extension is '\(written)' and accessControl: .\(level!) asks for '\(level!)' "
                           + "members; keep one", "autoTwoAccessLevels")
                }
            default:
                report(argument.expression, "accessControl is written out: .public, .package or .internal", "autoAccessNotLiteral")
            }
        }
        // What the declaration the macro is on says about the container.
        switch container {
        case .singleValue where declaration.is(EnumDeclSyntax.self):
            report(containerNode!, ".singleValue(_:) reads a struct or class from one property; for an enum use .singleValueForEnum",
                   "autoSingleValueOnEnum")
        case .singleValueForEnum where declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self):
            report(containerNode!, ".singleValueForEnum applies to an enum; for a struct or class use .singleValue(\"property\")",
                   "autoSingleValueForEnumOnType")
        default:
            break
        }
        if failed { return nil }
    }
}
