#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value whose type is known to be `T` (checked by the caller with `==` on the
/// metatypes), moved into `T` without a dynamic cast or any metadata lookup.
/// `U` and `T` are then the same type, so `unsafeBitCast`'s rule (the same
/// size; here the same layout) holds whatever the type.
@inline(__always)
func identityCast<T, U>(_ value: U, to type: T.Type) -> T {
    unsafeBitCast(value, to: T.self)
}

/// Types that decode `[String: Value]` without key conversion (Foundation's
/// `_JSONStringDictionaryDecodableMarker`).
protocol JoltStringDictionaryMarker {
    static func joltDecode(from decoder: TapeDecoder, at i: Int) throws -> Self
}

extension Dictionary: JoltStringDictionaryMarker where Key == String, Value: Decodable {
    /// Decodes straight from the object's members: no keyed container, no key
    /// table. The first of duplicate keys wins and later ones are not decoded, as
    /// with `Dictionary.init(from:)` over Foundation's keyed container. Values'
    /// paths end in a key whose `intValue` is the key read as an integer when
    /// keys are used as written (the standard library's `_DictionaryCodingKey`),
    /// and nil under a key strategy (Foundation's own dictionary path).
    static func joltDecode(from decoder: TapeDecoder, at i: Int) throws -> [String: Value] {
        // [String: String], the common case (attributes, labels, headers), is built
        // with the concrete type: the generic one looks up Dictionary<String, Value>'s
        // metadata on every insert.
        if Value.self == String.self {
            let strings = try decodeMembers(String.self, from: decoder, at: i) { j, key in
                try decoder.unwrapString(at: j, [], key)
            }
            return identityCast(strings, to: [String: Value].self)
        }
        return try decodeMembers(Value.self, from: decoder, at: i) { j, key in
            try decoder.unwrap(Value.self, at: j, extra: [], key: key)
        }
    }

    /// The object at `i` as a dictionary whose values `decodeValue` reads (at a
    /// value's tape index, with its coding key), by the rules of ``DictionaryMembers``.
    @inline(__always)
    private static func decodeMembers<V>(_ type: V.Type, from decoder: TapeDecoder, at i: Int,
                                         _ decodeValue: (Int, JoltCodingKey) throws -> V) throws -> [String: V] {
        var members = DictionaryMembers(decoder, object: i, entry: decoder.entries[i])
        var result: [String: V] = [:]
        result.reserveCapacity(members.count)
        while let key = members.nextKey() {
            if members.insertsWithoutLookup || result[key] == nil {
                result.updateValue(try decodeValue(members.valueIndex, members.codingKey), forKey: key)
            } else if members.rejectsDuplicates {
                throw decoder.context.duplicateKeyError(key, keyIndex: members.keyIndex, path: decoder.path)
            }
        }
        return result
    }
}

/// Arrays of any decodable element, decoded straight from the tape's array
/// (``TapeDecoder/unwrapArray(at:_:_:_:)``): no unkeyed container, and none of
/// the standard library's `Array.init(from:)` generic work per element (an
/// `Array<Element>` metadata lookup for each append). The same values and
/// errors, paths included.
protocol JoltArrayMarker {
    static func joltDecodeArray<K: CodingKey>(from decoder: TapeDecoder, at i: Int, _ extra: [any CodingKey], _ key: K) throws -> Self
}

extension Array: JoltArrayMarker where Element: Decodable {
    static func joltDecodeArray<K: CodingKey>(from decoder: TapeDecoder, at i: Int, _ extra: [any CodingKey], _ key: K) throws -> [Element] {
        try decoder.unwrapArray(at: i, extra, key) { j, index in
            try decoder.unwrap(Element.self, at: j, extra: [], key: index)
        }
    }
}

extension TapeDecoder {
    /// Decodes the value at tape index `i` as `T`. The path of the value is
    /// `path + extra + [key]`.
    ///
    /// Scalars and Foundation's special types are converted straight from the
    /// tape; anything else gets `type.init(from: self)` with this decoder moved
    /// onto the value. `type` is the metatype the caller passed, which for a class
    /// may be a subclass of `T` (`decode(Employee.self as Person.Type, from:)`
    /// makes an `Employee`, as Foundation does); the checks on `T.self` above it
    /// concern value types only, whose metatype is always `T.self`.
    @inline(__always)
    func unwrap<T: Decodable, K: CodingKey>(_ type: T.Type, at i: Int, extra: [any CodingKey], key: K) throws -> T {
        if T.self == String.self { return identityCast(try unwrapString(at: i, extra, key), to: T.self) }
        if T.self == Int.self { return identityCast(try unwrapInteger(Int.self, at: i, extra, key), to: T.self) }
        if T.self == Double.self { return identityCast(try unwrapDouble(at: i, extra, key), to: T.self) }
        if T.self == Bool.self { return identityCast(try unwrapBool(at: i, extra, key), to: T.self) }
        if T.self == Int64.self { return identityCast(try unwrapInteger(Int64.self, at: i, extra, key), to: T.self) }
        if T.self == Float.self { return identityCast(try unwrapFloat(at: i, extra, key), to: T.self) }
        if T.self == Date.self { return identityCast(try unwrapDate(at: i, extra, key), to: T.self) }
        if T.self == Data.self { return identityCast(try unwrapData(at: i, extra, key), to: T.self) }
        if T.self == URL.self { return identityCast(try unwrapURL(at: i, extra, key), to: T.self) }
        if T.self == Decimal.self { return identityCast(try unwrapDecimal(at: i, extra, key), to: T.self) }
        if T.self == [Double].self { return identityCast(try unwrapDoubleArray(at: i, extra, key), to: T.self) }
        if T.self == [Int].self { return identityCast(try unwrapIntArray(at: i, extra, key), to: T.self) }
        if T.self == [String].self { return identityCast(try unwrapStringArray(at: i, extra, key), to: T.self) }
        if T.self == UInt64.self { return identityCast(try unwrapInteger(UInt64.self, at: i, extra, key), to: T.self) }
        if T.self == Int32.self { return identityCast(try unwrapInteger(Int32.self, at: i, extra, key), to: T.self) }
        if T.self == UInt.self { return identityCast(try unwrapInteger(UInt.self, at: i, extra, key), to: T.self) }
        if T.self == UInt32.self { return identityCast(try unwrapInteger(UInt32.self, at: i, extra, key), to: T.self) }
        if T.self == Int16.self { return identityCast(try unwrapInteger(Int16.self, at: i, extra, key), to: T.self) }
        if T.self == UInt16.self { return identityCast(try unwrapInteger(UInt16.self, at: i, extra, key), to: T.self) }
        if T.self == Int8.self { return identityCast(try unwrapInteger(Int8.self, at: i, extra, key), to: T.self) }
        if T.self == UInt8.self { return identityCast(try unwrapInteger(UInt8.self, at: i, extra, key), to: T.self) }
        // [String: Value]: Foundation decodes it without key conversion under a key
        // strategy; Jolt also takes this direct path for large objects, where it
        // saves building a key table (the conformance check is paid only there).
        let entry = entries[i]
        // Any other array type: the conformance check is asked only for values
        // that are arrays on the tape, and answered from the decode's cache.
        if entry.rawKind == TapeKind.array.rawValue, let marker = context.conformances.arrayMarker(for: T.self) {
            return identityCast(try unwrapAnyArray(marker, at: i, extra, key), to: T.self)
        }
        // An object: a `[String: Value]`, or a type read straight from the tape
        // (`_JoltDirectDecodable`), both answered by one look-up in the cache.
        // (Decodes that take the direct path also reuse keyed containers.)
        if entry.rawKind == TapeKind.object.rawValue && (entry.count > 16 || context.reusesKeyedContainers) {
            let (dictionary, direct) = context.conformances.objectConformances(for: T.self)
            if let dictionary { return try unwrapStringDictionary(dictionary, at: i, extra, key) as! T }
            // `type` is `T.self` but for a subclass's metatype (see above).
            if let direct, context.usesDirectPath, ObjectIdentifier(type) == ObjectIdentifier(T.self) {
                return try decodeDirect(direct, type, at: i, extra, key)
            }
        } else if !context.usesDefaultKeys, let marker = context.conformances.dictionaryMarker(for: T.self) {
            return try unwrapStringDictionary(marker, at: i, extra, key) as! T
        }
        // A string, number or Boolean: an enum read straight from it (the
        // macros' enums), at the top, in a plain type, an array or a dictionary.
        // `null` goes to `init(from:)`, which decides what it means.
        if entry.rawKind &- TapeKind.true.rawValue <= TapeKind.string.rawValue &- TapeKind.true.rawValue,
           context.usesDirectPath, ObjectIdentifier(type) == ObjectIdentifier(T.self),
           let direct = context.conformances.directConformance(for: T.self) {
            return try decodeDirect(direct, type, at: i, extra, key)
        }
        if _slowPath(context.hasKeyMappings) {
            return try with(index: i, extra: extra, key: key) {
                let saved = currentType
                currentType = ObjectIdentifier(type)
                defer { currentType = saved }
                return try type.init(from: self)
            }
        }
        return try with(index: i, extra: extra, key: key) {
            try type.init(from: self)
        }
    }

    // MARK: Errors

    // A failed trial decode (`try? c.decode(Int.self)`) ends here: the messages
    // come ready made from ``ErrorMessages`` and the path shares the decoder's
    // storage when it has nothing to add, so that a failed trial costs little.

    @inline(never)
    func valueNotFound<K: CodingKey>(_ type: Any.Type, _ extra: [any CodingKey], _ key: K) -> DecodingError {
        DecodingError.valueNotFound(type, DecodingError.Context(
            codingPath: errorPath(extra, key), debugDescription: ErrorMessages.valueNotFound(type)))
    }

    @inline(never)
    func typeMismatch<K: CodingKey>(_ type: Any.Type, _ e: TapeEntry, _ extra: [any CodingKey], _ key: K) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: errorPath(extra, key), debugDescription: ErrorMessages.typeMismatch(type, e.rawKind)))
    }

    /// null: valueNotFound; anything else: typeMismatch.
    @inline(never)
    func wrongValue<K: CodingKey>(_ type: Any.Type, _ e: TapeEntry, _ extra: [any CodingKey], _ key: K) -> DecodingError {
        e.rawKind == TapeKind.null.rawValue ? valueNotFound(type, extra, key) : typeMismatch(type, e, extra, key)
    }

    /// A number that does not fit the requested type. Foundation reports it as
    /// `dataCorrupted` with an empty path; Jolt gives the value's path.
    @inline(never)
    func notRepresentable<K: CodingKey>(_ type: Any.Type, _ e: TapeEntry, _ extra: [any CodingKey], _ key: K) -> DecodingError {
        let text = UnsafeBufferPointer(start: input + e.offset, count: e.length)
        return DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: errorPath(extra, key),
            debugDescription: ErrorMessages.notRepresentable(text, as: ErrorMessages.typeName(type))))
    }

    @inline(never)
    func corrupted<K: CodingKey>(_ message: String, _ extra: [any CodingKey], _ key: K) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: errorPath(extra, key), debugDescription: message))
    }

    // MARK: Scalars

    @inline(__always)
    func unwrapBool<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> Bool {
        let e = entries[i]
        if e.rawKind == TapeKind.true.rawValue { return true }
        if e.rawKind == TapeKind.false.rawValue { return false }
        return try lenientBool(at: i, extra, key)
    }

    @inline(__always)
    func unwrapString<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> String {
        let e = entries[i]
        guard e.rawKind == TapeKind.string.rawValue else { return try lenientString(at: i, extra, key) }
        return context.string(input + e.offset, count: e.length, escaped: e.isEscaped)
    }

    /// The text of the key entry at `i`.
    @inline(__always)
    func keyString(at i: Int) -> String {
        let e = entries[i]
        return context.string(input + e.offset, count: e.length, escaped: e.isEscaped)
    }

    @inline(__always)
    func unwrapInteger<T: FixedWidthInteger, K: CodingKey>(_ type: T.Type, at i: Int, _ extra: [any CodingKey], _ key: K) throws -> T {
        let e = entries[i]
        guard e.rawKind == TapeKind.number.rawValue else { return try lenientInteger(type, at: i, extra, key) }
        // Integer text (`-?digits`) that fits 64 bits; parseInt64 and parseUInt64
        // give nil at a fraction, an exponent or more digits, which the slow path
        // reads exactly (it is also what `Int128` and `UInt128` take beyond 64 bits).
        let p = input + e.offset
        if T.isSigned {
            if let v = NumberParser.parseInt64(p, e.length), let r = T(exactly: v) { return r }
        } else {
            if let v = NumberParser.parseUInt64(p, e.length), let r = T(exactly: v) { return r }
        }
        return try slowInteger(type, e, extra, key)
    }

    /// An integer from number text the fast path did not take: with a fraction or
    /// an exponent (`1.0`, `2.55e2`), or more digits than 64 bits hold (`Int128`,
    /// `UInt128`, or a value out of range). The number's exact value must be a
    /// whole number that fits `T`; anything else is `dataCorrupted` ("not
    /// representable").
    ///
    /// Foundation goes through `Double` and then `Decimal` instead, so it rounds
    /// away a fraction `Double` cannot see (`1.0000000000000001` and
    /// `0.99999999999999999` decode as `1`, `9007199254740993.5` as
    /// `9007199254740993`, `1e-400` as `0`) and rejects some whole numbers
    /// (`9223372036854775807.0` as `Int64`, `1e20` as `Int128`). Jolt never
    /// changes a number: the README's "Differences from Foundation" lists both.
    @inline(never)
    func slowInteger<T: FixedWidthInteger, K: CodingKey>(_ type: T.Type, _ e: TapeEntry, _ extra: [any CodingKey], _ key: K) throws -> T {
        guard let value = NumberParser.exactInteger(T.self, input + e.offset, e.length) else {
            throw notRepresentable(T.self, e, extra, key)
        }
        return value
    }

    /// Whether validated number text is zero (`0`, `-0.000`, `0e7`), as opposed
    /// to a non-zero value that underflowed.
    static func isTrueZero(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for i in 0..<count {
            let c = p[i]
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { return true }
            if c >= UInt8(ascii: "1") && c <= UInt8(ascii: "9") { return false }
        }
        return true
    }

    @inline(__always)
    func unwrapDouble<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> Double {
        let e = entries[i]
        if _fastPath(e.rawKind == TapeKind.number.rawValue) {
            if let d = finiteDouble(e) { return d }
            throw notRepresentable(Double.self, e, extra, key)
        }
        return try nonConformingFloat(Double.self, at: i, extra, key)
    }

    /// The `Double` of the number entry `e`, or nil when its value is beyond
    /// `Double`'s range (it would round to infinity, or a non-zero value to zero).
    @inline(__always)
    func finiteDouble(_ e: TapeEntry) -> Double? {
        let p = input + e.offset
        let d = NumberParser.parseDouble(p, e.length)
        return _fastPath(d.isFinite && (d != 0 || Self.isTrueZero(p, e.length))) ? d : nil
    }

    @inline(__always)
    func unwrapFloat<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> Float {
        let e = entries[i]
        if e.rawKind == TapeKind.number.rawValue {
            let p = input + e.offset
            let f = Self.parseFloat(p, e.length)
            if f.isFinite && (f != 0 || Self.isTrueZero(p, e.length)) { return f }
            throw notRepresentable(Float.self, e, extra, key)
        }
        return try nonConformingFloat(Float.self, at: i, extra, key)
    }

    /// The correctly rounded `Float` for number text. Rounding the correctly
    /// rounded `Double` is exact except when that double lies exactly halfway
    /// between two floats, or in the float subnormal range; those go the slow way.
    static func parseFloat(_ p: UnsafePointer<UInt8>, _ count: Int) -> Float {
        let d = NumberParser.parseDouble(p, count)
        let halfway = d.bitPattern & 0x1FFF_FFFF == 0x1000_0000
        if !halfway && (d == 0 || d.magnitude >= Double(Float.leastNormalMagnitude) || !d.isFinite) {
            return Float(d)
        }
        return Float(String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)) ?? Float(d)
    }

    @inline(never)
    func nonConformingFloat<T: BinaryFloatingPoint, K: CodingKey>(_ type: T.Type, at i: Int, _ extra: [any CodingKey], _ key: K) throws -> T {
        let e = entries[i]
        if e.rawKind == TapeKind.string.rawValue, !e.isEscaped,
           case .convertFromString(let positive, let negative, let nan) = options.nonConformingFloatDecodingStrategy {
            let raw = UnsafeBufferPointer(start: input + e.offset, count: e.length)
            if positive.utf8.elementsEqual(raw) { return T.infinity }
            if negative.utf8.elementsEqual(raw) { return -T.infinity }
            if nan.utf8.elementsEqual(raw) { return T.nan }
        }
        if let value = try lenientFloat(T.self, at: i, extra, key) { return value }
        throw wrongValue(T.self, e, extra, key)
    }

    // MARK: Foundation types

    func unwrapDate<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> Date {
        try unwrapDate(at: i, extra, key, strategy: options.dateDecodingStrategy)
    }

    func unwrapDate<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K,
                                  strategy: JoltDecoder.DateDecodingStrategy) throws -> Date {
        let e = entries[i]
        if e.rawKind == TapeKind.null.rawValue { throw valueNotFound(Date.self, extra, key) }
        switch strategy {
        case .deferredToDate:
            return try with(index: i, extra: extra, key: key) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try unwrapDouble(at: i, extra, key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try unwrapDouble(at: i, extra, key) / 1000.0)
        case .iso8601, .iso8601WithFractionalSeconds:
            guard e.rawKind == TapeKind.string.rawValue else { throw wrongValue(String.self, e, extra, key) }
            let fractional: Bool
            if case .iso8601 = strategy { fractional = false } else { fractional = true }
            let parsed = withStringBytes(at: i) { DateParser.iso8601AsFoundation($0, fractionalSeconds: fractional) } ?? nil
            guard let parsed else { throw corrupted("Expected date string to be ISO8601-formatted.", extra, key) }
            return parsed
        #if FullFoundation
        case .formatted(let formatter):
            let string = try unwrapString(at: i, extra, key)
            guard let date = formatter.date(from: string) else {
                throw corrupted("Date string does not match format expected by formatter.", extra, key)
            }
            return date
        #endif
        case .custom(let closure):
            return try with(index: i, extra: extra, key: key) { try closure(self) }
        case .anyOf(let strategies):
            var failures: [String] = []
            for candidate in strategies {
                do {
                    return try unwrapDate(at: i, extra, key, strategy: candidate)
                } catch {
                    failures.append(LossyDecoding.describe(error))
                }
            }
            throw corrupted("Date matched none of \(strategies.count) strategies: \(failures.joined(separator: "; "))", extra, key)
        }
    }

    func unwrapData<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> Data {
        let e = entries[i]
        if e.rawKind == TapeKind.null.rawValue { throw valueNotFound(Data.self, extra, key) }
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try with(index: i, extra: extra, key: key) { try Data(from: self) }
        case .base64:
            guard e.rawKind == TapeKind.string.rawValue else { throw typeMismatch(String.self, e, extra, key) }
            let data: Data?
            if e.isEscaped {
                data = Data(base64Encoded: try unwrapString(at: i, extra, key))
            } else {
                data = Data(base64Encoded: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: input + e.offset), count: e.length, deallocator: .none))
            }
            guard let data else { throw corrupted("Encountered Data is not valid Base64.", extra, key) }
            return data
        case .base64URL, .hex:
            guard e.rawKind == TapeKind.string.rawValue else { throw typeMismatch(String.self, e, extra, key) }
            let format: BinaryCoding.Format
            if case .hex = options.dataDecodingStrategy { format = .hex } else { format = .base64URL }
            guard let bytes = withStringBytes(at: i, { format.decode($0) }) ?? nil else { throw corrupted("Encountered Data is not valid \(format.name).", extra, key) }
            return Data(bytes)
        case .custom(let closure):
            return try with(index: i, extra: extra, key: key) { try closure(self) }
        }
    }

    func unwrapURL<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> URL {
        // null is valueNotFound(URL.self), as in Foundation, not String's; any other
        // kind of value is String's typeMismatch, as in Foundation.
        if entries[i].rawKind == TapeKind.null.rawValue { throw valueNotFound(URL.self, extra, key) }
        let string = try unwrapString(at: i, extra, key)
        guard let url = URL(string: string) else { throw corrupted("Invalid URL string.", extra, key) }
        return url
    }

    func unwrapDecimal<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> Decimal {
        let e = entries[i]
        guard e.rawKind == TapeKind.number.rawValue else { return try lenientDecimal(at: i, extra, key) }
        let text = String(decoding: UnsafeBufferPointer(start: input + e.offset, count: e.length), as: UTF8.self)
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN else {
            throw notRepresentable(Decimal.self, e, extra, key)
        }
        return decimal
    }

    func unwrapStringDictionary<K: CodingKey>(_ marker: JoltStringDictionaryMarker.Type, at i: Int, _ extra: [any CodingKey], _ key: K) throws -> Any {
        let e = entries[i]
        guard e.rawKind == TapeKind.object.rawValue else {
            if e.rawKind == TapeKind.null.rawValue { throw valueNotFound([String: Any].self, extra, key) }
            throw typeMismatch([String: Any].self, e, extra, key)
        }
        return try with(index: i, extra: extra, key: key) {
            try marker.joltDecode(from: self, at: i)
        }
    }

    // MARK: Arrays of scalars

    /// The entry of the array at `i`; a null or another kind of value throws the
    /// error Foundation's unkeyed container would.
    @inline(__always)
    func arrayEntry<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> TapeEntry {
        let e = entries[i]
        guard e.rawKind == TapeKind.array.rawValue else {
            if e.rawKind == TapeKind.null.rawValue {
                throw DecodingError.valueNotFound([Any].self, DecodingError.Context(
                    codingPath: errorPath(extra, key),
                    debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
            }
            throw typeMismatch([Any].self, e, extra, key)
        }
        return e
    }

    /// Decodes the array at `i` element by element with `element`, which gets
    /// each element's tape index and position (its key is `Index n`).
    ///
    /// For an element type only known generically: the buffer is allocated once
    /// and initialized in place, with no generic `append` per element.
    @inline(__always)
    func unwrapArray<E, K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K, _ element: (Int, JoltCodingKey) throws -> E) throws -> [E] {
        let e = try arrayEntry(at: i, extra, key)
        // Array(unsafeUninitializedCapacity: 0) writes the count of the shared empty
        // array storage: a benign race that ThreadSanitizer reports.
        if e.count == 0 { return [] }
        return try with(index: i, extra: extra, key: key) {
            try [E](unsafeUninitializedCapacity: e.count) { buffer, initialized in
                var elements = TapeElements(entries, array: i)
                while elements.next() {
                    (buffer.baseAddress! + initialized).initialize(to: try element(elements.element, .index(initialized)))
                    initialized &+= 1
                }
            }
        }
    }

    /// ``unwrapArray(at:_:_:_:)`` for a concrete element type (`Double`, `Int`,
    /// `String`): `reserveCapacity` and `append`, which the compiler specializes
    /// here. `Array(unsafeUninitializedCapacity:)` allocates through a standard
    /// library function that is never specialized, and looks up the array
    /// storage's generic metadata on every call (as much as decoding two numbers,
    /// so most of the cost of a short array of numbers).
    ///
    /// The coding path is built only when an element needs it. `scalar` reads
    /// the elements of the common kind (a number that converts exactly, a
    /// string): it has no effect and cannot fail, so nothing is pushed for
    /// them. At the first element it leaves (nil: null, a conversion, an
    /// error), that element and the rest go through `element` with the array's
    /// key on the path, so that errors, lenient conversions and their report
    /// entries have the coding path they have everywhere else. (Pushing and
    /// popping the key costs about a fifth of decoding a two-number array.)
    @inline(__always)
    func unwrapConcreteArray<E, K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K, scalar: (TapeEntry) -> E?,
                                              _ element: (Int, JoltCodingKey) throws -> E) throws -> [E] {
        let e = try arrayEntry(at: i, extra, key)
        if e.count == 0 { return [] }
        var result: [E] = []
        result.reserveCapacity(e.count)
        var elements = TapeElements(entries, array: i)
        while let value = elements.nextScalar(scalar) {
            result.append(value)
        }
        if elements.isAtEnd { return result }
        return try with(index: i, extra: extra, key: key) {
            while elements.next() {
                result.append(try element(elements.element, .index(elements.position)))
            }
            return result
        }
    }

    /// `M.joltDecodeArray`, with `M` (the `T` of ``unwrap(_:at:extra:key:)``) opened.
    func unwrapAnyArray<M: JoltArrayMarker, K: CodingKey>(_ type: M.Type, at i: Int, _ extra: [any CodingKey], _ key: K) throws -> M {
        try M.joltDecodeArray(from: self, at: i, extra, key)
    }

    func unwrapDoubleArray<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> [Double] {
        try unwrapConcreteArray(at: i, extra, key, scalar: { e in
            e.rawKind == TapeKind.number.rawValue ? finiteDouble(e) : nil
        }) { j, index in try unwrapDouble(at: j, [], index) }
    }

    func unwrapIntArray<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> [Int] {
        try unwrapConcreteArray(at: i, extra, key, scalar: { e in
            e.rawKind == TapeKind.number.rawValue ? NumberParser.parseInt64(input + e.offset, e.length).flatMap { Int(exactly: $0) } : nil
        }) { j, index in try unwrapInteger(Int.self, at: j, [], index) }
    }

    func unwrapStringArray<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> [String] {
        try unwrapConcreteArray(at: i, extra, key, scalar: { e in
            e.rawKind == TapeKind.string.rawValue ? context.string(input + e.offset, count: e.length, escaped: e.isEscaped) : nil
        }) { j, index in try unwrapString(at: j, [], index) }
    }
}
