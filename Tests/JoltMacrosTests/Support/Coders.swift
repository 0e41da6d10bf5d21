import Foundation
@_spi(Testing) import Jolt

/// A decoder under test: each JoltDecoder backend built (`JoltBackend.allCases`,
/// which lists no other), taking the direct path of the types `@Codable` makes
/// `_JoltDirectDecodable`, each again with
/// `usesDirectPath` off (every type through `init(from:)`), then Foundation's
/// JSONDecoder: every test that expects a value or an error from each proves
/// that both of JoltDecoder's paths give it.
enum TestDecoder: CustomStringConvertible, Sendable {
    case jolt(JoltBackend)
    case joltInitFrom(JoltBackend)
    case foundation

    static let all: [TestDecoder] = JoltBackend.allCases.map { .jolt($0) } + JoltBackend.allCases.map { .joltInitFrom($0) } + [.foundation]

    var description: String {
        switch self {
        case .jolt(let backend): "JoltDecoder(\(backend))"
        case .joltInitFrom(let backend): "JoltDecoder(\(backend), init(from:))"
        case .foundation: "JSONDecoder"
        }
    }

    func decode<T: Decodable>(
        _ type: T.Type, _ json: String, userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws -> T {
        switch self {
        case .jolt(let backend), .joltInitFrom(let backend):
            let decoder = JoltDecoder()
            decoder.backend = backend
            decoder.userInfo = userInfo
            if case .joltInitFrom = self { decoder.usesDirectPath = false }
            // A type `@Codable` reads directly, given an object or a scalar (`null`
            // and arrays go to its `init(from:)`): the decode must take its direct
            // path (a direct path that never ran would pass every comparison).
            // A failed decode's error is the direct path's own: nothing reads a
            // value a second way.
            let first = json.first { !$0.isWhitespace }
            guard case .jolt = self, let direct = T.self as? any _JoltDirectDecodable.Type, direct.joltDecodesDirectly,
                  first != "n", first != "[" else {
                return try decoder.decode(type, from: Data(json.utf8))
            }
            let probe = DirectPathProbe()
            let result = DirectPathProbe.$current.withValue(probe) { Result { try decoder.decode(type, from: Data(json.utf8)) } }
            let value = try result.get()
            if probe.directReads == 0 { throw DirectPathNotTaken(type: "\(T.self)") }
            return value
        case .foundation:
            let decoder = JSONDecoder()
            decoder.userInfo = userInfo
            return try decoder.decode(type, from: Data(json.utf8))
        }
    }
}

/// What ``TestDecoder/decode(_:_:userInfo:)`` throws when a type `@Codable`
/// reads directly was decoded without its direct path.
struct DirectPathNotTaken: Error, Equatable {
    var type: String
}

/// Encodes with JoltEncoder and with JSONEncoder (sorted keys), returning both texts.
func encodeBoth<T: Encodable>(
    _ value: T, userInfo: [CodingUserInfoKey: any Sendable] = [:]
) throws -> (jolt: String, foundation: String) {
    let jolt = JoltEncoder()
    jolt.outputFormatting = [.sortedKeys]
    jolt.userInfo = userInfo
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys]
    foundation.userInfo = userInfo
    return (String(decoding: try jolt.encode(value), as: UTF8.self), String(decoding: try foundation.encode(value), as: UTF8.self))
}

/// The JSON text re-serialised with sorted keys, to compare objects whatever their key order.
func canonical(_ json: String) -> String {
    let object = try! JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    return String(decoding: data, as: UTF8.self)
}
