import SwiftSyntax

/// The statements the generated code uses to call the lifecycle hooks
/// (`JoltCodingHooks`), shared by the struct and class, enum and AutoCodable
/// generators. A hook is declared anywhere in the module, or not at all (the
/// protocol's no-op defaults); the call is resolved statically, and `_joltHook`
/// keeps the `try` quiet when the hook found does not throw.
///
/// Methods of any name annotated `@CodableHook(.stage)` in the type's body run
/// after the conventional hook of their stage, in declaration order (a method
/// with the conventional name and label is not called twice).
enum HookCall {
    static let willDecode = "Self.willDecode(from: decoder)"
    static let didDecode = "self.didDecode(from: decoder)"
    static let willEncode = "self.willEncode(to: encoder)"
    static let didEncode = "self.didEncode(to: encoder)"

    /// The statement that runs `call`, one of the four above.
    static func statement(_ call: String) -> String {
        "try _joltHook(\(call))"
    }

    /// `statement` (a hook call or a flattened property's read, as the generators
    /// write them) with its `decoder` argument read from the direct path's
    /// reader: `(from: decoder)` becomes `(from: reader.decoder)`. With the no-op
    /// default hooks inlined, the decoder existential is then never made, where
    /// a local made first would be retained and released for every value read directly.
    static func readingDecoderFromReader(_ statement: String) -> String {
        var result = statement
        for before in ["(", " "] {
            for after in [")", ","] {
                result = result.replacing(before + "decoder" + after, with: before + "reader.decoder" + after)
            }
        }
        return result
    }

    /// The stages of `@CodableHook`.
    enum Stage: String, CaseIterable {
        case willDecode, didDecode, willEncode, didEncode

        var conventionalCall: String {
            switch self {
            case .willDecode: HookCall.willDecode
            case .didDecode: HookCall.didDecode
            case .willEncode: HookCall.willEncode
            case .didEncode: HookCall.didEncode
            }
        }
        var isStatic: Bool { self == .willDecode }
        var decodes: Bool { self == .willDecode || self == .didDecode }
        var coder: String { decodes ? "Decoder" : "Encoder" }
        var conventionalLabel: String { decodes ? "from" : "to" }
    }

    /// The stage an `@CodableHook` argument names, nil when it is not one.
    static func stage(of attribute: AttributeSyntax) -> Stage? {
        guard attribute.argumentList.count == 1, let argument = attribute.argumentList.first, argument.label == nil,
              let access = argument.expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = access.base, !["JoltHookStage", "JoltMacros.JoltHookStage"].contains(base.trimmedDescription) { return nil }
        return Stage(rawValue: access.declName.baseName.text)
    }

    /// What is wrong with `function` as a hook of `stage`, nil when it fits.
    static func problem(_ function: FunctionDeclSyntax, stage: Stage) -> String? {
        let isStatic = function.modifiers.has(.static) || function.modifiers.has(.class)
        if stage.isStatic && !isStatic {
            return "a .willDecode hook runs before the value exists: make it 'static' (or 'class')"
        }
        if !stage.isStatic && isStatic {
            return "a .\(stage.rawValue) hook is an instance method, not 'static' or 'class'"
        }
        if !stage.decodes && function.modifiers.has(.mutating) {
            return "a .\(stage.rawValue) hook cannot be 'mutating': encoding does not change the value"
        }
        if function.genericParameterClause != nil {
            return "a hook cannot be generic"
        }
        let signature = function.signature
        if signature.effectSpecifiers?.asyncSpecifier != nil {
            return "a hook cannot be 'async'"
        }
        if let returnType = signature.returnClause?.type.trimmedDescription, !["Void", "()"].contains(returnType) {
            return "a hook returns nothing"
        }
        let parameters = Array(signature.parameterClause.parameters)
        let expected = "a .\(stage.rawValue) hook takes no parameter or one 'any \(stage.coder)'"
        guard parameters.count <= 1 else { return expected }
        if let parameter = parameters.first {
            let type = parameter.type.trimmedDescription
            guard [stage.coder, "any \(stage.coder)", "Swift.\(stage.coder)", "any Swift.\(stage.coder)"].contains(type),
                  parameter.ellipsis == nil else { return expected }
        }
        return nil
    }

    /// The calls of the `@CodableHook` methods among `members`, by stage, in
    /// declaration order; misused ones are left out (their annotation reports them).
    static func annotated(in members: MemberBlockItemListSyntax) -> [Stage: [String]] {
        var calls: [Stage: [String]] = [:]
        for member in members {
            guard let function = member.decl.as(FunctionDeclSyntax.self) else { continue }
            var seen = Set<Stage>()
            for attribute in function.attributes.named("CodableHook") {
                guard let stage = stage(of: attribute), seen.insert(stage).inserted,
                      problem(function, stage: stage) == nil else { continue }
                let name = function.name.text
                let label = function.signature.parameterClause.parameters.first.map { $0.firstName.text }
                if name == stage.rawValue && label == stage.conventionalLabel { continue }    // called already
                let argument = label.map { $0 == "_" ? "\(stage.decodes ? "decoder" : "encoder")" : "\($0): \(stage.decodes ? "decoder" : "encoder")" } ?? ""
                let callee = stage.isStatic ? "Self" : "self"
                let escaped = function.name.trimmedDescription
                calls[stage, default: []].append("\(callee).\(escaped)(\(argument))")
            }
        }
        return calls
    }
}
