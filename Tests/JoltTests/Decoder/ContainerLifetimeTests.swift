import XCTest
@testable import Jolt

/// Containers that an `init(from:)` keeps after the decode has returned: they must
/// still read the right values and paths (the decode's input buffer is gone by then),
/// whether they hold the decoder itself or a ``ContainerAux`` carrying their extras
/// (nested containers, converted keys, large objects).
final class ContainerLifetimeTests: XCTestCase {
    final class Kept: Decodable, @unchecked Sendable {
        enum Keys: String, CodingKey { case name, inner, list, fontSize, big }
        enum InnerKeys: String, CodingKey { case value, deeper }
        let top: KeyedDecodingContainer<Keys>
        let inner: KeyedDecodingContainer<InnerKeys>
        let deeper: KeyedDecodingContainer<InnerKeys>
        let list: any UnkeyedDecodingContainer
        let big: KeyedDecodingContainer<JoltCodingKey>
        let decoder: any Decoder

        init(from decoder: any Decoder) throws {
            self.decoder = decoder
            top = try decoder.container(keyedBy: Keys.self)
            inner = try top.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            deeper = try inner.nestedContainer(keyedBy: InnerKeys.self, forKey: .deeper)
            list = try top.nestedUnkeyedContainer(forKey: .list)
            big = try top.nestedContainer(keyedBy: JoltCodingKey.self, forKey: .big)
        }
    }

    /// `{"name": …, "inner": {"value": 1, "deeper": {"value": 2}}, "list": [10, 20],
    /// "font_size"/"fontSize": 7, "big": {100 members}}`.
    static func document(snakeCase: Bool) -> String {
        let members = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let fontKey = snakeCase ? "font_size" : "fontSize"
        return #"{"name": "outer", "inner": {"value": 1, "deeper": {"value": 2}}, "list": [10, 20], "\#(fontKey)": 7, "big": {\#(members)}}"#
    }

    func testKeptContainersReadAfterTheInputIsGone() throws {
        for backend in availableBackends {
            for snakeCase in [false, true] {
                let decoder = JoltDecoder()
                decoder.backend = backend
                if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
                let bytes = Array(Self.document(snakeCase: snakeCase).utf8)
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
                buffer.copyBytes(from: bytes)
                let kept = try decoder.decode(Kept.self, from: UnsafeRawBufferPointer(buffer))
                // The decode only borrowed the buffer: scribble over it and free it.
                buffer.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "x"))
                buffer.deallocate()

                let label = "\(backend) snakeCase=\(snakeCase)"
                XCTAssertEqual(try kept.top.decode(String.self, forKey: .name), "outer", label)
                XCTAssertEqual(try kept.top.decode(Int.self, forKey: .fontSize), 7, label)
                XCTAssertEqual(try kept.inner.decode(Int.self, forKey: .value), 1, label)
                XCTAssertEqual(try kept.deeper.decode(Int.self, forKey: .value), 2, label)
                XCTAssertEqual(try kept.big.decode(Int.self, forKey: JoltCodingKey.string("k99")), 99, label)
                XCTAssertEqual(kept.big.allKeys.count, 100, label)
                XCTAssertEqual(kept.inner.codingPath.map(\.stringValue), ["inner"], label)
                XCTAssertEqual(kept.deeper.codingPath.map(\.stringValue), ["inner", "deeper"], label)
                XCTAssertEqual(kept.big.codingPath.map(\.stringValue), ["big"], label)
                var list = kept.list
                XCTAssertEqual(list.codingPath.map(\.stringValue), ["list"], label)
                XCTAssertEqual(try list.decode(Int.self), 10, label)
                XCTAssertEqual(try list.decode(Int.self), 20, label)
                XCTAssertTrue(list.isAtEnd, label)
                // Errors from a kept nested container carry its full path.
                XCTAssertThrowsError(try kept.deeper.decode(String.self, forKey: .value), label) { error in
                    guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
                    XCTAssertEqual(context.codingPath.map(\.stringValue), ["inner", "deeper", "value"], label)
                }
                XCTAssertThrowsError(try kept.inner.decode(Int.self, forKey: .deeper), label) { error in
                    guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
                    XCTAssertEqual(context.codingPath.map(\.stringValue), ["inner", "deeper"], label)
                }
            }
        }
    }

    /// A value decoded through a nested container gets a decoder that stands on it
    /// and moves back afterwards, whichever decoder instance the container holds.
    func testValuesDecodedThroughNestedContainersSeeTheirOwnPath() throws {
        struct PathRecorder: Decodable {
            let path: [String]
            init(from decoder: any Decoder) throws {
                path = decoder.codingPath.map(\.stringValue)
                _ = try decoder.singleValueContainer().decode(Int.self)
            }
        }
        struct Outer: Decodable {
            enum Keys: String, CodingKey { case a, b }
            let inner: PathRecorder
            let after: PathRecorder
            init(from decoder: any Decoder) throws {
                let top = try decoder.container(keyedBy: Keys.self)
                let nested = try top.nestedContainer(keyedBy: Keys.self, forKey: .a)
                inner = try nested.decode(PathRecorder.self, forKey: .b)
                after = try top.decode(PathRecorder.self, forKey: .b)
            }
        }
        let json = #"{"a": {"b": 1}, "b": 2}"#
        let foundation = try JSONDecoder().decode(Outer.self, from: Data(json.utf8))
        for backend in availableBackends {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let jolt = try decoder.decode(Outer.self, from: json)
            XCTAssertEqual(jolt.inner.path, foundation.inner.path)
            XCTAssertEqual(jolt.after.path, foundation.after.path)
            XCTAssertEqual(jolt.inner.path, ["a", "b"])
        }
    }
}
