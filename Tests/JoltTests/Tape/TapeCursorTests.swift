import XCTest
@testable import Jolt

/// The cursor layer over the tape: siblings, the members of an object, the
/// elements of an array and key search, against what the document holds.
final class TapeCursorTests: XCTestCase {
    /// Runs `body` on the tape of `json` (Swift scanner) and the input's bytes.
    private func withTape(_ json: String, _ body: (UnsafeMutablePointer<TapeEntry>, UnsafePointer<UInt8>) throws -> Void) throws {
        let bytes = Array(json.utf8)
        try bytes.withUnsafeBytes { raw in
            let tape = try TapeParser.parse(raw, backend: .swift, limits: .default)
            try body(tape.entries, raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
    }

    private func text(_ e: TapeEntry, _ input: UnsafePointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(start: input + e.offset, count: e.length), as: UTF8.self)
    }

    func testSiblingSkipsAContainerWithEverythingInIt() throws {
        // Entries: 0 [, 1 {, 2 "a", 3 [, 4 1, 5 {, 6 "b", 7 2, 8 3.
        try withTape(#"[{"a":[1,{"b":2}]},3]"#) { entries, _ in
            XCTAssertEqual(entries[0].sibling(after: 0), 9)   // the root: past the last entry
            XCTAssertEqual(entries[1].sibling(after: 1), 8)   // the object, over its array
            XCTAssertEqual(entries[3].sibling(after: 3), 8)   // the array and the object in it
            XCTAssertEqual(entries[4].sibling(after: 4), 5)   // a scalar: the next entry
            XCTAssertTrue(entries[1].isContainer)
            XCTAssertTrue(entries[3].isContainer)
            XCTAssertFalse(entries[4].isContainer)
            XCTAssertFalse(entries[2].isContainer)            // a key
        }
    }

    func testMembersInDocumentOrderOverNestedValues() throws {
        try withTape(#"{"id":7,"tags":["x",{"deep":[1,2]}],"n":null,"o":{},"last":true}"#) { entries, input in
            var members = TapeMembers(entries, object: 0)
            var seen: [(String, TapeKind)] = []
            while members.next() {
                XCTAssertEqual(entries[members.key].kind, .key)
                XCTAssertEqual(members.value, members.key + 1)
                seen.append((text(entries[members.key], input), entries[members.value].kind))
            }
            XCTAssertEqual(seen.map(\.0), ["id", "tags", "n", "o", "last"])
            XCTAssertEqual(seen.map(\.1), [.number, .array, .null, .object, .true])
            XCTAssertFalse(members.next(), "stays at the end")
        }
    }

    func testEmptyContainersHaveNoMembersOrElements() throws {
        try withTape(#"[{},[]]"#) { entries, _ in
            var members = TapeMembers(entries, object: 1)
            XCTAssertFalse(members.next())
            var elements = TapeElements(entries, array: 2)
            XCTAssertFalse(elements.next())
            XCTAssertEqual(elements.position, -1)
        }
    }

    func testElementsWithPositions() throws {
        try withTape(#"[1,[2,[3]],{"k":[4]},"s"]"#) { entries, _ in
            var elements = TapeElements(entries, array: 0)
            var kinds: [TapeKind] = [], positions: [Int] = []
            while elements.next() {
                kinds.append(entries[elements.element].kind)
                positions.append(elements.position)
            }
            XCTAssertEqual(kinds, [.number, .array, .object, .string])
            XCTAssertEqual(positions, [0, 1, 2, 3])
        }
    }

    /// `nextScalar` takes elements while its reader does, then `next` goes on
    /// from the first one it left, with its position.
    func testNextScalarThenNext() throws {
        try withTape(#"[1,2,[3,[4]],5,{"k":6},"s"]"#) { entries, _ in
            let number: (TapeEntry) -> Int? = { $0.kind == .number ? 0 : nil }
            var elements = TapeElements(entries, array: 0)
            XCTAssertNotNil(elements.nextScalar(number))
            XCTAssertNotNil(elements.nextScalar(number))
            XCTAssertEqual(elements.position, 1)
            XCTAssertNil(elements.nextScalar(number), "an array is not taken")
            XCTAssertEqual(elements.position, 1, "and not moved past")
            XCTAssertFalse(elements.isAtEnd)
            var kinds: [TapeKind] = [], positions: [Int] = []
            while elements.next() {
                kinds.append(entries[elements.element].kind)
                positions.append(elements.position)
            }
            XCTAssertEqual(kinds, [.array, .number, .object, .string])
            XCTAssertEqual(positions, [2, 3, 4, 5])
            XCTAssertTrue(elements.isAtEnd)
            XCTAssertNil(elements.nextScalar(number))

            // A nested array: its own elements only.
            XCTAssertEqual(entries[3].kind, .array)
            var nested = TapeElements(entries, array: 3)
            XCTAssertNotNil(nested.nextScalar(number))
            XCTAssertNil(nested.nextScalar(number))
            XCTAssertTrue(nested.next())
            XCTAssertEqual(entries[nested.element].kind, .array)
            XCTAssertEqual(nested.position, 1)
            XCTAssertFalse(nested.next())
            XCTAssertTrue(nested.isAtEnd)
        }
    }

    /// Key search at every length around the signature's four bytes, with
    /// look-alike keys (same length and first four bytes) before the one sought.
    func testFindComparesEveryByteOfEveryLength() throws {
        for length in 0...20 {
            let key = String((0..<length).map { Character(UnicodeScalar(97 + $0 % 26)!) })
            var lookalike = Array(key.utf8)
            if length > 4 { lookalike[length - 1] ^= 0x20 }
            let decoy = length > 4 ? #""\#(String(decoding: lookalike, as: UTF8.self))":0,"# : ""
            try withTape(#"{\#(decoy)"zz":[1],"\#(key)":1,"\#(key)":2}"#) { entries, input in
                let wanted = Array(key.utf8)
                try wanted.withUnsafeBufferPointer { w in
                    let signature = TapeEntry.keySignature(w.baseAddress ?? input, w.count)
                    var members = TapeMembers(entries, object: 0)
                    let found = members.find(w.baseAddress ?? input, count: w.count, signature: signature, input: input) { _ in
                        XCTFail("no escaped key here")
                        return nil
                    }
                    let value = try XCTUnwrap(found, "length \(length)")
                    // The first of the duplicates.
                    XCTAssertEqual(text(entries[value], input), "1", "length \(length)")
                    // Searching on from there finds the second.
                    let next = members.find(w.baseAddress ?? input, count: w.count, signature: signature, input: input) { _ in nil }
                    XCTAssertEqual(next.map { text(entries[$0], input) }, "2", "length \(length)")
                    XCTAssertNil(members.find(w.baseAddress ?? input, count: w.count, signature: signature, input: input) { _ in nil })
                }
            }
        }
    }

    /// An escaped key is compared by the caller's closure; nil from it ends the
    /// search (the discriminator matcher's rule), true takes it.
    func testFindHandsEscapedKeysToTheCaller() throws {
        try withTape(#"{"t\u0079pe":1,"type":2}"#) { entries, input in
            let wanted = Array("type".utf8)
            try wanted.withUnsafeBufferPointer { w in
                let signature = TapeEntry.keySignature(w.baseAddress, w.count)
                var stopping = TapeMembers(entries, object: 0)
                XCTAssertNil(stopping.find(w.baseAddress!, count: 4, signature: signature, input: input) { _ in nil })
                var skipping = TapeMembers(entries, object: 0)
                let second = try XCTUnwrap(skipping.find(w.baseAddress!, count: 4, signature: signature, input: input) { _ in false })
                XCTAssertEqual(text(entries[second], input), "2")
                var unescaping = TapeMembers(entries, object: 0)
                let first = try XCTUnwrap(unescaping.find(w.baseAddress!, count: 4, signature: signature, input: input) {
                    KeyLookup.escapedKey($0, in: input, equals: w)
                })
                XCTAssertEqual(text(entries[first], input), "1")
            }
        }
    }

    /// A search over part of an object's members (the keyed container's hinted
    /// search starts in the middle).
    func testFindInARangeOfKeys() throws {
        try withTape(#"{"a":1,"b":2,"a":3}"#) { entries, input in
            let wanted = Array("a".utf8)
            try wanted.withUnsafeBufferPointer { w in
                let signature = TapeEntry.keySignature(w.baseAddress, 1)
                var fromSecond = TapeMembers(entries, keys: 3, to: entries[0].end)
                let found = try XCTUnwrap(fromSecond.find(w.baseAddress!, count: 1, signature: signature, input: input) { _ in nil })
                XCTAssertEqual(text(entries[found], input), "3")
                var beforeSecond = TapeMembers(entries, keys: 1, to: 3)
                let early = try XCTUnwrap(beforeSecond.find(w.baseAddress!, count: 1, signature: signature, input: input) { _ in nil })
                XCTAssertEqual(text(entries[early], input), "1")
            }
        }
    }
}
