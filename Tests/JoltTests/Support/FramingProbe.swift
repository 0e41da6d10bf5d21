/// The element type of the stream framing tests (`YAJLFramingTests`,
/// `SIMDJSONFramingTests`): an integer and strings, both optional, so that
/// most random objects decode.
///
/// ```swift
/// let run = runStream(FramingProbe.self, bytes: FramingProbe.objects(100), chunk: 64, backend: .simdjson)
/// ```
struct FramingProbe: Decodable, Equatable {
    var a: Int?
    var b: [String]?

    /// An array of `count` objects `{"a":i,"b":["xi","ü"]}`.
    static func objects(_ count: Int) -> [UInt8] {
        Array(("[" + (0..<count).map { #"{"a":\#($0),"b":["x\#($0)","ü"]}"# }.joined(separator: ",") + "]").utf8)
    }
}
