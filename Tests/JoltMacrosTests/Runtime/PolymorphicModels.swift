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

// A case chosen by a sibling key (github_events' events): the enum reads the
// discriminator and the payload from the object the struct reads its own keys from.
@Codable
struct SiteEvent: Equatable {
    let id: Int
    @Flatten let body: SiteEventBody
}

@PolymorphicCodable(discriminator: "kind", payloadKey: "body")
enum SiteEventBody: Equatable {
    @PolymorphicCase("posted") case posted(TextItem)
    @PolymorphicCase("uploaded", "shared") case uploaded(ImageItem)
    @FallbackCase case other(UnknownSiteEvent)
}

/// The fallback decodes the whole object (a registry's fallback reads the object, not its payload).
struct UnknownSiteEvent: Codable, Equatable { var kind: String; var id: Int }

/// The same with the discriminator kept in a property too: it is written twice.
@Codable
struct KindKeepingSiteEvent: Equatable {
    let kind: String
    let id: Int
    @Flatten let body: SiteEventBody
}

/// A payload type that only decodes: the enum still compiles, and encoding it is the registry's error.
struct DecodeOnlyItem: Decodable, Equatable { var text: String }

@PolymorphicCodable
enum ReadOnlyBlock: Equatable {
    case note(DecodeOnlyItem)
}

/// An enum that writes its own `encode(to:)`, in an extension of its own: it compiles
/// beside what the macro writes, and is the one used.
@PolymorphicCodable
enum SelfWrittenBlock: Equatable {
    case text(TextItem)
}

extension SelfWrittenBlock {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("written by hand")
    }
}
