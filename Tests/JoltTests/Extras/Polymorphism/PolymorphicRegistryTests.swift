import Foundation
import XCTest
@testable import Jolt

/// Registries: payload forms, discriminator paths, fallbacks, errors, several
/// registries in one process, Foundation's decoder and encoder, round trips.
final class PolymorphicRegistryTests: XCTestCase {
    struct Screen: Codable {
        @PolymorphicArray var items: [any ViewItem]
    }

    struct Canvas: Codable {
        @PolymorphicArray var items: [any ViewItem]
        @PolymorphicArray var shapes: [any Shape]
    }

    let mixed = #"{"items": [{"type": "image", "url": "a.png", "width": 3}, {"type": "text", "text": "Hi"}]}"#

    func testInlinePayload() throws {
        let screen = try decodeEverywhere(Screen.self, mixed, PolymorphicRegistries(Registries.inline))
        XCTAssertEqual(screen.items.count, 2)
        XCTAssertEqual(screen.items[0] as? ImageItem, ImageItem(url: "a.png", width: 3))
        XCTAssertEqual(screen.items[1] as? TextItem, TextItem(text: "Hi"))
    }

    func testPayloadUnderKey() throws {
        let json = #"{"items": [{"type": "text", "data": {"text": "Hi"}}, {"data": {"url": "b", "width": 1}, "type": "image"}]}"#
        let screen = try decodeEverywhere(Screen.self, json, PolymorphicRegistries(Registries.payloadUnderKey))
        XCTAssertEqual(screen.items[0] as? TextItem, TextItem(text: "Hi"))
        XCTAssertEqual(screen.items[1] as? ImageItem, ImageItem(url: "b", width: 1))

        let missing = decodingErrorEverywhere(Screen.self, #"{"items": [{"type": "text"}]}"#, PolymorphicRegistries(Registries.payloadUnderKey))
        XCTAssertEqual(missing?.kind, "keyNotFound(data)")
        XCTAssertEqual(missing?.path, "items.[0]")
        let invalid = decodingErrorEverywhere(Screen.self, #"{"items": [{"type": "image", "data": {"url": "b", "width": "1"}}]}"#,
                                              PolymorphicRegistries(Registries.payloadUnderKey))
        XCTAssertEqual(invalid?.kind, "typeMismatch")
        XCTAssertEqual(invalid?.path, "items.[0].data.width")
    }

    func testNestedDiscriminatorPath() throws {
        let json = #"{"items": [{"meta": {"kind": "image", "v": 1}, "url": "c", "width": 2}, {"meta": {"kind": "poll"}}]}"#
        let screen = try decodeEverywhere(Screen.self, json, PolymorphicRegistries(Registries.nestedPath))
        XCTAssertEqual(screen.items[0] as? ImageItem, ImageItem(url: "c", width: 2))
        XCTAssertEqual(screen.items[1] as? UnknownMetaItem, UnknownMetaItem(meta: .init(kind: "poll")))

        let noMeta = decodingErrorEverywhere(Screen.self, #"{"items": [{"url": "c", "width": 2}]}"#, PolymorphicRegistries(Registries.nestedPath))
        XCTAssertEqual(noMeta?.kind, "keyNotFound(meta)")
        XCTAssertEqual(noMeta?.path, "items.[0]")
        let noKind = decodingErrorEverywhere(Screen.self, #"{"items": [{"meta": {}, "url": "c", "width": 2}]}"#, PolymorphicRegistries(Registries.nestedPath))
        XCTAssertEqual(noKind?.kind, "keyNotFound(kind)")
        XCTAssertEqual(noKind?.path, "items.[0].meta")
        let notObject = decodingErrorEverywhere(Screen.self, #"{"items": [{"meta": "image", "url": "c", "width": 2}]}"#, PolymorphicRegistries(Registries.nestedPath))
        XCTAssertEqual(notObject?.kind, "typeMismatch")
        XCTAssertEqual(notObject?.path, "items.[0].meta")
        let nestedNull = decodingErrorEverywhere(Screen.self, #"{"items": [{"meta": {"kind": null}}]}"#, PolymorphicRegistries(Registries.nestedPath))
        XCTAssertEqual(nestedNull?.kind, "valueNotFound")
        XCTAssertEqual(nestedNull?.path, "items.[0].meta.kind")

        // A key containing a dot, through the explicit path.
        var builder = PolymorphicRegistry<any ViewItem>.Builder(discriminatorPath: ["x.y"])
        builder.register(TextItem.self, as: "text")
        let dotted = try builder.build()
        XCTAssertEqual(dotted.discriminatorPath, ["x.y"])
        let item = try decodeEverywhere(Polymorphic<any ViewItem>.self, #"{"x.y": "text", "text": "t"}"#, PolymorphicRegistries(dotted))
        XCTAssertEqual(item.wrappedValue as? TextItem, TextItem(text: "t"))
    }

    func testFallbackDecodesUnknownValuesAndIsReported() throws {
        let json = #"{"items": [{"type": "video", "length": 3}, {"type": "text", "text": "Hi"}]}"#
        let screen = try decodeEverywhere(Screen.self, json, PolymorphicRegistries(Registries.inlineWithFallback))
        XCTAssertEqual(screen.items[0] as? UnknownItem, UnknownItem(type: "video"))
        XCTAssertEqual(screen.items[1] as? TextItem, TextItem(text: "Hi"))

        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.register(Registries.inlineWithFallback)
            let report = try decoder.decodeWithReport(Screen.self, from: json).1
            XCTAssertEqual(report.issues.count, 1, "\(backend)")
            XCTAssertEqual(report.issues.first?.kind, .unknownDiscriminator)
            XCTAssertEqual(report.issues.first?.codingPath, [.key("items"), .index(0)])
            XCTAssertEqual(report.issues.first?.reason,
                           #"unknown value "video" for discriminator "type" of ViewItem; decoded as UnknownItem"#)
        }
    }

    func testUnknownValueWithoutFallback() throws {
        let json = #"{"items": [{"type": "text", "text": "Hi"}, {"type": "video", "length": 3}]}"#
        let error = decodingErrorEverywhere(Screen.self, json, PolymorphicRegistries(Registries.inline))
        XCTAssertEqual(error?.kind, "dataCorrupted")
        XCTAssertEqual(error?.path, "items.[1].type")
        XCTAssertEqual(error?.message,
                       #"Unknown value "video" for discriminator "type" of ViewItem; known values: "image", "text"."#)

        let nested = decodingErrorEverywhere(Polymorphic<any ViewItem>.self, #"{"kind": "gif"}"#, PolymorphicRegistries(Registries.otherNames))
        XCTAssertEqual(nested?.path, "kind")
        XCTAssertEqual(nested?.message,
                       #"Unknown value "gif" for discriminator "kind" of ViewItem; known values: "img", "label", "txt"."#)
    }

    func testMissingOrInvalidDiscriminator() throws {
        let registries = PolymorphicRegistries(Registries.inlineWithFallback)
        let missing = decodingErrorEverywhere(Screen.self, #"{"items": [{"text": "Hi"}]}"#, registries)
        XCTAssertEqual(missing?.kind, "keyNotFound(type)")
        XCTAssertEqual(missing?.path, "items.[0]")
        let number = decodingErrorEverywhere(Screen.self, #"{"items": [{"type": 1, "text": "Hi"}]}"#, registries)
        XCTAssertEqual(number?.kind, "typeMismatch")
        XCTAssertEqual(number?.path, "items.[0].type")
        let notObject = decodingErrorEverywhere(Screen.self, #"{"items": ["text"]}"#, registries)
        XCTAssertEqual(notObject?.kind, "typeMismatch")
        XCTAssertEqual(notObject?.path, "items.[0]")
        let invalidPayload = decodingErrorEverywhere(Screen.self, #"{"items": [{"type": "image", "url": "u"}]}"#, registries)
        XCTAssertEqual(invalidPayload?.kind, "keyNotFound(width)")
        XCTAssertEqual(invalidPayload?.path, "items.[0]")
    }

    func testMissingRegistryIsAnError() throws {
        let error = decodingErrorEverywhere(Screen.self, mixed, PolymorphicRegistries(Registries.shapes))
        XCTAssertEqual(error?.kind, "dataCorrupted")
        XCTAssertEqual(error?.path, "items")
        XCTAssertTrue(error?.message.hasPrefix("No PolymorphicRegistry<ViewItem> is configured") == true, "\(String(describing: error))")
    }

    func testRegistriesDifferBetweenDecodersInOneProcess() async throws {
        let first = JoltDecoder()
        first.register(Registries.inline)
        let second = JoltDecoder()
        second.register(Registries.otherNames)
        let a = #"{"items": [{"type": "text", "text": "A"}]}"#
        let b = #"{"items": [{"kind": "label", "text": "B"}, {"kind": "img", "url": "u", "width": 1}]}"#
        XCTAssertThrowsError(try first.decode(Screen.self, from: b))
        XCTAssertThrowsError(try second.decode(Screen.self, from: a))
        // Concurrently, each decoder with its own registry.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        if n % 2 == 0 {
                            let screen = try first.decode(Screen.self, from: a)
                            XCTAssertEqual(screen.items.first as? TextItem, TextItem(text: "A"))
                        } else {
                            let screen = try second.decode(Screen.self, from: b)
                            XCTAssertEqual(screen.items.first as? TextItem, TextItem(text: "B"))
                            XCTAssertEqual(screen.items.last as? ImageItem, ImageItem(url: "u", width: 1))
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    func testRegistriesForTwoBaseTypes() throws {
        let json = #"{"items": [{"type": "text", "text": "Hi"}], "shapes": [{"shape": "square", "side": 2}, {"shape": "circle", "radius": 1}]}"#
        let canvas = try decodeEverywhere(Canvas.self, json, PolymorphicRegistries(Registries.inline, Registries.shapes))
        XCTAssertEqual(canvas.items.first as? TextItem, TextItem(text: "Hi"))
        XCTAssertEqual(canvas.shapes.first as? Square, Square(side: 2))
        XCTAssertEqual(canvas.shapes.last as? Circle, Circle(radius: 1))
    }

    func testJoltConfigurationComesBeforeUserInfo() throws {
        let decoder = JoltDecoder()
        decoder.userInfo[PolymorphicRegistries.userInfoKey] = PolymorphicRegistries(Registries.otherNames)
        XCTAssertEqual(describe(try decoder.decode(polymorphic: (any ViewItem).self, from: #"{"kind": "txt", "text": "x"}"#)),
                       describe(TextItem(text: "x")))
        decoder.register(Registries.inline)
        XCTAssertEqual(describe(try decoder.decode(polymorphic: (any ViewItem).self, from: #"{"type": "text", "text": "y"}"#)),
                       describe(TextItem(text: "y")))
        XCTAssertThrowsError(try decoder.decode(polymorphic: (any ViewItem).self, from: #"{"kind": "txt", "text": "x"}"#))
    }

    func testBuilderRejectsInvalidConfigurations() {
        var duplicate = PolymorphicRegistry<any ViewItem>.Builder()
        duplicate.register(TextItem.self, as: "text")
        duplicate.register(ImageItem.self, as: "text")
        XCTAssertThrowsError(try duplicate.build()) { error in
            XCTAssertEqual("\(error)", #"PolymorphicRegistry<ViewItem>: "text" is registered for both TextItem and ImageItem"#)
        }
        XCTAssertThrowsError(try PolymorphicRegistry<any ViewItem>.Builder(discriminator: "").build())
        XCTAssertThrowsError(try PolymorphicRegistry<any ViewItem>.Builder(discriminator: "meta.").build())
        XCTAssertThrowsError(try PolymorphicRegistry<any ViewItem>.Builder(payloadKey: "").build())
        XCTAssertNoThrow(try PolymorphicRegistry<any ViewItem>.Builder(discriminator: "a.b", payloadKey: "data").build())
    }

    func testRegistryBuiltFromConfiguration() throws {
        // What a service might load at startup: the key, and identifier -> type name.
        let configuration = #"{"discriminator": "object.class", "types": {"pic": "ImageItem", "caption": "TextItem"}}"#
        struct Configuration: Decodable { var discriminator: String; var types: [String: String] }
        let config = try JoltDecoder().decode(Configuration.self, from: configuration)
        let known: [String: (inout PolymorphicRegistry<any ViewItem>.Builder, String) -> Void] = [
            "ImageItem": { $0.register(ImageItem.self, as: $1) },
            "TextItem": { $0.register(TextItem.self, as: $1) },
        ]
        var builder = PolymorphicRegistry<any ViewItem>.Builder(discriminator: config.discriminator)
        for (identifier, typeName) in config.types { known[typeName]?(&builder, identifier) }
        let registry = try builder.build()
        XCTAssertEqual(registry.identifiers, ["caption", "pic"])
        let screen = try decodeEverywhere(Screen.self, #"{"items": [{"object": {"class": "caption"}, "text": "T"}]}"#,
                                          PolymorphicRegistries(registry))
        XCTAssertEqual(screen.items.first as? TextItem, TextItem(text: "T"))
    }

    func testDiscriminatorCountsAsUsedUnderUnknownKeyPolicy() throws {
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.unknownKeyPolicy = .reject
            decoder.register(Registries.inline)
            XCTAssertNoThrow(try decoder.decode(Screen.self, from: mixed), "\(backend)")
            XCTAssertThrowsError(try decoder.decode(Screen.self, from: #"{"items": [{"type": "text", "text": "Hi", "x": 1}]}"#))
        }
    }

    func testKeyDecodingStrategyAppliesToTheDiscriminatorKey() throws {
        let registry = PolymorphicRegistry<any ViewItem>(discriminator: "itemType") {
            $0.register(TextItem.self, as: "text")
        }
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            decoder.register(registry)
            let item = try decoder.decode(polymorphic: (any ViewItem).self, from: #"{"item_type": "text", "text": "s"}"#)
            XCTAssertEqual(item as? TextItem, TextItem(text: "s"))
        }
    }

    func testEscapesDuplicatesAndLargeObjectsAgreeWithFoundation() throws {
        let registries = PolymorphicRegistries(Registries.inline)
        // An escaped value or key (Jolt reads those through its containers).
        let escaped = try decodeEverywhere(Screen.self, #"{"items": [{"type": "te\u0078t", "text": "a"}, {"t\u0079pe": "text", "text": "b"}]}"#, registries)
        XCTAssertEqual(escaped.items.compactMap { ($0 as? TextItem)?.text }, ["a", "b"])
        // Duplicate discriminators: the first wins, as in Foundation; `.useLast` takes the last.
        let duplicate = #"{"type": "text", "text": "t", "type": "image", "url": "u", "width": 1}"#
        XCTAssertEqual(try decodeEverywhere(Polymorphic<any ViewItem>.self, duplicate, registries).wrappedValue as? TextItem, TextItem(text: "t"))
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.register(Registries.inline)
            decoder.duplicateKeyPolicy = .useLast
            XCTAssertEqual(try decoder.decode(polymorphic: (any ViewItem).self, from: duplicate) as? ImageItem, ImageItem(url: "u", width: 1))
            decoder.duplicateKeyPolicy = .reject
            XCTAssertThrowsError(try decoder.decode(polymorphic: (any ViewItem).self, from: duplicate))
        }
        // A large object, the discriminator last; a discriminator that is null.
        let members = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let large = try decodeEverywhere(Polymorphic<any ViewItem>.self, #"{\#(members), "text": "L", "type": "text"}"#, registries)
        XCTAssertEqual(large.wrappedValue as? TextItem, TextItem(text: "L"))
        let null = decodingErrorEverywhere(Polymorphic<any ViewItem>.self, #"{"type": null}"#, registries)
        XCTAssertEqual(null?.kind, "valueNotFound")
        XCTAssertEqual(null?.path, "type")
        // The prefix of an identifier, and a longer value sharing it, are unknown.
        XCTAssertEqual(decodingErrorEverywhere(Polymorphic<any ViewItem>.self, #"{"type": "tex"}"#, registries)?.kind, "dataCorrupted")
        XCTAssertEqual(decodingErrorEverywhere(Polymorphic<any ViewItem>.self, #"{"type": "texts"}"#, registries)?.kind, "dataCorrupted")
        XCTAssertEqual(decodingErrorEverywhere(Polymorphic<any ViewItem>.self, #"{"type": ""}"#, registries)?.kind, "dataCorrupted")
    }

    func testReportingDecodesTheSameAsPlainDecoding() throws {
        // decodeWithReport goes through the containers, decode through the tape fast path.
        let json = #"{"items": [{"type": "image", "url": "a", "width": 1}, {"text": "b", "type": "text"}, {"type": "video", "length": 2}]}"#
        for backend in JoltBackend.allCases {
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.register(Registries.inlineWithFallback)
            let plain = try decoder.decode(Screen.self, from: json)
            let (reported, report) = try decoder.decodeWithReport(Screen.self, from: json)
            XCTAssertEqual(describe(plain.items), describe(reported.items))
            XCTAssertEqual(report.issues.count, 1)
        }
    }

    // MARK: Encoding

    /// Decodes `json` with Jolt, encodes with Foundation's encoder (registries in
    /// `userInfo`), decodes that again with Jolt and with Foundation: same values.
    private func assertRoundTrip<T: Codable>(_ type: T.Type, _ json: String, _ registries: PolymorphicRegistries,
                                             file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let value = try decodeEverywhere(T.self, json, registries, file: file, line: line)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.userInfo[PolymorphicRegistries.userInfoKey] = registries
        let encoded = String(decoding: try encoder.encode(value), as: UTF8.self)
        let again = try decodeEverywhere(T.self, encoded, registries, file: file, line: line)
        XCTAssertEqual(describe(again), describe(value), file: file, line: line)
        return encoded
    }

    func testRoundTripsThroughJSONEncoder() throws {
        XCTAssertEqual(try assertRoundTrip(Screen.self, mixed, PolymorphicRegistries(Registries.inline)),
                       #"{"items":[{"type":"image","url":"a.png","width":3},{"text":"Hi","type":"text"}]}"#)
        XCTAssertEqual(try assertRoundTrip(Screen.self, #"{"items": [{"type": "text", "data": {"text": "Hi"}}]}"#,
                                           PolymorphicRegistries(Registries.payloadUnderKey)),
                       #"{"items":[{"data":{"text":"Hi"},"type":"text"}]}"#)
        XCTAssertEqual(try assertRoundTrip(Screen.self, #"{"items": [{"meta": {"kind": "text"}, "text": "Hi"}, {"meta": {"kind": "poll"}}]}"#,
                                           PolymorphicRegistries(Registries.nestedPath)),
                       #"{"items":[{"meta":{"kind":"text"},"text":"Hi"},{"meta":{"kind":"poll"}}]}"#)
        // The fallback keeps the unknown value; an alias is written as the first identifier.
        XCTAssertEqual(try assertRoundTrip(Screen.self, #"{"items": [{"type": "video", "length": 1}]}"#,
                                           PolymorphicRegistries(Registries.inlineWithFallback)),
                       #"{"items":[{"type":"video"}]}"#)
        XCTAssertEqual(try assertRoundTrip(Polymorphic<any ViewItem>.self, #"{"kind": "label", "text": "L"}"#,
                                           PolymorphicRegistries(Registries.otherNames)),
                       #"{"kind":"txt","text":"L"}"#)
    }

    func testEncodingUnregisteredOrDecodeOnlyTypesFails() throws {
        let registry = PolymorphicRegistry<any ViewItem> {
            $0.register(TextItem.self, as: "text")
            $0.register(DecodeOnlyItem.self, as: "note")
        }
        let encoder = JSONEncoder()
        encoder.userInfo[PolymorphicRegistries.userInfoKey] = PolymorphicRegistries(registry)
        XCTAssertThrowsError(try encoder.encode(Screen(items: [TextItem(text: "a"), VideoItem(length: 1)]))) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(JoltPathComponent.init), [.key("items"), .index(1)])
            XCTAssertEqual(context.debugDescription,
                           #"VideoItem is not registered in PolymorphicRegistry<ViewItem>; registered types have the identifiers "note", "text"."#)
        }
        XCTAssertThrowsError(try encoder.encode(Screen(items: [DecodeOnlyItem(note: "n")]))) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.debugDescription, "DecodeOnlyItem in PolymorphicRegistry<ViewItem> is not Encodable.")
        }
        // No registry in the encoder's userInfo.
        XCTAssertThrowsError(try JSONEncoder().encode(Screen(items: [TextItem(text: "a")]))) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(context.debugDescription.hasPrefix("No PolymorphicRegistry<ViewItem> is configured"))
        }
        XCTAssertEqual(registry.identifier(for: TextItem(text: "")), "text")
        XCTAssertNil(registry.identifier(for: VideoItem(length: 0)))
    }
}
