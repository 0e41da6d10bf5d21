import Foundation
import XCTest
@_spi(Testing) @testable import Jolt

/// A point whose value says which initializer made it: JoltDecoder must take
/// `init(joltDirect:)` wherever a `DirectPoint` is decoded, under the options the
/// direct path honours, and `init(from:)` otherwise, with the same values and errors.
private struct DirectPoint: _JoltDirectDecodable, Equatable {
    var x: Int
    var y: Int
    var label: String?
    var viaDirect = false

    enum CodingKeys: String, CodingKey { case x, y, label = "label_text" }

    init(x: Int, y: Int, label: String? = nil) {
        self.x = x
        self.y = y
        self.label = label
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        x = try container.decode(Int.self, forKey: .x)
        y = try container.decode(Int.self, forKey: .y)
        label = try container.decodeIfPresent(String.self, forKey: .label)
    }

    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> DirectPoint {
        try DirectPoint(joltDirect: reader)
    }

    /// The shape of the code `@Codable` writes: the first of duplicate keys
    /// read, a failure recorded with the property's place in the declaration
    /// order, and after the pass what `init(from:)` would throw first.
    init(joltDirect reader: _JoltDirectReader) throws {
        var x: Int?, y: Int?, label: String??
        var seen = (x: false, y: false, label: false)
        var members = try reader.members()
        while members.next() {
            switch members.keySignature {
            case TapeEntry.keySignature("x") where !seen.x:
                seen.x = true
                do { x = try members.decode(Int.self, forKey: CodingKeys.x) } catch { members.fail(error, order: 0) }
            case TapeEntry.keySignature("y") where !seen.y:
                seen.y = true
                do { y = try members.decode(Int.self, forKey: CodingKeys.y) } catch { members.fail(error, order: 1) }
            case TapeEntry.keySignature("label_text") where !seen.label && members.keyIs("label_text"):
                seen.label = true
                do {
                    label = .some(members.isNull ? nil : try members.decode(String.self, forKey: CodingKeys.label))
                } catch {
                    members.fail(error, order: 2)
                }
            default: break
            }
        }
        guard let x else { throw members.missing(CodingKeys.x, order: 0) }
        guard let y else { throw members.missing(CodingKeys.y, order: 1) }
        try members.throwFailure()
        self.x = x
        self.y = y
        self.label = label ?? nil
        viaDirect = true
    }

    static func == (a: DirectPoint, b: DirectPoint) -> Bool { a.x == b.x && a.y == b.y && a.label == b.label }
}

private extension TapeEntry {
    static func keySignature(_ key: StaticString) -> UInt64 {
        keySignature(key.utf8Start, key.utf8CodeUnitCount)
    }
}

/// A plain Codable type holding points in every position.
private struct PointHolder: Codable {
    var origin: DirectPoint
    var corner: DirectPoint?
    var path: [DirectPoint]
    var named: [String: DirectPoint]
    @LossyArray var lossy: [DirectPoint]
}

extension DirectPoint: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encodeIfPresent(label, forKey: .label)
    }
}

/// A tag read from a string or an integer, whose value says which initializer
/// made it: the shape of the macros' enums (a conformance read from a scalar).
private struct DirectTag: _JoltDirectDecodable, Equatable {
    var name: String
    var viaDirect = false

    init(_ name: String) { self.name = name }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            name = "#\(number)"
        } else {
            name = try container.decode(String.self)
        }
    }

    static func joltDirectDecode(_ reader: _JoltDirectReader) throws -> DirectTag {
        var name: String?
        reader.firstScalar(bool: { _ in }, int: { name = "#\($0)" }, double: { _ in }, string: { name = $0 })
        // Not a number or a string: `init(from:)` decodes it (and throws its
        // error), before anything of it is read.
        guard let name else { return try DirectTag(from: reader.decoder) }
        var tag = DirectTag(name)
        tag.viaDirect = true
        return tag
    }

    static func == (a: DirectTag, b: DirectTag) -> Bool { a.name == b.name }
}

/// A plain Codable type holding tags in every position.
private struct TagHolder: Decodable {
    var tag: DirectTag
    var maybe: DirectTag?
    var absent: DirectTag?
    var list: [DirectTag]
    var named: [String: DirectTag]
    @LossyArray var lossy: [DirectTag]

    var tags: [DirectTag] {
        [tag] + (maybe.map { [$0] } ?? []) + list + named.values.sorted { $0.name < $1.name } + lossy
    }
}

final class DirectPathTests: XCTestCase {
    private let shapeJSON = #"""
    {"origin":{"x":1,"y":2},"corner":{"y":4,"x":3,"label_text":"c"},
     "path":[{"x":5,"y":6},{"x":7,"y":8,"label_text":null}],
     "named":{"a":{"x":9,"y":10}},"lossy":[{"x":11,"y":12},{"x":"bad"}]}
    """#

    private func decoder(_ backend: JoltBackend, _ configure: (JoltDecoder) -> Void = { _ in }) -> JoltDecoder {
        let decoder = JoltDecoder()
        decoder.backend = backend
        configure(decoder)
        return decoder
    }

    private func points(_ shape: PointHolder) -> [DirectPoint] {
        [shape.origin] + (shape.corner.map { [$0] } ?? []) + shape.path + shape.named.values.sorted { $0.x < $1.x } + shape.lossy
    }

    func testEveryPositionTakesTheDirectPath() throws {
        let expected = try JSONDecoder().decode(PointHolder.self, from: Data(shapeJSON.utf8))
        for backend in JoltBackend.allCases {
            let shape = try decoder(backend).decode(PointHolder.self, from: shapeJSON)
            XCTAssertEqual(points(shape), points(expected), "\(backend)")
            XCTAssertEqual(points(shape).map(\.viaDirect), Array(repeating: true, count: 6), "\(backend)")
            let top = try decoder(backend).decode(DirectPoint.self, from: #"{"x":1,"y":2}"#)
            XCTAssertTrue(top.viaDirect)
            let array = try decoder(backend).decode([DirectPoint].self, from: #"[{"x":1,"y":2}]"#)
            XCTAssertEqual(array.map(\.viaDirect), [true])
        }
    }

    /// A conformance read from a scalar (the macros' enums) is taken wherever
    /// it is decoded, plain types included, and only under the direct path's
    /// options; a value it cannot read goes through `init(from:)`, with
    /// Foundation's errors.
    func testScalarConformancesTakeTheDirectPath() throws {
        let json = #"{"tag":"a","maybe":7,"absent":null,"list":["b",8],"named":{"k":"c"},"lossy":["d",[],9]}"#
        let expected = try JSONDecoder().decode(TagHolder.self, from: Data(json.utf8))
        XCTAssertEqual(expected.tags.map(\.name), ["a", "#7", "b", "#8", "c", "d", "#9"])
        for backend in JoltBackend.allCases {
            let holder = try decoder(backend).decode(TagHolder.self, from: json)
            XCTAssertEqual(holder.tags, expected.tags, "\(backend)")
            XCTAssertNil(holder.absent)
            XCTAssertEqual(holder.tags.map(\.viaDirect), Array(repeating: true, count: 7), "\(backend)")
            XCTAssertTrue(try decoder(backend).decode(DirectTag.self, from: #""top""#).viaDirect)
            XCTAssertEqual(try decoder(backend).decode([DirectTag?].self, from: #"[1,null]"#).map { $0?.viaDirect }, [true, nil])
            let off = try decoder(backend) { $0.usesDirectPath = false }.decode(TagHolder.self, from: json)
            XCTAssertEqual(off.tags, expected.tags)
            XCTAssertEqual(off.tags.map(\.viaDirect), Array(repeating: false, count: 7), "\(backend)")
            let (reported, _) = try decoder(backend).decodeWithReport(DirectTag.self, from: Data(#""r""#.utf8))
            XCTAssertFalse(reported.viaDirect, "report")
            // What the direct reading does not take (a Double, a Boolean) goes
            // to init(from:), which throws Foundation's error.
            for bad in [#"{"tag":1.5,"list":[],"named":{},"lossy":[]}"#, #"{"tag":"a","list":[true],"named":{},"lossy":[]}"#,
                        #"{"tag":"a","list":[],"named":{"k":false},"lossy":[]}"#, #"{"tag":null,"list":[],"named":{},"lossy":[]}"#] {
                XCTAssertEqual(describe { try self.decoder(backend).decode(TagHolder.self, from: bad) },
                               describe { try JSONDecoder().decode(TagHolder.self, from: Data(bad.utf8)) }, "\(backend): \(bad)")
            }
            // An object-reading conformance met on a scalar fails as before.
            let point = #"{"origin":"x","path":[],"named":{},"lossy":[]}"#
            XCTAssertEqual(describe { try self.decoder(backend).decode(PointHolder.self, from: point) },
                           describe { try JSONDecoder().decode(PointHolder.self, from: Data(point.utf8)) })
        }
    }

    func testOptionsTheDirectPathDoesNotHonourUseInitFrom() throws {
        let configurations: [(String, (JoltDecoder) -> Void)] = [
            ("usesDirectPath off", { $0.usesDirectPath = false }),
            ("key strategy", { $0.keyDecodingStrategy = .convertFromSnakeCase }),
            ("useLast", { $0.duplicateKeyPolicy = .useLast }),
            ("reject duplicates", { $0.duplicateKeyPolicy = .reject }),
            ("unknown keys", { $0.unknownKeyPolicy = .reject }),
            ("key path separator", { $0.keyPathSeparator = "." }),
        ]
        for backend in JoltBackend.allCases {
            for (name, configure) in configurations {
                let point = try decoder(backend, configure).decode(DirectPoint.self, from: #"{"x":1,"y":2}"#)
                XCTAssertEqual(point, DirectPoint(x: 1, y: 2), name)
                XCTAssertFalse(point.viaDirect, name)
            }
            let (reported, _) = try decoder(backend).decodeWithReport(DirectPoint.self, from: Data(#"{"x":1,"y":2}"#.utf8))
            XCTAssertFalse(reported.viaDirect, "report")
            // Lenient scalars are honoured on the direct path itself.
            let lenient = try decoder(backend) { $0.scalarConversion = .lenient }.decode(DirectPoint.self, from: #"{"x":"1","y":2}"#)
            XCTAssertEqual(lenient, DirectPoint(x: 1, y: 2))
            XCTAssertTrue(lenient.viaDirect)
        }
    }

    func testKeysAsBytes() throws {
        for backend in JoltBackend.allCases {
            // An escaped key is unescaped before it is compared; the first of
            // duplicate keys wins, as in Foundation; unknown keys are skipped whole.
            let json = #"{"\u0078":1,"x":99,"skip":{"x":5,"y":[1,2]},"y":2,"label\u005ftext":"t","label_text":"u"}"#
            let point = try decoder(backend).decode(DirectPoint.self, from: json)
            XCTAssertEqual(point, try JSONDecoder().decode(DirectPoint.self, from: Data(json.utf8)))
            XCTAssertEqual(point, DirectPoint(x: 1, y: 2, label: "t"))
            XCTAssertTrue(point.viaDirect)
            // Same signature (length and first four bytes), other key.
            let near = try decoder(backend).decode(DirectPoint.self, from: #"{"x":1,"y":2,"label_texT":"no"}"#)
            XCTAssertNil(near.label)
        }
    }

    func testErrorsAreFoundationsWithTheirPaths() throws {
        let cases = [
            #"{"origin":{"x":1},"path":[],"named":{},"lossy":[]}"#,
            #"{"origin":{"x":1,"y":2},"path":[{"x":1,"y":"2"}],"named":{},"lossy":[]}"#,
            #"{"origin":{"x":1,"y":2},"path":[],"named":{"k":{"x":null,"y":1}},"lossy":[]}"#,
            #"{"origin":{"x":1,"y":2},"corner":[],"path":[],"named":{},"lossy":[]}"#,
            #"{"origin":{"x":1,"y":2,"label_text":5},"path":[],"named":{},"lossy":[]}"#,
            // Several failures: the one of the property declared first, whatever
            // the order of the members.
            #"{"origin":{"y":"no"},"path":[],"named":{},"lossy":[]}"#,
            #"{"origin":{"label_text":5,"y":"2","x":1},"path":[],"named":{},"lossy":[]}"#,
            #"{"origin":{"y":"2","label_text":5,"x":1},"path":[],"named":{},"lossy":[]}"#,
            #"{"origin":{"label_text":5,"x":1},"path":[],"named":{},"lossy":[]}"#,
            #"{"origin":{"label_text":5,"y":null,"x":"x"},"path":[],"named":{},"lossy":[]}"#,
        ]
        // Jolt's own error where it deliberately differs (the path of a number
        // that does not fit: Foundation's is empty), from init(from:).
        let joltOnly = [#"{"origin":{"x":1.5,"y":2},"path":[],"named":{},"lossy":[]}"#]
        for json in cases + joltOnly {
            let expected = joltOnly.contains(json)
                ? describe { try self.decoder(.swift) { $0.usesDirectPath = false }.decode(PointHolder.self, from: json) }
                : describe { try JSONDecoder().decode(PointHolder.self, from: Data(json.utf8)) }
            XCTAssertNotEqual(expected, "no error")
            for backend in JoltBackend.allCases {
                XCTAssertEqual(describe { try self.decoder(backend).decode(PointHolder.self, from: json) }, expected, "\(backend): \(json)")
                XCTAssertEqual(describe { try self.decoder(backend) { $0.usesDirectPath = false }.decode(PointHolder.self, from: json) },
                               expected, "\(backend), init(from:): \(json)")
            }
        }
    }

    /// A failure at the bottom of a deep document ends the decode with
    /// Foundation's error, each level read once.
    func testDeepFailure() throws {
        let depth = 400
        let json = String(repeating: #"{"next":"#, count: depth) + #"{"x":1,"y":"no"}"# + String(repeating: "}", count: depth)
        for backend in JoltBackend.allCases {
            let jolt = describe { try self.decoder(backend).decode(Chain.self, from: json) }
            XCTAssertEqual(jolt, describe { try JSONDecoder().decode(Chain.self, from: Data(json.utf8)) })
        }
    }

    func testStreamElementsTakeTheDirectPath() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("direct-\(UUID()).json")
        try Data(#"[{"x":1,"y":2},{"x":3,"y":4}]"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for backend in JoltBackend.allCases {
            var seen: [DirectPoint] = []
            try decoder(backend).forEachElement(DirectPoint.self, inFileAt: url.path) { seen.append($0) }
            XCTAssertEqual(seen, [DirectPoint(x: 1, y: 2), DirectPoint(x: 3, y: 4)])
            XCTAssertEqual(seen.map(\.viaDirect), [true, true])
        }
    }

    private func describe<T>(_ body: () throws -> T) -> String {
        do {
            _ = try body()
            return "no error"
        } catch let DecodingError.keyNotFound(key, context) {
            return "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)"
        } catch let DecodingError.typeMismatch(type, context) {
            return "typeMismatch \(type) at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)"
        } catch let DecodingError.valueNotFound(type, context) {
            return "valueNotFound \(type) at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)"
        } catch let DecodingError.dataCorrupted(context) {
            return "dataCorrupted at \(context.codingPath.map(\.stringValue))"
        } catch {
            return "\(error)"
        }
    }
}

/// Nested points, for a failure deep down.
private indirect enum Chain: Decodable {
    case point(DirectPoint)
    case next(Chain)

    enum CodingKeys: String, CodingKey { case next }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.next) {
            self = .next(try container.decode(Chain.self, forKey: .next))
        } else {
            self = .point(try DirectPoint(from: decoder))
        }
    }
}
