import Foundation
import XCTest
@testable import Jolt

// Models and helpers shared by the polymorphism tests.

protocol ViewItem: Sendable {}

struct ImageItem: ViewItem, Codable, Equatable {
    var url: String
    var width: Int
}

struct TextItem: ViewItem, Codable, Equatable {
    var text: String
}

/// A type that is registered nowhere.
struct VideoItem: ViewItem, Codable, Equatable {
    var length: Int
}

/// The fallback: keeps the discriminator so that it round-trips.
struct UnknownItem: ViewItem, Codable, Equatable {
    var type: String
}

/// A fallback for the `meta.kind` form.
struct UnknownMetaItem: ViewItem, Codable, Equatable {
    struct Meta: Codable, Equatable { var kind: String }
    var meta: Meta
}

/// Decodes but does not encode.
struct DecodeOnlyItem: ViewItem, Decodable, Equatable {
    var note: String
}

/// A second, unrelated protocol: one decoder can hold registries for both.
protocol Shape: Sendable {}
struct Circle: Shape, Codable, Equatable { var radius: Double }
struct Square: Shape, Codable, Equatable { var side: Double }

extension PolymorphicRegistry.Builder where Base == any ViewItem {
    /// The extension the registry's documentation suggests: `{ $0 }` written once.
    mutating func register<T: ViewItem & PolymorphicDecodable>(_ type: T.Type, as identifier: String) {
        register(type, as: identifier) { $0 }
    }
}

enum Registries {
    /// `{"type": "image", "url": ..., "width": ...}`, no fallback.
    static let inline = PolymorphicRegistry<any ViewItem> {
        $0.register(ImageItem.self, as: "image")
        $0.register(TextItem.self, as: "text") { $0 }
    }

    /// As ``inline``, with ``UnknownItem`` for unknown values.
    static let inlineWithFallback = PolymorphicRegistry<any ViewItem> {
        $0.register(ImageItem.self, as: "image")
        $0.register(TextItem.self, as: "text")
        $0.fallback(UnknownItem.self) { $0 }
    }

    /// `{"type": "image", "data": {"url": ..., "width": ...}}`.
    static let payloadUnderKey = PolymorphicRegistry<any ViewItem>(payloadKey: "data") {
        $0.register(ImageItem.self, as: "image")
        $0.register(TextItem.self, as: "text")
    }

    /// `{"meta": {"kind": "image"}, "url": ..., "width": ...}`, with a fallback.
    static let nestedPath = PolymorphicRegistry<any ViewItem>(discriminator: "meta.kind") {
        $0.register(ImageItem.self, as: "image")
        $0.register(TextItem.self, as: "text")
        $0.fallback(UnknownMetaItem.self) { $0 }
    }

    /// Discriminator `kind` and other identifiers: differs from ``inline``.
    static let otherNames = PolymorphicRegistry<any ViewItem>(discriminator: "kind") {
        $0.register(ImageItem.self, as: "img")
        $0.register(TextItem.self, as: "txt")
        $0.register(TextItem.self, as: "label")   // an alias
    }

    static let shapes = PolymorphicRegistry<any Shape>(discriminator: "shape") {
        $0.register(Circle.self, as: "circle") { $0 }
        $0.register(Square.self, as: "square") { $0 }
    }
}

/// Something comparable for existentials: `String(reflecting:)`.
func describe(_ value: Any) -> String {
    String(reflecting: value)
}

/// A decoder of either kind.
enum AnyJSONDecoder {
    case jolt(JoltDecoder)
    case foundation(JSONDecoder)

    func decode<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
        switch self {
        case .jolt(let decoder): try decoder.decode(type, from: json)
        case .foundation(let decoder): try decoder.decode(type, from: Data(json.utf8))
        }
    }

    /// Every decoder of the suite for `registries`: Jolt on each backend with
    /// the registries configured on it and with them in `userInfo`, and
    /// Foundation with them in `userInfo`.
    static func all(_ registries: PolymorphicRegistries) -> [(name: String, decoder: AnyJSONDecoder)] {
        var result: [(name: String, decoder: AnyJSONDecoder)] = []
        for backend in JoltBackend.allCases {
            let configured = JoltDecoder()
            configured.backend = backend
            configured.polymorphicRegistries = registries
            result.append(("Jolt .\(backend) (configured)", .jolt(configured)))
            let viaUserInfo = JoltDecoder()
            viaUserInfo.backend = backend
            viaUserInfo.userInfo[PolymorphicRegistries.userInfoKey] = registries
            result.append(("Jolt .\(backend) (userInfo)", .jolt(viaUserInfo)))
        }
        let foundation = JSONDecoder()
        foundation.userInfo[PolymorphicRegistries.userInfoKey] = registries
        result.append(("Foundation (userInfo)", .foundation(foundation)))
        return result
    }
}

/// Decodes `json` as `T` with every decoder of ``AnyJSONDecoder/all(_:)``;
/// they must agree (compared by `comparable`, default ``describe(_:)``). Returns Jolt's value.
func decodeEverywhere<T: Decodable>(_ type: T.Type, _ json: String, _ registries: PolymorphicRegistries,
                                    comparable: (T) -> String = { describe($0) },
                                    file: StaticString = #filePath, line: UInt = #line) throws -> T {
    var first: (name: String, value: T)?
    for (name, decoder) in AnyJSONDecoder.all(registries) {
        let value: T
        do {
            value = try decoder.decode(T.self, from: json)
        } catch {
            XCTFail("\(name): \(error)", file: file, line: line)
            throw error
        }
        if let first {
            XCTAssertEqual(comparable(value), comparable(first.value), "\(name) differs from \(first.name)", file: file, line: line)
        } else {
            first = (name, value)
        }
    }
    return first!.value
}

/// The error each decoder of ``AnyJSONDecoder/all(_:)`` throws for `json`, as
/// (case, coding path, message); all must agree on the case and path. Returns Jolt's.
func decodingErrorEverywhere<T: Decodable>(_ type: T.Type, _ json: String, _ registries: PolymorphicRegistries,
                                           file: StaticString = #filePath, line: UInt = #line) -> (kind: String, path: String, message: String)? {
    var results: [(name: String, error: (kind: String, path: String, message: String))] = []
    for (name, decoder) in AnyJSONDecoder.all(registries) {
        do {
            _ = try decoder.decode(T.self, from: json)
            XCTFail("\(name): decoded", file: file, line: line)
        } catch let error as DecodingError {
            results.append((name, summarize(error)))
        } catch {
            XCTFail("\(name): not a DecodingError: \(error)", file: file, line: line)
        }
    }
    guard let first = results.first else { return nil }
    for result in results.dropFirst() {
        XCTAssertEqual(result.error.kind, first.error.kind, "\(result.name) vs \(first.name)", file: file, line: line)
        XCTAssertEqual(result.error.path, first.error.path, "\(result.name) vs \(first.name)", file: file, line: line)
    }
    return first.error
}

/// A decoding error's case (with the key for keyNotFound), path (`items.[1].type`) and message.
func summarize(_ error: DecodingError) -> (kind: String, path: String, message: String) {
    func path(_ keys: [any CodingKey]) -> String {
        keys.map { JoltPathComponent($0).description }.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context): return ("keyNotFound(\(key.stringValue))", path(context.codingPath), context.debugDescription)
    case .dataCorrupted(let context): return ("dataCorrupted", path(context.codingPath), context.debugDescription)
    case .typeMismatch(_, let context): return ("typeMismatch", path(context.codingPath), context.debugDescription)
    case .valueNotFound(_, let context): return ("valueNotFound", path(context.codingPath), context.debugDescription)
    @unknown default: return ("unknown", "", "\(error)")
    }
}
