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
        for backend in JoltBackend.allCases {
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
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            let jolt = try decoder.decode(Outer.self, from: json)
            XCTAssertEqual(jolt.inner.path, foundation.inner.path)
            XCTAssertEqual(jolt.after.path, foundation.after.path)
            XCTAssertEqual(jolt.inner.path, ["a", "b"])
        }
    }
    /// Containers kept from values inside the document (here the elements of an
    /// array) keep their own paths after the decoder has moved on, as
    /// Foundation's do: in `codingPath`, in the errors they throw, and in the
    /// paths of the values decoded through them.
    final class Element: Decodable, @unchecked Sendable {
        enum Keys: String, CodingKey { case name, innerList, child }
        let top: KeyedDecodingContainer<Keys>
        let list: any UnkeyedDecodingContainer
        let child: KeyedDecodingContainer<Keys>
        init(from decoder: any Decoder) throws {
            top = try decoder.container(keyedBy: Keys.self)
            list = try top.nestedUnkeyedContainer(forKey: .innerList)
            child = try top.nestedContainer(keyedBy: Keys.self, forKey: .child)
        }
    }

    struct PathRecorder: Decodable, Equatable {
        let path: [String]
        init(from decoder: any Decoder) throws {
            path = decoder.codingPath.map(\.stringValue)
        }
    }

    /// What one decoder reports for the kept containers of element 1: paths, and
    /// each error's case and path.
    static func keptOutcomes(_ elements: [Element]) -> [String] {
        func describe(_ body: () throws -> Any) -> String {
            do { return "value \(try body())" } catch let DecodingError.typeMismatch(_, context) {
                return "typeMismatch \(context.codingPath.map(\.stringValue))"
            } catch let DecodingError.keyNotFound(key, context) {
                return "keyNotFound \(key.stringValue) \(context.codingPath.map(\.stringValue))"
            } catch let DecodingError.valueNotFound(_, context) {
                return "valueNotFound \(context.codingPath.map(\.stringValue))"
            } catch {
                return "other \(error)"
            }
        }
        let kept = elements[1]
        var list = kept.list
        var outcomes = [
            "top \(kept.top.codingPath.map(\.stringValue)) \(kept.top.codingPath.map(\.intValue))",
            "list \(list.codingPath.map(\.stringValue))",
            "child \(kept.child.codingPath.map(\.stringValue))",
        ]
        outcomes.append(describe { try kept.top.decode(Int.self, forKey: .name) })
        outcomes.append(describe { try kept.top.decode(String.self, forKey: .name) })
        outcomes.append(describe { try kept.child.decode(Int.self, forKey: .name) })
        outcomes.append(describe { try kept.child.decode(String.self, forKey: .child) })
        outcomes.append(describe { try kept.top.decode(PathRecorder.self, forKey: .child).path })
        outcomes.append(describe { try kept.top.nestedContainer(keyedBy: Element.Keys.self, forKey: .child).codingPath.map(\.stringValue) })
        outcomes.append(describe { try kept.top.decodeIfPresent(Bool.self, forKey: .name) as Any })
        outcomes.append(describe { try kept.child.decodeNil(forKey: .innerList) })
        outcomes.append(describe { try kept.top.superDecoder(forKey: .child).codingPath.map(\.stringValue) })
        outcomes.append(describe { try list.decode(Int.self) })
        outcomes.append(describe { try list.decode(PathRecorder.self).path })
        outcomes.append(describe { try list.decode(Int.self) })
        outcomes.append("list after \(list.codingPath.map(\.stringValue))")
        return outcomes
    }

    func testContainersKeptFromInsideTheDocumentKeepTheirPaths() throws {
        for snakeCase in [false, true] {
            let innerList = snakeCase ? "inner_list" : "innerList"
            let json = #"[{"name": "a", "\#(innerList)": [1], "child": {"name": "c"}}, "#
                + #"{"name": "b", "\#(innerList)": [2, {"v": 1}], "child": {"name": "d"}}]"#
            let foundationDecoder = JSONDecoder()
            if snakeCase { foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase }
            let expected = Self.keptOutcomes(try foundationDecoder.decode([Element].self, from: Data(json.utf8)))
            XCTAssertEqual(expected[0], #"top ["Index 1"] [Optional(1)]"#)
            for backend in JoltBackend.allCases {
                let decoder = JoltDecoder()
                decoder.backend = backend
                if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
                let outcomes = Self.keptOutcomes(try decoder.decode([Element].self, from: json))
                XCTAssertEqual(outcomes, expected, "\(backend) snakeCase=\(snakeCase)")
            }
        }
    }

    /// A parent's container used inside a child's `init(from:)`, while the decoder
    /// stands on the child: the parent's path, and the decoder is back on the
    /// child afterwards.
    func testParentContainerUsedFromAChild() throws {
        final class Box: @unchecked Sendable { var parent: KeyedDecodingContainer<Parent.Keys>? }
        struct Child: Decodable {
            let parentPath: [String]
            let errorPath: [String]
            let ownPath: [String]
            init(from decoder: any Decoder) throws {
                let parent = (decoder.userInfo[CodingUserInfoKey(rawValue: "box")!] as! Box).parent!
                parentPath = parent.codingPath.map(\.stringValue)
                do {
                    _ = try parent.decode(Int.self, forKey: .name)
                    errorPath = []
                } catch let DecodingError.typeMismatch(_, context) {
                    errorPath = context.codingPath.map(\.stringValue)
                }
                ownPath = decoder.codingPath.map(\.stringValue)
            }
        }
        struct Parent: Decodable {
            enum Keys: String, CodingKey { case name, child }
            let child: Child
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                (decoder.userInfo[CodingUserInfoKey(rawValue: "box")!] as! Box).parent = container
                child = try container.decode(Child.self, forKey: .child)
            }
        }
        let json = #"{"list": [{"name": "p", "child": {}}]}"#
        struct Root: Decodable { let list: [Parent] }
        for backend in JoltBackend.allCases {
            let box = Box()
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.userInfo[CodingUserInfoKey(rawValue: "box")!] = box
            let child = try decoder.decode(Root.self, from: json).list[0].child
            XCTAssertEqual(child.parentPath, ["list", "Index 0"], "\(backend)")
            XCTAssertEqual(child.errorPath, ["list", "Index 0", "name"], "\(backend)")
            XCTAssertEqual(child.ownPath, ["list", "Index 0", "child"], "\(backend)")
        }
    }
}
