import JoltMacrosPlugin
import SwiftSyntaxMacros
import SwiftSyntaxMacroExpansion

/// Every Jolt macro by name, with the conformances the compiler would pass
/// (for `@InheritedCodable`: none, as for a subclass of an annotated class).
let joltMacroSpecs: [String: MacroSpec] = {
    var specs: [String: MacroSpec] = [
        "Codable": MacroSpec(type: CodableMacro.self, conformances: ["Decodable", "Encodable", "JoltCodingHooks", "JoltCodableClass"]),
        "Decodable": MacroSpec(type: DecodableMacro.self, conformances: ["Decodable", "JoltCodingHooks", "JoltCodableClass"]),
        "Encodable": MacroSpec(type: EncodableMacro.self, conformances: ["Encodable", "JoltCodingHooks", "JoltCodableClass"]),
        "InheritedCodable": MacroSpec(type: InheritedCodableMacro.self),
        "PolymorphicCodable": MacroSpec(type: PolymorphicCodableMacro.self, conformances: ["PolymorphicEnum", "Encodable"]),
        "PolymorphicIdentifier": MacroSpec(type: PolymorphicIdentifierMacro.self, conformances: ["PolymorphicIdentified"]),
        "polymorphicRegistry": MacroSpec(type: PolymorphicRegistryMacro.self),
        "AutoCodable": MacroSpec(type: AutoCodableMacro.self),
        "AutoDecodable": MacroSpec(type: AutoCodableMacro.self),
        "AutoEncodable": MacroSpec(type: AutoCodableMacro.self),
    ]
    for marker in markerMacroNames {
        specs[marker] = MacroSpec(type: MarkerMacro.self)
    }
    return specs
}()

/// The annotations that the type's macros read (each checks where it stands).
let markerMacroNames = [
    "CodingKey", "EncodingKey", "CodingContainer", "SnakeCase", "KebabCase", "CamelCase", "PascalCase",
    "ScreamingSnakeCase", "ScreamingKebabCase", "FlatCase", "UpperCase", "CamelSnakeCase",
    "PascalSnakeCase", "CamelKebabCase", "PascalKebabCase", "DecodingDefault", "CodingIgnored",
    "LossyCoding", "CompactCoding", "DateCoding", "Base64Coding", "FlexibleType", "CustomCoding", "EncodeNil",
    "CodingCase", "FallbackCase", "PolymorphicCase", "DecodedValue", "EncodedValue", "CodableHook", "Flatten",
]

/// The annotations alone, without the macros that write a type's code: for the
/// checks each annotation makes where it stands (the type's macro is left as written).
let markerSpecs: [String: MacroSpec] = joltMacroSpecs.filter { markerMacroNames.contains($0.key) }
