import Foundation
import JoltMacros

struct ImageItem: Codable, Equatable, Sendable { var url: String }
struct TextItem: Codable, Equatable, Sendable { var text: String }
struct UnknownItem: Codable, Equatable, Sendable { var type: String }

@PolymorphicCodable(discriminator: "type")
enum Block: Equatable {
    @PolymorphicCase("image", "picture") case image(ImageItem)
    case text(TextItem)
    @FallbackCase case unknown(UnknownItem)
}

@PolymorphicCodable(discriminator: "meta.kind", payloadKey: "data")
enum Wrapped: Equatable {
    case image(ImageItem)
    case text(TextItem)
}
