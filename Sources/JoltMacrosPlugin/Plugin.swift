import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct JoltMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [
        CodableMacro.self,
        DecodableMacro.self,
        EncodableMacro.self,
        InheritedCodableMacro.self,
        MarkerMacro.self,
        AutoCodableMacro.self,
        PolymorphicCodableMacro.self,
        PolymorphicIdentifierMacro.self,
        PolymorphicRegistryMacro.self,
    ]
}
