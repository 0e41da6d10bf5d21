#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The conversions of ``JoltDecoder/ScalarConversion/lenient``, reached only
/// after a type mismatch (never on the path of a value of the right type).
extension TapeDecoder {
    /// The raw text of the string at `i`, if it is an unescaped string holding a
    /// JSON number.
    func numberText(inStringAt i: Int) -> UnsafeBufferPointer<UInt8>? {
        let e = entries[i]
        guard e.rawKind == TapeKind.string.rawValue, !e.isEscaped else { return nil }
        let raw = UnsafeBufferPointer(start: input + e.offset, count: e.length)
        return JSONNumber.isValid(raw) ? raw : nil
    }

    func recordConversion<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K, to type: Any.Type) {
        guard context.isReporting else { return }
        let e = entries[i]
        let text = String(decoding: UnsafeBufferPointer(start: input + e.offset, count: e.length), as: UTF8.self)
        let shown = e.rawKind == TapeKind.string.rawValue ? "String \(String(reflecting: text))" : "\(describe(e)) \(text)"
        context.record(JoltDecodeReport.Issue(
            kind: .valueConverted, codingPath: errorPath(extra, key).map(JoltPathComponent.init),
            reason: "\(shown) converted to \(type)", offset: context.offset(of: i)))
    }

    @inline(never)
    func lenientString<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> String {
        let e = entries[i]
        if context.lenientScalars {
            let converted: String?
            switch e.kind {
            case .number:
                converted = String(decoding: UnsafeBufferPointer(start: input + e.offset, count: e.length), as: UTF8.self)
            case .true: converted = "true"
            case .false: converted = "false"
            default: converted = nil
            }
            if let converted {
                recordConversion(at: i, extra, key, to: String.self)
                return converted
            }
        }
        throw wrongValue(String.self, e, extra, key)
    }

    @inline(never)
    func lenientBool<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> Bool {
        let e = entries[i]
        if context.lenientScalars {
            let raw = UnsafeBufferPointer(start: input + e.offset, count: e.length)
            var converted: Bool?
            if e.kind == .number || e.kind == .string && !e.isEscaped {
                if raw.elementsEqual("1".utf8) { converted = true }
                if raw.elementsEqual("0".utf8) { converted = false }
            }
            if e.kind == .string && !e.isEscaped {
                if raw.elementsEqual("true".utf8) { converted = true }
                if raw.elementsEqual("false".utf8) { converted = false }
            }
            if let converted {
                recordConversion(at: i, extra, key, to: Bool.self)
                return converted
            }
        }
        // Foundation reports null as a type mismatch for Bool.
        throw typeMismatch(Bool.self, e, extra, key)
    }

    @inline(never)
    func lenientInteger<T: FixedWidthInteger, K: CodingKey>(_ type: T.Type, at i: Int, _ extra: [any CodingKey], _ key: K) throws -> T {
        let e = entries[i]
        guard context.lenientScalars, let raw = numberText(inStringAt: i) else { throw wrongValue(T.self, e, extra, key) }
        let p = raw.baseAddress!
        let value: T
        if T.isSigned, let v = NumberParser.parseInt64(p, raw.count), let r = T(exactly: v) {
            value = r
        } else if !T.isSigned, let v = NumberParser.parseUInt64(p, raw.count), let r = T(exactly: v) {
            value = r
        } else {
            value = try slowInteger(type, e, extra, key)
        }
        recordConversion(at: i, extra, key, to: T.self)
        return value
    }

    /// A floating-point value from a string holding a number, under `.lenient`.
    func lenientFloat<T: BinaryFloatingPoint, K: CodingKey>(_ type: T.Type, at i: Int, _ extra: [any CodingKey], _ key: K) throws -> T? {
        guard context.lenientScalars, let raw = numberText(inStringAt: i) else { return nil }
        let p = raw.baseAddress!
        let value: T = T.self == Float.self
            ? T(Self.parseFloat(p, raw.count)) : T(NumberParser.parseDouble(p, raw.count))
        guard value.isFinite && (value != 0 || Self.isTrueZero(p, raw.count)) else {
            throw notRepresentable(T.self, entries[i], extra, key)
        }
        recordConversion(at: i, extra, key, to: T.self)
        return value
    }

    @inline(never)
    func lenientDecimal<K: CodingKey>(at i: Int, _ extra: [any CodingKey], _ key: K) throws -> Decimal {
        let e = entries[i]
        guard context.lenientScalars, let raw = numberText(inStringAt: i),
              let decimal = Decimal(string: String(decoding: raw, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX")),
              !decimal.isNaN else { throw wrongValue(Decimal.self, e, extra, key) }
        recordConversion(at: i, extra, key, to: Decimal.self)
        return decimal
    }
}
