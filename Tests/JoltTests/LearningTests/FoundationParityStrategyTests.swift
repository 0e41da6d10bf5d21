import XCTest
import Foundation
@testable import Jolt

struct SnakeModel: Decodable, Equatable {
    let firstName: String
    let urlValue: Int?
    let userID: Int?
    let value2: Int?
}

struct CollisionModel: Decodable, Equatable { let aB: Int }

struct CustomStrategyError: Error, Equatable { let reason: String }

/// Drops a "d<depth>_" prefix, where depth is the length of the coding path handed to the
/// closure — so it only works if the implementation passes the full path (including index keys).
let depthPrefixStrategy: ParityOptions.Keys = .custom { path in
    let last = path.last!.stringValue
    let prefix = "d\(path.count)_"
    return ParityKey(stringValue: last.hasPrefix(prefix) ? String(last.dropFirst(prefix.count)) : last)
}

final class FoundationParityStrategyTests: XCTestCase {

    // MARK: keyDecodingStrategy

    func testSnakeCaseKeyConversionTable() {
        // JSON key -> key Foundation's .convertFromSnakeCase produces (as seen through allKeys).
        let table: KeyValuePairs<String, String> = [
            "snake_case_key": "snakeCaseKey", "_leading": "_leading", "trailing_": "trailing_", "__both__": "__both__",
            "_lead_x": "_leadX", "trail_x_": "trailX_", "a__b": "aB", "URL_VALUE": "urlValue", "value_2": "value2",
            "v2_x": "v2X", "alreadyCamel": "alreadyCamel", "ALLCAPS": "ALLCAPS", "_": "_", "__": "__", "": "",
            "a_b_c": "aBC", "émoji_ñame": "émojiÑame", "x-y_z": "x-yZ", "one_1_two": "one1Two", "Mixed_Case_Key": "mixedCaseKey",
        ]
        for (key, converted) in table {
            assertParity(KeysProbe.self, #"{"\#(key)": 1}"#, .keys(.convertFromSnakeCase), expect: .value(KeysProbe(keys: [converted], a: nil)))
        }
        assertParity(KeysProbe.self, #"{"a_b": 1, "snake_case": 2}"#, .keys(.useDefaultKeys),
                     expect: .value(KeysProbe(keys: ["a_b", "snake_case"], a: nil)))
    }

    func testSnakeCaseIntoStruct() {
        let snake = ParityOptions.keys(.convertFromSnakeCase)
        // "user_id" converts to "userId", which does not match the property `userID`.
        assertParity(SnakeModel.self, #"{"first_name": "a", "url_value": 1, "user_id": 2, "value_2": 3}"#, snake,
                     expect: .value(SnakeModel(firstName: "a", urlValue: 1, userID: nil, value2: 3)))
        assertParity(SnakeModel.self, #"{"first_name": "a", "user_i_d": 2}"#, snake,
                     expect: .value(SnakeModel(firstName: "a", urlValue: nil, userID: 2, value2: nil)))
        assertParity(SnakeModel.self, #"{"firstName": "already"}"#, snake, expect: .value(SnakeModel(firstName: "already", urlValue: nil, userID: nil, value2: nil)))
        assertParity(SnakeModel.self, #"{"firstname": "x"}"#, snake, expect: .keyNotFound("firstName", at: []))
        assertParity(SnakeModel.self, #"{"first_name": 5}"#, snake, expect: .failureAt(.typeMismatch, ["firstName"]))
        assertParity([SnakeModel].self, #"[{"first_name": "a"}, {"first_name": null}]"#, snake, expect: .failureAt(.valueNotFound, [1, "firstName"]))
        // Two JSON keys converting to the same key: the FIRST one in the document wins.
        assertParity(CollisionModel.self, #"{"a_b": 1, "aB": 2}"#, snake, expect: .value(CollisionModel(aB: 1)))
        assertParity(CollisionModel.self, #"{"aB": 2, "a_b": 1}"#, snake, expect: .value(CollisionModel(aB: 2)))
        assertParity(KeysProbe.self, #"{"a_b": 1, "aB": 2}"#, snake, expect: .value(KeysProbe(keys: ["aB"], a: nil)))
    }

    /// Foundation does NOT convert the keys of `[String: T]` with .convertFromSnakeCase.
    func testSnakeCaseLeavesDictionaryKeysAlone() {
        let snake = ParityOptions.keys(.convertFromSnakeCase)
        assertParity([String: Int].self, #"{"a_b": 1, "c_d_e": 2}"#, snake, expect: .value(["a_b": 1, "c_d_e": 2]))
        assertParity(PBox<[String: Int]>.self, #"{"v": {"key_one": 1}}"#, snake, expect: .value(PBox(v: ["key_one": 1])))
        assertParity([String: SnakeModel].self, #"{"key_one": {"first_name": "x"}}"#, snake,
                     expect: .value(["key_one": SnakeModel(firstName: "x", urlValue: nil, userID: nil, value2: nil)]))
        assertParity([String: SnakeModel].self, #"{"key_one": {"first_name": 1}}"#, snake, expect: .failureAt(.typeMismatch, ["key_one", "firstName"]))
    }

    func testCustomKeyStrategy() {
        let custom = ParityOptions.keys(depthPrefixStrategy)
        assertParity(PBox<PBox<Int>>.self, #"{"d1_v": {"d2_v": 5}}"#, custom, expect: .value(PBox(v: PBox(v: 5))))
        assertParity(PBox<[PBox<Int>]>.self, #"{"d1_v": [{"d3_v": 1}, {"d3_v": 2}]}"#, custom, expect: .value(PBox(v: [PBox(v: 1), PBox(v: 2)])))
        assertParity(PBox<PBox<Int>>.self, #"{"d1_v": {"d2_w": 5}}"#, custom, expect: .keyNotFound("v", at: ["v"]))
        assertParity(PBox<PBox<Int>>.self, #"{"d1_v": {"d2_v": "x"}}"#, custom, expect: .failureAt(.typeMismatch, ["v", "v"]))
        assertParity(KeysProbe.self, #"{"d1_a": 1, "d2_b": 2}"#, custom, expect: .value(KeysProbe(keys: ["a", "d2_b"], a: 1)))
        let lower = ParityOptions.keys(.custom { ParityKey(stringValue: $0.last!.stringValue.lowercased()) })
        assertParity(PBox<Int>.self, #"{"V": 1}"#, lower, expect: .value(PBox(v: 1)))
        assertParity([String: Int].self, #"{"A": 1}"#, lower, expect: .value(["A": 1]))   // custom is not applied to dictionary keys either
        assertParity(CollisionModel.self, #"{"aB": 1}"#, lower, expect: .keyNotFound("aB", at: []))
        let toInt = ParityOptions.keys(.custom { _ in ParityKey(intValue: 7) })
        assertParity(KeysProbe.self, #"{"x": 1}"#, toInt, expect: .value(KeysProbe(keys: ["7"], a: nil)))
    }

    // MARK: dateDecodingStrategy

    func testDeferredToDate() {
        assertParity(Date.self, "0", expect: .value(Date(timeIntervalSinceReferenceDate: 0)))
        assertParity(Date.self, "1.5", expect: .value(Date(timeIntervalSinceReferenceDate: 1.5)))
        assertParity(Date.self, "-978307200", expect: .value(Date(timeIntervalSince1970: 0)))
        assertParity(Date.self, #""2024-01-01""#, expect: .failureAt(.typeMismatch, []))
        assertParity(PBox<Date>.self, #"{"v": null}"#, expect: .failureAt(.valueNotFound, ["v"]))
    }

    func testSecondsAndMillisecondsSince1970() {
        let s = ParityOptions.dates(.secondsSince1970)
        assertParity(Date.self, "0", s, expect: .value(Date(timeIntervalSince1970: 0)))
        assertParity(Date.self, "1700000000", s, expect: .value(Date(timeIntervalSince1970: 1_700_000_000)))
        assertParity(Date.self, "1.5", s, expect: .value(Date(timeIntervalSince1970: 1.5)))
        assertParity(Date.self, "-1", s, expect: .value(Date(timeIntervalSince1970: -1)))
        assertParity(Date.self, #""1""#, s, expect: .failureAt(.typeMismatch, []))
        assertParity([Date].self, "[1, true]", s, expect: .failureAt(.typeMismatch, [1]))
        assertParity(POptBox<Date>.self, #"{"v": null}"#, s, expect: .value(POptBox(v: nil)))
        let ms = ParityOptions.dates(.millisecondsSince1970)
        assertParity(Date.self, "1700000000123", ms, expect: .value(Date(timeIntervalSince1970: 1_700_000_000.123)))
        assertParity(Date.self, "1.5", ms, expect: .value(Date(timeIntervalSince1970: 0.0015)))
        assertParity(Date.self, "0", ms, expect: .value(Date(timeIntervalSince1970: 0)))
        assertParity(PBox<Date>.self, #"{"v": "0"}"#, ms, expect: .failureAt(.typeMismatch, ["v"]))
    }

    func testISO8601() {
        let iso = ParityOptions.dates(.iso8601)
        assertParity(Date.self, #""2024-01-02T03:04:05Z""#, iso, expect: .value(Date(timeIntervalSince1970: 1_704_164_645)))
        assertParity(Date.self, #""2024-01-02T03:04:05+02:00""#, iso, expect: .value(Date(timeIntervalSince1970: 1_704_164_645 - 7200)))
        assertParity(Date.self, #""2024-01-02T03:04:05.123Z""#, iso, expect: .success)   // fractional seconds accepted
        assertParity(Date.self, #""2024-01-02""#, iso, expect: .failureAt(.dataCorrupted, []))
        assertParity(Date.self, #""2024-01-02 03:04:05Z""#, iso)
        assertParity(Date.self, #""2024-13-01T00:00:00Z""#, iso, expect: .failureAt(.dataCorrupted, []))
        assertParity(Date.self, #""garbage""#, iso, expect: .failureAt(.dataCorrupted, []))
        // Surprise: an invalid ISO-8601 string reports an EMPTY codingPath even when nested.
        assertParity(PBox<Date>.self, #"{"v": "nope"}"#, iso, expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue(["v"]))
        assertParity(Date.self, "1700000000", iso, expect: .failureAt(.typeMismatch, []))
    }

    #if FullFoundation
    func testFormatted() {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let o = ParityOptions.dates(.formatted(f))
        assertParity(Date.self, #""2024-01-02 03:04:05""#, o, expect: .value(Date(timeIntervalSince1970: 1_704_164_645)))
        assertParity(Date.self, #""2024-01-02""#, o, expect: .failureAt(.dataCorrupted, []))
        assertParity([Date].self, #"["2024-01-02 03:04:05", "bad"]"#, o, expect: .failureAt(.dataCorrupted, [1]))
        assertParity(Date.self, "0", o, expect: .failureAt(.typeMismatch, []))
    }
    #endif

    func testCustomDate() {
        let prefixed = ParityOptions.dates(.custom { decoder in
            let c = try decoder.singleValueContainer()
            let s = try c.decode(String.self)
            guard s.hasPrefix("@"), let secs = Double(s.dropFirst()) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "bad date \(s)")
            }
            return Date(timeIntervalSince1970: secs)
        })
        assertParity(Date.self, #""@100""#, prefixed, expect: .value(Date(timeIntervalSince1970: 100)))
        assertParity(PBox<[Date]>.self, #"{"v": ["@1", "x"]}"#, prefixed, expect: .failureAt(.dataCorrupted, ["v", 1]))
        assertParity(PBox<Date>.self, #"{"v": 5}"#, prefixed, expect: .failureAt(.typeMismatch, ["v"]))
        let throwing = ParityOptions.dates(.custom { _ in throw CustomStrategyError(reason: "nope") })
        assertParity(PBox<Date>.self, #"{"v": 1}"#, throwing, expect: .failure(.notADecodingError))
        let pathLength = ParityOptions.dates(.custom { Date(timeIntervalSince1970: Double($0.codingPath.count)) })
        assertParity(PBox<[Date]>.self, #"{"v": [1, {}]}"#, pathLength,
                     expect: .value(PBox(v: [Date(timeIntervalSince1970: 2), Date(timeIntervalSince1970: 2)])))
        // null is rejected before the custom closure runs.
        assertParity(PBox<[Date]>.self, #"{"v": [null]}"#, pathLength, expect: .failureAt(.valueNotFound, ["v", 0]))
        assertParity(POptBox<Date>.self, #"{"v": null}"#, pathLength, expect: .value(POptBox(v: nil)))
        assertParity([String: Date].self, #"{"k": "@5"}"#, prefixed, expect: .value(["k": Date(timeIntervalSince1970: 5)]))
    }

    // MARK: dataDecodingStrategy

    func testDataStrategies() {
        let deferred = ParityOptions.data(.deferredToData)
        assertParity(Data.self, "[1, 2, 3]", deferred, expect: .value(Data([1, 2, 3])))
        assertParity(Data.self, "[]", deferred, expect: .value(Data()))
        assertParity(Data.self, "[1, 256]", deferred, expect: .failureAt(.dataCorrupted, []), jolt: .pathOfValue([1]))
        assertParity(Data.self, #""AQID""#, deferred, expect: .failureAt(.typeMismatch, []))
        let base64 = ParityOptions.data(.base64)
        assertParity(Data.self, #""AQID""#, base64, expect: .value(Data([1, 2, 3])))
        assertParity(Data.self, #""""#, base64, expect: .value(Data()))
        assertParity(Data.self, #""AQI=""#, base64, expect: .value(Data([1, 2])))
        assertParity(Data.self, #""AQI""#, base64, expect: .failureAt(.dataCorrupted, []))   // unpadded is rejected
        assertParity(Data.self, #""!!!!""#, base64, expect: .failureAt(.dataCorrupted, []))
        assertParity(Data.self, #""AQ ID""#, base64)
        assertParity(Data.self, #""-_-_""#, base64)
        assertParity(PBox<Data>.self, #"{"v": "%%%%"}"#, base64, expect: .failureAt(.dataCorrupted, ["v"]))
        assertParity(Data.self, "[1, 2]", base64, expect: .failureAt(.typeMismatch, []))
        let custom = ParityOptions.data(.custom { decoder in
            Data(try decoder.singleValueContainer().decode(String.self).utf8.reversed())
        })
        assertParity(Data.self, #""abc""#, custom, expect: .value(Data("cba".utf8)))
        assertParity([Data].self, #"["a", 1]"#, custom, expect: .failureAt(.typeMismatch, [1]))
        let throwing = ParityOptions.data(.custom { _ in throw CustomStrategyError(reason: "no data") })
        assertParity(POptBox<Data>.self, #"{"v": "x"}"#, throwing, expect: .failure(.notADecodingError))
        let ignoring = ParityOptions.data(.custom { _ in Data([9]) })
        assertParity(PBox<Data>.self, #"{"v": {"anything": [1]}}"#, ignoring, expect: .value(PBox(v: Data([9]))))
    }

    // MARK: nonConformingFloatDecodingStrategy

    func testNonConformingFloatsThrow() {
        assertParity(Double.self, #""Infinity""#, expect: .failureAt(.typeMismatch, []), equal: sameFloat)
        assertParity(Double.self, #""-Infinity""#, expect: .failureAt(.typeMismatch, []), equal: sameFloat)
        assertParity(Double.self, #""NaN""#, expect: .failureAt(.typeMismatch, []), equal: sameFloat)
        assertParity(Float.self, #""NaN""#, expect: .failureAt(.typeMismatch, []), equal: sameFloat)
    }

    func testNonConformingFloatsConvert() {
        let o = ParityOptions.infNaN
        assertParity(Double.self, #""Infinity""#, o, expect: .value(.infinity), equal: sameFloat)
        assertParity(Double.self, #""-Infinity""#, o, expect: .value(-.infinity), equal: sameFloat)
        assertParity(Double.self, #""NaN""#, o, expect: .value(.nan), equal: sameFloat)
        assertParity(Float.self, #""Infinity""#, o, expect: .value(.infinity), equal: sameFloat)
        assertParity(Float.self, #""-Infinity""#, o, expect: .value(-.infinity), equal: sameFloat)
        assertParity(Float.self, #""NaN""#, o, expect: .value(.nan), equal: sameFloat)
        assertParity(Double.self, #""infinity""#, o, expect: .failureAt(.typeMismatch, []), equal: sameFloat)
        assertParity(Double.self, #""1.5""#, o, expect: .failureAt(.typeMismatch, []), equal: sameFloat)
        assertParity([Double].self, #"[1, "NaN", "Infinity", -0.0]"#, o, expect: .value([1, .nan, .infinity, -0.0]), equal: sameFloats)
        assertParity(POptBox<Double>.self, #"{"v": "NaN"}"#, o, expect: .success, equal: { sameFloat($0.v, $1.v) })
        assertParity(String.self, #""NaN""#, o, expect: .value("NaN"))
        assertParity(Int.self, #""Infinity""#, o, expect: .failureAt(.typeMismatch, []))
        assertParity(Decimal.self, #""NaN""#, o, expect: .failureAt(.typeMismatch, []))
        assertParity(Float.self, "1e39", o, expect: .failureAt(.dataCorrupted, []), equal: sameFloat)
        let custom = ParityOptions.floats(.convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan!"))
        assertParity([Double].self, #"["+inf", "-inf", "nan!"]"#, custom, expect: .value([.infinity, -.infinity, .nan]), equal: sameFloats)
        assertParity(Double.self, #""Infinity""#, custom, expect: .failureAt(.typeMismatch, []), equal: sameFloat)
    }
}
