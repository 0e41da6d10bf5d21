/// `@Flatten` properties: the value's type decodes from the decoder of the whole
/// object, so its keys are read from the enclosing object.
extension CodableGenerator {
    func flattenedDecodeExpression(_ p: Property) -> String {
        let type = p.isOptional ? p.type!.base : p.type!.node.trimmedDescription
        if let missing = p.missingDefault {
            let call = p.isOptional ? "decodeIfPresent" : "decode"
            return "_JoltFlattened.\(call)(\(type).self, from: decoder, property: \(stringLiteral(p.name)), default: \(missing))"
        }
        return p.isOptional
            ? "try _JoltFlattened.decodeIfPresent(\(type).self, from: decoder)"
            : "try \(type)(from: decoder)"
    }
}
