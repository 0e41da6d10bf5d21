#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Dictionaries whose keys Foundation writes as they are, whatever the key
/// encoding strategy: those keyed by `String` (other `CodingKeyRepresentable`
/// keys are converted, as Foundation does on Linux).
protocol JoltRawKeyedDictionary {}
extension Dictionary: JoltRawKeyedDictionary where Key == String, Value: Encodable {}

extension EncodingCore {
    // MARK: Values

    /// Encodes a value of any type into `slot`, with Foundation's special cases:
    /// `Date` and `Data` through their strategies, `URL` as its absolute string,
    /// `Decimal` as a number.
    ///
    /// The `unsafeBitCast`s here and in ``writeDirectly(_:key:pathCount:extraPath:)``
    /// are from `T` to the type `T` was just found equal to: the same type.
    func encodeGeneric<T: Encodable>(_ value: T, _ slot: JoltByteEncoder) throws {
        if T.self == Date.self {
            try encodeDate(unsafeBitCast(value, to: Date.self), slot)
        } else if T.self == Data.self {
            try encodeData(value as! Data, slot)
        } else if T.self == URL.self {
            try slot.checkCanEncode()
            writer.writeString((value as! URL).absoluteString, escapeSlashes: escapeSlashes)
            pendingToken = 0
        } else if T.self == Decimal.self {
            try slot.checkCanEncode()
            writer.writeRaw((value as! Decimal).description)
            pendingToken = 0
        } else {
            if !keyStrategyIsDefault && value is JoltRawKeyedDictionary {
                slot.rawKeys = true
            } else if hasMappings {
                slot.mappings = options.keyMappings.alternatives(for: ObjectIdentifier(T.self))
            }
            try value.encode(to: slot)
        }
    }

    /// A value at a member or element just started: a fresh slot at the current
    /// position, the key pushed on the coding path; the containers the value
    /// opened are closed afterwards.
    @inline(__always)
    func encodeNested<T: Encodable>(_ value: T, key: some CodingKey, pathCount: Int, extraPath: [any CodingKey]) throws {
        if try writeDirectly(value, key: key, pathCount: pathCount, extraPath: extraPath) { return }
        try inNestedSlot(key: key, pathCount: pathCount, extraPath: extraPath) { slot in try encodeGeneric(value, slot) }
    }

    /// Runs `body` with a fresh slot at the member or element just started, its
    /// key pushed on the coding path (see ``pushPath(pathCount:extraPath:key:)``);
    /// afterwards closes the containers `body` opened, pops the key and gives
    /// the slot back. (When `body` throws, the container that began the member or
    /// element takes it back: see `EncodingCore+FailedWrites.swift`.)
    @inline(__always)
    func inNestedSlot(key: some CodingKey, pathCount: Int, extraPath: [any CodingKey],
                      _ body: (JoltByteEncoder) throws -> Void) throws {
        pushPath(pathCount: pathCount, extraPath: extraPath, key: key)
        let depth = frames.count
        let slot = takeEncoder(pathCount: path.count)
        pendingToken = slot.token
        try body(slot)
        closeFrames(downTo: depth)
        path.removeSubrange(min(pathCount, path.count)...)
        giveBack(slot)
    }

    /// The coding path of a member's or element's value: the first `pathCount`
    /// keys of ``path``, then `extraPath`, then `key` (removed again with
    /// `path.removeSubrange(min(pathCount, path.count)...)`).
    @inline(__always)
    func pushPath(pathCount: Int, extraPath: [any CodingKey], key: some CodingKey) {
        if path.count != pathCount { path.removeSubrange(min(pathCount, path.count)...) }
        if !extraPath.isEmpty { path.append(contentsOf: extraPath) }
        path.append(key)
    }

    /// Writes the common scalar types, and arrays of them, without a slot or a
    /// container (generic code such as `Array.encode(to:)` reaches the generic
    /// `encode` for every element). False for any other type.
    @inline(__always)
    func writeDirectly<T: Encodable>(_ value: T, key: some CodingKey, pathCount: Int, extraPath: [any CodingKey]) throws -> Bool {
        if T.self == String.self {
            writer.writeString(unsafeBitCast(value, to: String.self), escapeSlashes: escapeSlashes)
        } else if T.self == Double.self {
            try writeDouble(unsafeBitCast(value, to: Double.self), strategy: options.nonConformingFloatEncodingStrategy, slot: nil,
                            key: key, extraPath: extraPath, pathCount: pathCount)
        } else if T.self == Int.self {
            writer.writeInteger(unsafeBitCast(value, to: Int.self))
        } else if T.self == Bool.self {
            if unsafeBitCast(value, to: Bool.self) { writer.write("true") } else { writer.write("false") }
        } else if T.self == Int64.self {
            writer.writeInteger(unsafeBitCast(value, to: Int64.self))
        } else if T.self == Float.self {
            try writeFloat(unsafeBitCast(value, to: Float.self), key: key, extraPath: extraPath, pathCount: pathCount)
        } else if T.self == [Double].self {
            try writeArray(unsafeBitCast(value, to: [Double].self), key: key, pathCount: pathCount, extraPath: extraPath) { core, element, index in
                if element.isFinite {
                    core.writer.writeDouble(element)
                } else {
                    try core.writeDouble(element, strategy: core.options.nonConformingFloatEncodingStrategy, slot: nil,
                                         key: JoltCodingKey.index(index), extraPath: extraPath + [key], pathCount: pathCount)
                }
            }
        } else if T.self == [Int].self {
            try writeArray(unsafeBitCast(value, to: [Int].self), key: key, pathCount: pathCount, extraPath: extraPath) { core, element, _ in
                core.writer.writeInteger(element)
            }
        } else if T.self == [String].self {
            try writeArray(unsafeBitCast(value, to: [String].self), key: key, pathCount: pathCount, extraPath: extraPath) { core, element, _ in
                core.writer.writeString(element, escapeSlashes: core.escapeSlashes)
            }
        } else if T.self == [Float].self {
            try writeArray(unsafeBitCast(value, to: [Float].self), key: key, pathCount: pathCount, extraPath: extraPath) { core, element, index in
                if element.isFinite {
                    core.writer.writeFloat(element)
                } else {
                    try core.writeFloat(element, key: JoltCodingKey.index(index), extraPath: extraPath + [key], pathCount: pathCount)
                }
            }
        } else {
            return false
        }
        return true
    }

    /// An array of scalars, laid out as Foundation's writer lays out any array.
    @inline(__always)
    func writeArray<Element>(_ array: [Element], key: some CodingKey, pathCount: Int, extraPath: [any CodingKey],
                             _ write: (EncodingCore, Element, Int) throws -> Void) throws {
        let level = frames.count
        writer.write(UInt8(ascii: "["))
        for (index, element) in array.enumerated() {
            if index > 0 { writer.write(UInt8(ascii: ",")) }
            if pretty { writer.writeNewlineAndIndent(level + 1) }
            try write(self, element, index)
        }
        if pretty {
            if array.isEmpty { writer.write(UInt8(ascii: "\n")) }
            writer.writeNewlineAndIndent(level)
        }
        writer.write(UInt8(ascii: "]"))
        pendingToken = 0
    }

    func encodeDate(_ date: Date, _ slot: JoltByteEncoder) throws {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            try date.encode(to: slot)
        case .secondsSince1970:
            try slot.checkCanEncode()
            try writeDouble(date.timeIntervalSince1970, strategy: .throw, slot: slot, key: nil)
        case .millisecondsSince1970:
            try slot.checkCanEncode()
            try writeDouble(1000.0 * date.timeIntervalSince1970, strategy: .throw, slot: slot, key: nil)
        case .iso8601:
            try slot.checkCanEncode()
            writer.writeString(date.formatted(.iso8601), escapeSlashes: escapeSlashes)
            pendingToken = 0
        #if FullFoundation
        case .formatted(let formatter):
            try slot.checkCanEncode()
            writer.writeString(formatter.string(from: date), escapeSlashes: escapeSlashes)
            pendingToken = 0
        #endif
        case .custom(let closure):
            try closure(date, slot)
            if pendingToken == slot.token { writeEmptyObject() }
        }
    }

    func encodeData(_ data: Data, _ slot: JoltByteEncoder) throws {
        switch options.dataEncodingStrategy {
        case .deferredToData:
            try data.encode(to: slot)
        case .base64:
            try slot.checkCanEncode()
            writer.writeBase64(data, escapeSlashes: escapeSlashes)
            pendingToken = 0
        case .custom(let closure):
            try closure(data, slot)
            if pendingToken == slot.token { writeEmptyObject() }
        }
    }

    // MARK: Floating point

    /// Writes a `Double`, or the strategy's string for infinity and NaN, or throws
    /// Foundation's error (with `key` appended to the coding path).
    @inline(__always)
    func writeDouble(_ value: Double, strategy: JoltEncoder.NonConformingFloatEncodingStrategy,
                     slot: JoltByteEncoder?, key: (any CodingKey)?, extraPath: [any CodingKey] = [], pathCount: Int? = nil) throws {
        if value.isFinite {
            writer.writeDouble(value)
            pendingToken = 0
        } else {
            try writeNonConforming(value, strategy: strategy, key: key, extraPath: extraPath, pathCount: pathCount ?? slot?.pathCount ?? path.count)
        }
    }

    @inline(__always)
    func writeFloat(_ value: Float, key: (any CodingKey)?, extraPath: [any CodingKey], pathCount: Int) throws {
        if value.isFinite {
            writer.writeFloat(value)
            pendingToken = 0
        } else {
            try writeNonConforming(value, strategy: options.nonConformingFloatEncodingStrategy, key: key, extraPath: extraPath, pathCount: pathCount)
        }
    }

    @inline(never)
    func writeNonConforming<F: BinaryFloatingPoint>(_ value: F, strategy: JoltEncoder.NonConformingFloatEncodingStrategy,
                                                    key: (any CodingKey)?, extraPath: [any CodingKey], pathCount: Int) throws {
        if case .convertToString(let positive, let negative, let nan) = strategy {
            let string = value.isNaN ? nan : (value > 0 ? positive : negative)
            writer.writeString(string, escapeSlashes: escapeSlashes)
            pendingToken = 0
            return
        }
        var codingPath = Array(path.prefix(pathCount)) + extraPath
        if let key { codingPath.append(key) }
        throw EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: codingPath,
            debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }

    // MARK: Keys

    /// The JSON key for a coding key of a container, after the mapping and the
    /// key encoding strategy, and whether it may be a path (split at
    /// ``pathSeparator``): a mapped key always, another one when a key path
    /// separator is set.
    @inline(__always)
    func jsonKey<K: CodingKey>(_ key: K, rawKeys: Bool, mappings: [String: [String]]?,
                               codingPath: () -> [any CodingKey]) -> (key: String, isPath: Bool) {
        let name = key.stringValue
        if let mappings, let alternative = mappings[name]?.first { return (alternative, true) }
        if rawKeys { return (name, false) }
        if keyStrategyIsDefault { return (name, splitsKeys) }
        return (convertKey(key, name, codingPath), splitsKeys)
    }

    @inline(never)
    func convertKey<K: CodingKey>(_ key: K, _ name: String, _ codingPath: () -> [any CodingKey]) -> String {
        switch options.keyEncodingStrategy {
        case .custom(let converter):
            return converter(codingPath() + [key]).stringValue
        case let strategy:
            if let converted = convertedKeys[name] { return converted }
            let converted = JoltEncoder.KeyEncodingStrategy.convert(name, strategy)
            convertedKeys[name] = converted
            return converted
        }
    }
}
