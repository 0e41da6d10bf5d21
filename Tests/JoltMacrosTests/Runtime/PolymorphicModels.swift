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

// A protocol existential whose registry is written by #polymorphicRegistry from
// the types' @PolymorphicIdentifier values.
protocol FeedItem: Sendable {}

@PolymorphicIdentifier("photo", "image")
struct PhotoItem: FeedItem, Codable, Equatable { var url: String }

@PolymorphicIdentifier("note")
struct NoteItem: FeedItem, Codable, Equatable { var text: String }

struct OtherItem: FeedItem, Codable, Equatable { var type: String }

let feedItems = #polymorphicRegistry((any FeedItem).self, discriminator: "type",
                                     types: PhotoItem.self, NoteItem.self, fallback: OtherItem.self)

struct Feed: Codable {
    @PolymorphicArray var items: [any FeedItem]
}
