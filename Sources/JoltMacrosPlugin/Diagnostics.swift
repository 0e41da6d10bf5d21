import SwiftDiagnostics
import SwiftSyntax

/// The errors and warnings the Jolt macros report.
struct JoltDiagnostic: DiagnosticMessage, Error {
    let message: String
    let id: String
    var severity: DiagnosticSeverity = .error

    var diagnosticID: MessageID { MessageID(domain: "JoltMacros", id: id) }

    static func unsupportedDeclaration(_ macro: String) -> JoltDiagnostic {
        JoltDiagnostic(message: "@\(macro) applies to a struct, a class or an enum", id: "unsupportedDeclaration")
    }
    static func conflictingMacros(_ macro: String, _ other: String) -> JoltDiagnostic {
        JoltDiagnostic(message: "@\(macro) and @\(other) both write the type's coding; keep one"
                       + (Set([macro, other]) == ["Decodable", "Encodable"] ? " (@Codable writes both)" : ""), id: "conflictingMacros")
    }
    static let letWithInitializer = JoltDiagnostic(
        message: "a 'let' with an initial value is never decoded; make it 'var' so the value is the default, or remove the value and use @DecodingDefault",
        id: "letWithInitializer")
    static let defaultWithoutValue = JoltDiagnostic(
        message: "@DecodingDefault needs a value (or missing: and invalid:)", id: "defaultWithoutValue")
    static func twoStyles(_ kind: String) -> JoltDiagnostic {
        JoltDiagnostic(message: "a \(kind) takes one naming style; remove the others", id: "twoStyles")
    }
    static func badKeyPath(_ key: String) -> JoltDiagnostic {
        JoltDiagnostic(message: "'\(key)' is not a key path: use keys separated by single dots ('a.b'), without empty parts",
                       id: "badKeyPath")
    }
    static func needsType(_ attribute: String) -> JoltDiagnostic {
        JoltDiagnostic(message: "@\(attribute) needs the property's type written out ('var name: Type')", id: "needsType")
    }
    static func needsCollection(_ attribute: String) -> JoltDiagnostic {
        JoltDiagnostic(message: "@\(attribute) applies to an array, a dictionary or a set", id: "needsCollection")
    }
    static let ignoredWithoutValue = JoltDiagnostic(
        message: "an @CodingIgnored property needs an initial value, or a type with a default: an optional, a number, String, "
            + "Bool, an array, a dictionary, a set, or a named type conforming to JoltDefaultInstance", id: "ignoredWithoutValue")
    static let fallbackWithValues = JoltDiagnostic(
        message: "@FallbackCase applies to a case without associated values", id: "fallbackWithValues")
    static let autoNeedsCodingKeys = JoltDiagnostic(
        message: "@AutoCodable, @AutoDecodable and @AutoEncodable need a 'CodingKeys' enum in the extension", id: "autoNeedsCodingKeys")
}

struct JoltFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "JoltMacros", id: message) }
}
