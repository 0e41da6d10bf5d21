import Foundation
@_spi(Testing) import Jolt
import JoltMacros
import Testing

/// Enums on the direct path: the same value or error as through `init(from:)`,
/// for every kind of match, under the options that change what a scalar
/// decodes as.
@Suite("enums on the direct path against init(from:)")
struct DirectEnumCodingTests {
    @Test("enums with a case a scalar selects read directly")
    func conformances() {
        func direct(_ type: Any.Type) -> Bool {
            (type as? any _JoltDirectDecodable.Type)?.joltDecodesDirectly ?? false
        }
        for type: Any.Type in [DirectStatus.self, DirectLevel.self, DirectPhone.self, DirectSwitch.self, DirectMood.self] {
            #expect(direct(type), "\(type)")
        }
    }

    static let valid = #"""
    {"status": "CLOSED", "level": 2, "phones": ["iphone", 10, 25, true, "mi", 55.5, 50, "oppo", "p", 1.5, false, "android",
     {"custom": {"name": "n"}}, 15e-1, 2.5e1], "phone": "q", "toggle": "sideways", "byName": {"a": "active"},
     "point": {"point": {"x": 1, "y": 2}}, "mood": "calm"}
    """#

    /// Scalars of every kind, to put in place of each value.
    static let scalars = ["\"iphone\"", "\"\"", "\"IPHONE\"", "\"o\"", "\"qa\"", "\"+inf\"", "\"10\"", "\"true\"", "\"1\"",
                          "10", "10.0", "1e1", "22", "31", "-1", "1.5", "50", "60.0000001", "1e400", "-0", "0", "1", "true", "false",
                          "null", "[]", "{}", #"{"custom": {"name": 1}}"#, #"{"android": 1}"#, #""\u006fppo""#]

    /// The valid document, each member removed or replaced by each scalar, and
    /// each element of the array of phones replaced by each scalar.
    static var documents: [String] {
        var result = DirectPathCodingTests.documents(from: valid)
        for key in ["status", "level", "phone", "toggle", "mood"] {
            for scalar in scalars {
                result.append(valid.replacingOccurrences(
                    of: #""\#(key)": "#, with: #""\#(key)": \#(scalar), "ignored\#(key)": "#))
            }
        }
        for scalar in scalars {
            result.append(valid.replacingOccurrences(of: #"["iphone", "#, with: "[\(scalar), "))
        }
        return result
    }

    /// Decoders of each path, with `configure` applied to both.
    static func decoders(_ backend: JoltBackend, _ configure: (JoltDecoder) -> Void) -> (direct: JoltDecoder, initFrom: JoltDecoder) {
        let (direct, initFrom) = DirectPathCodingTests.decoders(backend)
        configure(direct)
        configure(initFrom)
        return (direct, initFrom)
    }

    /// The options that change what a scalar decodes as.
    static let configurations: [@Sendable (JoltDecoder) -> Void] = [
        { _ in },
        { $0.scalarConversion = .lenient },
        { $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan") },
    ]

    /// Every document decoded as `T` on both paths under `configure`: the same
    /// value or error, and most of them decode.
    static func compareDocuments<T: Decodable & Equatable>(_ type: T.Type, _ direct: JoltDecoder, _ initFrom: JoltDecoder) {
        let compare = DirectPathCodingTests()
        var decoded = 0
        for document in documents {
            let probe = DirectPathProbe()
            let a = DirectPathProbe.$current.withValue(probe) { compare.outcome { try direct.decode(T.self, from: document) } }
            #expect(a == compare.outcome { try initFrom.decode(T.self, from: document) }, "\(document)")
            if case .value = a {
                decoded += 1
                #expect(probe.directReads >= 1, "\(document): decoded without the direct path")
            }
        }
        #expect(decoded > 50)
    }

    @Test("the same value or error, with default, lenient and non-conforming-float options", arguments: JoltBackend.allCases)
    func differential(backend: JoltBackend) throws {
        for configure in Self.configurations {
            let (direct, initFrom) = Self.decoders(backend, configure)
            Self.compareDocuments(DirectEnumHolder.self, direct, initFrom)
        }
    }

    @Test("the same in a plain Codable type and at the top, under default, lenient and non-conforming-float options",
          arguments: JoltBackend.allCases)
    func plainAndTop(backend: JoltBackend) throws {
        let compare = DirectPathCodingTests()
        for configure in Self.configurations {
            let (direct, initFrom) = Self.decoders(backend, configure)
            Self.compareDocuments(PlainEnumHolder.self, direct, initFrom)
            for scalar in Self.scalars {
                #expect(compare.outcome { try direct.decode(DirectPhone.self, from: scalar) }
                        == compare.outcome { try initFrom.decode(DirectPhone.self, from: scalar) }, "\(scalar)")
                #expect(compare.outcome { try direct.decode(DirectLevel.self, from: scalar) }
                        == compare.outcome { try initFrom.decode(DirectLevel.self, from: scalar) }, "\(scalar)")
                #expect(compare.outcome { try direct.decode([DirectStatus?].self, from: "[\(scalar), null]") }
                        == compare.outcome { try initFrom.decode([DirectStatus?].self, from: "[\(scalar), null]") }, "\(scalar)")
            }
        }
        let foundation = try JSONDecoder().decode(PlainEnumHolder.self, from: Data(Self.valid.utf8))
        #expect(try JoltDecoder().decode(PlainEnumHolder.self, from: Self.valid) == foundation)
        #expect(foundation.phones.count == 15 && foundation.status == .closed)
    }

    @Test("JSONDecoder agrees on the valid document, every match read as its case")
    func foundation() throws {
        let jolt = try JoltDecoder().decode(DirectEnumHolder.self, from: Self.valid)
        #expect(jolt == (try JSONDecoder().decode(DirectEnumHolder.self, from: Data(Self.valid.utf8))))
        #expect(jolt == DirectEnumHolder(
            status: .closed, level: .mid,
            phones: [.apple, .apple, .apple, .apple, .xiaomi, .xiaomi, .xiaomi, .oppo, .oppo, .half, .half, .android,
                     .custom(name: "n"), .half, .apple],
            phone: .oppo, toggle: .unknown, byName: ["a": .active], point: .point(x: 1, y: 2), mood: .calm))
    }

    /// A hook runs once for a value read directly. For a value no scalar case
    /// matches, the direct reading gives up before the hooks: the enum's
    /// init(from:) runs them once and throws, and the struct around it throws
    /// that error without being read again (two would mean it was).
    @Test("hooks run once on the direct path", arguments: JoltBackend.allCases)
    func hooks(backend: JoltBackend) throws {
        func entries(_ document: String) -> [String] {
            HookLog.entries(decoding: DirectEnumHolder.self, document, backend: backend)
        }
        #expect(entries(Self.valid) == ["DirectMood"])
        #expect(entries(Self.valid.replacingOccurrences(of: #""calm""#, with: #""sad""#)) == ["DirectMood"])
        // In a plain type, no struct around it is read again.
        let (log, userInfo) = HookLog.make()
        let decoder = JoltDecoder()
        decoder.backend = backend
        decoder.userInfo = userInfo
        _ = try decoder.decode(PlainEnumHolder.self, from: Self.valid)
        _ = try? decoder.decode(PlainEnumHolder.self, from: Self.valid.replacingOccurrences(of: #""calm""#, with: #""sad""#))
        _ = try decoder.decode(DirectMood.self, from: #""angry""#)
        #expect(log.entries == ["DirectMood", "DirectMood", "DirectMood"])
    }
}
