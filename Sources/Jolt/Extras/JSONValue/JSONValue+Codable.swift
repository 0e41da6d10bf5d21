#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue: Decodable {
    /// Decodes any JSON value. Under ``JoltDecoder`` the value is built straight
    /// from the tape: numbers keep their exact text and objects their key order.
    /// Under another decoder it is built through containers: a number's text is
    /// that of the `Int64`, `UInt64` or `Double` the decoder gives, and members
    /// come in the order of the container's `allKeys` (Foundation's is unordered).
    public init(from decoder: any Decoder) throws {
        if let tape = TapeDecoder.of(decoder) {
            self = try tape.jsonValue(at: tape.index)
            return
        }
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .bool(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
            if let value = try? container.decode(Int64.self) { self = .number(JSONNumber(value)); return }
            if let value = try? container.decode(UInt64.self) { self = .number(JSONNumber(value)); return }
            if let value = try? container.decode(Double.self), let number = JSONNumber(value) {
                self = .number(number)
                return
            }
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            if let count = container.count { elements.reserveCapacity(count) }
            while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let container = try decoder.container(keyedBy: JoltCodingKey.self)
        var keys: [String] = [], values: [JSONValue] = []
        for key in container.allKeys {
            keys.append(key.stringValue)
            values.append(try container.decode(JSONValue.self, forKey: key))
        }
        self = .object(JSONObject(uniqueKeys: keys, values: values))
    }
}

extension JSONValue: Encodable {
    /// Encodes the value with any encoder. Integer numbers that fit are
    /// written as `Int64` or `UInt64`, others as `Double` (an encoder cannot
    /// be handed raw number text; `-0` stays `-0.0`); members in order.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if number.text.hasPrefix("-"), number.doubleValue == 0 {
                try container.encode(-0.0 as Double)   // "-0" or "-0.0e5": not the integer 0
            } else if let value = number.int64Value {
                try container.encode(value)
            } else if let value = number.uint64Value {
                try container.encode(value)
            } else {
                try container.encode(number.doubleValue)
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: JoltCodingKey.self)
            for n in object.indices {
                try container.encode(object.values[n], forKey: .string(object.keys[n]))
            }
        }
    }
}
